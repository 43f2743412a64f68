/**
 * Plain-JSON helpers: the documents and request bodies the engine reads are JSON values whose
 * shape is checked at run time, never trusted from their static type.
 */

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own property read that never reaches the prototype (`constructor`, `__proto__` are data). */
export function ownValue(record: JsonRecord, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Sets an own property, also for the key `__proto__` (which plain assignment would not). */
export function setOwn(record: JsonRecord, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    record[key] = value;
  }
}

/**
 * Freezes a stored document and everything in it. Hits can then share the stored values instead
 * of deep-copying them on every search (the largest cost of a page of full documents), and no
 * caller can change the index through a hit. Shared subtrees are frozen once.
 */
export function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  if (Array.isArray(value)) for (const item of value) deepFreeze(item);
  else for (const key of Object.keys(value)) deepFreeze((value as JsonRecord)[key]);
}

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
