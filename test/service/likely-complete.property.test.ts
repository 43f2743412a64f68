/**
 * The likely list against brute force: on random names and queries made from them by typos,
 * transpositions, truncations and diacritics added or dropped, the search lists the taxa whose
 * names FinBIF's rule finds the most similar, however few trigrams they share with the query.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareNameSearch } from '../../src/query/name-search.ts';
import { classifyName } from '../../src/search/match-kinds.ts';
import { normaliseName } from '../../src/search/normalise.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';
import { searchParams, searchServiceOf } from '../helpers/name-search.ts';

const LETTERS = 'aäeiklmnoörstu';
const word = fc.array(fc.constantFrom(...LETTERS), { minLength: 3, maxLength: 11 }).map((letters) => letters.join(''));
const name = fc.array(word, { minLength: 1, maxLength: 2 }).map((words) => words.join(' '));

type Edit = {
  kind: 'substitute' | 'delete' | 'insert' | 'transpose' | 'truncate' | 'fold' | 'mark';
  at: number;
  letter: string;
};
const edit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('substitute', 'delete', 'insert', 'transpose', 'truncate', 'fold', 'mark'),
  at: fc.nat(30),
  letter: fc.constantFrom(...LETTERS),
});

/** A query typed for `name`: each edit a typo, a swap of neighbours, a cut, diacritics dropped or added. */
function typed(name: string, edits: readonly Edit[]): string {
  let letters = [...name];
  for (const { kind, at, letter } of edits) {
    const i = at % Math.max(1, letters.length);
    if (kind === 'substitute') letters[i] = letter;
    else if (kind === 'delete' && letters.length > 2) letters.splice(i, 1);
    else if (kind === 'insert') letters.splice(i, 0, letter);
    else if (kind === 'transpose' && i + 1 < letters.length)
      [letters[i], letters[i + 1]] = [letters[i + 1]!, letters[i]!];
    else if (kind === 'truncate') letters = letters.slice(0, Math.max(3, letters.length - 1 - (at % 3)));
    else if (kind === 'fold') letters = [...letters.join('').normalize('NFD').replace(/\p{M}/gu, '')];
    else if (kind === 'mark') letters[i] = ({ a: 'ä', o: 'ö' } as Record<string, string>)[letters[i]!] ?? letters[i]!;
  }
  return letters.join('');
}

describe('likely list', () => {
  it('holds the limit most similar names of all the names above the threshold, as brute force finds them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(name, { minLength: 1, maxLength: 60 }),
        fc.nat(),
        fc.array(edit, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(1, 3, 10, 1000),
        async (names, pick, edits, limit) => {
          const docs = names.map(
            (scientificName, i) =>
              ({ id: `MX.${i + 1}`, nameAccordingTo: 'MR.1', scientificName, taxonomicOrder: i + 1 }) as TaxonDocument,
          );
          const service = searchServiceOf(docs);
          const params = searchParams(typed(names[pick % names.length]!, edits), { limit, matchTypes: ['LIKELY'] });
          const { query } = prepareNameSearch(params);
          // One name per taxon: FinBIF's list is the `limit` most similar names, then by name.
          const expected = docs
            .flatMap((doc) => {
              const match = classifyName(doc.scientificName!, query, ['LIKELY']);
              return match
                ? [{ id: doc.id, similarity: match.similarity!, name: normaliseName(doc.scientificName!) }]
                : [];
            })
            .sort((a, b) => b.similarity - a.similarity || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
            .slice(0, limit)
            .map((row) => row.id);
          const hits = await service.search('current', params);
          expect(new Set(hits.map((hit) => hit.entry.taxonId)), params.query).toEqual(new Set(expected));
        },
      ),
      { numRuns: 400 },
    );
  });
});
