/**
 * Reference semantics, written as plainly as possible for the property tests: the indexed
 * values of a field in a document, and how query values compare with them.
 */
import type { FieldSpec } from '../../../src/index/embedded/build/field-catalog.ts';

export type Fields = Record<string, FieldSpec>;
export type Key = string | number;
export type Doc = Record<string, unknown>;

/** The leaf values at a dotted path: arrays flattened at every level, null skipped. */
export function rawValues(node: unknown, segments: readonly string[]): unknown[] {
  if (segments.length === 0) return flatten(node);
  if (Array.isArray(node)) return node.flatMap((item) => rawValues(item, segments));
  if (typeof node !== 'object' || node === null) return [];
  const [head, ...rest] = segments;
  return Object.hasOwn(node, head!) ? rawValues((node as Doc)[head!], rest) : [];
}

function flatten(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(flatten);
  return value === null || value === undefined ? [] : [value];
}

/** The distinct indexed terms of `field` in `doc`. */
export function indexed(doc: Doc, field: string, spec: FieldSpec): Key[] {
  const keys: Key[] = [];
  for (const value of rawValues(doc, field.split('.'))) {
    const key = sourceKey(spec, value);
    if (key !== undefined && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

function sourceKey(spec: FieldSpec, value: unknown): Key | undefined {
  if (spec.type === 'keyword') {
    const text = String(value);
    return spec.ignoreAbove !== undefined && text.length > spec.ignoreAbove ? undefined : text;
  }
  if (spec.type === 'boolean') return value === true || value === 'true' ? 1 : 0;
  const number = Number(value);
  if (spec.type === 'float') return Math.fround(number);
  if (spec.type === 'double') return number;
  return Math.trunc(number);
}

/** The term a query value stands for; `undefined` when no term can equal it. */
export function queryKey(spec: FieldSpec, value: unknown): Key | undefined {
  if (spec.type === 'keyword') return String(value);
  if (spec.type === 'boolean') return value === true || value === 'true' ? 1 : 0;
  const number = Number(value);
  if (spec.type === 'float') return Math.fround(number);
  if (spec.type === 'double') return number;
  return Number.isInteger(number) ? number : undefined;
}

/** A range bound in the field's order (integers compare with the bound as written). */
export function boundKey(spec: FieldSpec, value: unknown): Key {
  if (spec.type === 'keyword') return String(value);
  if (spec.type === 'boolean') return value === true || value === 'true' ? 1 : 0;
  return spec.type === 'float' ? Math.fround(Number(value)) : Number(value);
}

/** -1, 0 or 1: numbers numerically, strings by their UTF-8 bytes. */
export function compareKeys(a: Key, b: Key): number {
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  return Buffer.compare(Buffer.from(String(a), 'utf8'), Buffer.from(String(b), 'utf8'));
}
