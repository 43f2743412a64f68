/**
 * Plain-JSON helpers: the documents and request bodies the engine reads are JSON values whose
 * shape is checked at run time, never trusted from their static type.
 */

import { isRecord, setOwn, type JsonRecord } from '../../../json.ts';

export { deepFreeze, isRecord, ownValue, setOwn, type JsonRecord } from '../../../json.ts';

/**
 * Whether `value` and everything in it is frozen data (no getters), so that it reads the same
 * for ever. Call it on a value `exactJsonKey` keys (no cycles).
 */
export function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (!Object.isFrozen(value)) return false;
  for (const property of Object.values(Object.getOwnPropertyDescriptors(value)))
    if (!('value' in property) || !isDeepFrozen(property.value)) return false;
  return true;
}

/** A JSON value a caller may hold: frozen values are shared as they are, others deep-copied. */
export function cloneJson<V>(value: V): V {
  return typeof value === 'object' && value !== null && Object.isFrozen(value) ? value : (cloneValue(value) as V);
}

function cloneValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneValue);
  if (!isRecord(value)) return value;
  const copy: JsonRecord = {};
  for (const key of Object.keys(value)) setOwn(copy, key, cloneValue(value[key]));
  return copy;
}

/** Deeper values are not keyed (and a cyclic one never is). */
const MAX_KEYED_DEPTH = 32;

/**
 * The JSON text of `value` when that text stands for it exactly: plain objects and arrays,
 * strings, finite numbers other than -0, booleans and null. Two such values with the same text
 * read the same wherever the engine reads them, so the text can key what was derived from one.
 * `undefined` for anything else (an `undefined` member, a hole, NaN, a Date, a class instance),
 * whose text could stand for a different value.
 */
export function exactJsonKey(value: unknown): string | undefined {
  return isExactJson(value, 0) ? JSON.stringify(value) : undefined;
}

function isExactJson(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (depth >= MAX_KEYED_DEPTH) return false;
      if (Array.isArray(value)) {
        if (Object.getPrototypeOf(value) !== Array.prototype) return false;
        for (let i = 0; i < value.length; i++) if (!(i in value) || !isExactJson(value[i], depth + 1)) return false;
        return true;
      }
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      for (const key in value) if (!isExactJson((value as JsonRecord)[key], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}
