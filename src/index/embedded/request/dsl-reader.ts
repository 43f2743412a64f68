/**
 * Small readers for Query DSL objects that refuse, with an `UnsupportedQueryError` naming the
 * clause, anything they do not expect: so a compiler change can never be silently ignored.
 */
import { UnsupportedQueryError } from '../../engine.ts';
import { isRecord, ownValue, type JsonRecord } from '../primitives/json.ts';
import type { Scalar } from './query-ast.ts';

export function fail(clause: string, detail?: string): never {
  throw new UnsupportedQueryError(clause, detail);
}

export function expectRecord(value: unknown, clause: string): JsonRecord {
  if (!isRecord(value)) fail(clause, 'expected an object');
  return value;
}

/** The single key of an object such as `{ "term": {...} }` or `{ "field": value }`. */
export function onlyEntry(record: JsonRecord, clause: string): [string, unknown] {
  const keys = Object.keys(record);
  if (keys.length !== 1)
    fail(clause, `expected exactly one key, found ${keys.length === 0 ? 'none' : keys.join(', ')}`);
  const key = keys[0]!;
  return [key, record[key]];
}

/** Refuses any key outside `allowed`, naming it: `query.term._name`. */
export function checkKeys(record: JsonRecord, allowed: readonly string[], clause: string): void {
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) fail(`${clause}.${key}`);
  }
}

/** `boost`: a non-negative number, default 1. */
export function readBoost(record: JsonRecord, clause: string): number {
  const boost = ownValue(record, 'boost');
  if (boost === undefined) return 1;
  if (typeof boost !== 'number' || !Number.isFinite(boost) || boost < 0) {
    fail(`${clause}.boost`, 'expected a non-negative number');
  }
  return boost;
}

/** A clause list: one clause object, an array of them, or nothing. */
export function readList(value: unknown, clause: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  if (isRecord(value)) return [value];
  return fail(clause, 'expected an object or an array of objects');
}

export function readScalar(value: unknown, clause: string): Scalar {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return fail(clause, `expected a string, number or boolean, found ${JSON.stringify(value) ?? 'nothing'}`);
}

export function readString(value: unknown, clause: string): string {
  if (typeof value !== 'string' || value === '') fail(clause, 'expected a non-empty string');
  return value;
}

/** A non-negative integer option, or `fallback` when absent. */
export function readCount(record: JsonRecord, key: string, fallback: number, clause: string): number {
  const value = ownValue(record, key);
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    fail(`${clause}.${key}`, 'expected a non-negative integer');
  }
  return value;
}
