/**
 * The `sort` option: `"field"`, `{ field: "desc" }`, `{ field: { order, missing: _last | _first } }`,
 * `"_score"`, `"_doc"`, or an array of them; other options (`mode`, `unmapped_type`, a missing
 * value) are refused by name. Defaults as in Elasticsearch:
 * fields ascending, `_score` descending; multi-valued fields sort by their minimum ascending and
 * their maximum descending; documents without a value last in both directions.
 */
import { checkKeys, expectRecord, fail } from './dsl-reader.ts';
import type { FieldIndex } from '../build/field-index.ts';
import type { IndexData } from '../build/index-data.ts';
import { isRecord, ownValue } from '../primitives/json.ts';

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
  field: FieldIndex;
  order: SortDirection;
  /** Which of a document's values it sorts by: the minimum ascending, the maximum descending. */
  mode: 'min' | 'max';
  missing: SortMissing;
}

/** Where documents without a value go. */
export type SortMissing = { kind: 'last' } | { kind: 'first' };

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
    return {
      kind: name === '_score' ? 'score' : 'doc',
      order: readOrder(ownValue(options, 'order'), fallback, clause),
    };
  }
  return fieldSortKey(name, isRecord(spec) ? spec : { order: spec }, index);
}

function fieldSortKey(name: string, options: Record<string, unknown>, index: IndexData): FieldSortKey {
  const clause = `sort.${name}`;
  checkKeys(options, ['order', 'missing'], clause);
  const field = index.field(name);
  if (field === undefined) fail('sort', `No mapping found for [${name}] in order to sort on`);
  const order = readOrder(ownValue(options, 'order'), 'asc', clause);
  return {
    kind: 'field',
    name,
    field,
    order,
    mode: order === 'asc' ? 'min' : 'max',
    missing: readMissing(ownValue(options, 'missing'), clause),
  };
}

function readOrder(value: unknown, fallback: SortDirection, clause: string): SortDirection {
  if (value === undefined || value === null) return fallback;
  const order = typeof value === 'string' ? value.toLowerCase() : value;
  if (order !== 'asc' && order !== 'desc')
    fail(`${clause}.order`, `expected asc or desc, found ${JSON.stringify(value)}`);
  return order;
}

function readMissing(value: unknown, clause: string): SortMissing {
  if (value === undefined || value === null || value === '_last') return { kind: 'last' };
  if (value === '_first') return { kind: 'first' };
  return fail(`${clause}.missing`, 'expected _last or _first');
}
