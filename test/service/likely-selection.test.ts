/**
 * FinBIF's likely list: the `limit` most similar names (`ORDER BY jaro_winkler DESC, name FETCH
 * FIRST :limit ROWS`), then the 17-step comparator over them. A less similar name never takes
 * the place of a more similar one, however the comparator would rank it.
 */
import { describe, expect, it } from 'vitest';
import { nameEntriesOf } from '../../loaders/name-entries.ts';
import { createEmbeddedEngine } from '../../src/index/embedded-engine.ts';
import type { NameSearchParams } from '../../src/query/name-search.ts';
import { jaroWinkler } from '../../src/search/jaro-winkler.ts';
import { createSearchService } from '../../src/service/search-service.ts';
import { createVersions } from '../../src/service/versions.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';

const QUERY = 'laulujoutsenx';
/** Name, whether the taxon is Finnish; most similar to the query first. */
const NAMES = [
  ['laulujoutsen', false],
  ['laulujoutsenia', false],
  ['laulujoutsenet', false],
  ['laulujoutsikka', true],
  ['laulujoki', true],
] as const;

const DOCS = NAMES.map(
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

/** The likely matches of the query among the documents' names. */
async function likelyHits(docs: TaxonDocument[], limit: number) {
  const engine = createEmbeddedEngine();
  engine.replaceData({
    catalog: { informalTaxonGroups: [], checklistVersions: [{ id: 'current' }] },
    versions: [{ id: 'current', indices: { taxa: docs, names: nameEntriesOf(docs) } }],
  });
  const none = { include: [], exclude: [] };
  const request: NameSearchParams = {
    query: QUERY,
    limit,
    matchTypes: ['LIKELY'],
    taxonSets: none,
    informalTaxonGroups: none,
    nameTypes: none,
    languages: [],
    includeHidden: false,
  };
  return createSearchService({ versions: createVersions(engine) }).search('current', request);
}

async function likely(limit: number): Promise<string[]> {
  return (await likelyHits(DOCS, limit)).map((hit) => hit.entry.name);
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

describe('the likely list’s synonym rule', () => {
  it('drops a synonym only for a scientific name that made the list', async () => {
    // One taxon: its synonym is the most similar name, its own name less similar but likely too.
    const docs = [
      {
        id: 'MX.1',
        nameAccordingTo: 'MR.1',
        scientificName: 'laulujoutsikka',
        synonyms: [{ id: 'MX.2', scientificName: 'laulujoutsen' }],
        taxonRank: 'MX.species',
        finnish: true,
        species: true,
        taxonomicOrder: 1,
      } as TaxonDocument,
    ];
    const search = (limit: number) => likelyHits(docs, limit);
    // Both names are listed: the scientific one drops the synonym.
    expect((await search(2)).map((hit) => hit.entry.name)).toEqual(['laulujoutsikka']);
    // Only the most similar is listed (FinBIF's `FETCH FIRST :limit ROWS`): the taxon has no
    // scientific-name match in the lists, so its synonym stays, rather than the taxon vanishing.
    expect((await search(1)).map((hit) => [hit.entry.name, hit.entry.nameType])).toEqual([
      ['laulujoutsen', 'MX.hasSynonym'],
    ]);
  });
});
