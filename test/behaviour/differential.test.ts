/**
 * The differential test of the two engines (docs/engine-contract.md, "Differences found by the
 * differential test"): generated HTTP requests sent to two apps over the bundled sample, all its
 * seven checklist versions loaded in each, one on the embedded engine and one on a real
 * Elasticsearch 9, and their answers compared (status and JSON body; the text of an export).
 * Requests are built from the sample's own values (filter values, names with their diacritics
 * stripped or with typos, ids, versions) so that they find things. Guarded as the Elasticsearch
 * behaviour suite is (test/helpers/elasticsearch-availability.ts). `DIFFERENTIAL_SEED` replays a
 * run; a failure prints its seed and the shrunk request.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createApp } from '../../src/http/app.ts';
import { NAME_TYPE_ORDER } from '../../src/search/rank.ts';
import { FILTER_KEYS, INTERNAL_NUMERIC_FIELDS, TAXON_LEAVES } from '../../src/taxon/fields.ts';
import { loadIntoElasticsearch } from '../../loaders/elasticsearch-load.ts';
import { buildTestApp } from '../helpers/app.ts';
import {
  CLUSTER_SETUP_MS,
  findElasticsearch,
  suitePlan,
  type ElasticsearchSource,
} from '../helpers/elasticsearch-availability.ts';
import { clusterUnderPrefix } from '../helpers/cluster-suite.ts';
import { type SampleValues, sampleValues } from '../helpers/sample-values.ts';

const SAMPLE_DIR = new URL('../../data/sample', import.meta.url).pathname;
const TITLE = 'differential (embedded and elasticsearch engines)';

/** Runs per property; their sum is the number of generated cases of a run. */
const RUNS = {
  pages: 600,
  aggregate: 250,
  search: 500,
  changes: 300,
  tree: 250,
  legacy: 100,
  export: 60,
};
/** `DIFFERENTIAL_RUNS=5`: five times the runs of every property (a longer search for differences). */
const RUNS_FACTOR = Number(process.env.DIFFERENTIAL_RUNS ?? 1);
const PROPERTY_TIMEOUT_MS = 120_000 * Math.max(1, RUNS_FACTOR);

interface Request {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

interface Apps {
  embedded: FastifyInstance;
  elasticsearch: FastifyInstance;
  close(): Promise<void>;
}

async function appsOn(source: ElasticsearchSource): Promise<Apps> {
  const { admin, engine, prefix, release } = await clusterUnderPrefix(source, 'diff');
  try {
    const [{ app: embedded }] = await Promise.all([
      buildTestApp({ dataDir: SAMPLE_DIR }),
      loadIntoElasticsearch(SAMPLE_DIR, { client: admin, prefix }),
    ]);
    const elasticsearch = await createApp({ engine, accessTokens: [], checkAnswers: true });
    await elasticsearch.ready();
    return {
      embedded,
      elasticsearch,
      close: async () => {
        await Promise.all([embedded.close(), elasticsearch.close()]);
        await release();
      },
    };
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

const query = (params: Record<string, string | number | boolean | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
};

/** An optional value: absent about half of the time. */
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });

/** The named orders and every leaf of the taxon (keyword, number and boolean orders). */
const SORT_FIELDS = ['taxonomic', 'scientificName', 'finnishName', ...TAXON_LEAVES.keys()].filter(
  (field) => !INTERNAL_NUMERIC_FIELDS.includes(field as (typeof INTERNAL_NUMERIC_FIELDS)[number]),
);
const LANGS = ['fi', 'sv', 'en', 'multi'];
const SELECTABLE: string[] = [
  'id',
  'scientificName',
  'vernacularName',
  'taxonRank',
  'informalTaxonGroups',
  'parent.family',
  'latestRedListStatusFinland',
  'primaryHabitat.habitat',
  'synonyms.scientificName',
  'finnish',
  'countOfSpecies',
];
/** Every name type the ranking knows, and one it does not. */
const NAME_TYPES = [...Object.keys(NAME_TYPE_ORDER), 'MX.otherName'];
const CHANGE_TYPES = ['added', 'removed', 'renamed', 'moved', 'changed'];

function generators(sample: SampleValues) {
  const version = fc.constantFrom(...sample.versions);
  const id = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...sample.ids) }, fc.constant('MX.1'));
  const keys = [...sample.values.keys()];
  const negatable = (value: string) => fc.constantFrom(value, `!${value}`);
  const valuesOf = (key: string) => (sample.values.get(key) ?? []).filter((v): v is string => typeof v === 'string');
  const listOf = (values: string[]) =>
    fc
      .uniqueArray(fc.constantFrom(...values).chain(negatable), { minLength: 1, maxLength: 3 })
      .map((list) => list.join(','));

  const filterValue = (key: string): fc.Arbitrary<unknown> => {
    if (FILTER_KEYS.get(key) === 'boolean') return fc.boolean();
    const values = (sample.values.get(key) ?? []) as string[];
    const one = fc.constantFrom(...values, 'MX.none').chain(negatable);
    return fc.oneof(
      { weight: 30, arbitrary: one },
      { weight: 30, arbitrary: fc.array(one, { minLength: 1, maxLength: 4 }) },
      // at and past what one terms query holds on Elasticsearch (index.max_terms_count)
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(65_536, 65_537), one).map(([n, last]) => manyValues(n, last)) },
      // at and past the longest keyword indexed (ignore_above), and past Lucene's longest term
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom('', '!'), fc.constantFrom(8_190, 8_191, 40_000))
          .map(([not, n]) => `${not}${'x'.repeat(n)}`),
      },
    );
  };
  // Mostly keys the sample has values of, so that filters find things; any filter key too.
  const filterKey = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...keys) },
    fc.constantFrom(...FILTER_KEYS.keys()),
  );
  const filterBody = fc
    .uniqueArray(filterKey, { maxLength: 4 })
    .chain((chosen) => fc.record(Object.fromEntries(chosen.map((key) => [key, filterValue(key)]))));

  const sortField = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('taxonomic', 'scientificName', 'finnishName') },
    { weight: 2, arbitrary: fc.constantFrom(...SORT_FIELDS) },
  );
  const sortOrder = fc
    .tuple(sortField, fc.constantFrom('', ' asc', ' desc'))
    .map(([field, direction]) => `${field}${direction}`);
  const pageSize = fc.oneof(fc.constantFrom(0, 1, 5, 20, 100, 1000), fc.integer({ min: 1, max: 1000 }));
  const page = fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 4 }) },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 1200 }) },
    // past the indices' result window (1,000,000) with the larger page sizes
    fc.constantFrom(1001, 50_001, 99_999_999),
  );
  const selectedFields = fc
    .uniqueArray(fc.oneof(fc.constantFrom(...SELECTABLE), fc.constantFrom(...TAXON_LEAVES.keys())), {
      minLength: 1,
      maxLength: 4,
    })
    .map((fields) => fields.join(','));
  const lang = fc.constantFrom(...LANGS);

  const pages: fc.Arbitrary<Request> = fc
    .record({
      route: fc.constantFrom('/taxa', '/taxa/species', 'under'),
      under: id,
      method: fc.constantFrom('GET' as const, 'POST' as const),
      body: filterBody,
      page: maybe(page),
      pageSize: maybe(pageSize),
      sortOrder: maybe(sortOrder),
      selectedFields: maybe(selectedFields),
      includeHidden: maybe(fc.boolean()),
      includeMedia: maybe(fc.boolean()),
      includeDescriptions: maybe(fc.boolean()),
      includeRedListEvaluations: maybe(fc.boolean()),
      parentTaxonId: maybe(id),
      checklist: maybe(fc.constantFrom('MR.1', 'MR.2', 'MR.1,MR.2')),
      checklistVersion: maybe(version),
      lang: maybe(lang),
      simple: fc.record(
        {
          informalTaxonGroups: listOf(valuesOf('informalTaxonGroups')),
          id: listOf(sample.ids.slice(0, 200)),
          finnish: fc.boolean(),
          invasiveSpecies: fc.boolean(),
        },
        { requiredKeys: [] },
      ),
    })
    .map(({ route, under, method, body, simple, ...params }) => ({
      method,
      url: `${route === 'under' ? `/taxa/${under}/species` : route}${query(
        method === 'GET' && route === '/taxa' ? { ...params, ...simple } : params,
      )}`,
      ...(method === 'POST' ? { body } : {}),
    }));

  const aggregateField = filterKey;
  const aggregation = fc
    .tuple(fc.uniqueArray(aggregateField, { minLength: 1, maxLength: 3 }), maybe(fc.constantFrom('a', 'b', 'x_1')))
    .map(([fields, name]) => `${fields.join(',')}${name === undefined ? '' : `=${name}`}`);
  const aggregate: fc.Arbitrary<Request> = fc
    .record({
      route: fc.constantFrom('/taxa/aggregate', '/taxa/species/aggregate', 'under'),
      under: id,
      body: filterBody,
      aggregateBy: fc.array(aggregation, { minLength: 1, maxLength: 3 }).map((list) => list.join(';')),
      aggregateSize: maybe(fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(40, 1000))),
      includeHidden: maybe(fc.boolean()),
      parentTaxonId: maybe(id),
      checklistVersion: maybe(version),
      lang: maybe(lang),
    })
    .map(({ route, under, body, ...params }) => ({
      method: 'POST',
      url: `${route === 'under' ? `/taxa/${under}/species/aggregate` : route}${query(params)}`,
      body,
    }));

  const searchQuery = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...sample.names) },
    { weight: 3, arbitrary: fc.constantFrom(...sample.names).map(stripDiacritics) },
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...sample.names), fc.nat(), fc.nat()).map(typo) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...sample.names), fc.nat()).map(prefix) },
    { weight: 1, arbitrary: fc.constantFrom(...sample.ids) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...sample.names), fc.nat(), fc.constantFrom(...ODD)).map(insert) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...sample.names), fc.nat(), fc.nat()).map(padded) },
  );
  const search: fc.Arbitrary<Request> = fc
    .record({
      route: fc.constantFrom('/taxa/search', '/autocomplete/taxa'),
      query: searchQuery,
      matchType: maybe(
        fc
          .uniqueArray(fc.constantFrom('exact', 'partial', 'likely'), { minLength: 1, maxLength: 3 })
          .map((list) => list.join(',')),
      ),
      nameTypes: maybe(listOf(NAME_TYPES)),
      languages: maybe(
        fc.uniqueArray(fc.constantFrom('fi', 'sv', 'en'), { minLength: 1, maxLength: 2 }).map((l) => l.join(',')),
      ),
      informalTaxonGroups: maybe(listOf(valuesOf('informalTaxonGroups'))),
      taxonSets: maybe(listOf(valuesOf('taxonSets'))),
      invasiveSpecies: maybe(fc.boolean()),
      checklist: maybe(fc.constantFrom('MR.1', 'MR.2', 'MR.1,MR.2')),
      selectedFields: maybe(fc.constantFrom('id', 'id,matchingName', 'scientificName,vernacularName,informalGroups')),
      limit: maybe(fc.constantFrom(1, 3, 10, 50, 1000)),
      species: maybe(fc.boolean()),
      finnish: maybe(fc.boolean()),
      includeHidden: maybe(fc.boolean()),
      checklistVersion: maybe(version),
      lang: maybe(lang),
    })
    .map(({ route, ...params }) => ({ method: 'GET', url: `${route}${query(params)}` }));

  const changeFilter = fc.record(
    {
      changeTypes: fc.constantFrom(...CHANGE_TYPES).chain(negatable),
      fields: fc.constantFrom('scientificName', 'isPartOf', 'vernacularName.fi', 'taxonRank').chain(negatable),
      id: filterValue('id'),
    },
    { requiredKeys: [] },
  );
  const sideFilter = fc
    .tuple(fc.constantFrom('from', 'to'), filterKey)
    .chain(([side, key]) => filterValue(key).map((value) => ({ [`${side}.${key}`]: value })));
  const changesBody = fc
    .tuple(changeFilter, fc.array(sideFilter, { maxLength: 2 }))
    .map(([record, sides]) => Object.assign({}, record, ...sides));
  /** Two versions, different but for a few cases (a 422 of both). */
  const versionPair = fc.tuple(version, version, fc.integer({ min: 0, max: 19 })).map(([from, to, n]) => {
    if (from !== to || n === 0) return { from, to };
    return { from, to: sample.versions.find((v) => v !== from) };
  });
  const changes: fc.Arbitrary<Request> = fc
    .record({
      route: fc.constantFrom('/taxa/changes', '/taxa/changes/aggregate'),
      method: fc.constantFrom('GET' as const, 'POST' as const),
      body: changesBody,
      versions: versionPair,
      changeType: maybe(listOf(CHANGE_TYPES)),
      field: maybe(listOf(['scientificName', 'isPartOf', 'vernacularName.fi', 'taxonRank', 'informalTaxonGroups'])),
      parentTaxonId: maybe(id),
      selectedFields: maybe(fc.constantFrom('changeTypes', 'differences', 'to.scientificName,from.taxonRank', 'from')),
      species: maybe(fc.boolean()),
      finnish: maybe(fc.boolean()),
      informalTaxonGroups: maybe(listOf(valuesOf('informalTaxonGroups'))),
      page: maybe(fc.oneof(fc.integer({ min: 1, max: 30 }), fc.constant(1001))),
      pageSize: maybe(fc.constantFrom(0, 1, 7, 20, 100, 1000)),
      aggregateBy: fc.oneof(
        fc.constantFrom('changeTypes', 'fields', 'changeTypes;fields', 'to.taxonRank,changeTypes=n'),
        fc
          .tuple(fc.constantFrom('from', 'to'), filterKey, fc.constantFrom('changeTypes', 'fields'))
          .map(([side, key, record]) => `${record},${side}.${key};${side}.${key}`),
      ),
      lang: maybe(lang),
    })
    .map(({ route, method, body, aggregateBy, page, pageSize, selectedFields: fields, versions, ...params }) => ({
      method,
      url: `${route}${query(
        route.endsWith('aggregate')
          ? { ...versions, ...params, aggregateBy }
          : { ...versions, ...params, page, pageSize, selectedFields: fields },
      )}`,
      ...(method === 'POST' ? { body } : {}),
    }));

  const tree: fc.Arbitrary<Request> = fc
    .record({
      route: fc.constantFrom('', '/children', '/parents', '/species', '/history', '/descriptions', '/media'),
      id,
      includeHidden: maybe(fc.boolean()),
      checklistVersion: maybe(version),
      sortOrder: maybe(sortOrder),
      lang: maybe(lang),
    })
    .map(({ route, id: taxon, sortOrder: order, ...params }) => ({
      method: 'GET',
      url: `/taxa/${taxon}${route}${query(route === '/history' ? {} : { ...params, ...(route === '/children' ? { sortOrder: order } : {}) })}`,
    }));
  const group = fc.constantFrom(...valuesOf('informalTaxonGroups'), 'MVL.0');
  /** What the engines hold beside the taxa: the informal groups and the checklist versions. */
  const catalog: fc.Arbitrary<Request> = fc
    .record({
      route: fc.constantFrom(
        '',
        '/roots',
        '/tree',
        '/:id',
        '/:id/children',
        '/:id/parent',
        '/:id/siblings',
        'versions',
      ),
      group,
      version: fc.oneof(version, fc.constant('MR.1')),
      idIn: maybe(fc.uniqueArray(group, { minLength: 1, maxLength: 3 }).map((list) => list.join(','))),
      lang: maybe(lang),
    })
    .map(({ route, group: groupId, version: versionId, idIn, lang: language }) => {
      if (route === 'versions')
        return { method: 'GET', url: `/checklist-versions/${versionId}${query({ lang: language })}` };
      const path = `/informal-taxon-groups${route.replace(':id', groupId)}`;
      return { method: 'GET', url: `${path}${query({ lang: language, ...(route === '' ? { idIn } : {}) })}` };
    });

  const legacy: fc.Arbitrary<Request> = fc.oneof(
    fc
      .record({
        route: fc.constantFrom('/v0/taxa', '/v0/taxa/species'),
        informalGroupFilters: maybe(fc.constantFrom(...valuesOf('informalTaxonGroups'))),
        onlyFinnish: maybe(fc.boolean()),
        hasMediaFilter: maybe(fc.boolean()),
        invasiveSpeciesFilter: maybe(fc.boolean()),
        redListStatusFilters: maybe(fc.constantFrom(...valuesOf('latestRedListStatusFinland.status'))),
        typesOfOccurrenceNotFilters: maybe(fc.constantFrom(...valuesOf('typeOfOccurrenceInFinland'))),
        adminStatusFilters: maybe(fc.constantFrom(...valuesOf('administrativeStatuses'))),
        taxonRanks: maybe(fc.constantFrom(...valuesOf('taxonRank'))),
        includeHidden: maybe(fc.boolean()),
        langFallback: maybe(fc.boolean()),
        pageSize: maybe(fc.constantFrom(0, 10, 20, 100, 1000)),
        page: maybe(fc.integer({ min: 1, max: 5 })),
        sortOrder: maybe(fc.constantFrom('taxonomic', 'scientific_name', 'finnish_name')),
        aggregateBy: maybe(fc.constantFrom('taxonRank', 'informalTaxonGroups,finnish')),
        lang: maybe(lang),
      })
      .map(({ route, ...params }) => ({ method: 'GET' as const, url: `${route}${query(params)}` })),
    fc
      .record({
        id,
        route: fc.constantFrom('', '/children', '/parents'),
        maxLevel: maybe(fc.integer({ min: 0, max: 2 })),
        includeHidden: maybe(fc.boolean()),
        onlyFinnish: maybe(fc.boolean()),
      })
      .map(({ id: taxon, route, ...params }) => ({
        method: 'GET' as const,
        url: `/v0/taxa/${taxon}${route}${query(route === '/parents' ? {} : params)}`,
      })),
    fc
      .record({
        query: searchQuery,
        limit: maybe(fc.constantFrom(1, 10, 100)),
        observationMode: maybe(fc.boolean()),
        informalTaxonGroup: maybe(fc.constantFrom(...valuesOf('informalTaxonGroups'))),
        excludedInformalTaxonGroup: maybe(fc.constantFrom(...valuesOf('informalTaxonGroups'))),
        includedNameTypes: maybe(fc.constantFrom(...NAME_TYPES)),
        excludeNameTypes: maybe(fc.constantFrom(...NAME_TYPES)),
        includedLanguages: maybe(fc.constantFrom('fi', 'sv', 'en')),
        onlySpecies: maybe(fc.boolean()),
        onlyFinnish: maybe(fc.boolean()),
        onlyInvasive: maybe(fc.boolean()),
        lang: maybe(lang),
      })
      .map((params) => ({ method: 'GET' as const, url: `/v0/taxa/search${query(params)}` })),
  );

  const exports: fc.Arbitrary<Request> = fc
    .record({
      route: fc.constantFrom('/taxa/export', '/taxa/species/export', 'under', 'changes'),
      under: id,
      body: filterBody,
      format: maybe(fc.constantFrom('csv', 'ndjson', 'json')),
      selectedFields: maybe(selectedFields),
      checklistVersion: maybe(version),
      versions: versionPair,
      changesBody,
      recordFields: maybe(
        fc.constantFrom('changeTypes,fields', 'differences', 'to.scientificName,from.taxonRank', 'to'),
      ),
      lang: maybe(lang),
    })
    .map(({ route, under, body, versions, checklistVersion, changesBody: records, recordFields, ...params }) => {
      if (route === 'changes') {
        const { format, lang: language } = params;
        const url = `/taxa/changes/export${query({ ...versions, format, lang: language, selectedFields: recordFields })}`;
        return { method: 'POST', url, body: records };
      }
      const url = route === 'under' ? `/taxa/${under}/species/export` : route;
      return { method: 'POST', url: `${url}${query({ ...params, checklistVersion })}`, body };
    });

  return {
    pages,
    aggregate,
    search,
    changes,
    tree: fc.oneof({ weight: 4, arbitrary: tree }, catalog),
    legacy,
    exports,
  };
}

/** Characters with a meaning somewhere (wildcards, escapes, separators, hybrids, case). */
const ODD = ['*', '?', '\\', '"', '(', ' ', '  ', '-', '.', '×', 'x ', 'X', 'Ä', 'ß', '\u0301', '%', '_'];

/** The name with `odd` inserted somewhere. */
function insert([name, at, odd]: [string, number, string]): string {
  const chars = [...name];
  chars.splice(at % (chars.length + 1), 0, odd);
  return chars.join('');
}

/** `n` values, the last of them `last` (a value that matches, or its negation). */
function manyValues(n: number, last: string): string[] {
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? last : `MX.none${i}`));
}

function stripDiacritics(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '');
}

/** One or two letters from inside the name, typed with spaces after them (partial looks for them anywhere). */
function padded([name, at, length]: [string, number, number]): string {
  const chars = [...name];
  const start = at % chars.length;
  return `${chars.slice(start, start + 1 + (length % 2)).join('')}${' '.repeat(2 + (length % 3))}`;
}

/** The name with a typo: two neighbouring characters swapped, or one deleted. */
function typo([name, at, kind]: [string, number, number]): string {
  const chars = [...stripDiacritics(name)];
  if (chars.length < 3) return name;
  const i = at % (chars.length - 1);
  if (kind % 2 === 0) [chars[i], chars[i + 1]] = [chars[i + 1] as string, chars[i] as string];
  else chars.splice(i, 1);
  return chars.join('');
}

function prefix([name, length]: [string, number]): string {
  const chars = [...name];
  return chars.slice(0, 2 + (length % Math.max(1, chars.length - 1))).join('');
}

// ---------------------------------------------------------------------------------------------
// Comparison
// ---------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  body: unknown;
}

async function answer(app: FastifyInstance, request: Request): Promise<Answer> {
  const options: InjectOptions = { method: request.method, url: request.url };
  if (request.body !== undefined) {
    options.headers = { 'content-type': 'application/json' };
    options.payload = JSON.stringify(request.body);
  }
  const response = await app.inject(options);
  const json = /json/.test(String(response.headers['content-type'])) && !request.url.includes('/export');
  return { status: response.statusCode, body: json && response.body !== '' ? response.json() : response.body };
}

/** The first place where `a` and `b` differ, as a JSON path and the two values there. */
function firstDifference(a: unknown, b: unknown, path = '$'): string {
  if (isDeepStrictEqual(a, b)) return '';
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const inner = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${path}.${key}`,
      );
      if (inner) return inner;
    }
  }
  const show = (value: unknown) => JSON.stringify(value)?.slice(0, 300);
  return `${path}: embedded ${show(a)}, elasticsearch ${show(b)}`;
}

function sameAnswer(apps: () => Apps) {
  return async (request: Request) => {
    const [embedded, elasticsearch] = await Promise.all([
      answer(apps().embedded, request),
      answer(apps().elasticsearch, request),
    ]);
    const difference = firstDifference(embedded, elasticsearch);
    if (difference) throw new Error(`the engines differ at ${difference}`);
  };
}

// ---------------------------------------------------------------------------------------------
// The suite
// ---------------------------------------------------------------------------------------------

const seed = process.env.DIFFERENTIAL_SEED === undefined ? undefined : Number(process.env.DIFFERENTIAL_SEED);

function defineDifferential(source: ElasticsearchSource) {
  describe(TITLE, () => {
    let apps: Apps;
    let arbitraries: ReturnType<typeof generators>;
    beforeAll(async () => {
      const [built, sample] = await Promise.all([appsOn(source), sampleValues(SAMPLE_DIR)]);
      apps = built;
      arbitraries = generators(sample);
    }, CLUSTER_SETUP_MS);
    afterAll(async () => apps?.close());

    const property = (name: keyof typeof RUNS, pick: (g: ReturnType<typeof generators>) => fc.Arbitrary<Request>) => {
      const runs = Math.round(RUNS[name] * RUNS_FACTOR);
      it(
        `answers ${name} requests alike (${runs} generated)`,
        async () => {
          await fc.assert(
            fc.asyncProperty(
              pick(arbitraries),
              sameAnswer(() => apps),
            ),
            {
              numRuns: runs,
              ...(seed === undefined ? {} : { seed }),
            },
          );
        },
        PROPERTY_TIMEOUT_MS,
      );
    };

    property('pages', (g) => g.pages);
    property('aggregate', (g) => g.aggregate);
    property('search', (g) => g.search);
    property('changes', (g) => g.changes);
    property('tree', (g) => g.tree);
    property('legacy', (g) => g.legacy);
    property('export', (g) => g.exports);
  });
}

const plan = suitePlan(await findElasticsearch());
if ('run' in plan) {
  defineDifferential(plan.run);
} else if ('skip' in plan) {
  console.warn(`${TITLE} skipped: ${plan.skip}`);
  describe.skip(`${TITLE}: skipped — ${plan.skip}`, () => {
    it('compares the engines', () => {});
  });
} else {
  describe(TITLE, () => {
    it('has an Elasticsearch to run against (REQUIRE_ELASTICSEARCH)', () => {
      throw new Error(plan.fail);
    });
  });
}
