/**
 * Random documents and random requests from the supported subset, for the property tests.
 * Value domains are small so that queries match, sort keys tie and aggregations collide.
 */
import fc from 'fast-check';
import { fieldCatalogFromMapping, type FieldSpec } from '../../../src/index/embedded/build/field-catalog.ts';

export const propertyCatalog = fieldCatalogFromMapping({
  dynamic: false,
  properties: {
    kw: { type: 'keyword' },
    short: { type: 'keyword', ignore_above: 2 },
    flag: { type: 'boolean' },
    n: { type: 'integer' },
    l: { type: 'long' },
    d: { type: 'double' },
    f: { type: 'float' },
    obj: { properties: { a: { type: 'keyword' }, b: { type: 'long' } } },
    items: { properties: { name: { type: 'keyword' }, count: { type: 'integer' } } },
    grp: { type: 'keyword' },
    num: { type: 'integer' },
  },
});

export const propertyFields: Record<string, FieldSpec> = Object.fromEntries(propertyCatalog);

const keywords = ['a', 'b', 'ab', 'B', 'é', '😀', '\uffff', '', 'a b'];
const shorts = ['a', 'bb', 'ccc', 'é'];

/** Per field: values for documents, and values for queries (which may be written as strings). */
const DOMAINS: Record<string, { source: fc.Arbitrary<unknown>; query: fc.Arbitrary<unknown> }> = {
  kw: { source: fc.constantFrom(...keywords), query: fc.constantFrom(...keywords) },
  short: { source: fc.constantFrom(...shorts), query: fc.constantFrom(...shorts) },
  flag: { source: fc.constantFrom(true, false, 'true', 'false'), query: fc.constantFrom(true, false, 'true', 'false') },
  n: {
    source: fc.oneof(fc.integer({ min: -2, max: 4 }), fc.constantFrom(1.5, -1.7, '3', '2.9')),
    query: fc.oneof(fc.integer({ min: -2, max: 4 }), fc.constantFrom('3', 1.5)),
  },
  l: { source: fc.integer({ min: -2, max: 3 }), query: fc.integer({ min: -2, max: 3 }) },
  d: { source: fc.constantFrom(0.5, -1.25, 2, 3.75, 0, '2'), query: fc.constantFrom(0.5, -1.25, 2, 3.75, 0, 1, '2') },
  f: { source: fc.constantFrom(0.1, 0.3, 1.5, -2, '0.1'), query: fc.constantFrom(0.1, 0.3, 1.5, -2, 0.2, '0.1') },
  'obj.a': { source: fc.constantFrom(...keywords), query: fc.constantFrom(...keywords) },
  'obj.b': { source: fc.integer({ min: -2, max: 3 }), query: fc.integer({ min: -2, max: 3 }) },
  'items.name': { source: fc.constantFrom(...keywords), query: fc.constantFrom(...keywords) },
  'items.count': { source: fc.integer({ min: 0, max: 3 }), query: fc.integer({ min: 0, max: 3 }) },
  grp: { source: fc.constantFrom('g1', 'g2', 'g3'), query: fc.constantFrom('g1', 'g2', 'g3') },
  num: { source: fc.integer({ min: 0, max: 4 }), query: fc.integer({ min: 0, max: 4 }) },
};

const KEYWORD_FIELDS = ['kw', 'short', 'obj.a', 'items.name', 'grp'];
const QUERY_FIELDS = [...Object.keys(DOMAINS), 'nope'];

function valueOrValues(value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: value }, fc.array(value, { maxLength: 3 }), fc.constant(null));
}

const domain = (field: string) => DOMAINS[field]!;

const objArb = fc.record(
  { a: valueOrValues(domain('obj.a').source), b: valueOrValues(domain('obj.b').source) },
  { requiredKeys: [] },
);
const itemArb = fc.record(
  { name: valueOrValues(domain('items.name').source), count: domain('items.count').source },
  { requiredKeys: [] },
);

export const docArb = fc.record(
  {
    kw: valueOrValues(domain('kw').source),
    short: valueOrValues(domain('short').source),
    flag: valueOrValues(domain('flag').source),
    n: valueOrValues(domain('n').source),
    l: valueOrValues(domain('l').source),
    d: valueOrValues(domain('d').source),
    f: valueOrValues(domain('f').source),
    obj: fc.oneof(objArb, fc.array(objArb, { maxLength: 2 })),
    items: fc.array(itemArb, { maxLength: 3 }),
    grp: domain('grp').source,
    num: domain('num').source,
    note: fc.string({ maxLength: 3 }),
  },
  { requiredKeys: [] },
);

export const docsArb = fc
  .array(docArb, { maxLength: 40, size: 'medium' })
  .map((docs) => docs.map((doc, i) => ({ id: `d${i}`, ...doc })));

const fieldArb = fc.constantFrom(...QUERY_FIELDS);
const valueFor = (field: string) => (field === 'nope' ? fc.constant('x') : domain(field).query);
const boostArb = fc.constantFrom(0.5, 1, 2, 3);

const termArb = fieldArb.chain((field) => valueFor(field).map((value) => ({ term: { [field]: value } })));
const termsArb = fieldArb.chain((field) =>
  fc.array(valueFor(field), { maxLength: 3 }).map((values) => ({ terms: { [field]: values } })),
);
const NUMERIC_FIELDS = ['n', 'l', 'd', 'f', 'obj.b', 'items.count', 'num', 'nope'];
const boundArb = fc.oneof(fc.constantFrom(-2, -1.25, 0, 0.1, 0.3, 1, 1.5, 2, 2.9, 3, 3.75, 4), fc.constant(null));
const rangeArb = fc
  .tuple(fc.constantFrom(...NUMERIC_FIELDS), fc.record({ gte: boundArb, lte: boundArb }, { requiredKeys: [] }))
  .map(([field, bounds]) => ({ range: { [field]: bounds } }));
const existsArb = fc
  .constantFrom(...QUERY_FIELDS, 'obj', 'items', 'obj.*', '*a*')
  .map((field) => ({ exists: { field } }));
const idsArb = fc
  .array(fc.integer({ min: 0, max: 45 }), { maxLength: 4 })
  .map((numbers) => ({ ids: { values: numbers.map((n) => `d${n}`) } }));
const prefixArb = fc
  .tuple(fc.constantFrom(...KEYWORD_FIELDS), fc.constantFrom('', 'a', 'b', 'é', '\uffff', 'g'))
  .map(([field, value]) => ({ prefix: { [field]: { value } } }));
const wildcardArb = fc
  .tuple(
    fc.constantFrom(...KEYWORD_FIELDS),
    fc.constantFrom('?*', 'a?*', 'b?*', 'é?*', 'a\\??*', '\\\\?*', 'g?*', '**', '*b*', '* b*', '*😀*', '*\\**'),
  )
  .map(([field, value]) => ({ wildcard: { [field]: { value } } }));
const leafArb = fc.oneof(termArb, termsArb, rangeArb, existsArb, idsArb, prefixArb, wildcardArb);

export const queryArb: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ query: Record<string, unknown> }>((tie) => ({
  query: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafArb,
    fc.option(boostArb, { nil: undefined }).map((boost) => ({ match_all: boost === undefined ? {} : { boost } })),
    fc
      .record({ filter: tie('query'), boost: boostArb }, { requiredKeys: ['filter'] })
      .map((body) => ({ constant_score: body })),
    fc
      .record(
        {
          must: fc.array(tie('query'), { maxLength: 2 }),
          filter: fc.array(tie('query'), { maxLength: 2 }),
          should: fc.array(tie('query'), { maxLength: 3 }),
          must_not: fc.array(tie('query'), { maxLength: 2 }),
          minimum_should_match: fc.constantFrom(1, 2, 0),
          boost: boostArb,
        },
        { requiredKeys: [] },
      )
      .map((body) => ({ bool: body })),
  ),
})).query;

/** A query whose leaves are all in filter context, so it works whatever the sort. */
export const filterQueryArb = queryArb.map((query) => ({ constant_score: { filter: query } }));

/** Queries whose scores vary: constant_score boosts summed through bools, leaves only as filters. */
export const scoringQueryArb: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ query: Record<string, unknown> }>(
  (tie) => ({
    query: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({ filter: leafArb, boost: boostArb }).map((body) => ({ constant_score: body })),
      boostArb.map((boost) => ({ match_all: { boost } })),
      fc
        .record(
          {
            must: fc.array(tie('query'), { maxLength: 2 }),
            filter: fc.array(leafArb, { maxLength: 1 }),
            should: fc.array(tie('query'), { minLength: 1, maxLength: 3 }),
            must_not: fc.array(leafArb, { maxLength: 1 }),
            minimum_should_match: fc.constantFrom(1, 2),
            boost: boostArb,
          },
          { requiredKeys: ['should'] },
        )
        .map((body) => ({ bool: body })),
    ),
  }),
).query;

const SORT_FIELDS = Object.keys(DOMAINS);
const orderArb = fc.constantFrom('asc', 'desc');

const fieldSortArb = fc.constantFrom(...SORT_FIELDS).chain((field) =>
  fc.oneof(
    fc.constant(field),
    orderArb.map((order) => ({ [field]: order })),
    fc
      .record({ order: orderArb, missing: fc.constantFrom('_first', '_last') }, { requiredKeys: [] })
      .map((options) => ({ [field]: options })),
  ),
);

const sortKeyArb = fc.oneof(
  { weight: 4, arbitrary: fieldSortArb },
  fc.constantFrom('_score', '_doc', { _score: 'asc' }, { _doc: 'desc' }, { _score: { order: 'desc' } }),
);

export const sortArb = fc.option(fc.array(sortKeyArb, { minLength: 1, maxLength: 3 }), { nil: undefined });

const aggLevel = (sub: fc.Arbitrary<Record<string, unknown> | undefined>) =>
  fc
    .record({ field: fc.constantFrom(...SORT_FIELDS, 'nope'), size: fc.integer({ min: 1, max: 4 }), sub })
    .map(({ field, size, sub }) => ({ terms: { field, size }, ...(sub === undefined ? {} : { aggs: sub }) }));

function clean<T extends object>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;
}

const subAggsArb = fc.option(
  aggLevel(fc.constant(undefined)).map((agg) => ({ inner: agg })),
  { nil: undefined },
);
export const aggsArb = fc.option(
  fc.dictionary(fc.constantFrom('first', 'second'), aggLevel(subAggsArb), { minKeys: 1, maxKeys: 2 }),
  { nil: undefined },
);

export const sourceArb = fc.constantFrom(
  undefined,
  false,
  'kw',
  ['obj', 'items.name'],
  ['obj.a', 'note'],
  { excludes: ['obj.a', 'items'] },
  { includes: ['obj', 'items'], excludes: ['items.count', 'obj.b'] },
  { excludes: ['items.name'] },
  { excludes: ['kw', 'items', 'nope'] },
  ['id', 'n', 'items', ' '],
  { includes: ['kw', 'obj', 'note'], excludes: ['obj'] },
);

export const bodyArb = fc
  .record(
    {
      query: fc.oneof(queryArb, filterQueryArb),
      sort: sortArb,
      from: fc.integer({ min: 0, max: 6 }),
      size: fc.integer({ min: 0, max: 8 }),
      track_total_hits: fc.constantFrom(undefined, true, false),
      _source: sourceArb,
      aggs: aggsArb,
    },
    { requiredKeys: [] },
  )
  .map((body) => clean(body));
