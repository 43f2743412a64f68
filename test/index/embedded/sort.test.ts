import { describe, expect, it } from 'vitest';
import { UnsupportedQueryError } from '../../../src/index/engine.ts';
import { DocumentIndex } from '../../../src/index/embedded/document-index.ts';
import { fieldCatalogFromMapping } from '../../../src/index/embedded/build/field-catalog.ts';
import { fixtureIndex, ids, untyped } from './fixtures.ts';

const index = fixtureIndex();

function sorted(sort: unknown): [string | undefined, unknown][] {
  return index.search({ sort: sort as never, size: 10 }).hits.hits.map((hit) => [hit._id, hit.sort]);
}

describe('sort', () => {
  it('sorts by a field ascending by default, or descending', () => {
    expect(ids(index, { sort: 'order' })).toEqual(['t1', 't3', 't2', 't5', 't4', 't6']);
    expect(ids(index, { sort: [{ order: 'desc' }] })).toEqual(['t6', 't4', 't5', 't2', 't3', 't1']);
    expect(ids(index, untyped({ sort: [{ order: { order: 'DESC' } }] }))).toEqual(['t6', 't4', 't5', 't2', 't3', 't1']);
  });

  it('puts documents without a value last in both directions, or first', () => {
    expect(sorted([{ size: 'asc' }])).toEqual([
      ['t2', [0.14]],
      ['t6', [2]],
      ['t1', [2.5]],
      ['t5', [10]],
      ['t4', [35]],
      ['t3', [null]],
    ]);
    expect(sorted([{ size: 'desc' }])).toEqual([
      ['t5', [40]],
      ['t4', [35]],
      ['t1', [2.5]],
      ['t6', [2]],
      ['t2', [0.14]],
      ['t3', [null]],
    ]);
    expect(ids(index, { sort: [{ size: { order: 'desc', missing: '_first' } }] })).toEqual([
      't3',
      't5',
      't4',
      't1',
      't6',
      't2',
    ]);
  });

  it('sorts multi-valued fields by their minimum ascending and maximum descending', () => {
    expect(sorted([{ size: 'asc' }])[3]).toEqual(['t5', [10]]);
    expect(sorted([{ size: 'desc' }])[0]).toEqual(['t5', [40]]);
    expect(ids(index, { sort: [{ tags: 'asc' }, 'order'] })).toEqual(['t1', 't3', 't2', 't6', 't5', 't4']);
    expect(ids(index, { sort: [{ tags: 'desc' }, 'order'] })).toEqual(['t6', 't1', 't3', 't2', 't5', 't4']);
  });

  it('compares keywords by code point', () => {
    expect(sorted([{ name: 'asc' }])).toEqual([
      ['t1', ['Aves']],
      ['t3', ['Parus']],
      ['t2', ['Parus major']],
      ['t4', ['Quercus robur']],
      ['t5', ['quercus']],
      ['t6', ['Älg']],
    ]);
  });

  it('gives booleans as 0/1 sort values and breaks ties by document number', () => {
    expect(sorted(['finnish'])).toEqual([
      ['t4', [0]],
      ['t5', [0]],
      ['t1', [1]],
      ['t2', [1]],
      ['t3', [1]],
      ['t6', [1]],
    ]);
  });

  it('sorts by several keys, _doc and _score', () => {
    expect(sorted([{ rank: 'desc' }, { _doc: 'desc' }])).toEqual([
      ['t6', ['species', 5]],
      ['t4', ['species', 3]],
      ['t2', ['species', 1]],
      ['t5', ['genus', 4]],
      ['t3', ['genus', 2]],
      ['t1', ['class', 0]],
    ]);
    expect(ids(index, { sort: ['_doc'] })).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
    expect(sorted(['rank', '_score'])[0]).toEqual(['t1', ['class', 1]]);
  });

  it('treats _score alone (descending) as relevance order: no sort values', () => {
    const hit = index.search({ sort: ['_score'], size: 1 }).hits.hits[0];
    expect(hit).toEqual(expect.objectContaining({ _id: 't1', _score: 1 }));
    expect(hit).not.toHaveProperty('sort');
  });

  it('refuses an unmapped field', () => {
    expect(() => ids(index, { sort: ['colour'] })).toThrow(
      new UnsupportedQueryError('sort', 'No mapping found for [colour] in order to sort on'),
    );
  });

  it('sorts the same after an earlier sort has used the working memory', () => {
    const query = {
      bool: { should: [{ constant_score: { filter: { term: { rank: 'species' } }, boost: 4 } }, { match_all: {} }] },
    };
    const body = { query, sort: ['finnish', '_score', '_doc'] } as never;
    const fresh = ids(fixtureIndex(), body);
    expect(fresh).toEqual(['t4', 't5', 't2', 't6', 't1', 't3']);
    // This sort leaves in the working memory three columns that would each order the documents
    // otherwise if the next sort read one of them as its own.
    const used = fixtureIndex();
    expect(ids(used, { query, sort: [{ _score: { order: 'asc' } }, { order: 'desc' }] } as never)).toEqual([
      't5',
      't3',
      't1',
      't6',
      't4',
      't2',
    ]);
    expect(ids(used, body)).toEqual(fresh);
  });

  it('refuses the sort options the compiler does not send', () => {
    expect(() => ids(index, untyped({ sort: [{ size: { mode: 'max' } }] }))).toThrow(/sort.size.mode/);
    expect(() => ids(index, untyped({ sort: [{ colour: { unmapped_type: 'keyword' } }] }))).toThrow(
      /sort.colour.unmapped_type/,
    );
    expect(() => ids(index, untyped({ sort: [{ size: { missing: 3 } }] }))).toThrow(
      /sort.size.missing: expected _last or _first/,
    );
    expect(() => ids(index, untyped({ sort: [{ size: { numeric_type: 'long' } }] }))).toThrow(/sort.size.numeric_type/);
  });

  it('pages through a cached permutation the same as through a sorted subset', () => {
    const fields = fieldCatalogFromMapping({ properties: { n: { type: 'integer' }, g: { type: 'keyword' } } });
    const docs = Array.from({ length: 3000 }, (_, i) => ({
      id: `d${i}`,
      n: (i * 7919) % 1000,
      g: i % 3 === 0 ? 'a' : 'b',
    }));
    const big = DocumentIndex.build(docs, { fields, idField: 'id' });
    const expected = docs
      .filter((doc) => doc.g === 'a')
      .sort((x, y) => y.n - x.n || Number(x.id.slice(1)) - Number(y.id.slice(1)))
      .map((doc) => doc.id);
    const query = { bool: { filter: [{ term: { g: 'a' } }] } };
    for (const from of [0, 5, 400, 995]) {
      expect(ids(big, { query, sort: [{ n: 'desc' }], from, size: 10 })).toEqual(expected.slice(from, from + 10));
    }
    // n: d3 → 757, d6 → 514, d9 → 271
    expect(ids(big, { query: { ids: { values: ['d9', 'd6', 'd3'] } }, sort: [{ n: 'desc' }] })).toEqual([
      'd3',
      'd6',
      'd9',
    ]);
  });
});
