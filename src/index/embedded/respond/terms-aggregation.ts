/**
 * Runs `terms` aggregations over the matching documents, with the numbers a one-shard
 * Elasticsearch index gives:
 *
 * - a bucket counts documents (a document with a value twice counts once);
 * - counts come from intersecting each term's posting list with the matches, or from walking
 *   the matches' doc values, whichever touches less;
 * - the shard keeps its best `shard_size` buckets (`size * 1.5 + 10` unless ordered by key),
 *   the final reduce drops those under `min_doc_count` and keeps `size`; `sum_other_doc_count`
 *   is what the shard cut plus what the reduce cut (not what `min_doc_count` dropped);
 * - sub-aggregations run only for the buckets returned, over the bucket's documents;
 * - a search's buckets, every level counted, stop at `MAX_BUCKETS` (`TooManyBucketsError`),
 *   checked level by level before the sub-aggregations of a level run.
 */
import type { estypes } from '@elastic/elasticsearch';
import { MAX_BUCKETS, TooManyBucketsError } from '../../engine.ts';
import { Bitset } from '../sets/bitset.ts';
import type { TermsAggregationSpec } from '../request/aggregation-spec.ts';
import type { FieldIndex } from '../build/field-index.ts';
import type { IndexData } from '../build/index-data.ts';
import type { TermKey } from '../build/index-values.ts';
import { missingKey } from '../request/query-values.ts';
import { selectTop } from '../primitives/top-n.ts';

export type AggregationResults = Record<string, estypes.AggregationsAggregate>;

type TermsResult = estypes.AggregationsStringTermsAggregate;
type Bucket = estypes.AggregationsStringTermsBucket;

/** The value standing in for documents without one, and where it sits among the terms. */
interface MissingBucket {
  key: TermKey;
  ord: number;
  rank: number;
  count: number;
}

/** Bucket candidates in parallel arrays; `ord` -1 is a missing value that is not a term. */
interface Candidates {
  ords: number[];
  counts: number[];
  ranks: number[];
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

function runTerms(spec: TermsAggregationSpec, docs: Bitset, total: number, index: IndexData, budget: BucketBudget): TermsResult {
  const field = index.field(spec.field);
  if (field === undefined) return unmappedTerms(spec, docs, total, index, budget);
  const missing = missingBucket(spec, field, docs, total);
  const candidates = collectCandidates(spec, field, docs, total, missing);
  const shardTop = selectTop(candidates.ords.length, spec.shardSize, bucketComparator(spec, candidates));
  const eligible = shardTop.filter((i) => candidates.counts[i]! >= spec.minDocCount);
  const sumOf = (positions: number[]) => positions.reduce((sum, i) => sum + candidates.counts[i]!, 0);
  const all = candidates.counts.reduce((sum, count) => sum + count, 0);
  const other = all - sumOf(shardTop) + sumOf(eligible.slice(spec.size));
  const isBoolean = field.spec.type === 'boolean';
  const returned = eligible.slice(0, spec.size);
  budget.spend(returned.length);
  const buckets = returned.map((i) => {
    const ord = candidates.ords[i]!;
    const key = ord >= 0 ? field.keyAt(ord) : missing!.key;
    const members = () => bucketDocs(field, docs, ord, missing?.ord === ord);
    return bucketOf(key, candidates.counts[i]!, isBoolean, spec, members, index, budget);
  });
  return result(spec, docCountError(spec, shardTop.length), other, buckets);
}

/** An unmapped field has no buckets, unless `missing` gives every document its value. */
function unmappedTerms(spec: TermsAggregationSpec, docs: Bitset, total: number, index: IndexData, budget: BucketBudget): TermsResult {
  if (spec.missing === undefined || total === 0 || total < spec.minDocCount) return result(spec, 0, 0, []);
  budget.spend(1);
  return result(spec, 0, 0, [bucketOf(String(spec.missing), total, false, spec, () => docs, index, budget)]);
}

function missingBucket(spec: TermsAggregationSpec, field: FieldIndex, docs: Bitset, total: number): MissingBucket | undefined {
  if (spec.missing === undefined) return undefined;
  const key = missingKey(field, spec.missing, 'aggregation', `${spec.clause}.missing`);
  const ord = field.dictionary.find(key);
  const rank = ord >= 0 ? 2 * ord + 1 : 2 * field.dictionary.lowerBound(key);
  return { key, ord, rank, count: total - docs.countAnd(field.docsWithValue()) };
}

function collectCandidates(
  spec: TermsAggregationSpec,
  field: FieldIndex,
  docs: Bitset,
  total: number,
  missing: MissingBucket | undefined,
): Candidates {
  const counts = termCounts(field, docs, total);
  const candidates: Candidates = { ords: [], counts: [], ranks: [] };
  const add = (ord: number, count: number, rank: number) => {
    candidates.ords.push(ord);
    candidates.counts.push(count);
    candidates.ranks.push(rank);
  };
  for (let ord = 0; ord < counts.length; ord++) {
    const count = counts[ord]! + (missing?.ord === ord ? missing.count : 0);
    if (count > 0 || spec.minDocCount === 0) add(ord, count, 2 * ord + 1);
  }
  if (missing !== undefined && missing.ord < 0 && missing.count > 0) add(-1, missing.count, missing.rank);
  return candidates;
}

/** Documents per term ordinal among `docs`. */
function termCounts(field: FieldIndex, docs: Bitset, total: number): Uint32Array {
  const counts = new Uint32Array(field.dictionary.size);
  if (total === field.docCount) {
    for (let ord = 0; ord < counts.length; ord++) counts[ord] = field.docFreq(ord);
  } else if (total * (field.postingCount / Math.max(1, field.docCount)) * 2 + field.docCount / 32 < field.termScanCost) {
    const { starts, ords } = field.ordinals();
    for (let doc = docs.next(0); doc >= 0; doc = docs.next(doc + 1)) {
      for (let i = starts[doc]!; i < starts[doc + 1]!; i++) counts[ords[i]!]!++;
    }
  } else {
    for (let ord = 0; ord < counts.length; ord++) counts[ord] = field.countIn(ord, docs);
  }
  return counts;
}

function bucketComparator(spec: TermsAggregationSpec, candidates: Candidates): (a: number, b: number) => number {
  return (a, b) => {
    for (const { by, direction } of spec.order) {
      const values = by === '_count' ? candidates.counts : candidates.ranks;
      const difference = values[a]! - values[b]!;
      if (difference !== 0) return direction === 'asc' ? difference : -difference;
    }
    return candidates.ranks[a]! - candidates.ranks[b]!;
  };
}

/** One shard answers 0, except -1 for a full shard list in an order other than count desc or key. */
function docCountError(spec: TermsAggregationSpec, shardBuckets: number): number {
  if (shardBuckets === 0 || shardBuckets < spec.shardSize || spec.keyOrder) return 0;
  const [first] = spec.order;
  return first?.by === '_count' && first.direction === 'desc' ? 0 : -1;
}

function bucketDocs(field: FieldIndex, docs: Bitset, ord: number, withMissing: boolean): Bitset {
  const members = ord >= 0 ? field.docsOf(ord).copy().and(docs) : new Bitset(docs.size);
  return withMissing ? members.or(docs.copy().andNot(field.docsWithValue())) : members;
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
  const entry: Bucket = isBoolean ? { key, key_as_string: key === 1 ? 'true' : 'false', doc_count: count } : { key, doc_count: count };
  if (spec.subAggregations.length === 0) return entry;
  return { ...entry, ...runAggregations(spec.subAggregations, docs(), count, index, budget) };
}

function result(spec: TermsAggregationSpec, error: number, other: number, buckets: Bucket[]): TermsResult {
  const body: TermsResult = { doc_count_error_upper_bound: error, sum_other_doc_count: other, buckets };
  return spec.meta === undefined ? body : { meta: spec.meta, ...body };
}
