/**
 * The engine against a brute-force evaluator over random documents and random requests.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnsupportedQueryError } from '../../../src/index/engine.ts';
import { DocumentIndex } from '../../../src/index/embedded/document-index.ts';
import { bodyArb, docsArb, propertyCatalog, propertyFields, scoringQueryArb, sortArb } from './arbitraries.ts';
import { bruteSearch } from './brute-force-search.ts';
import { untyped } from './fixtures.ts';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 600);

type Eager = 'all' | string[] | undefined;

/** Fields are built up front, or on first use: the answers must not tell. */
const eagerArb = fc.constantFrom<Eager>(undefined, 'all', ['kw', 'n', 'items.name', 'grp']);

/**
 * The answer of a fresh index, searched twice: the second search repeats the body, so it is
 * answered from the query cache (its plan, and the matches of a query without scores), and must
 * answer the same.
 */
function engineAnswer(
  docs: Record<string, unknown>[],
  body: Record<string, unknown>,
  eager: Eager = undefined,
): { refused: string } | { response: object } {
  const index = DocumentIndex.build(docs, {
    fields: propertyCatalog,
    idField: 'id',
    ...(eager === undefined ? {} : { eagerFields: eager }),
  });
  const first = searchOnce(index, body);
  const again = searchOnce(index, structuredClone(body));
  expect(again).toEqual(first);
  return again;
}

function searchOnce(index: DocumentIndex, body: Record<string, unknown>): { refused: string } | { response: object } {
  try {
    const { took, timed_out, _shards, ...response } = index.search(untyped(body));
    expect([typeof took, timed_out, _shards]).toEqual([
      'number',
      false,
      { total: 1, successful: 1, skipped: 0, failed: 0 },
    ]);
    return { response };
  } catch (error) {
    if (error instanceof UnsupportedQueryError)
      return { refused: error.clause.startsWith('scoring leaf') ? 'scoring leaf' : error.clause };
    throw error;
  }
}

describe('embedded engine against brute force', () => {
  it('answers every request like a plain filter, sort and count over the documents', () => {
    fc.assert(
      fc.property(docsArb, bodyArb, eagerArb, (docs, body, eager) => {
        expect(engineAnswer(docs, body, eager)).toEqual(bruteSearch(docs, propertyFields, body));
      }),
      { numRuns: RUNS },
    );
  });

  it('scores sums of constant boosts like Elasticsearch, and orders by them', () => {
    const scoredSort = fc.constantFrom(
      undefined,
      ['_score'],
      [{ _score: 'asc' }, { n: 'desc' }],
      [{ kw: 'asc' }, '_score'],
    );
    fc.assert(
      fc.property(docsArb, scoringQueryArb, scoredSort, fc.integer({ min: 0, max: 5 }), (docs, query, sort, from) => {
        const body = { query, ...(sort === undefined ? {} : { sort }), from, size: 5, _source: false };
        expect(engineAnswer(docs, body)).toEqual(bruteSearch(docs, propertyFields, body));
      }),
      { numRuns: RUNS },
    );
  });

  it('sorts like a comparison sort over every document', () => {
    fc.assert(
      fc.property(docsArb, sortArb, fc.integer({ min: 0, max: 30 }), (docs, sort, from) => {
        const body = { ...(sort === undefined ? {} : { sort }), from, size: 10, _source: false };
        expect(engineAnswer(docs, body)).toEqual(bruteSearch(docs, propertyFields, body));
      }),
      { numRuns: RUNS },
    );
  });

  it('finds the same documents whatever the page, on bigger collections', () => {
    const bigDocs = fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.constantFrom('a', 'b', 'c')), {
      minLength: 200,
      maxLength: 600,
    });
    fc.assert(
      fc.property(
        bigDocs,
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom('a', 'b'),
        (rows, from, size, g) => {
          const docs = rows.map(([n, kw], i) => ({ id: `d${i}`, n, kw, ...(i % 7 === 0 ? {} : { l: (i * 31) % 17 }) }));
          const body = {
            query: { bool: { filter: [{ term: { kw: g } }] } },
            sort: [{ n: 'desc' }, { l: { order: 'asc', missing: '_first' } }],
            from,
            size,
          };
          expect(engineAnswer(docs, body)).toEqual(bruteSearch(docs, propertyFields, body));
        },
      ),
      { numRuns: 60 },
    );
  });
});
