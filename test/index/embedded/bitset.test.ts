import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bitset } from '../../../src/index/embedded/sets/bitset.ts';
import { compareCodePoints, sortCodePointOrder } from '../../../src/index/embedded/primitives/code-point-order.ts';
import { nthSmallest, selectTop } from '../../../src/index/embedded/primitives/top-n.ts';

const setArb = (size: number) => fc.uniqueArray(fc.integer({ min: 0, max: size - 1 }), { maxLength: size });

describe('Bitset', () => {
  it('behaves like a set of numbers under and, or, and-not, flip, count and iteration', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }).chain((size) => fc.tuple(fc.constant(size), setArb(size), setArb(size))),
        ([size, a, b]) => {
          const x = Bitset.of(size, a);
          const y = Bitset.of(size, b);
          const all = Array.from({ length: size }, (_, i) => i);
          const members = (set: Bitset) => Array.from(set.toArray());
          expect(members(x.copy().and(y))).toEqual(all.filter((i) => a.includes(i) && b.includes(i)));
          expect(members(x.copy().or(y))).toEqual(all.filter((i) => a.includes(i) || b.includes(i)));
          expect(members(x.copy().andNot(y))).toEqual(all.filter((i) => a.includes(i) && !b.includes(i)));
          expect(members(x.copy().flip())).toEqual(all.filter((i) => !a.includes(i)));
          expect(x.count()).toBe(a.length);
          expect(x.countAnd(y)).toBe(a.filter((i) => b.includes(i)).length);
          const sorted = [...a].sort((p, q) => p - q);
          for (const [rank, doc] of sorted.entries()) expect(x.nth(rank)).toBe(doc);
          expect(x.nth(a.length)).toBe(-1);
          for (const from of [0, 1, 31, 32, 33, size - 1])
            expect(x.next(from)).toBe(sorted.find((doc) => doc >= from) ?? -1);
          expect(Bitset.full(size).count()).toBe(size);
          const combined = new Bitset(size).add(0);
          expect(combined.assignCombination(x, [y], [])).toBe(x.countAnd(y));
          expect(members(combined)).toEqual(members(x.copy().and(y)));
          expect(combined.assignCombination(x, [], [y, y])).toBe(x.copy().andNot(y).count());
          expect(members(combined)).toEqual(members(x.copy().andNot(y)));
          expect(combined.assignCombination(Bitset.full(size), [x, y, x], [Bitset.of(size, [0])])).toBe(
            x
              .copy()
              .and(y)
              .andNot(Bitset.of(size, [0]))
              .count(),
          );
          expect(members(combined)).toEqual(
            members(
              x
                .copy()
                .and(y)
                .andNot(Bitset.of(size, [0])),
            ),
          );
          const removed = x.copy();
          expect(removed.removeAll(b)).toBe(x.countAnd(y));
          expect(members(removed)).toEqual(members(x.copy().andNot(y)));
        },
      ),
    );
  });
});

describe('code point order', () => {
  it('is the order of UTF-8 bytes', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', 'é', '\uffff', '\ue000', '😀', '𝄞', '\u0000') });
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(Math.sign(compareCodePoints(a, b))).toBe(Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b))));
      }),
    );
    expect(sortCodePointOrder(['😀', '\uffff', 'z', 'a'])).toEqual(['a', 'z', '\uffff', '😀']);
  });
});

describe('selectTop', () => {
  it('returns the first items of a full sort', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }),
        fc.integer({ min: 0, max: 50 }),
        (values, wanted) => {
          const compare = (a: number, b: number) => values[a]! - values[b]! || a - b;
          const expected = values
            .map((_, i) => i)
            .sort(compare)
            .slice(0, wanted);
          expect(selectTop(values.length, wanted, compare)).toEqual(expected);
        },
      ),
    );
  });
});

describe('nthSmallest', () => {
  it('finds the value a full sort puts at the position', () => {
    fc.assert(
      fc.property(
        fc
          .array(
            fc.oneof(
              fc.integer({ min: -5, max: 5 }),
              fc.double({ noNaN: true }).map((v) => v + 0),
            ),
            { minLength: 1, maxLength: 300 },
          )
          .chain((values) => fc.tuple(fc.constant(values), fc.integer({ min: 0, max: values.length - 1 }))),
        ([values, n]) => {
          const sorted = [...values].sort((a, b) => a - b);
          expect(nthSmallest(Float64Array.from(values), n)).toBe(sorted[n]);
        },
      ),
    );
  });
});
