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
