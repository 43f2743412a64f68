/**
 * The indexed name search against brute force: every name of a random small checklist classified
 * by FinBIF's rules, each list sorted by the 17-step comparator, each taxon once, `limit` over
 * the whole. The index hands partial candidates over in a final order (score of steps 7–14, then
 * `nameOrder`) and the search stops early; this proves it stops at the same answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameEntriesOf } from '../../loaders/name-entries.ts';
import { createEmbeddedEngine } from '../../src/index/embedded-engine.ts';
import { prepareNameSearch, type NameSearchParams, type NameSearchRequest } from '../../src/query/name-search.ts';
import { classifyName, type MatchType } from '../../src/search/match-kinds.ts';
import { sortMatches, type RankedMatch } from '../../src/search/rank.ts';
import { createSearchService } from '../../src/service/search-service.ts';
import { createVersions } from '../../src/service/versions.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';

const WORDS = [
  'parus',
  'major',
  'parusmajor',
  'pica',
  'picapica',
  'kotka',
  'maakotka',
  'kotkat',
  'käki',
  'kaki',
  'käkikotka',
  'otka',
  'röst',
  'rost',
  'rösti',
];
const QUERIES = [
  'kotka',
  'pica',
  'parus',
  'kaki',
  'käki',
  'otka',
  'major',
  'parus maj',
  'pica pica',
  'kotka kotka',
  'kotka otka',
  'kotka ot',
  'käki kotka',
  'p m',
  'pa ma',
  'kotka k',
  'k ma',
  'käki k',
  'kaki ko',
  'röst',
  'rösti',
  'östi',
  'rost',
];

const name = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
const taxon = fc.record({
  scientificName: name,
  fi: fc.option(name, { nil: undefined }),
  sv: fc.option(name, { nil: undefined }),
  synonym: fc.option(name, { nil: undefined }),
  taxonRank: fc.constantFrom('MX.species', 'MX.genus', 'MX.subspecies'),
  finnish: fc.boolean(),
  observationCountFinland: fc.constantFrom(undefined, 0, 5, 50, 250, 2632, 150_000),
});

function documentsOf(records: (typeof taxon extends fc.Arbitrary<infer R> ? R : never)[]): TaxonDocument[] {
  return records.map(
    (r, i) =>
      ({
        id: `MX.${i + 1}`,
        nameAccordingTo: 'MR.1',
        scientificName: r.scientificName,
        ...(r.fi || r.sv ? { vernacularName: { ...(r.fi ? { fi: r.fi } : {}), ...(r.sv ? { sv: r.sv } : {}) } } : {}),
        ...(r.synonym ? { synonyms: [{ id: `MX.s${i}`, scientificName: r.synonym }] } : {}),
        taxonRank: r.taxonRank,
        finnish: r.finnish,
        species: r.taxonRank !== 'MX.genus',
        ...(r.observationCountFinland !== undefined ? { observationCountFinland: r.observationCountFinland } : {}),
        taxonomicOrder: i + 1,
      }) as TaxonDocument,
  );
}

/** FinBIF's search over every name, by brute force. */
function bruteForce(docs: TaxonDocument[], request: NameSearchRequest) {
  const entries = nameEntriesOf(docs);
  const lists = new Map<MatchType, (RankedMatch & { taxonId: string })[]>();
  for (const entry of entries) {
    const match = classifyName(entry.name, request.query, request.matchTypes);
    if (!match) continue;
    const list = lists.get(match.matchType) ?? lists.set(match.matchType, []).get(match.matchType)!;
    list.push({
      matchingName: entry.name,
      nameType: entry.nameType,
      ...(entry.language ? { nameLanguage: entry.language } : {}),
      matchType: match.matchType,
      finnish: entry.finnish,
      species: entry.species,
      taxonRank: entry.taxonRank,
      observationCountFinland: entry.observationCountFinland,
      taxonId: entry.taxonId,
    });
  }
  const primary = new Set(
    [...lists.values()]
      .flat()
      .filter((m) => m.nameType === 'MX.scientificName')
      .map((m) => m.taxonId),
  );
  const results: { taxonId: string; matchingName: string; matchType: MatchType }[] = [];
  const seen = new Set<string>();
  for (const type of ['EXACT', 'PARTIAL'] as const) {
    let list = lists.get(type) ?? [];
    if (type !== 'EXACT') list = list.filter((m) => !(m.nameType.startsWith('MX.has') && primary.has(m.taxonId)));
    for (const match of sortMatches(list, request.query.ranking)) {
      if (results.length >= request.limit || seen.has(match.taxonId)) continue;
      seen.add(match.taxonId);
      results.push({ taxonId: match.taxonId, matchingName: match.matchingName, matchType: type });
    }
  }
  return results;
}

describe('name search order', () => {
  it('stops at the answer brute force gives, for exact and partial matches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(taxon, { minLength: 1, maxLength: 40 }),
        fc.constantFrom(...QUERIES),
        fc.constantFrom(1, 3, 10, 100),
        async (records, query, limit) => {
          const docs = documentsOf(records);
          const engine = createEmbeddedEngine();
          engine.replaceData({
            catalog: { informalTaxonGroups: [], checklistVersions: [{ id: 'current' }] },
            versions: [{ id: 'current', indices: { taxa: docs, names: nameEntriesOf(docs) } }],
          });
          const service = createSearchService({ versions: createVersions(engine) });
          const none = { include: [], exclude: [] };
          const params: NameSearchParams = {
            query,
            limit,
            matchTypes: ['EXACT', 'PARTIAL'],
            taxonSets: none,
            informalTaxonGroups: none,
            nameTypes: none,
            languages: [],
            includeHidden: false,
          };
          const hits = await service.search('current', params);
          const got = hits.map((hit) => ({
            taxonId: hit.entry.taxonId,
            matchingName: hit.entry.name,
            matchType: hit.matchType,
          }));
          expect(got).toEqual(bruteForce(docs, prepareNameSearch(params)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
