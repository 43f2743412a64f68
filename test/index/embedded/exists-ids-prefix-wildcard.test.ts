import { describe, expect, it } from 'vitest';
import { UnsupportedQueryError } from '../../../src/index/engine.ts';
import { DocumentIndex } from '../../../src/index/embedded/document-index.ts';
import { propertyCatalog } from './arbitraries.ts';
import { fixtureIndex, matching, untyped } from './fixtures.ts';

const index = fixtureIndex();

describe('exists', () => {
  it('matches documents with at least one indexed value', () => {
    expect(matching(index, { exists: { field: 'size' } })).toEqual(['t1', 't2', 't4', 't5', 't6']);
    expect(matching(index, { exists: { field: 'habitats.share' } })).toEqual(['t2', 't4', 't5']);
  });

  it('does not count values over ignore_above or empty arrays', () => {
    expect(matching(index, { exists: { field: 'tags' } })).toEqual(['t1', 't2', 't3', 't6']);
  });

  it('on an object path, matches when any mapped subfield has a value', () => {
    expect(matching(index, { exists: { field: 'vernacular' } })).toEqual(['t1', 't2', 't3', 't5', 't6']);
    expect(matching(index, { exists: { field: 'habitats' } })).toEqual(['t2', 't4', 't5']);
  });

  it('accepts a pattern of field names', () => {
    expect(matching(index, { exists: { field: 'vernacular.e*' } })).toEqual(['t1', 't3', 't5', 't6']);
  });

  it('matches nothing for an unmapped field', () => {
    expect(matching(index, { exists: { field: 'colour' } })).toEqual([]);
  });
});

describe('ids', () => {
  it('matches the documents with these ids', () => {
    expect(matching(index, { ids: { values: ['t5', 't1', 'nope'] } })).toEqual(['t1', 't5']);
    expect(matching(index, { ids: { values: [] } })).toEqual([]);
  });
});

describe('prefix', () => {
  it('matches keyword terms that start with the value, case-sensitively', () => {
    expect(matching(index, { prefix: { name: { value: 'Parus' } } })).toEqual(['t2', 't3']);
    expect(matching(index, { prefix: { name: { value: 'Parus ' } } })).toEqual(['t2']);
    expect(matching(index, { prefix: { name: { value: 'q' } } })).toEqual(['t5']);
    expect(matching(index, { prefix: { 'habitats.habitat': { value: 'p' } } })).toEqual(['t5']);
    expect(matching(index, { prefix: { name: { value: '' } } })).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
  });

  it('refuses numeric fields, the bare value and other options', () => {
    expect(() => matching(index, { prefix: { order: { value: '1' } } })).toThrow(/does not support prefix/);
    const prefix = (spec: unknown) => () => matching(index, untyped({ query: { prefix: { name: spec } } }).query);
    expect(prefix({ value: 'p', case_insensitive: false })).toThrow(
      new UnsupportedQueryError('query.bool.filter.prefix.name.case_insensitive'),
    );
    expect(prefix({ value: 'p', boost: 2 })).toThrow(new UnsupportedQueryError('query.bool.filter.prefix.name.boost'));
    expect(prefix('p')).toThrow(/query.bool.filter.prefix.name: expected an object/);
  });
});

describe('wildcard', () => {
  it('matches the terms longer than a literal prefix: prefix?*', () => {
    expect(matching(index, { wildcard: { name: { value: 'Parus?*' } } })).toEqual(['t2']);
    expect(matching(index, { wildcard: { name: { value: 'P?*' } } })).toEqual(['t2', 't3']);
    expect(matching(index, { wildcard: { name: { value: '?*' } } })).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
  });

  it('reads escaped wildcard characters in the prefix literally, and is case-sensitive', () => {
    expect(matching(index, { wildcard: { name: { value: 'Parus\\*?*' } } })).toEqual([]);
    expect(matching(index, { wildcard: { name: { value: 'Pa\\rus?*' } } })).toEqual(['t2']);
    expect(matching(index, { wildcard: { name: { value: 'parus?*' } } })).toEqual([]);
  });

  it('matches the terms that hold a literal anywhere: *text*', () => {
    expect(matching(index, { wildcard: { name: { value: '*us*' } } })).toEqual(['t2', 't3', 't4', 't5']);
    expect(matching(index, { wildcard: { name: { value: '*s m*' } } })).toEqual(['t2']);
    expect(matching(index, { wildcard: { name: { value: '*a\\rus*' } } })).toEqual(['t2', 't3']);
    expect(matching(index, { wildcard: { name: { value: '*\\**' } } })).toEqual([]);
    expect(matching(index, { wildcard: { name: { value: '**' } } })).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
    expect(matching(index, { wildcard: { name: { value: '*PARUS*' } } })).toEqual([]);
    expect(matching(index, { wildcard: { colour: { value: '*t*' } } })).toEqual([]);
  });

  it('finds a text only within one term, never across two, whatever characters the terms hold', () => {
    const docs = ['a\u0000b', 'ba', '', 'ab'].map((kw, i) => ({ id: `d${i}`, kw }));
    const index = DocumentIndex.build(docs, { fields: propertyCatalog, idField: 'id' });
    const holding = (text: string) => matching(index, { wildcard: { kw: { value: `*${text}*` } } });
    expect(holding('b\u0000b')).toEqual([]);
    expect(holding('\u0000')).toEqual(['d0']);
    expect(holding('ab')).toEqual(['d3']);
    expect(holding('ba')).toEqual(['d1']);
    expect(holding('b')).toEqual(['d0', 'd1', 'd3']);
    expect(holding('')).toEqual(['d0', 'd1', 'd2', 'd3']);
    // A mapped keyword field that no document holds has no terms: even `**` matches nothing.
    expect(matching(index, { wildcard: { short: { value: '**' } } })).toEqual([]);
  });

  it('refuses other patterns and options', () => {
    for (const pattern of ['Parus*', '*us', '?lg', 'Parus', 'a?*b', 'a*?*', '*a*b*', '*a?*', '*', '***']) {
      expect(() => matching(index, { wildcard: { name: { value: pattern } } })).toThrow(
        /only a literal prefix followed by \?\*, or a literal between two \*/,
      );
    }
    expect(() => matching(index, untyped({ query: { wildcard: { name: { wildcard: 'P?*' } } } }).query)).toThrow(
      /wildcard.name.wildcard/,
    );
  });
});

describe('_id and fields the mapping does not have', () => {
  it('exists on _id matches every document', () => {
    expect(matching(index, { exists: { field: '_id' } })).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
  });

  it('term, terms, prefix and wildcard on an unmapped field match nothing, even a value that is an id', () => {
    expect(matching(index, { term: { colour: 't1' } })).toEqual([]);
    expect(matching(index, { terms: { colour: ['t1', 't2'] } })).toEqual([]);
    expect(matching(index, { prefix: { colour: { value: 't' } } })).toEqual([]);
    expect(matching(index, { wildcard: { colour: { value: 't?*' } } })).toEqual([]);
  });

  it('refuses prefix and wildcard on _id, and names the query a numeric field refuses', () => {
    for (const query of [{ prefix: { _id: { value: 't' } } }, { wildcard: { _id: { value: 't?*' } } }]) {
      expect(() => matching(index, query)).toThrow('the _id field is only supported by term, terms and ids');
    }
    expect(() => matching(index, { wildcard: { order: { value: '1?*' } } })).toThrow(
      'field [order] of type [integer] does not support wildcard queries',
    );
  });
});
