import { describe, expect, it } from 'vitest';
import { MAX_TERM_BYTES, MAX_TERMS_COUNT, UnsupportedQueryError } from '../../../src/index/engine.ts';
import { fixtureIndex } from './fixtures.ts';

const index = fixtureIndex();

function clauseOf(body: unknown): string | undefined {
  try {
    index.search(body as never);
  } catch (error) {
    if (error instanceof UnsupportedQueryError) return error.clause;
    throw error;
  }
  return undefined;
}

describe('outside the subset', () => {
  it('names the clause of a query type the engine does not execute', () => {
    expect(clauseOf({ query: { match: { name: 'Parus' } } })).toBe('query.match');
    expect(clauseOf({ query: { query_string: { query: 'x' } } })).toBe('query.query_string');
    expect(clauseOf({ query: { bool: { filter: [{ nested: { path: 'habitats', query: {} } }] } } })).toBe(
      'query.bool.filter.nested',
    );
    expect(clauseOf({ query: { bool: { must: { script: { script: 'true' } } } } })).toBe('query.bool.must.script');
    expect(clauseOf({ query: { function_score: { query: { match_all: {} } } } })).toBe('query.function_score');
    expect(clauseOf({ query: { constant_score: { filter: { match_phrase: { name: 'x' } } } } })).toBe(
      'query.constant_score.filter.match_phrase',
    );
  });

  it('refuses a terms query over index.max_terms_count values, as Elasticsearch does', () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
    expect(clauseOf({ query: { bool: { filter: { terms: { name: values(MAX_TERMS_COUNT) } } } } })).toBeUndefined();
    expect(clauseOf({ query: { bool: { must_not: { terms: { name: values(MAX_TERMS_COUNT + 1) } } } } })).toBe(
      'query.bool.must_not.terms.name',
    );
  });

  it('refuses a term longer than Lucene indexes, counted in UTF-8 bytes, as Elasticsearch does', () => {
    const filter = (query: object) => ({ query: { bool: { filter: query } } });
    expect(clauseOf(filter({ term: { name: 'x'.repeat(MAX_TERM_BYTES) } }))).toBeUndefined();
    expect(clauseOf(filter({ term: { name: 'x'.repeat(MAX_TERM_BYTES + 1) } }))).toBe('query.bool.filter.term.name');
    // 'ä' is two bytes: half as many characters reach the limit
    expect(clauseOf(filter({ terms: { name: ['a', 'ä'.repeat(MAX_TERM_BYTES / 2 + 1)] } }))).toBe(
      'query.bool.filter.terms.name',
    );
  });

  it('names unknown options inside supported clauses', () => {
    expect(clauseOf({ query: { match_all: { _name: 'all' } } })).toBe('query.match_all._name');
    expect(clauseOf({ query: { constant_score: { filter: { exists: { field: 'a', x: 1 } } } } })).toBe(
      'query.constant_score.filter.exists.x',
    );
    expect(
      clauseOf({ query: { constant_score: { filter: { wildcard: { name: { value: 'a*', rewrite: 'x' } } } } } }),
    ).toBe('query.constant_score.filter.wildcard.name.rewrite');
  });

  it('refuses malformed containers', () => {
    expect(clauseOf({ query: {} })).toBe('query');
    expect(clauseOf({ query: { term: { a: 'x' }, terms: { a: ['x'] } } })).toBe('query');
    expect(clauseOf({ query: { bool: { filter: 'x' } } })).toBe('query.bool.filter');
  });

  it('refuses request options outside the subset', () => {
    expect(clauseOf({ post_filter: { match_all: {} } })).toBe('post_filter');
    expect(clauseOf({ track_total_hits: -1 })).toBe('track_total_hits');
    expect(clauseOf({ collapse: { field: 'rank' } })).toBe('collapse');
    expect(clauseOf({ size: 1.5 })).toBe('size');
  });
});
