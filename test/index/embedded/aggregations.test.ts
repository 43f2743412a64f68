import { describe, expect, it } from 'vitest';
import { MAX_BUCKETS, TooManyBucketsError, UnsupportedQueryError } from '../../../src/index/engine.ts';
import { DocumentIndex } from '../../../src/index/embedded/document-index.ts';
import { fieldCatalogFromMapping } from '../../../src/index/embedded/build/field-catalog.ts';
import { fixtureIndex, untyped } from './fixtures.ts';

const index = fixtureIndex();

function aggs(aggregations: unknown, query?: unknown): unknown {
  return index.search({ size: 0, aggs: aggregations as never, query: query as never }).aggregations;
}

const terms = (buckets: unknown[], other = 0) => ({
  doc_count_error_upper_bound: 0,
  sum_other_doc_count: other,
  buckets,
});

describe('terms aggregation', () => {
  it('stops at MAX_BUCKETS buckets over every level, as Elasticsearch does, before the deeper levels run', () => {
    // 300 documents that all hold the same 300 values: 300 buckets, each with 300 sub-buckets.
    const values = Array.from({ length: 300 }, (_, i) => `v${i}`);
    const fields = fieldCatalogFromMapping({ properties: { t: { type: 'keyword' } } });
    const dense = DocumentIndex.build(
      Array.from({ length: 300 }, (_, i) => ({ id: `d${i}`, t: values })),
      { fields, idField: 'id' },
    );
    const nested = (size: number) => ({
      t: { terms: { field: 't', size }, aggs: { u: { terms: { field: 't', size } } } },
    });
    expect(300 + 300 * 300).toBeGreaterThan(MAX_BUCKETS);
    expect(() => dense.search({ size: 0, aggs: nested(300) })).toThrow(TooManyBucketsError);
    expect(() => dense.search({ size: 0, aggs: nested(300) })).toThrow(`more than ${MAX_BUCKETS} buckets`);
    const allowed = dense.search({ size: 0, aggs: nested(250) }).aggregations as {
      t: { buckets: { u: { buckets: unknown[] } }[] };
    };
    expect(allowed.t.buckets).toHaveLength(250);
    expect(allowed.t.buckets[0]!.u.buckets).toHaveLength(250);
  });

  it('counts documents per term, by count descending then key ascending', () => {
    expect(aggs({ ranks: { terms: { field: 'rank' } } })).toEqual({
      ranks: terms([
        { key: 'species', doc_count: 3 },
        { key: 'genus', doc_count: 2 },
        { key: 'class', doc_count: 1 },
      ]),
    });
  });

  it('counts a document once per term, whatever its number of values', () => {
    const fields = fieldCatalogFromMapping({ properties: { t: { type: 'keyword' } } });
    const repeated = DocumentIndex.build(
      [
        { id: 'a', t: ['x', 'x', 'y'] },
        { id: 'b', t: 'x' },
      ],
      { fields, idField: 'id' },
    );
    expect(repeated.search({ size: 0, aggs: { t: { terms: { field: 't' } } } }).aggregations).toEqual({
      t: terms([
        { key: 'x', doc_count: 2 },
        { key: 'y', doc_count: 1 },
      ]),
    });
  });

  it('aggregates only the matching documents, through arrays of objects', () => {
    expect(
      aggs(
        { habitats: { terms: { field: 'habitats.habitat' } } },
        { bool: { filter: [{ term: { rank: 'species' } }] } },
      ),
    ).toEqual({
      habitats: terms([
        { key: 'forest', doc_count: 2 },
        { key: 'urban', doc_count: 1 },
      ]),
    });
  });

  it('keeps size buckets and counts the rest in sum_other_doc_count', () => {
    // 'songbirds' and 'ungulate' are longer than ignore_above: not aggregated
    expect(aggs({ tags: { terms: { field: 'tags', size: 2 } } })).toEqual({
      tags: terms(
        [
          { key: 'bird', doc_count: 3 },
          { key: 'flying', doc_count: 1 },
        ],
        1,
      ),
    });
  });

  it('keys numbers as numbers and booleans as 1/0 with key_as_string', () => {
    expect(aggs({ finnish: { terms: { field: 'finnish' } } })).toEqual({
      finnish: terms([
        { key: 1, key_as_string: 'true', doc_count: 4 },
        { key: 0, key_as_string: 'false', doc_count: 2 },
      ]),
    });
    expect(aggs({ weight: { terms: { field: 'weight', size: 1 } } })).toEqual({
      weight: terms([{ key: Math.fround(0.1), doc_count: 1 }], 2),
    });
  });

  it('runs sub-aggregations in each returned bucket', () => {
    expect(
      aggs({ ranks: { terms: { field: 'rank', size: 2 }, aggs: { finnish: { terms: { field: 'finnish' } } } } }),
    ).toEqual({
      ranks: terms(
        [
          {
            key: 'species',
            doc_count: 3,
            finnish: terms([
              { key: 1, key_as_string: 'true', doc_count: 2 },
              { key: 0, key_as_string: 'false', doc_count: 1 },
            ]),
          },
          {
            key: 'genus',
            doc_count: 2,
            finnish: terms([
              { key: 0, key_as_string: 'false', doc_count: 1 },
              { key: 1, key_as_string: 'true', doc_count: 1 },
            ]),
          },
        ],
        1,
      ),
    });
  });

  it('has no buckets on an unmapped field', () => {
    expect(aggs({ colour: { terms: { field: 'colour' } } })).toEqual({ colour: terms([]) });
  });

  it('refuses other aggregation types and options', () => {
    expect(() => aggs({ n: { cardinality: { field: 'rank' } } })).toThrow(
      new UnsupportedQueryError('aggs.n.cardinality'),
    );
    expect(() => aggs({ n: { terms: { field: 'rank', include: 'a.*' } } })).toThrow(
      new UnsupportedQueryError('aggs.n.terms.include'),
    );
    for (const option of ['order', 'min_doc_count', 'missing', 'shard_size']) {
      const terms = { field: 'rank', [option]: option === 'order' ? { _key: 'asc' } : 1 };
      expect(() => aggs({ n: { terms } })).toThrow(new UnsupportedQueryError(`aggs.n.terms.${option}`));
    }
    expect(() => aggs({ n: { terms: { field: 'rank' }, meta: { label: 'x' } } })).toThrow(/aggs.n/);
    expect(() => index.search(untyped({ size: 0, aggregations: { n: { terms: { field: 'rank' } } } }))).toThrow(
      new UnsupportedQueryError('aggregations'),
    );
    expect(() => aggs({ n: { terms: { field: 'rank', size: 0 } } })).toThrow(/size/);
  });
});
