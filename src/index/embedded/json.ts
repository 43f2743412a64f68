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

/** A deep copy of a JSON value, so a caller can never reach a stored document. */
export function cloneJson<V>(value: V): V {
  return cloneValue(value) as V;
}

function cloneValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneValue);
  if (!isRecord(value)) return value;
  const copy: JsonRecord = {};
  for (const key of Object.keys(value)) setOwn(copy, key, cloneValue(value[key]));
  return copy;
}
