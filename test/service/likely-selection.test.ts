/**
 * FinBIF's likely list: the `limit` most similar names (`ORDER BY jaro_winkler DESC, name FETCH
 * FIRST :limit ROWS`), then the 17-step comparator over them. A less similar name never takes
 * the place of a more similar one, however the comparator would rank it.
 */
import { describe, expect, it } from 'vitest';
import { jaroWinkler } from '../../src/search/jaro-winkler.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';
import { searchParams, searchServiceOf } from '../helpers/name-search.ts';

const QUERY = 'laulujoutsenx';
/** Name, whether the taxon is Finnish; most similar to the query first. */
const NAMES = [
  ['laulujoutsen', false],
  ['laulujoutsenia', false],
  ['laulujoutsenet', false],
  ['laulujoutsikka', true],
  ['laulujoki', true],
] as const;

function service() {
  const docs = NAMES.map(
    ([name, finnish], i) =>
      ({
        id: `MX.${i + 1}`,
        nameAccordingTo: 'MR.1',
        scientificName: name,
        taxonRank: 'MX.species',
        finnish,
        species: true,
        taxonomicOrder: i + 1,
      }) as TaxonDocument,
  );
  return searchServiceOf(docs);
}

async function likely(limit: number): Promise<string[]> {
  const request = searchParams(QUERY, { limit, matchTypes: ['LIKELY'] });
  return (await service().search('current', request)).map((hit) => hit.entry.name);
}

describe('likely matches', () => {
  it('are the limit most similar names, then in the comparator’s order', async () => {
    const similarity = NAMES.map(([name]) => jaroWinkler(name.toUpperCase(), QUERY.toUpperCase()));
    // The premise: similarities fall in the listed order, two of them equal; the last is no match.
    expect(similarity[0]).toBeGreaterThan(similarity[1]!);
    expect(similarity[1]).toBe(similarity[2]);
    expect(similarity[2]).toBeGreaterThan(similarity[3]!);
    expect(similarity[3]).toBeGreaterThan(0.88);
    expect(similarity[4]).toBeLessThan(0.88);

    // The Finnish taxon would come first by the comparator, but it is the least similar: with a
    // limit of 3 it is left out, and equal similarities go by name.
    expect(await likely(3)).toEqual(['laulujoutsen', 'laulujoutsenet', 'laulujoutsenia']);
    expect(await likely(1)).toEqual(['laulujoutsen']);
    // Once it is among the most similar, the comparator puts it first.
    expect(await likely(4)).toEqual(['laulujoutsikka', 'laulujoutsen', 'laulujoutsenet', 'laulujoutsenia']);
    expect(await likely(10)).toEqual(['laulujoutsikka', 'laulujoutsen', 'laulujoutsenet', 'laulujoutsenia']);
  });
});
