/**
 * The `sort` option: `"field"`, `{ field: "desc" }`, `{ field: { order, missing, mode,
 * unmapped_type } }`, `"_score"`, `"_doc"`, or an array of them. Defaults as in Elasticsearch:
 * fields ascending, `_score` descending; multi-valued fields sort by their minimum ascending and
 * their maximum descending; documents without a value last in both directions.
 */
import { checkKeys, expectRecord, fail } from './dsl-reader.ts';
import type { FieldIndex } from '../build/field-index.ts';
import type { IndexData } from '../build/index-data.ts';
import type { TermKey } from '../build/index-values.ts';
import { isRecord, ownValue } from '../primitives/json.ts';
import { missingKey } from './query-values.ts';

export type SortDirection = 'asc' | 'desc';

export type SortKey = ScoreSortKey | DocSortKey | FieldSortKey;

export interface ScoreSortKey {
  kind: 'score';
  order: SortDirection;
}

export interface DocSortKey {
  kind: 'doc';
  order: SortDirection;
}

export interface FieldSortKey {
  kind: 'field';
  name: string;
  /** `undefined` for an unmapped field sorted with `unmapped_type`: every document misses it. */
  field: FieldIndex | undefined;
  order: SortDirection;
  mode: 'min' | 'max';
  missing: SortMissing;
}

/** `_last`, `_first`, or a value that stands in for a missing one. */
export type SortMissing = { kind: 'last' } | { kind: 'first' } | { kind: 'value'; key: TermKey };

export function parseSort(value: unknown, index: IndexData): SortKey[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => parseSortItem(item, index));
}

/** Hits in relevance order: no sort, or `_score` descending alone (Elasticsearch's own shortcut). */
export function isRelevanceOrder(keys: readonly SortKey[]): boolean {
  const [first] = keys;
  return first === undefined || (keys.length === 1 && first.kind === 'score' && first.order === 'desc');
}

export function sortsByScore(keys: readonly SortKey[]): boolean {
  return isRelevanceOrder(keys) || keys.some((key) => key.kind === 'score');
}

function parseSortItem(item: unknown, index: IndexData): SortKey[] {
  if (typeof item === 'string') return [sortKeyOf(item, undefined, index)];
  const record = expectRecord(item, 'sort');
  return Object.entries(record).map(([name, spec]) => sortKeyOf(name, spec, index));
}

function sortKeyOf(name: string, spec: unknown, index: IndexData): SortKey {
  const clause = `sort.${name}`;
  if (name === '_score' || name === '_doc') {
    const options = isRecord(spec) ? spec : { order: spec };
    checkKeys(options, ['order'], clause);
    const fallback = name === '_score' ? 'desc' : 'asc';
    return { kind: name === '_score' ? 'score' : 'doc', order: readOrder(ownValue(options, 'order'), fallback, clause) };
  }
  return fieldSortKey(name, isRecord(spec) ? spec : { order: spec }, index);
}

function fieldSortKey(name: string, options: Record<string, unknown>, index: IndexData): FieldSortKey {
  const clause = `sort.${name}`;
  checkKeys(options, ['order', 'missing', 'mode', 'unmapped_type'], clause);
  const field = index.field(name);
  if (field === undefined && ownValue(options, 'unmapped_type') === undefined) {
    fail('sort', `No mapping found for [${name}] in order to sort on`);
  }
  const order = readOrder(ownValue(options, 'order'), 'asc', clause);
  const mode = ownValue(options, 'mode') ?? (order === 'asc' ? 'min' : 'max');
  if (mode !== 'min' && mode !== 'max') fail(`${clause}.mode`, `unsupported mode ${JSON.stringify(mode)}`);
  return { kind: 'field', name, field, order, mode, missing: readMissing(ownValue(options, 'missing'), field, clause) };
}

function readOrder(value: unknown, fallback: SortDirection, clause: string): SortDirection {
  if (value === undefined || value === null) return fallback;
  const order = typeof value === 'string' ? value.toLowerCase() : value;
  if (order !== 'asc' && order !== 'desc') fail(`${clause}.order`, `expected asc or desc, found ${JSON.stringify(value)}`);
  return order;
}

function readMissing(value: unknown, field: FieldIndex | undefined, clause: string): SortMissing {
  if (value === undefined || value === null || value === '_last') return { kind: 'last' };
  if (value === '_first') return { kind: 'first' };
  if (field === undefined) return { kind: 'last' };
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    fail(`${clause}.missing`, 'expected _last, _first or a value');
  }
  return { kind: 'value', key: missingKey(field, value, 'sort', `${clause}.missing`) };
}
