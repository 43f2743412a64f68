import { describe, expect, it } from 'vitest';
import { UnsupportedQueryError } from '../../../src/index/engine.ts';
import { DocumentIndex } from '../../../src/index/embedded/document-index.ts';
import { fieldCatalogFromMapping } from '../../../src/index/embedded/build/field-catalog.ts';
import { fixtureIndex, matching, untyped } from './fixtures.ts';

const index = fixtureIndex();

describe('term', () => {
  it('matches keyword values exactly, without normalisation', () => {
    expect(matching(index, { term: { name: 'Parus' } })).toEqual(['t3']);
    expect(matching(index, { term: { name: 'parus' } })).toEqual([]);
  });

  it('matches any value of a multi-valued field', () => {
    expect(matching(index, { term: { tags: 'bird' } })).toEqual(['t1', 't2', 't3']);
  });

  it('reads through arrays of objects (flattened, not nested)', () => {
    expect(matching(index, { term: { 'habitats.habitat': 'forest' } })).toEqual(['t2', 't4', 't5']);
    expect(matching(index, { term: { 'habitats.share': 30 } })).toEqual(['t2']);
    expect(matching(index, { term: { 'vernacular.fi': 'hirvi' } })).toEqual(['t6']);
  });

  it('does not index keywords longer than ignore_above', () => {
    expect(matching(index, { term: { tags: 'songbirds' } })).toEqual([]);
    expect(matching(index, { term: { tags: 'mammal' } })).toEqual(['t6']);
  });

  it('matches booleans given as booleans or strings, and boolean strings in the source', () => {
    expect(matching(index, { term: { finnish: true } })).toEqual(['t1', 't2', 't3', 't6']);
    expect(matching(index, { term: { finnish: 'false' } })).toEqual(['t4', 't5']);
  });

  it('compares numbers numerically, accepting numeric strings', () => {
    expect(matching(index, { term: { order: 30 } })).toEqual(['t2']);
    expect(matching(index, { term: { order: '30' } })).toEqual(['t2']);
    expect(matching(index, { term: { size: 40 } })).toEqual(['t5']);
    expect(matching(index, { term: { order: 30.5 } })).toEqual([]);
  });

  it('rounds float values and float queries alike to 32 bits', () => {
    expect(matching(index, { term: { weight: 0.1 } })).toEqual(['t1']);
    expect(matching(index, { term: { weight: 0.30000001192092896 } })).toEqual(['t2']);
  });

  it('matches nothing on a field the mapping does not have', () => {
    expect(matching(index, { term: { colour: 'red' } })).toEqual([]);
  });

  it('looks up _id', () => {
    expect(matching(index, { term: { _id: 't4' } })).toEqual(['t4']);
  });

  it('refuses values the field type cannot read', () => {
    expect(() => matching(index, { term: { order: 'ten' } })).toThrow(UnsupportedQueryError);
    expect(() => matching(index, { term: { finnish: 'yes' } })).toThrow(/expected \[true\] or \[false\]/);
  });

  it('refuses the object form, with its options, which the compiler does not send', () => {
    const term = (spec: unknown) => () => matching(index, untyped({ query: { term: { name: spec } } }).query);
    expect(term({ value: 'Älg' })).toThrow(
      new UnsupportedQueryError('query.bool.filter.term.name', 'expected a value'),
    );
    expect(term({ value: 'x', case_insensitive: true })).toThrow(
      new UnsupportedQueryError('query.bool.filter.term.name', 'expected a value'),
    );
  });

  it('matches the string form of a number or boolean in a keyword field', () => {
    const fields = fieldCatalogFromMapping({ properties: { code: { type: 'keyword' } } });
    const codes = DocumentIndex.build(
      [
        { id: 'a', code: 12 },
        { id: 'b', code: '12' },
        { id: 'c', code: true },
      ],
      { fields, idField: 'id' },
    );
    expect(matching(codes, { term: { code: 12 } })).toEqual(['a', 'b']);
    expect(matching(codes, { term: { code: 'true' } })).toEqual(['c']);
  });

  it('reads keys that hold dots as paths', () => {
    const fields = fieldCatalogFromMapping({
      properties: { a: { properties: { b: { properties: { c: { type: 'keyword' } } } } } },
    });
    const docs = [
      { id: 'x', 'a.b': { c: 'v' } },
      { id: 'y', a: { 'b.c': ['v', 'w'] } },
      { id: 'z', a: { b: { c: 'w' } } },
    ];
    for (const eagerFields of [[], 'all'] as const) {
      const dotted = DocumentIndex.build(docs, { fields, idField: 'id', eagerFields });
      expect(matching(dotted, { term: { 'a.b.c': 'v' } })).toEqual(['x', 'y']);
      expect(matching(dotted, { exists: { field: 'a.b' } })).toEqual(['x', 'y', 'z']);
    }
  });
});

describe('terms', () => {
  it('matches any of the values', () => {
    expect(matching(index, { terms: { rank: ['genus', 'class'] } })).toEqual(['t1', 't3', 't5']);
    expect(matching(index, { terms: { rank: ['genus', 'kingdom'] } })).toEqual(['t3', 't5']);
    expect(matching(index, { terms: { order: [10, '60', 99] } })).toEqual(['t1', 't6']);
    expect(matching(index, { terms: { rank: [] } })).toEqual([]);
  });

  it('refuses a terms lookup, a boost and several fields', () => {
    const terms = (body: object) => () => matching(index, untyped({ query: { terms: body } }).query);
    expect(terms({ rank: { index: 'i', id: '1', path: 'p' } })).toThrow(/terms.rank: expected an array/);
    expect(terms({ rank: ['a'], boost: 1 })).toThrow(/exactly one key/);
    expect(terms({ rank: ['a'], name: ['b'] })).toThrow(/exactly one key/);
  });
});
