/**
 * Plain-JSON helpers shared by every layer: documents and request bodies are JSON values whose
 * shape is checked at run time, never trusted from their static type. The embedded engine
 * re-exports them (`src/index/embedded/primitives/json.ts`).
 */

export type JsonRecord = Record<string, unknown>;

/**
 * A typed object read field by field. An interface has no index signature, so TypeScript does not
 * let a `TaxonDocument` stand for the record of its fields, although every object is one; this is
 * the one place that says so.
 */
export function fieldsOf(value: object): JsonRecord {
  return value as JsonRecord;
}

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
 * Freezes `value` and everything in it, and returns it; a frozen object is taken as frozen all
 * the way down (shared subtrees are frozen once). What is frozen can be shared without copies
 * (stored documents and their hits, a validated query string's result), as no one can change it
 * after.
 */
export function deepFreeze<V>(value: V): V {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) freezeItem(value[i]);
  } else {
    // `for…in` reads the key list V8 caches per object shape, where `Object.keys` copies it for
    // every object: freezing a version's documents took half the time (JSON values have no
    // inherited enumerable keys).
    for (const key in value) freezeItem((value as JsonRecord)[key]);
  }
  return value;
}

function freezeItem(item: unknown): void {
  if (typeof item === 'object' && item !== null) deepFreeze(item);
}
