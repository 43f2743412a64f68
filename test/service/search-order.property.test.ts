/**
 * The indexed name search against an independent brute force (`test/helpers/finbif-name-search.ts`,
 * FinBIF's rules written anew, nothing of `src/search/`): random small checklists, queries typed
 * from their names with typos, transpositions, truncations, diacritics dropped or hybrid signs
 * typed as `x`, every combination of match types and a few limits. The index hands candidates over
 * in an order of its own and the search stops early; this proves the answer is FinBIF's.
 *
 * The search service is asked directly, as `/taxa/search` asks it (the route only parses the
 * query string into these parameters and serialises the hits): building an HTTP app for each of
 * hundreds of random checklists would cost most of the test's time and add nothing it checks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameEntriesOf } from '../../loaders/name-entries.ts';
import { createEmbeddedEngine } from '../../src/index/embedded-engine.ts';
import { compileLikely, LIKELY_PASSES, prepareNameSearch, type NameSearchParams } from '../../src/query/name-search.ts';
import type { NameEntry } from '../../src/search/name-entry.ts';
import { createSearchService } from '../../src/service/search-service.ts';
import { createVersions } from '../../src/service/versions.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';
import {
  literalKey,
  referenceNames,
  referenceSearch,
  searchWord,
  withoutDiacritics,
  type ReferenceMatchType,
} from '../helpers/finbif-name-search.ts';

const WORDS = [
  'parus',
  'major',
  'parusmajor',
  'pica',
  'kotka',
  'maakotka',
  'käki',
  'kaki',
  'käkikotka',
  'röst',
  'rösti',
  'stål',
  'salix',
  '×',
  'x',
  '×rubens',
  'rubens',
  'laulujoutsen',
  'laulujoutsenet',
  'æsculus',
  'ssp',
  'subsp.',
  'xylosteum',
];

const name = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });
const taxon = fc.record({
  scientificName: name,
  fi: maybe(name),
  sv: maybe(name),
  alternativeFi: maybe(name),
  tradeName: maybe(name),
  synonym: maybe(name),
  misapplied: maybe(name),
  birdlifeCode: maybe(fc.constantFrom('PARMAJ', 'KOTKA', 'PICPIC')),
  taxonRank: fc.constantFrom('MX.species', 'MX.genus', 'MX.subspecies'),
  finnish: fc.boolean(),
  hidden: fc.nat({ max: 9 }).map((n) => n === 0),
  observationCountFinland: fc.constantFrom(undefined, 0, 5, 50, 250, 2632, 150_000),
});
type TaxonRecord = typeof taxon extends fc.Arbitrary<infer R> ? R : never;

function documentsOf(records: TaxonRecord[]): TaxonDocument[] {
  return records.map(
    (r, i) =>
      ({
        id: `MX.${i + 1}`,
        nameAccordingTo: 'MR.1',
        scientificName: r.scientificName,
        ...(r.fi || r.sv ? { vernacularName: { ...(r.fi ? { fi: r.fi } : {}), ...(r.sv ? { sv: r.sv } : {}) } } : {}),
        ...(r.alternativeFi ? { alternativeVernacularName: { fi: [r.alternativeFi] } } : {}),
        ...(r.tradeName ? { tradeName: { sv: [r.tradeName] } } : {}),
        ...(r.synonym ? { synonyms: [{ id: `MX.s${i}`, scientificName: r.synonym }] } : {}),
        ...(r.misapplied ? { misappliedNames: [{ id: `MX.m${i}`, scientificName: r.misapplied }] } : {}),
        ...(r.birdlifeCode ? { birdlifeCode: r.birdlifeCode } : {}),
        taxonRank: r.taxonRank,
        finnish: r.finnish,
        species: r.taxonRank !== 'MX.genus',
        ...(r.hidden ? { hiddenTaxon: true } : {}),
        ...(r.observationCountFinland !== undefined ? { observationCountFinland: r.observationCountFinland } : {}),
        taxonomicOrder: i + 1,
      }) as TaxonDocument,
  );
}

const LETTERS = 'aeikloprstuäöx ';

/** A name as a user might type it: whole, cut short, with a typo, two letters swapped, or plainer. */
function typed(source: string): fc.Arbitrary<string> {
  const at = fc.nat({ max: Math.max(0, source.length - 1) });
  return fc.oneof(
    fc.constant(source),
    fc.integer({ min: 2, max: Math.max(2, source.length) }).map((n) => source.slice(0, n)),
    fc.tuple(at, fc.constantFrom(...LETTERS)).map(([i, c]) => source.slice(0, i) + c + source.slice(i + 1)),
    fc.tuple(at, fc.constantFrom(...LETTERS)).map(([i, c]) => source.slice(0, i) + c + source.slice(i)),
    at.map((i) => source.slice(0, i) + source.slice(i + 1)),
    at.map((i) => source.slice(0, i) + (source[i + 1] ?? '') + (source[i] ?? '') + source.slice(i + 2)),
    fc.constant(withoutDiacritics(source)),
    fc.constant(source.replaceAll('×', 'x ').toUpperCase()),
    fc.constant(`  ${source.replaceAll(' ', '  ')} `),
  );
}

/** A checklist and a query typed from one of its names, or a few of the words, or a taxon id. */
const checklistAndQuery = fc.array(taxon, { minLength: 1, maxLength: 40 }).chain((records) => {
  const names = records.flatMap((r) =>
    [r.scientificName, r.fi, r.sv, r.alternativeFi, r.tradeName, r.synonym, r.misapplied].filter(
      (n): n is string => n !== undefined,
    ),
  );
  const query = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names).chain(typed) },
    { weight: 2, arbitrary: name.chain(typed) },
    { weight: 1, arbitrary: fc.constantFrom('MX.1', 'mx.2', 'http://tun.fi/MX.3', 'MX.999', 'x', '    ') },
  );
  return fc.tuple(fc.constant(records), query);
});

const MATCH_TYPES: ReferenceMatchType[][] = [
  ['EXACT', 'PARTIAL', 'LIKELY'],
  ['EXACT', 'PARTIAL'],
  ['PARTIAL', 'LIKELY'],
  ['EXACT', 'LIKELY'],
  ['EXACT'],
  ['PARTIAL'],
  ['LIKELY'],
];

function engineOf(docs: TaxonDocument[]) {
  const engine = createEmbeddedEngine();
  engine.replaceData({
    catalog: { informalTaxonGroups: [], checklistVersions: [{ id: 'current' }] },
    versions: [{ id: 'current', indices: { taxa: docs, names: nameEntriesOf(docs) } }],
  });
  return engine;
}

/**
 * The names the index hands the likely list, pass by pass (`compileLikely`): fewer than FinBIF
 * measures, as documented (src/search/README.md, "Likely candidates"; `npm run bench:recall`
 * measures how many fewer). The reference chooses its likely list among these.
 */
async function likelyPasses(engine: ReturnType<typeof engineOf>, params: NameSearchParams) {
  const request = prepareNameSearch(params);
  if (!request.query.searchable || request.query.taxonId !== undefined) return [];
  const passes: Set<string>[] = [];
  for (const pass of Object.keys(LIKELY_PASSES) as (keyof typeof LIKELY_PASSES)[]) {
    const { hits } = await engine.search<NameEntry>(
      { version: 'current', kind: 'names' },
      compileLikely(request, pass),
    );
    passes.push(new Set(hits.hits.map((hit) => literalKey(hit._source!.taxonId, hit._source!.name))));
  }
  return passes;
}

const none = { include: [], exclude: [] };

function paramsOf(query: string, limit: number, matchTypes: ReferenceMatchType[]): NameSearchParams {
  return {
    query,
    limit,
    matchTypes,
    taxonSets: none,
    informalTaxonGroups: none,
    nameTypes: none,
    languages: [],
    includeHidden: false,
  };
}

/**
 * A partial query of 4+ characters as typed but of one or two once cleaned (`a   `, `ab××`):
 * FinBIF looks for it anywhere in a name (`%A%`), the index only at a name's start, having no
 * trigram of it to look up. Open: pinned by the failing test below, left out of the property.
 */
function shortInfix(query: string, matchTypes: readonly ReferenceMatchType[]): boolean {
  const word = searchWord(query);
  return matchTypes.includes('PARTIAL') && query.length >= 4 && word.length > 0 && word.length < 3;
}

describe('name search order', () => {
  it('answers as FinBIF does, by the independent brute force', async () => {
    await fc.assert(
      fc.asyncProperty(
        checklistAndQuery,
        fc.constantFrom(...MATCH_TYPES),
        fc.constantFrom(1, 3, 10, 100),
        async ([records, query], matchTypes, limit) => {
          fc.pre(!shortInfix(query, matchTypes));
          const docs = documentsOf(records);
          const params = paramsOf(query, limit, matchTypes);
          const engine = engineOf(docs);
          const hits = await createSearchService({ versions: createVersions(engine) }).search('current', params);
          const expected = referenceSearch(referenceNames(docs), {
            query,
            limit,
            matchTypes,
            likelyPasses: await likelyPasses(engine, params),
          });
          const got = hits.map((hit) => ({
            taxonId: hit.entry.taxonId,
            matchingName: hit.entry.name,
            nameType: hit.entry.nameType,
            matchType: hit.matchType,
          }));
          expect(got).toEqual(
            expected.map(({ taxonId, matchingName, nameType, matchType }) => ({
              taxonId,
              matchingName,
              nameType,
              matchType,
            })),
          );
          // The service answers similarities rounded to three decimals.
          hits.forEach((hit, i) => {
            if (hit.similarity === undefined) return;
            expect(Math.abs(hit.similarity - expected[i]!.similarity!)).toBeLessThanOrEqual(0.0005 + 1e-12);
          });
        },
      ),
      { numRuns: 400 },
    );
  });

  it('finds a query of one or two letters typed with padding anywhere in a name, as FinBIF does', async () => {
    const docs = documentsOf([
      {
        scientificName: 'parus',
        taxonRank: 'MX.species',
        finnish: true,
        hidden: false,
        observationCountFinland: undefined,
      } as TaxonRecord,
    ]);
    const params = paramsOf('ar  ', 10, ['PARTIAL']);
    const hits = await createSearchService({ versions: createVersions(engineOf(docs)) }).search('current', params);
    expect(referenceSearch(referenceNames(docs), params).map((hit) => hit.matchingName)).toEqual(['parus']);
    expect(hits.map((hit) => hit.entry.name)).toEqual(['parus']);
  });
});
