import { describe, expect, it } from 'vitest';
import { UnsupportedQueryError } from '../../../src/index/engine.ts';
import { fixtureIndex, matching, untyped } from './fixtures.ts';

const index = fixtureIndex();
const species = { term: { rank: 'species' } };
const finnish = { term: { finnish: true } };
const bird = { term: { tags: 'bird' } };
const forest = { term: { 'habitats.habitat': 'forest' } };

describe('bool', () => {
  it('requires every filter and must clause', () => {
    expect(matching(index, { bool: { filter: [species, finnish] } })).toEqual(['t2', 't6']);
    expect(matching(index, { bool: { must: species, filter: finnish } })).toEqual(['t2', 't6']);
  });

  it('excludes must_not matches and keeps documents without the field', () => {
    expect(matching(index, { bool: { must_not: [bird] } })).toEqual(['t4', 't5', 't6']);
    expect(matching(index, { bool: { filter: [species], must_not: [forest, finnish] } })).toEqual([]);
    expect(matching(index, { bool: { must_not: { term: { 'vernacular.en': 'oaks' } } } })).toEqual([
      't1',
      't2',
      't3',
      't4',
      't6',
    ]);
  });

  it('requires one should clause when there is no must or filter', () => {
    expect(matching(index, { bool: { should: [species, bird] } })).toEqual(['t1', 't2', 't3', 't4', 't6']);
    expect(matching(index, { bool: { should: [species], must_not: [finnish] } })).toEqual(['t4']);
  });

  it('makes should optional next to must or filter', () => {
    expect(matching(index, { bool: { filter: [finnish], should: [species] } })).toEqual(['t1', 't2', 't3', 't6']);
  });

  it('applies minimum_should_match as a count, and refuses other forms', () => {
    const should = [species, finnish, forest];
    expect(matching(index, { bool: { should, minimum_should_match: 2 } })).toEqual(['t2', 't4', 't6']);
    expect(matching(index, { bool: { should, minimum_should_match: 3 } })).toEqual(['t2']);
    expect(matching(index, { bool: { filter: [finnish], should, minimum_should_match: 2 } })).toEqual(['t2', 't6']);
    for (const form of ['3', -1, '67%', '-34%', 1.5]) {
      expect(() => matching(index, { bool: { should, minimum_should_match: form } } as never)).toThrow(
        /minimum_should_match: unsupported value/,
      );
    }
  });

  it('matches nothing when minimum_should_match exceeds the should clauses', () => {
    expect(matching(index, { bool: { should: [species], minimum_should_match: 2 } })).toEqual([]);
    expect(matching(index, { bool: { filter: [finnish], minimum_should_match: 1 } })).toEqual([]);
  });

  it('still requires one should clause with minimum_should_match 0 and no must or filter', () => {
    expect(matching(index, { bool: { should: [species], minimum_should_match: 0 } })).toEqual(['t2', 't4', 't6']);
  });

  it('matches everything when empty', () => {
    expect(matching(index, { bool: {} })).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
  });

  it('nests', () => {
    const query = {
      bool: {
        filter: [
          { bool: { should: [{ term: { rank: 'genus' } }, { bool: { filter: [species], must_not: [finnish] } }] } },
        ],
      },
    };
    expect(matching(index, query)).toEqual(['t3', 't4', 't5']);
  });

  it('refuses unknown keys and combined minimum_should_match specs', () => {
    expect(() =>
      index.search(
        untyped({ query: { bool: { filter: [{ bool: { filter: [species], adjust_pure_negative: false } }] } } }),
      ),
    ).toThrow(new UnsupportedQueryError('query.bool.filter.bool.adjust_pure_negative'));
    expect(() => matching(index, { bool: { should: [species], minimum_should_match: '3<90%' } } as never)).toThrow(
      /minimum_should_match/,
    );
  });
});

describe('match_all and constant_score', () => {
  it('match all documents, and the documents of the filter', () => {
    expect(matching(index, { match_all: {} })).toHaveLength(6);
    expect(matching(index, { constant_score: { filter: species, boost: 3 } })).toEqual(['t2', 't4', 't6']);
  });
});
