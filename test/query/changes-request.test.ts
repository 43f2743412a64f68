import { describe, expect, it } from 'vitest';
import { CHANGE_FILTER_KEYS, changesSource, compileChangesPage } from '../../src/query/changes-request.ts';
import { parseFilterBody } from '../../src/query/filter-body.ts';
import { and } from '../../src/query/nodes/index.ts';

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
  });
});
