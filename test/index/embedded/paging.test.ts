import { describe, expect, it } from 'vitest';
import { fixtureIndex, ids } from './fixtures.ts';

const index = fixtureIndex();

describe('from and size', () => {
  it('slice the ordered hits; size defaults to 10', () => {
    expect(ids(index, { sort: ['order'], from: 2, size: 2 })).toEqual(['t2', 't5']);
    expect(ids(index, { sort: ['order'], from: 5 })).toEqual(['t6']);
    expect(ids(index, { sort: ['order'], from: 6 })).toEqual([]);
    expect(ids(index, {})).toHaveLength(6);
  });

  it('size 0 returns totals and aggregations but no hits', () => {
    const result = index.search({ size: 0, aggs: { ranks: { terms: { field: 'rank', size: 1 } } } });
    expect(result.hits).toEqual({ total: { value: 6, relation: 'eq' }, max_score: null, hits: [] });
    expect(result.aggregations).toEqual({
      ranks: { doc_count_error_upper_bound: 0, sum_other_doc_count: 3, buckets: [{ key: 'species', doc_count: 3 }] },
    });
  });

  it('refuses negative offsets', () => {
    expect(() => ids(index, { from: -1 })).toThrow(/from/);
  });
});

describe('track_total_hits', () => {
  it('counts up to 10,000 by default, exactly when true, or not at all; a bound of its own is refused', () => {
    expect(index.search({ size: 0 }).hits.total).toEqual({ value: 6, relation: 'eq' });
    expect(index.search({ size: 0, track_total_hits: true }).hits.total).toEqual({ value: 6, relation: 'eq' });
    expect(index.search({ size: 0, track_total_hits: false }).hits).not.toHaveProperty('total');
    expect(() => index.search({ size: 0, track_total_hits: 4 } as never)).toThrow(
      /track_total_hits: expected a boolean/,
    );
  });
});

describe('response', () => {
  it('has the envelope of an Elasticsearch answer', () => {
    const result = index.search({
      query: { constant_score: { filter: { ids: { values: ['t3'] } } } },
      _source: ['name'],
    });
    expect(result).toEqual({
      took: expect.any(Number),
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: {
        total: { value: 1, relation: 'eq' },
        max_score: 1,
        hits: [{ _index: 'taxa-test', _id: 't3', _score: 1, _source: { name: 'Parus' } }],
      },
    });
  });

  it('refuses request options outside the subset', () => {
    expect(() => index.search({ highlight: { fields: {} } } as never)).toThrow(/unsupported highlight/);
    expect(() => index.search({ search_after: [1] } as never)).toThrow(/unsupported search_after/);
  });
});
