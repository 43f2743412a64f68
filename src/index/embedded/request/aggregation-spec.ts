/**
 * `aggs`: only `terms`, with `field`, `size` and nested `aggs`, what the compiler sends. Other
 * aggregation types and options (`order`, `min_doc_count`, `missing`, `shard_size`, `meta`, ...)
 * are refused by name (`aggs.byGroup.cardinality`, `aggs.byGroup.terms.order`).
 */
import { checkKeys, expectRecord, fail, readCount, readString } from './dsl-reader.ts';
import { ownValue, type JsonRecord } from '../primitives/json.ts';

export interface TermsAggregationSpec {
  name: string;
  /** Position in the request, for errors: `aggs.byRank.terms`. */
  clause: string;
  field: string;
  size: number;
  subAggregations: readonly TermsAggregationSpec[];
}

const DEFAULT_SIZE = 10;

/** Parses the aggregations of a request or of a bucket level; `path` names their position. */
export function parseAggregations(value: unknown, path: string): TermsAggregationSpec[] {
  if (value === undefined || value === null) return [];
  return Object.entries(expectRecord(value, path)).map(([name, container]) =>
    parseContainer(name, expectRecord(container, `${path}.${name}`), `${path}.${name}`),
  );
}

/** The `aggs` of a request (`path` '') or of an aggregation. */
export function readSubAggregations(record: JsonRecord, path: string): TermsAggregationSpec[] {
  return parseAggregations(ownValue(record, 'aggs'), `${path === '' ? '' : `${path}.`}aggs`);
}

function parseContainer(name: string, container: JsonRecord, path: string): TermsAggregationSpec {
  const types = Object.keys(container).filter((key) => key !== 'aggs');
  if (types.length !== 1) fail(path, `expected one aggregation type, found ${types.join(', ') || 'none'}`);
  if (types[0] !== 'terms') fail(`${path}.${types[0]}`);
  const clause = `${path}.terms`;
  const body = expectRecord(container['terms'], clause);
  checkKeys(body, ['field', 'size'], clause);
  const size = readCount(body, 'size', DEFAULT_SIZE, clause);
  if (size === 0) fail(`${clause}.size`, 'must be greater than 0');
  const field = readString(ownValue(body, 'field'), `${clause}.field`);
  return { name, clause, field, size, subAggregations: readSubAggregations(container, path) };
}
