import { describe, expect, it } from 'vitest';
import { DocumentIndex, type DocumentIndexOptions } from '../../../src/index/embedded/document-index.ts';
import type { SearchBody } from '../../../src/index/engine.ts';
import { fieldCatalogFromMapping } from '../../../src/index/embedded/build/field-catalog.ts';
import { IndexingError } from '../../../src/index/embedded/build/index-values.ts';
import { LETTERS, letterDeriver } from './derived-fields-fixture.ts';

const fields = fieldCatalogFromMapping({
  properties: {
    id: { type: 'keyword' },
    word: { type: 'keyword' },
    letters: { type: 'keyword' },
    length: { type: 'integer' },
    reversed: { type: 'keyword' },
  },
});
const DERIVED = ['letters', 'length', 'reversed'];
const base: DocumentIndexOptions = { fields, idField: 'id', sourceExcludes: DERIVED, eagerFields: 'all' };

/** Words over a few letters, some with diacritics: more than two of the batches a worker is handed. */
const docs = Array.from({ length: 10_000 }, (_, i) => {
  let word = '';
  for (let n = i + 1; n > 0; n = Math.floor(n / 7)) word += 'aäbcdeö'[n % 7];
  return { id: `w${i}`, word };
});

const bodies: SearchBody[] = [
  { query: { term: { letters: 'ä' } }, size: 5, sort: ['_doc'] },
  { query: { prefix: { reversed: { value: 'ab' } } }, size: 5, sort: [{ length: 'desc' }, '_doc'] },
  { query: { range: { length: { gte: 5, lte: 5 } } }, size: 0, track_total_hits: true },
  { query: { bool: { filter: [{ term: { letters: 'ö' } }], must_not: [{ term: { letters: 'a' } }] } }, size: 3 },
  { size: 0, aggs: { letters: { terms: { field: 'letters', size: 10 } } } },
  { query: { exists: { field: 'reversed' } }, size: 0, track_total_hits: true },
];

const answers = (index: DocumentIndex) =>
  bodies.map((body) => {
    const { took: _took, ...rest } = index.search(body);
    return rest;
  });

describe('derived fields', () => {
  it('are the same derived in a worker thread, in this one, and given with the documents', () => {
    const derive = letterDeriver();
    const given = DocumentIndex.build(
      docs.map((doc) => ({ ...doc, ...derive(doc.word) })),
      base,
    );
    const here = DocumentIndex.build(docs, { ...base, derivedFields: { ...LETTERS, workerFrom: Infinity } });
    // Values a document gives for a derived field are not read.
    const inWorker = DocumentIndex.build(
      docs.map((doc) => ({ ...doc, letters: ['z'], length: 0 })),
      { ...base, derivedFields: { ...LETTERS, workerFrom: 1 } },
    );
    const expected = answers(given);
    expect(expected[0]!.hits.total).toEqual({ value: expect.any(Number), relation: 'eq' });
    expect(answers(here)).toEqual(expected);
    expect(answers(inWorker)).toEqual(expected);
    expect(inWorker.search({ query: { term: { letters: 'z' } }, size: 0 }).hits.total).toEqual({
      value: 0,
      relation: 'eq',
    });
  });

  it('fail the build with the derivation’s error, in a worker as in this thread', () => {
    const failing = [...docs.slice(0, 50), { id: 'bad', word: 'fail' }];
    for (const workerFrom of [1, Infinity]) {
      expect(() => DocumentIndex.build(failing, { ...base, derivedFields: { ...LETTERS, workerFrom } })).toThrow(
        new IndexingError('cannot derive the fields of [fail]'),
      );
    }
  });

  it('are derived in this thread when the worker stops giving signs of life', () => {
    const hanging = [...docs.slice(0, 100), { id: 'h', word: 'hang' }];
    const expected = DocumentIndex.build(hanging, { ...base, derivedFields: { ...LETTERS, workerFrom: Infinity } });
    const started = performance.now();
    const index = DocumentIndex.build(hanging, { ...base, derivedFields: { ...LETTERS, workerFrom: 1, stallMs: 300 } });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(answers(index)).toEqual(answers(expected));
    expect(
      index.search({ query: { bool: { filter: [{ term: { reversed: 'gnah' } }] } } }).hits.hits.map((hit) => hit._id),
    ).toEqual(['h']);
  });

  it('fail the build when a worker cannot load the derivation', () => {
    const missing = { ...LETTERS, module: new URL('./no-such-derivation.ts', import.meta.url).href, workerFrom: 1 };
    expect(() => DocumentIndex.build(docs.slice(0, 10), { ...base, derivedFields: missing })).toThrow(
      /cannot load the derivation .*no-such-derivation\.ts/,
    );
  });

  it('refuse a document without the string they are derived from, naming it', () => {
    expect(() =>
      DocumentIndex.build([{ id: 'a', word: 'ab' }, { id: 'b' }], { ...base, derivedFields: LETTERS }),
    ).toThrow(new IndexingError('document [b]: no string to derive [letters] from'));
  });
});
