/**
 * Edges of query evaluation that the property tests' small random collections do not reach:
 * operands with more matches than a scratch list's least size (1,024), counters one search
 * leaves to the next, more bitsets at hand than one pass combines, per-document ordinals read
 * past a document's own. Each request runs under the costs' own choices and under every fixed
 * choice, and is answered as the brute-force evaluator answers it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentIndex } from '../../../src/index/embedded/document-index.ts';
import { setStrategyChooser } from '../../../src/index/embedded/evaluate/strategy.ts';
import { propertyCatalog, propertyFields } from './arbitraries.ts';
import { bruteSearch } from './brute-force-search.ts';
import { FIXED_CHOICES } from './fixed-choices.ts';
import { engineAnswer, untyped } from './fixtures.ts';

type Doc = Record<string, unknown>;
type Body = Record<string, unknown>;

afterEach(() => setStrategyChooser(undefined));

const CHOOSERS = [undefined, ...Object.values(FIXED_CHOICES)];

function build(docs: Doc[], docValueFields: string[] = []): DocumentIndex {
  return DocumentIndex.build(docs, { fields: propertyCatalog, idField: 'id', queryCache: false, docValueFields });
}

function expectBruteAnswer(index: DocumentIndex, docs: Doc[], body: Body): void {
  expect(engineAnswer(index, body)).toEqual(bruteSearch(docs, propertyFields, body));
}

/** Each body as the first search of a new index: its scratch memory holds no longer list yet. */
function expectEachFirst(docs: Doc[], bodies: Body[]): void {
  for (const chooser of CHOOSERS) {
    for (const body of bodies) {
      setStrategyChooser(chooser?.());
      expectBruteAnswer(build(docs), docs, body);
    }
  }
}

/** The bodies one after the other on one index, as a service asks them. */
function expectInTurn(docs: Doc[], bodies: Body[], docValueFields: string[] = []): void {
  for (const chooser of CHOOSERS) {
    setStrategyChooser(chooser?.());
    const index = build(docs, docValueFields);
    for (const body of bodies) expectBruteAnswer(index, docs, body);
  }
}

const scored = (filter: Body, boost = 1) => ({ constant_score: { filter, boost } });
const filtered = (filter: Body) => ({ constant_score: { filter } });
const lastOnes = { sort: [{ _doc: 'desc' }], size: 3, track_total_hits: true, _source: false };

describe('operands with more matches than a scratch list’s least size', () => {
  // 3,000 documents: 1,000 in g1, 1,500 with kw a, 1,500 values of n held twice each.
  const docs = Array.from({ length: 3000 }, (_, i) => ({
    id: `d${i}`,
    n: i % 1500,
    num: i % 5,
    grp: ['g1', 'g2', 'g3'][i % 3],
    kw: i % 2 === 0 ? 'a' : 'b',
  }));

  it('lists a disjunction of 2,000 documents whole (its length is bounded by the clauses’ sum)', () => {
    const either = { bool: { should: [{ term: { grp: 'g1' } }, { term: { kw: 'a' } }], minimum_should_match: 1 } };
    expectEachFirst(docs, [{ query: filtered(either), ...lastOnes }]);
  });

  it('counts 2,000 candidates of a scored minimum (their room is the counted clauses’ sum)', () => {
    const should = [
      scored({ terms: { num: [0, 1, 2] } }),
      scored({ term: { grp: 'g1' } }),
      scored({ term: { kw: 'a' } }),
    ];
    expectEachFirst(docs, [
      {
        query: { bool: { should, minimum_should_match: 2 } },
        sort: [{ _score: 'desc' }, { _doc: 'desc' }],
        size: 5,
        track_total_hits: true,
        _source: false,
      },
    ]);
  });

  it('merges the posting lists of 1,400 and of 600 terms (two bounds each)', () => {
    const values = Array.from({ length: 600 }, (_, i) => i * 2);
    expectEachFirst(docs, [
      { query: filtered({ range: { n: { gte: 0, lte: 1399 } } }), ...lastOnes },
      { query: filtered({ terms: { n: values } }), ...lastOnes },
    ]);
  });
});

describe('counters that one search leaves to the next', () => {
  it('counts a later scored minimum over documents an earlier one walked past', () => {
    // The third clause is walked for the candidates of the first two (n 0 and 1); its other
    // documents (n 2 to 9) must leave no count behind for the next search, which counts n 2 and 3.
    const docs = Array.from({ length: 200 }, (_, i) => ({ id: `d${i}`, n: i % 20 }));
    const byScore = { sort: [{ _score: 'desc' }, '_doc'], size: 30, track_total_hits: true, _source: false };
    const tenValues = Array.from({ length: 10 }, (_, i) => i);
    expectInTurn(docs, [
      {
        query: {
          bool: {
            should: [scored({ term: { n: 0 } }), scored({ term: { n: 1 } }), scored({ terms: { n: tenValues } })],
            minimum_should_match: 2,
          },
        },
        ...byScore,
      },
      { query: { bool: { should: [scored({ term: { n: 2 } }), scored({ term: { n: 3 } })] } }, ...byScore },
      {
        query: filtered({
          bool: { should: [{ term: { n: 2 } }, { term: { n: 4 } }, { terms: { n: [2, 4] } }], minimum_should_match: 2 },
        }),
        ...byScore,
      },
    ]);
  });
});

describe('more bitsets at hand than one counting pass combines', () => {
  it('intersects and subtracts the rest one by one', () => {
    // Six required fields and three excluded ones, every one of them at hand as a bitset; each
    // removes a document of its own, so any left out lets that document through.
    const required = ['kw', 'n', 'l', 'd', 'f', 'num'];
    const excluded: Record<string, Doc> = {
      short: { short: 'a' },
      'obj.a': { obj: { a: 'x' } },
      'items.name': { items: [{ name: 'x' }] },
    };
    const full: Doc = { kw: 'a', n: 1, l: 1, d: 0.5, f: 1.5, num: 1 };
    const docs: Doc[] = [
      ...[0, 1, 2].map((i) => ({ id: `full${i}`, ...full })),
      ...required.map((field) => ({
        id: `without ${field}`,
        ...Object.fromEntries(Object.entries(full).filter(([key]) => key !== field)),
      })),
      ...Object.entries(excluded).map(([field, value]) => ({ id: `with ${field}`, ...full, ...value })),
    ];
    const body = {
      query: {
        bool: {
          filter: required.map((field) => ({ exists: { field } })),
          must_not: Object.keys(excluded).map((field) => ({ exists: { field } })),
        },
      },
      size: 20,
      track_total_hits: true,
      _source: false,
    };
    expectInTurn(docs, [body]);
    for (const chooser of CHOOSERS) {
      setStrategyChooser(chooser?.());
      const { hits } = build(docs).search(untyped(body));
      expect([hits.hits.map((hit) => hit._id), hits.total]).toEqual([
        ['full0', 'full1', 'full2'],
        { value: 3, relation: 'eq' },
      ]);
    }
  });
});

describe('required scores summed', () => {
  it('adds a constant must score to one that varies by document', () => {
    const docs = Array.from({ length: 60 }, (_, i) => ({
      id: `d${i}`,
      grp: ['g1', 'g2', 'g3'][i % 3],
      num: i % 5,
      ...(i % 4 === 0 ? { flag: true } : {}),
    }));
    const varying = { bool: { should: [scored({ term: { num: 1 } }, 2), scored({ exists: { field: 'flag' } })] } };
    expectInTurn(docs, [
      {
        query: { bool: { must: [scored({ term: { grp: 'g1' } }, 1.5), varying] } },
        sort: [{ _score: 'desc' }, '_doc'],
        size: 30,
        _source: false,
      },
    ]);
  });
});

describe('a range checked by each candidate’s own ordinals', () => {
  it('reads no ordinal of the next document, for candidates without the field or below the range', () => {
    // The ordinals of n are built: a range filtering a few candidates reads them per candidate.
    const values: (number | undefined)[] = [undefined, 5, 1, 4, undefined, 3, 0, 9, 6, undefined, 2, 7];
    const docs = values.map((n, i) => ({ id: `d${i}`, ...(n === undefined ? {} : { n }) }));
    const candidates = { ids: { values: docs.map((doc) => doc.id) } };
    const inRange = { range: { n: { gte: 3, lte: 6 } } };
    const page = { sort: ['_doc'], size: 20, track_total_hits: true, _source: false };
    expectInTurn(
      docs,
      [
        { query: { bool: { filter: [candidates, inRange] } }, ...page },
        { query: { bool: { filter: [candidates], must_not: [inRange] } }, ...page },
      ],
      ['n'],
    );
  });
});
