/**
 * `aggs` / `aggregations`: only `terms`, with `field`, `size`, `shard_size`, `min_doc_count`,
 * `order` (`_count` / `_key`, one or a list), `missing`, `meta` and nested `aggs`. Other
 * aggregation types and options are refused by name (`aggs.byGroup.cardinality`).
 */
import { checkKeys, expectRecord, fail, readCount, readScalar, readString } from './dsl-reader.ts';
import { isRecord, ownValue, type JsonRecord } from '../primitives/json.ts';
import type { Scalar } from './query-ast.ts';

export interface BucketOrder {
  by: '_count' | '_key';
  direction: 'asc' | 'desc';
}

export interface TermsAggregationSpec {
  name: string;
  /** Position in the request, for errors: `aggs.byRank.terms`. */
  clause: string;
  field: string;
  size: number;
  /** How many buckets Elasticsearch's shard keeps before the final reduce (see `terms-aggregation.ts`). */
  shardSize: number;
  minDocCount: number;
  /** As written, then `_key` ascending as the final tie-breaker unless the last order is by key. */
  order: readonly BucketOrder[];
  /** Ordered by `_key` alone: Elasticsearch then keeps exactly `size` buckets per shard. */
  keyOrder: boolean;
  missing: Scalar | undefined;
  meta: JsonRecord | undefined;
  subAggregations: readonly TermsAggregationSpec[];
}

const TERMS_OPTIONS = ['field', 'size', 'shard_size', 'min_doc_count', 'order', 'missing', 'execution_hint', 'collect_mode'];
const DEFAULT_SIZE = 10;
const DEFAULT_ORDER: readonly BucketOrder[] = [{ by: '_count', direction: 'desc' }];

/** Parses the aggregations of a request or of a bucket level; `path` names their position. */
export function parseAggregations(value: unknown, path: string): TermsAggregationSpec[] {
  if (value === undefined || value === null) return [];
  return Object.entries(expectRecord(value, path)).map(([name, container]) =>
    parseContainer(name, expectRecord(container, `${path}.${name}`), `${path}.${name}`),
  );
}

/**
 * The `aggs` or `aggregations` (not both) of a request (`path` '') or of an aggregation.
 */
export function readSubAggregations(record: JsonRecord, path: string): TermsAggregationSpec[] {
  const aggs = ownValue(record, 'aggs');
  const aggregations = ownValue(record, 'aggregations');
  const prefix = path === '' ? '' : `${path}.`;
  if (aggs !== undefined && aggregations !== undefined) fail(`${prefix}aggs`, 'found both aggs and aggregations');
  return parseAggregations(aggs ?? aggregations, `${prefix}${aggs === undefined ? 'aggregations' : 'aggs'}`);
}

function parseContainer(name: string, container: JsonRecord, path: string): TermsAggregationSpec {
  const types = Object.keys(container).filter((key) => !['aggs', 'aggregations', 'meta'].includes(key));
  if (types.length !== 1) fail(path, `expected one aggregation type, found ${types.join(', ') || 'none'}`);
  if (types[0] !== 'terms') fail(`${path}.${types[0]}`);
  const meta = ownValue(container, 'meta');
  if (meta !== undefined && !isRecord(meta)) fail(`${path}.meta`, 'expected an object');
  const clause = `${path}.terms`;
  return { name, clause, meta, subAggregations: readSubAggregations(container, path), ...parseTerms(container['terms'], clause) };
}

type TermsOptions = Omit<TermsAggregationSpec, 'name' | 'meta' | 'subAggregations' | 'clause'>;

function parseTerms(value: unknown, clause: string): TermsOptions {
  const body = expectRecord(value, clause);
  checkKeys(body, TERMS_OPTIONS, clause);
  const size = readCount(body, 'size', DEFAULT_SIZE, clause);
  if (size === 0) fail(`${clause}.size`, 'must be greater than 0');
  const minDocCount = readCount(body, 'min_doc_count', 1, clause);
  const missingValue = ownValue(body, 'missing');
  const missing = missingValue === undefined || missingValue === null ? undefined : readScalar(missingValue, `${clause}.missing`);
  if (minDocCount === 0 && missing !== undefined) fail(`${clause}.missing`, 'not supported together with min_doc_count 0');
  const written = readOrder(ownValue(body, 'order'), `${clause}.order`);
  const keyOrder = written.length === 1 && written[0]!.by === '_key';
  const explicitShardSize = readCount(body, 'shard_size', 0, clause);
  const shardSize = explicitShardSize > 0 ? explicitShardSize : keyOrder ? size : Math.floor(size * 1.5 + 10);
  return {
    field: readString(ownValue(body, 'field'), `${clause}.field`),
    size,
    shardSize: Math.max(shardSize, size),
    minDocCount,
    order: written.at(-1)!.by === '_key' ? written : [...written, { by: '_key', direction: 'asc' }],
    keyOrder,
    missing,
  };
}

function readOrder(value: unknown, clause: string): readonly BucketOrder[] {
  if (value === undefined || value === null) return DEFAULT_ORDER;
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 0) return DEFAULT_ORDER;
  return items.map((item) => {
    const record = expectRecord(item, clause);
    const keys = Object.keys(record);
    if (keys.length !== 1) fail(clause, 'expected one key per order');
    const by = keys[0]!;
    const direction = record[by];
    if (by !== '_count' && by !== '_key') fail(`${clause}.${by}`, 'only _count and _key orders are supported');
    if (direction !== 'asc' && direction !== 'desc') fail(`${clause}.${by}`, 'expected asc or desc');
    return { by, direction };
  });
}
