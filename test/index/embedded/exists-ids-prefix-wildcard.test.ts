import { describe, expect, it } from 'vitest';
import { UnsupportedQueryError } from '../../../src/index/engine.ts';
import { fixtureIndex, matching } from './fixtures.ts';

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
    expect(matching(index, { prefix: { name: 'Parus' } })).toEqual(['t2', 't3']);
    expect(matching(index, { prefix: { name: { value: 'Parus ' } } })).toEqual(['t2']);
    expect(matching(index, { prefix: { name: 'q' } })).toEqual(['t5']);
    expect(matching(index, { prefix: { 'habitats.habitat': 'p' } })).toEqual(['t5']);
    expect(matching(index, { prefix: { name: '' } })).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
  });

  it('refuses numeric fields and case_insensitive', () => {
    expect(() => matching(index, { prefix: { order: '1' } })).toThrow(/does not support prefix/);
    expect(() => matching(index, { prefix: { name: { value: 'p', case_insensitive: true } } })).toThrow(UnsupportedQueryError);
  });
});

describe('wildcard', () => {
  it('supports * and ?', () => {
    expect(matching(index, { wildcard: { name: { value: 'Parus*' } } })).toEqual(['t2', 't3']);
    expect(matching(index, { wildcard: { name: { value: '*us' } } })).toEqual(['t3', 't5']);
    expect(matching(index, { wildcard: { name: 'Q*r*s r?bur' } })).toEqual(['t4']);
    expect(matching(index, { wildcard: { name: { wildcard: '?lg' } } })).toEqual(['t6']);
    expect(matching(index, { wildcard: { 'vernacular.fi': '*i*i*' } })).toEqual(['t2', 't3', 't6']);
  });

  it('escapes with a backslash', () => {
    expect(matching(index, { wildcard: { name: 'Parus\\*' } })).toEqual([]);
    expect(matching(index, { wildcard: { name: 'Pa\\rus' } })).toEqual(['t3']);
  });

  it('is case-sensitive and matches a whole term', () => {
    expect(matching(index, { wildcard: { name: 'parus*' } })).toEqual([]);
    expect(matching(index, { wildcard: { name: 'Parus' } })).toEqual(['t3']);
  });
});
