import { describe, expect, it } from 'vitest';
import { DocumentIndex } from '../../../src/index/embedded/document-index.ts';
import { queryCacheCounts } from '../../../src/index/embedded/searcher.ts';
import type { SearchBody } from '../../../src/index/engine.ts';
import type { Query } from '../../../src/index/search-body.ts';
import { fieldCatalogFromMapping } from '../../../src/index/embedded/build/field-catalog.ts';
import { IndexingError } from '../../../src/index/embedded/build/index-values.ts';
import { bruteSearch } from './brute-force-search.ts';
import { fixtureIndex, taxa, untyped } from './fixtures.ts';

const fields = fieldCatalogFromMapping({
  properties: { n: { type: 'byte' }, b: { type: 'boolean' }, k: { type: 'keyword' } },
});

describe('DocumentIndex', () => {
  it('knows its size and returns copies of documents by id', () => {
    const index = fixtureIndex();
    expect(index.size).toBe(6);
    expect(index.get('t2')).toEqual(taxa[1]);
    expect(index.get('nope')).toBeUndefined();
  });

  it('accepts any iterable and defaults _index to an empty string', () => {
    function* docs() {
      yield { id: 'a', k: 'x' };
      yield { id: 'b', k: 'y' };
    }
    const index = DocumentIndex.build(docs(), { fields, idField: 'id' });
    expect(index.search({ size: 1 }).hits.hits[0]).toEqual({
      _index: '',
      _id: 'a',
      _score: 1,
      _source: { id: 'a', k: 'x' },
    });
  });

  it('refuses documents Elasticsearch would reject, naming the document', () => {
    const build = (docs: object[]) => () => DocumentIndex.build(docs, { fields, idField: 'id' });
    expect(build([{ id: 'a' }, { id: 'a' }])).toThrow(new IndexingError('duplicate document id [a]'));
    // Ids the producer checked are taken as distinct; every other check still runs.
    const checked = (docs: object[]) => () => DocumentIndex.build(docs, { fields, idField: 'id', idsChecked: true });
    expect(checked([{ id: 'a' }, { id: 'b' }])()).toBeInstanceOf(DocumentIndex);
    expect(checked([{ id: 'a' }, { id: 'a' }])).not.toThrow();
    expect(checked([{ k: 'x' }])).toThrow(/without a string \[id\]/);
    expect(build([{ k: 'x' }])).toThrow(/without a string \[id\]/);
    expect(build([{ id: 'a', n: 200 }])).toThrow(
      /document \[a\]: value 200 is out of range for field \[n\] of type \[byte\]/,
    );
    expect(build([{ id: 'a', b: 'yes' }])).toThrow(/field \[b\] of type \[boolean\] cannot hold \[yes\]/);
    expect(build([{ id: 'a', k: { x: 1 } }])).toThrow(/field \[k\] of type \[keyword\] cannot hold an object/);
    expect(build([{ id: 'a', n: 'ten' }])).toThrow(IndexingError);
  });

  it('coerces numbers as Elasticsearch does: integers truncated, numeric strings parsed, empty strings skipped', () => {
    const index = DocumentIndex.build(
      [
        { id: 'a', n: 3.9 },
        { id: 'b', n: '-3.9' },
        { id: 'c', n: '' },
        { id: 'd', b: '' },
      ],
      { fields, idField: 'id' },
    );
    const filter = (query: Query) =>
      index.search({ query: { bool: { filter: [query] } } }).hits.hits.map((hit) => hit._id);
    expect(filter({ term: { n: 3 } })).toEqual(['a']);
    expect(filter({ term: { n: -3 } })).toEqual(['b']);
    expect(filter({ exists: { field: 'n' } })).toEqual(['a', 'b']);
    expect(filter({ term: { b: false } })).toEqual(['d']);
  });

  it('leaves the stored documents untouched', () => {
    const docs = [{ id: 'a', k: ['x', 'y'], n: 1 }];
    const frozen = JSON.stringify(docs);
    const index = DocumentIndex.build(docs, { fields, idField: 'id' });
    index.search({ sort: ['k'], aggs: { k: { terms: { field: 'k' } } }, _source: { excludes: ['k'] } });
    expect(JSON.stringify(docs)).toBe(frozen);
  });

  it('handles an empty collection', () => {
    const index = DocumentIndex.build([], { fields, idField: 'id' });
    const result = index.search({ sort: ['n'], aggs: { k: { terms: { field: 'k' } } } });
    expect(result.hits).toEqual({ total: { value: 0, relation: 'eq' }, max_score: null, hits: [] });
    expect(result.aggregations).toEqual({ k: { doc_count_error_upper_bound: 0, sum_other_doc_count: 0, buckets: [] } });
  });

  it('numbers fields with many distinct terms by sorting instead of hashing, with the same answers', () => {
    const many = fieldCatalogFromMapping({
      properties: { name: { type: 'keyword' }, rank: { type: 'long' }, parity: { type: 'keyword' } },
    });
    const count = 40_000;
    const docs = Array.from({ length: count }, (_, i) => ({
      id: `d${i}`,
      name: i % 1000 === 0 ? [`n${(i * 7919) % count}`, '😀'] : `n${(i * 7919) % count}`,
      rank: i % 3 === 0 ? [(i * 104729) % count, (i * 104729) % count] : (i * 104729) % count,
      parity: i % 2 === 0 ? 'even' : 'odd',
    }));
    const index = DocumentIndex.build(docs, { fields: many, idField: 'id' });
    const filter = (query: Query, extra: SearchBody = {}) =>
      index.search({ query: { bool: { filter: [query] } }, track_total_hits: true, ...extra }).hits;
    expect(filter({ term: { name: 'n7919' } }).hits.map((hit) => hit._id)).toEqual(['d1']);
    expect(filter({ range: { rank: { gte: 100, lte: 199 } } }).total).toEqual({ value: 100, relation: 'eq' });
    expect(filter({ prefix: { name: { value: '😀' } } }).total).toEqual({ value: 40, relation: 'eq' });
    expect(filter({ prefix: { name: { value: 'n1' } } }).total).toEqual({ value: 11111, relation: 'eq' });
    const byRank = filter({ term: { parity: 'odd' } }, { sort: [{ rank: 'desc' }], size: 3 }).hits.map(
      (hit) => hit.sort,
    );
    expect(byRank).toEqual([[39999], [39997], [39995]]);
    const aggregated = index.search({ size: 0, aggs: { r: { terms: { field: 'rank', size: 2 } } } }).aggregations;
    expect(aggregated).toEqual({
      r: {
        doc_count_error_upper_bound: 0,
        sum_other_doc_count: 39998,
        buckets: [
          { key: 0, doc_count: 1 },
          { key: 1, doc_count: 1 },
        ],
      },
    });
  });

  it('numbers many-valued fields of one build together, with the answers of the brute-force evaluator', () => {
    const specs = {
      name: { type: 'keyword' },
      alias: { type: 'keyword' },
      word: { type: 'keyword' },
      position: { type: 'integer' },
      weight: { type: 'double' },
      rank: { type: 'integer' },
    } as const;
    const count = 70_000;
    // Past 65,536 distinct values a field keeps its raw values and the build numbers them
    // together with the other such fields; `name` and `alias` share half of theirs, and a few
    // hold a code point above U+FFFF, which sorts after U+E000–U+FFFF. `word` has 10,000 distinct
    // values, few enough to be hashed and many enough to be numbered with those fields, some of
    // them shared with `alias`. `rank` has 70,001 distinct values in 210,000, a third: a number
    // field that many stops hashing too.
    const docs = Array.from({ length: count }, (_, i) => ({
      id: `d${i}`,
      name: i % 997 === 0 ? [`n${(i * 7919) % count}`, `n\u{1F600}${i}`, `n\uFF01${i}`] : `n${(i * 7919) % count}`,
      alias: i % 2 === 0 ? `n${i}` : `a${i}`,
      word: i % 3 === 0 ? `n${(i * 31) % 5000}` : `w${i % 5000}`,
      position: (i * 104729) % count,
      weight: i % 5 === 0 ? [i * 1e6, -i / 3] : i * 1e6,
      rank: [Math.floor(i / 2) * 10, Math.floor(i / 2) * 10 + 1, 5],
    }));
    const index = DocumentIndex.build(docs, {
      fields: fieldCatalogFromMapping({ properties: specs }),
      idField: 'id',
      eagerFields: 'all',
    });
    const bodies: Record<string, unknown>[] = [
      { query: { bool: { filter: [{ term: { alias: 'n7919' } }] } }, sort: ['position'] },
      { query: { bool: { filter: [{ prefix: { name: { value: 'n\u{1F600}' } } }] } }, sort: [{ name: 'desc' }] },
      { query: { bool: { filter: [{ prefix: { alias: { value: 'a1' } } }] } }, sort: ['alias'], from: 4000, size: 5 },
      { query: { bool: { filter: [{ term: { word: 'n62' } }] } }, sort: ['position'] },
      { query: { bool: { filter: [{ prefix: { word: { value: 'w49' } } }] } }, sort: [{ word: 'desc' }, 'alias'] },
      { query: { bool: { filter: [{ range: { position: { gte: 100, lte: 180 } } }] } }, sort: ['name'], size: 100 },
      { query: { bool: { filter: [{ range: { weight: { gte: -50, lte: 3e6 } } }] } }, sort: [{ weight: 'desc' }] },
      { sort: [{ name: 'desc' }, 'alias'], from: 69_990, track_total_hits: true },
      { query: { bool: { filter: [{ range: { rank: { gte: 349_980, lte: 350_001 } } }] } }, sort: ['alias'] },
      { query: { bool: { filter: [{ term: { rank: 5 } }] } }, sort: [{ rank: 'desc' }, 'alias'], from: 100, size: 5 },
      {
        size: 0,
        aggs: {
          names: { terms: { field: 'name', size: 3 } },
          aliases: { terms: { field: 'alias', size: 3 } },
          words: { terms: { field: 'word', size: 4 } },
          ranks: { terms: { field: 'rank', size: 3 } },
        },
      },
    ];
    for (const body of bodies) {
      const { took: _took, timed_out: _timedOut, _shards, ...response } = index.search(untyped(body));
      expect({ response }).toEqual(bruteSearch(docs, specs, body));
    }
  });

  it('builds fields up front or on first use, with the same answers, and checks every value during build either way', () => {
    const body = {
      query: { bool: { filter: [{ range: { n: { gte: 2 } } }] } },
      sort: [{ k: 'desc' as const }],
      aggs: { b: { terms: { field: 'b' } } },
    };
    const docs = [
      { id: 'a', n: 1, k: 'x', b: true },
      { id: 'b', n: 2, k: 'y', b: false },
      { id: 'c', n: 3, k: ['z', 'w'] },
    ];
    const answers = (['all', ['n'], undefined] as const).map((eagerFields) => {
      const { took, ...rest } = DocumentIndex.build(docs, {
        fields,
        idField: 'id',
        ...(eagerFields ? { eagerFields } : {}),
      }).search(body);
      return rest;
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const { took, ...sortedUpFront } = DocumentIndex.build(docs, {
      fields,
      idField: 'id',
      docValueFields: ['k'],
    }).search(body);
    expect(sortedUpFront).toEqual(answers[0]);
    expect(() => DocumentIndex.build([{ id: 'a', n: 1000 }], { fields, idField: 'id' })).toThrow(/out of range/);
    expect(() => DocumentIndex.build([{ id: 'a', n: 1000 }], { fields, idField: 'id', eagerFields: 'all' })).toThrow(
      /out of range/,
    );
  });

  it('does not walk documents an index checked already, and still finds every value of theirs', () => {
    const docs = [
      { id: 'a', n: 1, k: 'x', b: true },
      { id: 'b', n: 2, k: 'y' },
      { id: 'c', n: 3, k: ['z', 'w'], b: false },
    ];
    const body = {
      query: { bool: { filter: [{ exists: { field: 'b' } }] } },
      sort: [{ n: 'desc' as const }],
      aggs: { k: { terms: { field: 'k' } }, b: { terms: { field: 'b' } } },
    };
    const answer = (checkedDocuments?: (position: number) => boolean) => {
      const { took, ...rest } = DocumentIndex.build(docs, { fields, idField: 'id', checkedDocuments }).search(body);
      return rest;
    };
    // `b` has values in the unwalked documents alone: counted none, it is read whole on first use.
    const unwalked = answer((position) => position !== 1);
    expect(unwalked).toEqual(answer());
    expect(unwalked.hits.hits.map((hit) => hit._id)).toEqual(['c', 'a']);
    // Not checked again: a value out of range passes where the document is said to be checked,
    // unless a field is built up front, which walks every document.
    const wrong = [{ id: 'a', n: 1000 }];
    expect(() => DocumentIndex.build(wrong, { fields, idField: 'id', checkedDocuments: () => true })).not.toThrow();
    expect(() => DocumentIndex.build(wrong, { fields, idField: 'id', checkedDocuments: () => false })).toThrow(
      /out of range/,
    );
    expect(() =>
      DocumentIndex.build(wrong, { fields, idField: 'id', checkedDocuments: () => true, eagerFields: ['k'] }),
    ).toThrow(/out of range/);
    // A checked document's values are those the index that checked it froze: only it is frozen.
    const fresh = [
      { id: 'a', k: ['x'] },
      { id: 'b', k: ['y'] },
    ];
    DocumentIndex.build(fresh, { fields, idField: 'id', checkedDocuments: (position) => position === 0 });
    expect(fresh.map((doc) => [Object.isFrozen(doc), Object.isFrozen(doc.k)])).toEqual([
      [true, false],
      [true, true],
    ]);
  });

  it('indexes the fields a mapping leaves out of _source, and keeps them out of every hit, as Elasticsearch does', () => {
    const docs = [
      { id: 'a', k: ['x', 'y'], n: 1 },
      { id: 'b', k: 'z', n: 2, b: true },
      { id: 'c', n: 3 },
      // a dotted key under an excluded field is left out with it
      { id: 'd', n: 4, 'k.sub': 'w' },
    ];
    const original = JSON.stringify(docs);
    const index = DocumentIndex.build(docs, { fields, idField: 'id', sourceExcludes: ['k'] });
    const body = { query: { bool: { filter: [{ terms: { k: ['y', 'z'] } }] } }, sort: [{ k: 'asc' as const }] };
    const hits = index.search(body).hits.hits;
    expect(hits.map((hit) => [hit._id, hit.sort])).toEqual([
      ['a', ['x']],
      ['b', ['z']],
    ]);
    expect(hits.map((hit) => hit._source)).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2, b: true },
    ]);
    expect(index.search({ query: { bool: { filter: [{ exists: { field: 'k' } }] } } }).hits.total).toEqual({
      value: 2,
      relation: 'eq',
    });
    // Asking to exclude what is not stored, or nothing, gives the same documents.
    const excluding = index.search({ ...body, _source: { excludes: ['k'] } }).hits.hits;
    expect(excluding.map((hit) => hit._source)).toEqual(hits.map((hit) => hit._source));
    expect(index.get('a')).toEqual({ id: 'a', n: 1 });
    expect(index.get('c')).toEqual({ id: 'c', n: 3 });
    expect(index.get('d')).toEqual({ id: 'd', n: 4 });
    expect(JSON.stringify(docs)).toBe(original);
  });

  it('checks candidates against a range by their doc values, with the answers of the posting lists', () => {
    const numbers = fieldCatalogFromMapping({ properties: { n: { type: 'integer' }, k: { type: 'keyword' } } });
    const docs = Array.from({ length: 5000 }, (_, i) => ({
      id: `d${i}`,
      k: i % 97 === 0 ? 'rare' : 'common',
      n: i % 7 === 0 ? [i % 50, 60 + (i % 30)] : i % 50,
    }));
    const bodies = [
      { query: { bool: { filter: [{ term: { k: 'rare' } }, { range: { n: { gte: 10, lte: 30 } } }] } } },
      { query: { bool: { filter: [{ term: { k: 'rare' } }, { range: { n: { gte: 65 } } }] } } },
      { query: { bool: { filter: [{ term: { k: 'rare' } }], must_not: [{ range: { n: { gte: 5, lte: 39 } } }] } } },
    ].map((body) => ({ ...body, size: 100 }));
    const withDocValues = DocumentIndex.build(docs, { fields: numbers, idField: 'id', docValueFields: ['n'] });
    const withLists = DocumentIndex.build(docs, { fields: numbers, idField: 'id' });
    const idsOf = (index: DocumentIndex, body: object) =>
      index
        .search(body)
        .hits.hits.map((hit) => hit._id)
        .sort();
    for (const body of bodies) {
      const expected = docs
        .filter((doc) => doc.k === 'rare')
        .filter((doc) => {
          const values = [doc.n].flat();
          const inRange = (low: number, high: number) => values.some((v) => v >= low && v <= high);
          if (body === bodies[0]) return inRange(10, 30);
          if (body === bodies[1]) return inRange(65, Infinity);
          return !inRange(5, 39);
        })
        .map((doc) => doc.id)
        .sort();
      expect(expected.length).toBeGreaterThan(0);
      expect(idsOf(withDocValues, body)).toEqual(expected);
      expect(idsOf(withLists, body)).toEqual(expected);
    }
  });

  it('pages through a search in growing pages with the answers of one page, scores and sort values included', () => {
    const numbers = fieldCatalogFromMapping({
      properties: { n: { type: 'integer' }, k: { type: 'keyword' }, r: { type: 'integer' } },
    });
    const docs = Array.from({ length: 3000 }, (_, i) => ({
      id: `d${i}`,
      k: ['a', 'b', 'c'][i % 3]!,
      n: (i * 7919) % 1000,
      r: i % 5,
    }));
    const bodies: SearchBody[] = [
      { query: { bool: { filter: [{ terms: { k: ['a', 'b'] } }] } }, sort: [{ r: 'asc' }, { n: 'desc' }] },
      {
        query: {
          bool: {
            filter: [{ range: { n: { lte: 899 } } }],
            should: [
              { constant_score: { filter: { term: { k: 'c' } }, boost: 4 } },
              { constant_score: { filter: { term: { r: 2 } }, boost: 1 } },
            ],
          },
        },
        sort: [{ r: 'asc' }, { _score: { order: 'desc' } }, { n: 'asc' }],
      },
      { query: { bool: { should: [{ constant_score: { filter: { term: { k: 'c' } }, boost: 2 } }] } } },
    ];
    const index = DocumentIndex.build(docs, { fields: numbers, idField: 'id' });
    const brief = (hits: { _id?: string; _score?: unknown; sort?: unknown }[]) =>
      hits.map((hit) => [hit._id, hit._score, hit.sort]);
    for (const body of bodies) {
      const whole = index.search({ ...body, from: 0, size: 3000, track_total_hits: true });
      const pages = [];
      for (let from = 0, size = 16; from < 3000; from += size, size *= 4)
        pages.push(index.search({ ...body, from, size, track_total_hits: true }));
      expect(pages.length).toBeGreaterThan(3);
      expect(brief(pages.flatMap((page) => page.hits.hits))).toEqual(brief(whole.hits.hits));
      for (const page of pages) {
        expect(page.hits.total).toEqual(whole.hits.total);
        expect(page.hits.max_score).toEqual(whole.hits.max_score);
      }
    }
  });

  it('sorts by sums of constant scores, sparse and dense clauses alike, with the score of each document', () => {
    const numbers = fieldCatalogFromMapping({
      properties: { n: { type: 'integer' }, k: { type: 'keyword' }, t: { type: 'keyword' } },
    });
    const docs = Array.from({ length: 4000 }, (_, i) => ({
      id: `d${i}`,
      n: i,
      k: i % 2 === 0 ? 'even' : 'odd',
      t: [`m${i % 7}`, `r${i % 1000}`],
    }));
    const clauses = [
      { filter: { term: { k: 'even' } }, boost: 1 },
      { filter: { terms: { t: ['m3', 'm5'] } }, boost: 2 },
      { filter: { terms: { t: ['r1', 'r2', 'r17', 'r400'] } }, boost: 16 },
      { filter: { prefix: { t: { value: 'r99' } } }, boost: 64 },
    ];
    const matches = (doc: (typeof docs)[number], filter: object): boolean => {
      const [[kind, spec]] = Object.entries(filter) as [[string, Record<string, unknown>]];
      const [[field, value]] = Object.entries(spec) as [[string, unknown]];
      const values = [(doc as Record<string, unknown>)[field]].flat();
      if (kind === 'term') return values.includes(value);
      if (kind === 'terms') return (value as string[]).some((v) => values.includes(v));
      return values.some((v) => String(v).startsWith((value as { value: string }).value));
    };
    const index = DocumentIndex.build(docs, { fields: numbers, idField: 'id' });
    const body: SearchBody = {
      query: {
        bool: {
          filter: [{ range: { n: { gte: 100 } } }],
          should: clauses.map((clause) => ({ constant_score: clause })),
        },
      },
      sort: [{ _score: { order: 'desc' } }, { n: 'asc' }],
      size: 4000,
    };
    const expected = docs
      .filter((doc) => doc.n >= 100)
      .map((doc) => ({
        id: doc.id,
        n: doc.n,
        score: clauses.reduce((sum, clause) => sum + (matches(doc, clause.filter) ? clause.boost : 0), 0),
      }))
      .sort((a, b) => b.score - a.score || a.n - b.n);
    const hits = index.search(body).hits.hits;
    expect(hits.map((hit) => [hit._id, hit.sort])).toEqual(expected.map((doc) => [doc.id, [doc.score, doc.n]]));
    expect(new Set(expected.map((doc) => doc.score)).size).toBeGreaterThan(5);
  });

  it('counts what its query cache is asked and finds, by the value of a body: a copy of it counts as the same', () => {
    const docs = Array.from({ length: 50 }, (_, i) => ({ id: `d${i}`, n: i, k: i % 2 === 0 ? 'x' : 'y' }));
    const index = DocumentIndex.build(docs, { fields, idField: 'id' });
    const body: SearchBody = { query: { bool: { filter: [{ term: { k: 'x' } }] } }, sort: ['n'], size: 3 };
    const before = queryCacheCounts();
    index.search(structuredClone(body));
    index.search(structuredClone(body));
    index.search(structuredClone(body));
    // Another body of the same query (counted only): a plan of its own, the matches kept.
    index.search({ query: structuredClone(body.query), size: 0, track_total_hits: true });
    const after = queryCacheCounts();
    expect(after.plans.misses - before.plans.misses).toBe(2);
    expect(after.plans.hits - before.plans.hits).toBe(2);
    expect(after.matches.misses - before.matches.misses).toBe(1);
    expect(after.matches.hits - before.matches.hits).toBe(3);
    // A body with scores keeps its plan, not its matches.
    const scored: SearchBody = {
      query: { bool: { should: [{ constant_score: { filter: { term: { k: 'y' } }, boost: 2 } }] } },
      size: 3,
    };
    const again = queryCacheCounts();
    index.search(structuredClone(scored));
    index.search(structuredClone(scored));
    const last = queryCacheCounts();
    expect(last.plans.hits - again.plans.hits).toBe(1);
    expect(last.matches.hits + last.matches.misses).toBe(again.matches.hits + again.matches.misses);
  });

  it('answers a repeated body from its query cache as it answered it first, and never keeps what a body cannot name exactly', () => {
    const docs = Array.from({ length: 3000 }, (_, i) => ({
      id: `d${i}`,
      n: i % 100,
      k: i % 3 === 0 ? 'x' : 'y',
      b: i % 5 === 0,
    }));
    const cached = DocumentIndex.build(docs, { fields, idField: 'id' });
    const fresh = DocumentIndex.build(docs, { fields, idField: 'id', queryCache: false });
    const dense: SearchBody = {
      query: { bool: { filter: [{ term: { k: 'y' } }], must_not: [{ term: { b: true } }] } },
      sort: ['n'],
      from: 5,
      size: 7,
    };
    const sparse: SearchBody = {
      query: { bool: { filter: [{ term: { k: 'x' } }, { range: { n: { gte: 10, lte: 12 } } }] } },
      track_total_hits: true,
    };
    const counted: SearchBody = {
      query: { bool: { filter: [{ term: { k: 'x' } }] } },
      size: 0,
      aggs: { n: { terms: { field: 'n', size: 3 } } },
    };
    const answer = (index: DocumentIndex, body: SearchBody) => {
      const { took, ...rest } = index.search(structuredClone(body));
      return rest;
    };
    // Other searches in between reuse the scratch memory the kept matches were copied out of.
    for (let round = 0; round < 3; round++) {
      for (const body of [dense, sparse, counted, { ...dense, from: 40 }])
        expect(answer(cached, body)).toEqual(answer(fresh, body));
    }
    // `size: NaN` is refused, and `size: null` is the default, though both are written `null`.
    expect(answer(cached, { size: null } as never).hits.hits).toHaveLength(10);
    expect(() => cached.search({ size: Number.NaN })).toThrow('expected a non-negative integer');
    const query = { bool: { filter: [{ term: { k: 'x' } }] } };
    expect(cached.search({ query }).hits.hits).toHaveLength(10);
    expect(() => cached.search({ query, highlight: undefined } as never)).toThrow('highlight');
  });

  it('keeps the plan of a deep-frozen body by the body itself, and of any other body only by its text', () => {
    const docs = Array.from({ length: 120 }, (_, i) => ({ id: `d${i}`, n: i, k: i % 3 === 0 ? 'x' : 'y' }));
    const cached = DocumentIndex.build(docs, { fields, idField: 'id' });
    const ids = (body: SearchBody) => cached.search(body).hits.hits.map((hit) => hit._id);
    const deepFreeze = <V>(value: V): V => {
      if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) deepFreeze(item);
      return Object.freeze(value);
    };
    const frozen: SearchBody = deepFreeze({ query: { term: { k: 'x' } }, sort: ['n'], size: 3 });
    expect(ids(frozen)).toEqual(['d0', 'd3', 'd6']);
    expect(ids(frozen)).toEqual(['d0', 'd3', 'd6']);
    // The same object changed between searches (it is not frozen all the way down) is read afresh.
    const query = { term: { k: 'x' } };
    const shallow: SearchBody = Object.freeze({ query, sort: ['n'], size: 3 });
    expect(ids(shallow)).toEqual(['d0', 'd3', 'd6']);
    query.term.k = 'y';
    expect(ids(shallow)).toEqual(['d1', 'd2', 'd4']);
    // A frozen getter could answer differently each time: such a body is keyed by its text only.
    let k = 'x';
    const getter = Object.freeze({
      query: Object.freeze({
        term: Object.freeze({
          get k() {
            return k;
          },
        }),
      }),
      size: 1,
      sort: ['n'],
    });
    expect(ids(getter as SearchBody)).toEqual(['d0']);
    k = 'y';
    expect(ids(getter as SearchBody)).toEqual(['d1']);
  });
});
