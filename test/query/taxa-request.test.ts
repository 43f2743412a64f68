import { describe, expect, it } from 'vitest';
import { compileAggregations, parseAggregateBy, aggregateRows } from '../../src/query/aggregate.ts';
import { parseFilterBody } from '../../src/query/filter-body.ts';
import { compileSort, isSortableField } from '../../src/query/sort.ts';
import { compileSource } from '../../src/query/source.ts';
import { and, compileNode as compileNodeOf, term } from '../../src/query/nodes/index.ts';
import {
  compileChildren,
  compileChildrenOf,
  compileLineageOf,
  compileTaxaAggregate,
  compileTaxaByIds,
  compileTaxaExportChunk,
  compileTaxaPage,
  compileTaxonById,
  EXPORT_CHUNK_SIZE,
  speciesUnder,
} from '../../src/query/taxa-request.ts';
import { compileChangesExportChunk } from '../../src/query/changes-request.ts';

const INTERNAL = [
  'isPartOf',
  'isPartOfNonHidden',
  'depth',
  'nonHiddenDepth',
  'nonHiddenParents',
  'scientificNameSortRank',
  'finnishNameSortRank',
  'latestRedListEvaluation.primaryHabitatSearchStrings',
  'latestRedListEvaluation.anyHabitatSearchStrings',
];
const HEAVY = ['multimedia', 'descriptions', 'latestRedListEvaluation'];

describe('compileTaxaPage', () => {
  it('builds the whole request: scope clauses, body filters, sort, paging, source', () => {
    const body = compileTaxaPage({
      filter: parseFilterBody({ finnish: true, taxonRank: ['MX.species', '!MX.genus'] }),
      scope: { checklist: ['MR.1'], includeHidden: false, parentTaxonId: 'MX.37580' },
      sort: { field: 'scientificName', direction: 'desc' },
      page: 3,
      pageSize: 20,
      fields: { selectedFields: ['id', 'vernacularNameMultiLang'], includeMedia: true },
    });
    expect(body).toEqual({
      query: {
        bool: {
          filter: [
            { term: { nameAccordingTo: 'MR.1' } },
            { term: { parents: 'MX.37580' } },
            { term: { finnish: true } },
            { term: { taxonRank: 'MX.species' } },
          ],
          must_not: [{ term: { hiddenTaxon: true } }, { term: { taxonRank: 'MX.genus' } }],
        },
      },
      sort: [{ scientificNameSortRank: { order: 'desc', missing: '_last' } }, { taxonomicOrder: { order: 'asc' } }],
      from: 40,
      size: 20,
      track_total_hits: true,
      _source: {
        includes: ['id', 'vernacularName'],
        excludes: [...INTERNAL, 'descriptions', 'latestRedListEvaluation'],
      },
    });
  });

  it('takes taxa of any of several checklists', () => {
    const body = compileTaxaPage({
      filter: parseFilterBody(undefined),
      scope: { checklist: ['MR.1', 'MR.2'], includeHidden: true },
      sort: { field: 'taxonomic', direction: 'asc' },
      page: 1,
      pageSize: 20,
      fields: {},
    });
    expect(body.query).toEqual({ bool: { filter: [{ terms: { nameAccordingTo: ['MR.1', 'MR.2'] } }] } });
  });

  it('with hidden taxa and no checklist has only the filter clauses', () => {
    const body = compileTaxaPage({
      filter: parseFilterBody(undefined),
      scope: { includeHidden: true, speciesOnly: true },
      sort: { field: 'taxonomic', direction: 'asc' },
      page: 1,
      pageSize: 10,
      fields: {},
    });
    expect(body.query).toEqual({ bool: { filter: [{ term: { species: true } }] } });
    expect(body.sort).toEqual([{ taxonomicOrder: { order: 'asc' } }]);
    expect(body._source).toEqual({ excludes: [...INTERNAL, ...HEAVY] });
  });
});

describe('compileSort', () => {
  it('sorts Finnish names by their rank, missing last, ties by taxonomic order', () => {
    expect(compileSort({ field: 'finnishName', direction: 'asc' })).toEqual([
      { finnishNameSortRank: { order: 'asc', missing: '_last' } },
      { taxonomicOrder: { order: 'asc' } },
    ]);
    expect(compileSort({ field: 'taxonomic', direction: 'desc' })).toEqual([{ taxonomicOrder: { order: 'desc' } }]);
  });
});

describe('isSortableField', () => {
  it('takes a leaf of the taxon, not an object, an unknown name or an internal sort rank', () => {
    expect(isSortableField('scientificName')).toBe(true);
    expect(isSortableField('taxonomicOrder')).toBe(true);
    expect(isSortableField('parent')).toBe(false);
    expect(isSortableField('colour')).toBe(false);
    expect(isSortableField('scientificNameSortRank')).toBe(false);
  });
});

describe('compileSource', () => {
  it('keeps the parent field out of the excludes for a request that places children under it', () => {
    expect(compileSource({ withParent: true })).toEqual({
      excludes: [...INTERNAL, ...HEAVY].filter((field) => field !== 'isPartOf'),
    });
    expect(compileSource({ selectedFields: [] })).toEqual({ excludes: [...INTERNAL, ...HEAVY] });
  });

  it('keeps a heavy field the client names in selectedFields', () => {
    expect(compileSource({ selectedFields: ['multimedia.author'] })).toEqual({
      includes: ['multimedia.author'],
      excludes: [...INTERNAL, 'descriptions', 'latestRedListEvaluation'],
    });
  });
});

describe('tree requests', () => {
  it('asks for children by nearest non-hidden parent, or by parent with hidden taxa', () => {
    expect(compileChildren('MX.1', false, {})).toEqual({
      query: {
        bool: { filter: [{ term: { isPartOfNonHidden: 'MX.1' } }], must_not: [{ term: { hiddenTaxon: true } }] },
      },
      sort: [{ taxonomicOrder: { order: 'asc' } }],
      size: 100_000,
      track_total_hits: true,
      _source: { excludes: [...INTERNAL, ...HEAVY] },
    });
    expect(compileChildren('MX.1', true, {}).query).toEqual({ bool: { filter: [{ term: { isPartOf: 'MX.1' } }] } });
  });

  it('asks for the children of several parents at once, each hit with its id and the parent it was found by', () => {
    const filter = term.build('finnish', true);
    expect(compileChildrenOf(['MX.1', 'MX.2'], false, { selectedFields: ['scientificName', 'id'] }, filter)).toEqual({
      parentField: 'isPartOfNonHidden',
      body: {
        query: {
          bool: {
            filter: [{ terms: { isPartOfNonHidden: ['MX.1', 'MX.2'] } }, { term: { finnish: true } }],
            must_not: [{ term: { hiddenTaxon: true } }],
          },
        },
        sort: [{ taxonomicOrder: { order: 'asc' } }],
        size: 100_000,
        track_total_hits: true,
        _source: {
          includes: ['scientificName', 'id', 'isPartOfNonHidden'],
          excludes: [...INTERNAL, ...HEAVY].filter((field) => field !== 'isPartOfNonHidden'),
        },
      },
    });
    const one = compileChildrenOf(['MX.1'], true, {});
    expect(one.parentField).toBe('isPartOf');
    expect(one.body.query).toEqual({ bool: { filter: [{ term: { isPartOf: 'MX.1' } }] } });
    expect(one.body._source).toEqual({ excludes: [...INTERNAL, ...HEAVY].filter((field) => field !== 'isPartOf') });
  });

  it('asks for children under a filter, sorted as asked', () => {
    const body = compileChildren('MX.1', true, {}, term.build('finnish', true), {
      field: 'scientificName',
      direction: 'desc',
    });
    expect(body.query).toEqual({ bool: { filter: [{ term: { isPartOf: 'MX.1' } }, { term: { finnish: true } }] } });
    expect(body.sort).toEqual([
      { scientificNameSortRank: { order: 'desc', missing: '_last' } },
      { taxonomicOrder: { order: 'asc' } },
    ]);
  });

  it('walks a lineage from what a taxon lists of its ancestors', () => {
    expect(compileLineageOf('MX.1')).toEqual({
      query: { bool: { filter: [{ ids: { values: ['MX.1'] } }] } },
      size: 1,
      _source: { includes: ['id', 'parents', 'nonHiddenParents', 'nameAccordingTo'] },
    });
  });

  it('asks for the species under a taxon, and under the parentTaxonId asked too when it is another', () => {
    const filter = and.build([]);
    const scope = { includeHidden: false, checklist: ['MR.1'] };
    expect(speciesUnder('MX.1', scope, filter)).toEqual({
      scope: { ...scope, parentTaxonId: 'MX.1', speciesOnly: true },
      filter,
    });
    expect(speciesUnder('MX.1', { ...scope, parentTaxonId: 'MX.1' }, filter).filter).toBe(filter);
    expect(compileNodeOf(speciesUnder('MX.1', { ...scope, parentTaxonId: 'MX.9' }, filter).filter)).toEqual({
      bool: { filter: [{ term: { parents: 'MX.9' } }] },
    });
  });

  it('asks for a lineage by ids in taxonomic order, and one taxon by id', () => {
    expect(compileTaxaByIds(['MX.1'], {}, term.build('finnish', true)).query).toEqual({
      bool: { filter: [{ ids: { values: ['MX.1'] } }, { term: { finnish: true } }] },
    });
    expect(compileTaxaByIds(['MX.1', 'MX.2'], {}).query).toEqual({
      bool: { filter: [{ ids: { values: ['MX.1', 'MX.2'] } }] },
    });
    expect(compileTaxonById('MX.1', {})).toEqual({
      query: { bool: { filter: [{ ids: { values: ['MX.1'] } }] } },
      size: 1,
      _source: { excludes: [...INTERNAL, ...HEAVY] },
    });
  });
});

describe('aggregations', () => {
  it('parses nesting, names and several aggregations', () => {
    expect(parseAggregateBy('taxonRank,finnish=rankFinnish;informalTaxonGroups')).toEqual([
      { name: 'rankFinnish', fields: ['taxonRank', 'finnish'] },
      { name: 'informalTaxonGroups', fields: ['informalTaxonGroups'] },
    ]);
  });

  it('compiles nested terms aggregations with size 0 hits', () => {
    const specs = parseAggregateBy('taxonRank,finnish=rankFinnish');
    expect(compileTaxaAggregate(parseFilterBody({}), { includeHidden: true }, specs, 5)).toEqual({
      query: { match_all: {} },
      size: 0,
      track_total_hits: true,
      aggs: {
        rankFinnish: {
          terms: { field: 'taxonRank', size: 5 },
          aggs: { finnish: { terms: { field: 'finnish', size: 5 } } },
        },
      },
    });
    expect(compileAggregations(parseAggregateBy('a.b'.replace('a.b', 'parent.genus.id')), 10)).toEqual({
      'parent.genus.id': { terms: { field: 'parent.genus.id', size: 10 } },
    });
  });

  it('flattens buckets into rows, each value its bucket key as the cluster gives it', () => {
    const specs = parseAggregateBy('taxonRank,finnish');
    const rows = aggregateRows(specs, {
      'taxonRank,finnish': {
        buckets: [
          { key: 'MX.species', doc_count: 3, finnish: { buckets: [{ key: 1, key_as_string: 'true', doc_count: 2 }] } },
          { key: 'MX.genus', doc_count: 1, finnish: { buckets: [] } },
        ],
      },
    });
    expect(rows).toEqual({
      'taxonRank,finnish': [
        { values: { taxonRank: 'MX.species', finnish: 1 }, count: 2 },
        { values: { taxonRank: 'MX.genus' }, count: 0 },
      ],
    });
  });
});

describe('compileTaxaExportChunk and compileChangesExportChunk', () => {
  it('reads the first chunk from the start and each next one after the last sort value, without totals', () => {
    const request = {
      filter: parseFilterBody({ finnish: true }),
      scope: { checklist: ['MR.1'], includeHidden: true, speciesOnly: true },
      fields: { selectedFields: ['id'] },
    };
    const first = compileTaxaExportChunk(request, undefined);
    expect(first).toEqual({
      query: {
        bool: {
          filter: [{ term: { nameAccordingTo: 'MR.1' } }, { term: { species: true } }, { term: { finnish: true } }],
        },
      },
      sort: [{ taxonomicOrder: { order: 'asc' } }],
      size: EXPORT_CHUNK_SIZE,
      track_total_hits: false,
      _source: { includes: ['id'], excludes: [...INTERNAL, ...HEAVY] },
    });
    const next = compileTaxaExportChunk(request, 4711);
    expect(next).toEqual({
      ...first,
      query: {
        bool: {
          filter: [
            { term: { nameAccordingTo: 'MR.1' } },
            { term: { species: true } },
            { term: { finnish: true } },
            { range: { taxonomicOrder: { gte: 4712 } } },
          ],
        },
      },
    });
    const changes = compileChangesExportChunk({ scope: { since: 'MR.424' }, filter: parseFilterBody({}) }, 12);
    expect(changes).toMatchObject({
      query: { bool: { filter: [{ term: { since: 'MR.424' } }, { range: { order: { gte: 13 } } }] } },
      sort: [{ order: { order: 'asc' } }],
      size: EXPORT_CHUNK_SIZE,
      track_total_hits: false,
    });
  });
});
