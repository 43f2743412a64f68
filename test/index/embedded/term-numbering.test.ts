import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberStringLists } from '../../../src/index/embedded/build/term-numbering.ts';

/** UTF-8 byte order, as Elasticsearch orders keywords. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

// Strings that start and continue with characters on both sides of the surrogates: where UTF-16
// order and code point order part.
const text = fc.array(fc.constantFrom('', 'a', 'b', 'ä', '\uE000', '\uFF01', '\uFFFF', '😀', '𝔸'), { maxLength: 4 });

describe('numberStringLists', () => {
  it('gives each field the sorted distinct values it holds, and each value its place among them', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            text.map((parts) => parts.join('')),
            { maxLength: 30 },
          ),
          { maxLength: 4 },
        ),
        (lists) => {
          const numberings = numberStringLists(lists);
          for (const [f, values] of lists.entries()) {
            const { dictionary, ords } = numberings[f]!;
            const terms = [...new Set(values)].sort(byteOrder);
            expect(Array.from({ length: dictionary.size }, (_, ord) => dictionary.keyAt(ord))).toEqual(terms);
            expect(Array.from(ords)).toEqual(values.map((value) => terms.indexOf(value)));
          }
        },
      ),
    );
  });
});
