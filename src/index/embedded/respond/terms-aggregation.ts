/**
 * Runs `terms` aggregations over the matching documents, with the numbers a one-shard
 * Elasticsearch index gives:
 *
 * - a bucket counts documents (a document with a value twice counts once);
 * - counts come from intersecting each term's posting list with the matches, or from walking
 *   the matches' doc values, whichever touches less;
 * - buckets are ordered by count, most first, then by key (the only order the compiler asks
 *   for); the first `size` are returned, `sum_other_doc_count` counts the documents of the rest
 *   (as a one shard index reports, whatever its `shard_size`), `doc_count_error_upper_bound` is 0;
 * - an unmapped field has no buckets;
 * - sub-aggregations run only for the buckets returned, over the bucket's documents;
 * - a search's buckets, every level counted, stop at `MAX_BUCKETS` (`TooManyBucketsError`),
 *   checked level by level before the sub-aggregations of a level run.
 */
import type { estypes } from '@elastic/elasticsearch';
import { MAX_BUCKETS, TooManyBucketsError } from '../../engine.ts';
import type { Bitset } from '../sets/bitset.ts';
import type { TermsAggregationSpec } from '../request/aggregation-spec.ts';
import type { FieldIndex } from '../build/field-index.ts';
import type { IndexData } from '../build/index-data.ts';
import type { TermKey } from '../build/index-values.ts';
import { selectTop } from '../primitives/top-n.ts';

export type AggregationResults = Record<string, estypes.AggregationsAggregate>;

type TermsResult = estypes.AggregationsStringTermsAggregate;
type Bucket = estypes.AggregationsStringTermsBucket;

/** Bucket candidates in parallel arrays: the term ordinal and its count. */
interface Candidates {
  ords: number[];
  counts: number[];
}

/** The buckets a search may still make. */
class BucketBudget {
  private made = 0;

  spend(buckets: number): void {
    this.made += buckets;
    if (this.made > MAX_BUCKETS) throw new TooManyBucketsError(MAX_BUCKETS);
  }
}

export function runAggregations(
  specs: readonly TermsAggregationSpec[],
  docs: Bitset,
  total: number,
  index: IndexData,
  budget = new BucketBudget(),
): AggregationResults {
  return Object.fromEntries(specs.map((spec) => [spec.name, runTerms(spec, docs, total, index, budget)]));
}

function runTerms(
  spec: TermsAggregationSpec,
  docs: Bitset,
  total: number,
  index: IndexData,
  budget: BucketBudget,
): TermsResult {
  const field = index.field(spec.field);
  if (field === undefined) return result(0, []);
  const candidates = collectCandidates(field, docs, total);
  const returned = selectTop(candidates.ords.length, spec.size, byCountThenKey(candidates));
  const all = candidates.counts.reduce((sum, count) => sum + count, 0);
  const other = all - returned.reduce((sum, i) => sum + candidates.counts[i]!, 0);
  const isBoolean = field.spec.type === 'boolean';
  budget.spend(returned.length);
  const buckets = returned.map((i) => {
    const ord = candidates.ords[i]!;
    const members = () => field.docsOf(ord).copy().and(docs);
    return bucketOf(field.keyAt(ord), candidates.counts[i]!, isBoolean, spec, members, index, budget);
  });
  return result(other, buckets);
}

/** The terms held by at least one of `docs`, with their counts. */
function collectCandidates(field: FieldIndex, docs: Bitset, total: number): Candidates {
  const counts = termCounts(field, docs, total);
  const candidates: Candidates = { ords: [], counts: [] };
  for (let ord = 0; ord < counts.length; ord++) {
    if (counts[ord]! === 0) continue;
    candidates.ords.push(ord);
    candidates.counts.push(counts[ord]!);
  }
  return candidates;
}

/** Documents per term ordinal among `docs`. */
function termCounts(field: FieldIndex, docs: Bitset, total: number): Uint32Array {
  const counts = new Uint32Array(field.dictionary.size);
  if (total === field.docCount) {
    for (let ord = 0; ord < counts.length; ord++) counts[ord] = field.docFreq(ord);
  } else if (
    total * (field.postingCount / Math.max(1, field.docCount)) * 2 + field.docCount / 32 <
    field.termScanCost
  ) {
    const { starts, ords } = field.ordinals();
    for (let doc = docs.next(0); doc >= 0; doc = docs.next(doc + 1)) {
      for (let i = starts[doc]!; i < starts[doc + 1]!; i++) counts[ords[i]!]!++;
    }
  } else {
    for (let ord = 0; ord < counts.length; ord++) counts[ord] = field.countIn(ord, docs);
  }
  return counts;
}

/** Most documents first; among equal counts, the term order (ordinals are in term order). */
function byCountThenKey(candidates: Candidates): (a: number, b: number) => number {
  return (a, b) => candidates.counts[b]! - candidates.counts[a]! || candidates.ords[a]! - candidates.ords[b]!;
}

function bucketOf(
  key: TermKey,
  count: number,
  isBoolean: boolean,
  spec: TermsAggregationSpec,
  docs: () => Bitset,
  index: IndexData,
  budget: BucketBudget,
): Bucket {
  const entry: Bucket = isBoolean
    ? { key, key_as_string: key === 1 ? 'true' : 'false', doc_count: count }
    : { key, doc_count: count };
  if (spec.subAggregations.length === 0) return entry;
  return { ...entry, ...runAggregations(spec.subAggregations, docs(), count, index, budget) };
}

function result(other: number, buckets: Bucket[]): TermsResult {
  return { doc_count_error_upper_bound: 0, sum_other_doc_count: other, buckets };
}
