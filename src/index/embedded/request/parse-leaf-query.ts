/**
 * Query DSL → `LeafNode` for the term-level leaves. Only the shape is checked here; values are
 * matched against a field's type when the query runs (`leaf-matcher.ts`).
 */
import {
  checkKeys,
  expectRecord,
  fail,
  onlyEntry,
  readBoost,
  readScalar,
  readString,
  refuseCaseInsensitive,
} from './dsl-reader.ts';
import { isRecord, ownValue, type JsonRecord } from '../primitives/json.ts';
import type { LeafNode, RangeBound, RangeNode, TermsNode } from './query-ast.ts';

type LeafParser = (body: unknown, clause: string) => LeafNode;

export const LEAF_PARSERS: ReadonlyMap<string, LeafParser> = new Map<string, LeafParser>([
  ['term', parseTerm],
  ['terms', parseTerms],
  ['range', parseRange],
  ['exists', parseExists],
  ['ids', parseIds],
  ['prefix', parsePrefix],
  ['wildcard', parseWildcard],
]);

/** `{ field: value }` or `{ field: { value, boost?, case_insensitive?: false } }`. */
function parseTerm(body: unknown, clause: string): TermsNode {
  const [field, spec] = fieldEntry(body, clause);
  if (!isRecord(spec)) return { kind: 'terms', clause, field, values: [readScalar(spec, clause)] };
  checkOptions(spec, ['value'], clause);
  return { kind: 'terms', clause, field, values: [readScalar(ownValue(spec, 'value'), `${clause}.value`)] };
}

/** `{ field: [values], boost? }` (a terms lookup is refused). */
function parseTerms(body: unknown, clause: string): TermsNode {
  const record = expectRecord(body, clause);
  readBoost(record, clause);
  const fields = Object.keys(record).filter((key) => key !== 'boost');
  if (fields.length !== 1) fail(clause, `expected exactly one field, found ${fields.join(', ') || 'none'}`);
  const field = fields[0]!;
  const values = record[field];
  if (!Array.isArray(values)) fail(`${clause}.${field}`, 'expected an array of values');
  return { kind: 'terms', clause, field, values: values.map((value) => readScalar(value, `${clause}.${field}`)) };
}

/** `{ field: { gt?, gte?, lt?, lte?, boost? } }`; when both `gt` and `gte` appear, the later wins. */
function parseRange(body: unknown, clause: string): RangeNode {
  const [field, spec] = fieldEntry(body, clause);
  const record = expectRecord(spec, clause);
  checkKeys(record, ['gt', 'gte', 'lt', 'lte', 'boost'], clause);
  readBoost(record, clause);
  let lower: RangeBound | undefined;
  let upper: RangeBound | undefined;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'boost') continue;
    const bound = value === null ? undefined : { value: readScalar(value, `${clause}.${key}`), inclusive: key.endsWith('e') };
    if (key.startsWith('g')) lower = bound;
    else upper = bound;
  }
  return { kind: 'range', clause, field, lower, upper };
}

function parseExists(body: unknown, clause: string): LeafNode {
  const record = expectRecord(body, clause);
  checkKeys(record, ['field', 'boost'], clause);
  readBoost(record, clause);
  return { kind: 'exists', clause, field: readString(ownValue(record, 'field'), `${clause}.field`) };
}

function parseIds(body: unknown, clause: string): LeafNode {
  const record = expectRecord(body, clause);
  checkKeys(record, ['values', 'boost'], clause);
  readBoost(record, clause);
  const values = ownValue(record, 'values') ?? [];
  if (!Array.isArray(values)) fail(`${clause}.values`, 'expected an array');
  return { kind: 'ids', clause, values: values.map((value) => String(readScalar(value, `${clause}.values`))) };
}

/** `{ field: "prefix" }` or `{ field: { value, boost?, case_insensitive?: false } }`. */
function parsePrefix(body: unknown, clause: string): LeafNode {
  const [field, spec] = fieldEntry(body, clause);
  return { kind: 'prefix', clause, field, value: patternOf(spec, ['value'], clause) };
}

/** `{ field: "pat*ern" }` or `{ field: { value | wildcard, boost?, case_insensitive?: false } }`. */
function parseWildcard(body: unknown, clause: string): LeafNode {
  const [field, spec] = fieldEntry(body, clause);
  return { kind: 'wildcard', clause, field, pattern: patternOf(spec, ['value', 'wildcard'], clause) };
}

function patternOf(spec: unknown, valueKeys: readonly string[], clause: string): string {
  if (!isRecord(spec)) return String(readScalar(spec, clause));
  checkOptions(spec, valueKeys, clause);
  const key = valueKeys.find((name) => Object.hasOwn(spec, name));
  if (key === undefined) fail(clause, 'value is required');
  return String(readScalar(spec[key], `${clause}.${key}`));
}

/** The single `{ field: spec }` entry of a leaf body. */
function fieldEntry(body: unknown, clause: string): [string, unknown] {
  const [field, spec] = onlyEntry(expectRecord(body, clause), clause);
  return [field, spec];
}

/** Accepts `keys` plus `boost` and `case_insensitive: false`. */
function checkOptions(record: JsonRecord, keys: readonly string[], clause: string): void {
  checkKeys(record, [...keys, 'boost', 'case_insensitive'], clause);
  readBoost(record, clause);
  refuseCaseInsensitive(record, clause);
}
