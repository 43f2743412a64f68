import { describe, expect, it } from 'vitest';
import {
  CHANGE_FILTER_KEYS,
  changesScopeClauses,
  changesSource,
  compileChangeOf,
  compileChangesAggregate,
  compileChangesExportChunk,
  compileChangesPage,
} from '../../src/query/changes-request.ts';
import { parseAggregateBy } from '../../src/query/aggregate.ts';
import { parseFilterBody } from '../../src/query/filter-body.ts';
import { and, compileNode, term } from '../../src/query/nodes/index.ts';

const none = { include: [], exclude: [] };

describe('change-record requests', () => {
  it('compile to a page of one version pair, in record order, with filters on either version', () => {
    const body = compileChangesPage({
      scope: {
        since: 'MR.424',
        changeTypes: { include: ['renamed', 'moved'], exclude: [] },
        fields: none,
        parentTaxonId: 'MX.1',
        informalTaxonGroups: { include: ['MVL.1'], exclude: ['MVL.2'] },
        finnish: true,
      },
      filter: parseFilterBody({ id: 'MX.5', 'to.taxonRank': '!MX.genus' }, CHANGE_FILTER_KEYS),
      page: 3,
      pageSize: 10,
    });
    expect(body).toEqual({
      query: {
        bool: {
          filter: [
            { term: { since: 'MR.424' } },
            { terms: { changeTypes: ['renamed', 'moved'] } },
            {
              bool: {
                should: [{ term: { 'from.parents': 'MX.1' } }, { term: { 'to.parents': 'MX.1' } }],
                minimum_should_match: 1,
              },
            },
            {
              bool: {
                should: [
                  { term: { 'from.informalTaxonGroups': 'MVL.1' } },
                  { term: { 'to.informalTaxonGroups': 'MVL.1' } },
                ],
                minimum_should_match: 1,
              },
            },
            {
              bool: {
                should: [
                  { term: { 'to.finnish': true } },
                  {
                    bool: { filter: [{ term: { 'from.finnish': true } }], must_not: [{ exists: { field: 'to.id' } }] },
                  },
                ],
                minimum_should_match: 1,
              },
            },
            { term: { taxonId: 'MX.5' } },
          ],
          must_not: [
            { term: { 'from.informalTaxonGroups': 'MVL.2' } },
            { term: { 'to.informalTaxonGroups': 'MVL.2' } },
            { term: { 'to.taxonRank': 'MX.genus' } },
          ],
        },
      },
      sort: [{ order: { order: 'asc' } }],
      from: 20,
      size: 10,
      track_total_hits: true,
      _source: changesSource(undefined),
    });
    expect(
      compileChangesPage({ scope: { since: 'current' }, filter: and.build([]), page: 1, pageSize: 5 }).query,
    ).toEqual({ bool: { filter: [{ term: { since: 'current' } }] } });
  });

  it("keep the taxa's internal fields out of _source on both sides, and the taxon id in a selection", () => {
    expect(changesSource(undefined)).toEqual({
      excludes: expect.arrayContaining(['from.scientificNameSortRank', 'to.isPartOf']),
    });
    expect(changesSource(['changeTypes', 'to.vernacularNameMultiLang', 'id'])).toMatchObject({
      includes: ['taxonId', 'changeTypes', 'to.vernacularName'],
    });
  });

  it("know the record paths: its own, and the taxon's under from and to", () => {
    expect(
      ['id', 'changeTypes', 'fields', 'from.taxonRank', 'to.finnish', 'to.nope', 'colour', 'from'].map((key) =>
        CHANGE_FILTER_KEYS.kindOf(key),
      ),
    ).toEqual(['string', 'string', 'string', 'string', 'boolean', undefined, undefined, undefined]);
    expect(['.taxonRank', 'side.taxonRank', 'taxonRank.from'].map((key) => CHANGE_FILTER_KEYS.kindOf(key))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(CHANGE_FILTER_KEYS.fieldOf('id')).toBe('taxonId');
    expect(CHANGE_FILTER_KEYS.fieldOf('to.taxonRank')).toBe('to.taxonRank');
  });

  it('filter by the changed fields and by the latest species flag, and by several groups on either side', () => {
    const clauses = changesScopeClauses({
      since: 'MR.424',
      fields: { include: ['scientificName'], exclude: ['parents'] },
      informalTaxonGroups: { include: ['MVL.1', 'MVL.2'], exclude: [] },
      species: false,
    }).map(compileNode);
    expect(clauses).toEqual([
      { term: { since: 'MR.424' } },
      { term: { fields: 'scientificName' } },
      { bool: { must_not: [{ term: { fields: 'parents' } }] } },
      {
        bool: {
          should: [
            { terms: { 'from.informalTaxonGroups': ['MVL.1', 'MVL.2'] } },
            { terms: { 'to.informalTaxonGroups': ['MVL.1', 'MVL.2'] } },
          ],
          minimum_should_match: 1,
        },
      },
      {
        bool: {
          should: [
            { term: { 'to.species': false } },
            { bool: { filter: [{ term: { 'from.species': false } }], must_not: [{ exists: { field: 'to.id' } }] } },
          ],
          minimum_should_match: 1,
        },
      },
    ]);
  });

  it("compile an export chunk after the last record read, an aggregation, and one taxon's record", () => {
    const request = { scope: { since: 'MR.424' }, filter: and.build([]), selectedFields: ['changeTypes'] };
    expect(compileChangesExportChunk(request, 41)).toEqual({
      query: { bool: { filter: [{ term: { since: 'MR.424' } }, { range: { order: { gte: 42 } } }] } },
      sort: [{ order: { order: 'asc' } }],
      size: 1000,
      track_total_hits: false,
      _source: changesSource(['changeTypes']),
    });
    expect(compileChangesExportChunk(request, undefined).query).toEqual({
      bool: { filter: [{ term: { since: 'MR.424' } }] },
    });
    expect(
      compileChangesAggregate(
        { since: 'MR.424' },
        term.build('to.finnish', true),
        parseAggregateBy('changeTypes', CHANGE_FILTER_KEYS),
        5,
      ),
    ).toEqual({
      query: { bool: { filter: [{ term: { since: 'MR.424' } }, { term: { 'to.finnish': true } }] } },
      size: 0,
      track_total_hits: true,
      aggs: { changeTypes: { terms: { field: 'changeTypes', size: 5 } } },
    });
    expect(compileChangeOf('MR.424', 'MX.5')).toEqual({
      query: { bool: { filter: [{ term: { since: 'MR.424' } }, { term: { taxonId: 'MX.5' } }] } },
      size: 1,
      _source: changesSource(undefined),
    });
  });
});
