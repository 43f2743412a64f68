import { describe, expect, it } from 'vitest';
import { DocumentIndex } from '../../../src/index/embedded/document-index.ts';
import { fieldCatalogFromMapping } from '../../../src/index/embedded/build/field-catalog.ts';
import { fixtureIndex } from './fixtures.ts';

const index = fixtureIndex();

describe('collapse', () => {
  it('keeps the first hit of each value in sort order and counts every match', () => {
    const result = index.search({ collapse: { field: 'rank' }, sort: [{ order: 'desc' }] });
    expect(result.hits.total).toEqual({ value: 6, relation: 'eq' });
    expect(result.hits.hits.map((hit) => [hit._id, hit.fields, hit.sort])).toEqual([
      ['t6', { rank: ['species'] }, [60]],
      ['t5', { rank: ['genus'] }, [40]],
      ['t1', { rank: ['class'] }, [10]],
    ]);
  });

  it('pages over groups', () => {
    const page = index.search({ collapse: { field: 'rank' }, sort: ['order'], from: 1, size: 1 });
    expect(page.hits.hits.map((hit) => hit._id)).toEqual(['t3']);
  });

  it('puts the documents without a value in one group of their own', () => {
    const fields = fieldCatalogFromMapping({ properties: { g: { type: 'integer' } } });
    const docs = [{ id: 'a', g: 1 }, { id: 'b' }, { id: 'c', g: 1 }, { id: 'd' }, { id: 'e', g: 2 }];
    const grouped = DocumentIndex.build(docs, { fields, idField: 'id' });
    const result = grouped.search({ collapse: { field: 'g' } });
    expect(result.hits.hits.map((hit) => [hit._id, hit.fields])).toEqual([
      ['a', { g: [1] }],
      ['b', { g: [null] }],
      ['e', { g: [2] }],
    ]);
  });

  it('refuses multi-valued matches, unmapped or unsuitable fields, and inner_hits', () => {
    expect(() => index.search({ collapse: { field: 'tags' } })).toThrow(/must be single valued/);
    const genera = index.search({ query: { bool: { filter: [{ term: { rank: 'genus' } }] } }, collapse: { field: 'tags' } });
    expect(genera.hits.hits.map((hit) => [hit._id, hit.fields])).toEqual([['t3', { tags: ['bird'] }], ['t5', { tags: [null] }]]);
    expect(() => index.search({ collapse: { field: 'colour' } })).toThrow(/no mapping found for \[colour\]/);
    expect(() => index.search({ collapse: { field: 'size' } })).toThrow(/cannot be collapsed on/);
    expect(() => index.search({ collapse: { field: 'rank', inner_hits: { name: 'x' } } })).toThrow(/collapse.inner_hits/);
  });
});
