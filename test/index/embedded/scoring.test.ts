import { describe, expect, it } from 'vitest';
import { UnsupportedQueryError } from '../../../src/index/engine.ts';
import { fixtureIndex, untyped } from './fixtures.ts';

const index = fixtureIndex();
const species = { term: { rank: 'species' } };
const finnish = { term: { finnish: true } };

function scores(body: Parameters<typeof index.search>[0]): [string, number | null | undefined][] {
  return index.search(body).hits.hits.map((hit) => [hit._id ?? '', hit._score]);
}

describe('scores', () => {
  it('are 1 for match_all (and no query), times its boost', () => {
    expect(scores({ size: 2 })).toEqual([
      ['t1', 1],
      ['t2', 1],
    ]);
    expect(scores({ query: { match_all: { boost: 2.5 } }, size: 1 })).toEqual([['t1', 2.5]]);
  });

  it('are the boost of constant_score', () => {
    expect(scores({ query: { constant_score: { filter: species, boost: 4 } } })).toEqual([
      ['t2', 4],
      ['t4', 4],
      ['t6', 4],
    ]);
    expect(scores({ query: { constant_score: { filter: species } }, size: 1 })).toEqual([['t2', 1]]);
  });

  it('add up must and matching should clauses; filter and must_not add nothing', () => {
    const query = {
      bool: {
        must: [{ constant_score: { filter: finnish, boost: 2 } }],
        filter: [{ exists: { field: 'tags' } }],
        should: [
          { constant_score: { filter: species, boost: 3 } },
          { constant_score: { filter: { term: { tags: 'bird' } }, boost: 0.5 } },
        ],
        must_not: [{ term: { name: 'Aves' } }],
      },
    };
    expect(scores({ query })).toEqual([
      ['t2', 5.5],
      ['t6', 5],
      ['t3', 2.5],
    ]);
  });

  it('count equal constant scores of should clauses; a minimum above their number matches nothing', () => {
    const should = [{ constant_score: { filter: species } }, { constant_score: { filter: finnish } }];
    expect(scores({ query: { bool: { should, minimum_should_match: 2 } } })).toEqual([
      ['t2', 2],
      ['t6', 2],
    ]);
    expect(scores({ query: { bool: { should, minimum_should_match: 3 } } })).toEqual([]);
    expect(scores({ query: { bool: { filter: [finnish], should, minimum_should_match: 4 } } })).toEqual([]);
  });

  it('order hits by score, then by document number', () => {
    const query = {
      bool: { should: [{ constant_score: { filter: species, boost: 2 } }, { constant_score: { filter: finnish } }] },
    };
    expect(scores({ query })).toEqual([
      ['t2', 3],
      ['t6', 3],
      ['t4', 2],
      ['t1', 1],
      ['t3', 1],
    ]);
    expect(index.search({ query }).hits.max_score).toBe(3);
    expect(scores({ query, from: 3, size: 1 })).toEqual([['t1', 1]]);
    expect(index.search({ query, from: 3, size: 1 }).hits.max_score).toBe(3);
  });

  it('multiply by the boosts of enclosing bools, in 32-bit floats', () => {
    const query = { bool: { boost: 2, should: [{ constant_score: { filter: species, boost: 0.1 } }] } };
    expect(scores({ query, size: 1 })).toEqual([['t2', Math.fround(0.2)]]);
  });

  it('are 0 for a bool of filters, and 1 for an empty bool', () => {
    expect(scores({ query: { bool: { filter: [species] } }, size: 1 })).toEqual([['t2', 0]]);
    expect(scores({ query: { bool: { must_not: [species] } }, size: 1 })).toEqual([['t1', 0]]);
    expect(scores({ query: { bool: {} }, size: 1 })).toEqual([['t1', 1]]);
  });

  it('are null when hits are sorted by a field; max_score too', () => {
    const result = index.search({ query: { constant_score: { filter: species, boost: 2 } }, sort: ['order'] });
    expect(result.hits.max_score).toBeNull();
    expect(result.hits.hits.map((hit) => hit._score)).toEqual([null, null, null]);
  });

  it('show in the sort values when _score is a sort key', () => {
    const query = {
      bool: { should: [{ constant_score: { filter: species, boost: 2 } }, { constant_score: { filter: finnish } }] },
    };
    const result = index.search(untyped({ query, sort: [{ _score: 'asc' }, { order: 'desc' }], size: 3 }));
    expect(result.hits.hits.map((hit) => [hit._id, hit._score, hit.sort])).toEqual([
      ['t3', null, [1, 20]],
      ['t1', null, [1, 10]],
      ['t4', null, [2, 50]],
    ]);
  });
});

describe('leaves where scores count', () => {
  it('are refused when hits are ordered by score (Elasticsearch would use BM25)', () => {
    expect(() => index.search({ query: species })).toThrow(UnsupportedQueryError);
    expect(() => index.search({ query: species })).toThrow(/unsupported scoring leaf query term: query.term/);
    expect(() => index.search({ query: { bool: { must: [{ range: { order: { gte: 1 } } }] } } })).toThrow(
      /scoring leaf query range/,
    );
    expect(() => index.search({ query: { bool: { should: [species] } }, sort: ['order', '_score'] })).toThrow(
      /scoring leaf query term/,
    );
  });

  it('are accepted when hits are sorted by fields only, or there are no hits', () => {
    expect(index.search({ query: species, sort: ['order'] }).hits.hits.map((hit) => hit._id)).toEqual([
      't2',
      't4',
      't6',
    ]);
    expect(index.search({ query: { bool: { must: [species] } }, size: 0 }).hits.total).toEqual({
      value: 3,
      relation: 'eq',
    });
  });

  it('are accepted in filter context', () => {
    expect(
      scores({ query: { bool: { must: [{ constant_score: { filter: { bool: { must: [species] } } } }] } }, size: 1 }),
    ).toEqual([['t2', 1]]);
  });
});
