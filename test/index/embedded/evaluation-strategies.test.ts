/**
 * Query evaluation chooses, clause by clause, between sorted lists and bitsets, galloping and
 * probing, filtering through a nested `bool` or evaluating it whole, and so on. Every choice
 * must give the same answers: here the choices are made at random (`setStrategyChooser`) and
 * the engine compared with the brute-force evaluator, on the small random collections of the
 * other property tests and on bigger ones where most terms are rare (so that the costs, left to
 * themselves, pick the list strategies).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentIndex } from '../../../src/index/embedded/document-index.ts';
import { setStrategyChooser } from '../../../src/index/embedded/evaluate/strategy.ts';
import { bodyArb, docsArb, propertyCatalog, propertyFields, scoringQueryArb } from './arbitraries.ts';
import { bruteSearch } from './brute-force-search.ts';
import { FIXED_CHOICES } from './fixed-choices.ts';
import { engineAnswer, untyped } from './fixtures.ts';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 600);

/** Choices at random, reproducibly from `seed`. */
function randomChoices(seed: number): void {
  let state = seed >>> 0 || 1;
  setStrategyChooser(() => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state & 1) === 0;
  });
}

afterEach(() => setStrategyChooser(undefined));

/**
 * Asks the same index twice, so a second search also runs on scratch memory the first one used
 * (without the query cache, which would answer it from what it kept; with it, too).
 */
function check(docs: Record<string, unknown>[], bodies: Record<string, unknown>[]): void {
  for (const queryCache of [false, true]) {
    const index = DocumentIndex.build(docs, { fields: propertyCatalog, idField: 'id', queryCache });
    for (const body of [...bodies, ...bodies])
      expect(engineAnswer(index, body)).toEqual(bruteSearch(docs, propertyFields, body));
  }
}

describe('evaluation strategies chosen at random', () => {
  it('answer every request like the brute-force evaluator', () => {
    fc.assert(
      fc.property(docsArb, bodyArb, bodyArb, fc.integer(), (docs, first, second, seed) => {
        randomChoices(seed);
        check(docs, [first, second]);
      }),
      { numRuns: RUNS },
    );
  });

  it('score like the brute-force evaluator', () => {
    fc.assert(
      fc.property(docsArb, scoringQueryArb, fc.integer({ min: 0, max: 5 }), fc.integer(), (docs, query, from, seed) => {
        randomChoices(seed);
        check(docs, [
          { query, from, size: 5, _source: false },
          { query, sort: [{ _score: 'asc' }, { n: 'desc' }], size: 5, _source: false },
        ]);
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });
});

describe('a counted should (equal constant scores, a minimum)', () => {
  it('searches a long clause for each of a few candidates, up to the last document of its list', () => {
    // One document in 200 has the common name (too few for a ready bitset), the last one among
    // them; d19999 reaches the minimum only through it. Four candidates against 100 postings:
    // the costs pick the search.
    const rare: Record<string, string> = { d399: 'r1', d19999: 'r1', d599: 'r2', d799: 'r2' };
    const docs = Array.from({ length: 20000 }, (_, i) => {
      const names = [...(i % 200 === 199 ? ['common'] : []), ...(rare[`d${i}`] ? [rare[`d${i}`]!] : [])];
      return { id: `d${i}`, items: names.map((name) => ({ name })) };
    });
    const clause = (name: string) => ({ constant_score: { filter: { term: { 'items.name': name } } } });
    const body = {
      query: { bool: { should: ['r1', 'r2', 'common'].map(clause), minimum_should_match: 2 } },
      _source: false,
    };
    check(docs, [body]);
    const index = DocumentIndex.build(docs, { fields: propertyCatalog, idField: 'id' });
    expect(index.search(untyped(body)).hits.hits.map((hit) => [hit._id, hit._score])).toEqual([
      ['d399', 2],
      ['d599', 2],
      ['d799', 2],
      ['d19999', 2],
    ]);
  });
});

/** A bigger collection where `n` has some 300 values (rare terms), `grp` and `flag` few (dense ones). */
function bigCollection(seed: number, size: number): Record<string, unknown>[] {
  let state = seed >>> 0 || 1;
  const next = (bound: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return Math.floor((state / 2 ** 32) * bound);
  };
  return Array.from({ length: size }, (_, i) => {
    const doc: Record<string, unknown> = { id: `d${i}`, grp: ['g1', 'g2', 'g3'][next(3)], num: next(5) };
    if (next(10) > 0) doc['n'] = next(300);
    if (next(3) === 0) doc['flag'] = next(2) === 0;
    if (next(4) > 0) doc['kw'] = ['a', 'ab', 'b', 'B', 'é'][next(5)];
    const items = next(4);
    if (items > 0) doc['items'] = Array.from({ length: items }, () => ({ name: `i${next(40)}` }));
    return doc;
  });
}

const rareValue = fc.integer({ min: 0, max: 299 });
const bigLeafArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  rareValue.map((n) => ({ term: { n } })),
  fc.array(rareValue, { minLength: 1, maxLength: 6 }).map((values) => ({ terms: { n: values } })),
  fc
    .tuple(rareValue, fc.integer({ min: 0, max: 60 }))
    .map(([from, width]) => ({ range: { n: { gte: from, lte: from + width - 1 } } })),
  fc
    .array(fc.integer({ min: 0, max: 39 }), { minLength: 1, maxLength: 8 })
    .map((values) => ({ terms: { 'items.name': values.map((v) => `i${v}`) } })),
  fc.constantFrom('g1', 'g2', 'g3').map((grp) => ({ term: { grp } })),
  fc.boolean().map((flag) => ({ term: { flag } })),
  fc.integer({ min: 0, max: 4 }).map((num) => ({ term: { num } })),
  fc.constantFrom('a', 'b', 'é', 'x').map((prefix) => ({ prefix: { kw: { value: prefix } } })),
  fc.constantFrom('n', 'flag', 'items', 'kw').map((field) => ({ exists: { field } })),
  fc
    .array(fc.integer({ min: 0, max: 1200 }), { maxLength: 5 })
    .map((numbers) => ({ ids: { values: numbers.map((n) => `d${n}`) } })),
  fc.constant({ match_all: {} }),
);

const bigQueryArb: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ query: Record<string, unknown> }>((tie) => ({
  query: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    bigLeafArb,
    fc
      .record(
        {
          must: fc.array(tie('query'), { maxLength: 2 }),
          filter: fc.array(tie('query'), { maxLength: 4 }),
          should: fc.array(tie('query'), { maxLength: 3 }),
          must_not: fc.array(tie('query'), { maxLength: 2 }),
          minimum_should_match: fc.constantFrom(1, 2, 0),
        },
        { requiredKeys: [] },
      )
      .map((body) => ({ bool: body })),
  ),
})).query;

/** The shape the service sends: a flat `bool` of filters and exclusions. */
const flatQueryArb = fc
  .record({
    filter: fc.array(bigLeafArb, { minLength: 1, maxLength: 4 }),
    must_not: fc.array(bigLeafArb, { maxLength: 2 }),
  })
  .map((body) => ({ bool: body }));

const bigBodyArb = fc
  .record({
    query: fc.oneof(
      flatQueryArb,
      bigQueryArb.map((query) => ({ constant_score: { filter: query } })),
    ),
    sort: fc.constantFrom(
      [{ n: 'desc' }, '_doc'],
      [{ kw: { order: 'asc' } }, { n: 'asc' }],
      ['_doc'],
      [{ _doc: 'desc' }],
      undefined,
    ),
    from: fc.constantFrom(0, 0, 3, 40, 500),
    size: fc.constantFrom(0, 5, 20),
    track_total_hits: fc.constantFrom(true, false, undefined),
    aggs: fc.constantFrom(undefined, { g: { terms: { field: 'grp' } } }),
    _source: fc.constantFrom(['n', 'grp'], { excludes: ['items'] }),
  })
  .map((body) => Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)));

describe('evaluation on bigger collections of mostly rare terms', () => {
  it('answers like the brute-force evaluator, with choices by cost and at random', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 200, max: 1200 }),
        bigBodyArb,
        bigBodyArb,
        fc.boolean(),
        fc.integer(),
        (docSeed, size, first, second, random, seed) => {
          if (random) randomChoices(seed);
          check(bigCollection(docSeed, size), [first, second]);
        },
      ),
      { numRuns: Math.ceil(RUNS / 4) },
    );
  });
});

const someValues = (from: number, count: number, step: number) =>
  Array.from({ length: count }, (_, i) => from + i * step);
const page = { size: 20, track_total_hits: true, _source: ['n'] };

/** Conjunctions within conjunctions, so that an inner one filters the outer one's candidates. */
const NESTED_BODIES: Record<string, unknown>[] = [
  {
    query: {
      bool: {
        filter: [
          { term: { grp: 'g1' } },
          {
            bool: {
              filter: [{ range: { n: { gte: 10, lte: 200 } } }],
              must_not: [{ term: { flag: true } }, { terms: { 'items.name': ['i1', 'i2', 'i3'] } }],
            },
          },
        ],
      },
    },
    ...page,
  },
  {
    query: {
      bool: {
        filter: [{ terms: { n: someValues(0, 40, 3) } }],
        must_not: [{ bool: { filter: [{ term: { grp: 'g2' } }], must_not: [{ prefix: { kw: { value: 'a' } } }] } }],
      },
    },
    ...page,
  },
  {
    query: {
      bool: {
        should: [
          { bool: { filter: [{ terms: { n: someValues(5, 30, 7) } }], must_not: [{ term: { num: 2 } }] } },
          { bool: { filter: [{ term: { grp: 'g3' } }, { exists: { field: 'flag' } }] } },
        ],
        minimum_should_match: 1,
      },
    },
    ...page,
  },
  {
    query: {
      bool: {
        filter: [
          { terms: { n: someValues(1, 60, 2) } },
          {
            bool: {
              should: [{ term: { num: 1 } }, { term: { num: 2 } }, { range: { n: { gte: 50, lte: 90 } } }],
              minimum_should_match: 2,
            },
          },
          { bool: { must_not: [{ terms: { 'items.name': ['i4', 'i5'] } }] } },
        ],
      },
    },
    ...page,
  },
  {
    query: {
      bool: {
        filter: [
          { exists: { field: 'items' } },
          { bool: { filter: [{ terms: { n: someValues(2, 20, 11) } }, { term: { grp: 'g1' } }] } },
        ],
        must_not: [{ bool: { filter: [{ exists: { field: 'kw' } }], must_not: [{ term: { kw: 'b' } }] } }],
      },
    },
    ...page,
  },
  {
    // A short list leads; single sparse terms filter it, kept and dropped.
    query: {
      bool: {
        filter: [
          { ids: { values: someValues(0, 60, 9).map((i) => `d${i}`) } },
          { terms: { n: someValues(0, 150, 2) } },
        ],
        must_not: [{ term: { n: 7 } }, { terms: { n: [8, 10] } }],
      },
    },
    ...page,
  },
  {
    // More bitsets at hand than one counting pass combines, required and excluded.
    query: {
      bool: {
        filter: [
          { exists: { field: 'n' } },
          { exists: { field: 'kw' } },
          { exists: { field: 'items' } },
          { exists: { field: 'flag' } },
          { term: { grp: 'g1' } },
        ],
        must_not: [{ term: { kw: 'a' } }, { term: { flag: true } }, { term: { num: 4 } }],
      },
    },
    ...page,
  },
];

const scored = (filter: Record<string, unknown>, boost = 1) => ({ constant_score: { filter, boost } });
const byScore = (order: 'asc' | 'desc') => [{ _score: order }, { n: 'asc' }, '_doc'];

/** Scores summed over many matches, so that a sort by score reads them clause by clause. */
const SCORED_BODIES: Record<string, unknown>[] = [
  {
    query: {
      bool: {
        should: [
          scored({ term: { grp: 'g1' } }, 2),
          scored({ terms: { n: someValues(0, 100, 1) } }),
          scored({ exists: { field: 'flag' } }, 0.5),
          scored({ terms: { n: someValues(3, 5, 40) } }, 3),
        ],
        minimum_should_match: 1,
      },
    },
    sort: byScore('desc'),
    size: 30,
    _source: false,
  },
  {
    query: {
      bool: {
        must: [scored({ range: { n: { gte: 20, lte: 200 } } }, 1.5)],
        should: [scored({ term: { num: 1 } }, 2), scored({ terms: { 'items.name': ['i1', 'i2', 'i3', 'i9'] } })],
      },
    },
    sort: byScore('asc'),
    size: 30,
    _source: false,
  },
  {
    query: {
      bool: {
        should: [
          scored({ term: { num: 1 } }),
          scored({ term: { grp: 'g2' } }),
          scored({ terms: { n: someValues(0, 30, 7) } }),
          scored({ terms: { 'items.name': ['i1', 'i2', 'i3', 'i4', 'i5'] } }),
        ],
        minimum_should_match: 2,
        filter: [{ exists: { field: 'kw' } }],
        must_not: [{ term: { flag: true } }],
      },
    },
    sort: byScore('desc'),
    size: 25,
    _source: false,
  },
  {
    // Equal scores and a minimum over rare terms: counted over their posting lists.
    query: {
      bool: {
        should: [
          scored({ terms: { n: someValues(0, 10, 1) } }),
          scored({ terms: { n: someValues(5, 10, 1) } }),
          scored({ terms: { n: someValues(10, 10, 1) } }),
          scored({ term: { n: 7 } }),
        ],
        minimum_should_match: 2,
      },
    },
    sort: byScore('desc'),
    size: 30,
    _source: false,
  },
  {
    // A must clause whose scores vary by document.
    query: {
      bool: {
        must: [{ bool: { should: [scored({ term: { grp: 'g1' } }, 2), scored({ term: { num: 1 } })] } }],
        should: [scored({ exists: { field: 'flag' } }, 0.5)],
      },
    },
    sort: byScore('desc'),
    size: 30,
    _source: false,
  },
  {
    // One should clause whose scores vary by document.
    query: {
      bool: { should: [{ bool: { should: [scored({ term: { grp: 'g2' } }, 2), scored({ term: { num: 3 } })] } }] },
    },
    sort: byScore('desc'),
    size: 30,
    _source: false,
  },
];

describe('each way of evaluating taken every time', () => {
  // The same requests under each fixed choice: a way that answers wrongly fails here whatever the
  // number of random runs (the random choices above may leave a way untaken in a short run).
  const SEED = 20261129;
  const bigDocs = bigCollection(SEED, 600);
  const bigBodies = [...fc.sample(bigBodyArb, { seed: SEED, numRuns: 40 }), ...NESTED_BODIES, ...SCORED_BODIES];
  const small = fc.sample(
    fc.tuple(
      docsArb,
      fc.array(bodyArb, { minLength: 6, maxLength: 6 }),
      fc.array(scoringQueryArb, { minLength: 2, maxLength: 2 }),
    ),
    { seed: SEED, numRuns: 12 },
  );

  for (const [name, chooser] of Object.entries(FIXED_CHOICES)) {
    it(`answers like the brute-force evaluator, ${name}`, () => {
      setStrategyChooser(chooser());
      check(bigDocs, bigBodies);
      for (const [docs, bodies, queries] of small) {
        const scoring = queries.map((query) => ({
          query,
          sort: [{ _score: 'desc' }, { n: 'asc' }],
          size: 6,
          _source: false,
        }));
        check(docs, [...bodies, ...scoring]);
      }
    });
  }
});

describe('a minimum of more than 256 should clauses', () => {
  it('finds the documents that many clauses match, counted over lists or over levels of bitsets', () => {
    // Per-document counters over lists are bytes, which count past 255 only to 256: from 256
    // clauses on, the levels of bitsets count.
    const values = Array.from({ length: 300 }, (_, i) => `i${i}`);
    const docs = [
      { id: 'all', items: values.map((name) => ({ name })) },
      { id: 'most', items: values.slice(0, 259).map((name) => ({ name })) },
      { id: 'few', items: values.slice(0, 3).map((name) => ({ name })) },
    ];
    const should = values.map((name) => ({ term: { 'items.name': name } }));
    const body = {
      query: { constant_score: { filter: { bool: { should, minimum_should_match: 260 } } } },
      _source: false,
    };
    for (const chooser of Object.values(FIXED_CHOICES)) {
      setStrategyChooser(chooser());
      const index = DocumentIndex.build(docs, { fields: propertyCatalog, idField: 'id', queryCache: false });
      expect(index.search(untyped(body)).hits.hits.map((hit) => hit._id)).toEqual(['all']);
      // Scored, each clause counting 1.
      const hits = index.search(
        untyped({
          ...body,
          query: {
            bool: {
              should: should.map((clause) => ({ constant_score: { filter: clause } })),
              minimum_should_match: 260,
            },
          },
        }),
      ).hits.hits;
      expect(hits.map((hit) => [hit._id, hit._score])).toEqual([['all', 300]]);
    }
  });
});

describe('a single rare term filtering a short list', () => {
  it('keeps and drops the candidates its posting list holds, whichever way is taken', () => {
    // 640 documents, each value of n held by four: no term has a bitset at hand.
    const docs = Array.from({ length: 640 }, (_, i) => ({ id: `d${i}`, n: i % 160 }));
    const ids = { ids: { values: ['d5', 'd6', 'd165'] } };
    const bodies = [
      { query: { bool: { filter: [ids, { term: { n: 5 } }] } }, _source: false },
      { query: { bool: { filter: [ids], must_not: [{ term: { n: 5 } }] } }, _source: false },
    ];
    for (const chooser of [undefined, ...Object.values(FIXED_CHOICES)]) {
      setStrategyChooser(chooser?.());
      const index = DocumentIndex.build(docs, { fields: propertyCatalog, idField: 'id', queryCache: false });
      expect(bodies.map((body) => index.search(untyped(body)).hits.hits.map((hit) => hit._id))).toEqual([
        ['d5', 'd165'],
        ['d6'],
      ]);
    }
  });
});
