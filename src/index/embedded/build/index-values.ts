/**
 * How a source value becomes an indexed term of a field, as Elasticsearch's field mappers do it:
 * keywords are exact strings (numbers and booleans in their string form, none longer than
 * `ignore_above`), booleans are 0/1, numbers are coerced to the field's type (integers
 * truncated, floats rounded to 32 bits, numeric strings parsed).
 *
 * A value Elasticsearch would reject (and with it the whole document) throws an `IndexingError`.
 */
import type { FieldSpec, FieldType } from './field-catalog.ts';

export type TermKey = string | number;

/** Converts one source value of a field; `undefined` when the value is not indexed. */
export type IndexKeyOf = (value: unknown) => TermKey | undefined;

export class IndexingError extends Error {
  constructor(message: string) {
    super(`engine: ${message}`);
    this.name = 'IndexingError';
  }
}

const INTEGER_RANGES: Partial<Record<FieldType, readonly [number, number]>> = {
  byte: [-128, 127],
  short: [-32768, 32767],
  integer: [-2147483648, 2147483647],
  // As doubles: ±2^63, the nearest a JavaScript number comes to a long's bounds.
  long: [-(2 ** 63), 2 ** 63],
};

const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/** The converter of a field, specialised once per field: it runs for every value indexed. */
export function indexKeyOf(spec: FieldSpec, field: string): IndexKeyOf {
  if (spec.type === 'keyword') return keywordKeyOf(spec.ignoreAbove ?? Infinity, field);
  if (spec.type === 'boolean') return (value) => booleanKey(value, field);
  const type = spec.type;
  return (value) => numericKey(type, value, field);
}

function keywordKeyOf(ignoreAbove: number, field: string): IndexKeyOf {
  return (value) => {
    let text: string;
    if (typeof value === 'string') text = value;
    else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
    else throw new IndexingError(`field [${field}] of type [keyword] cannot hold ${describe(value)}`);
    return text.length > ignoreAbove ? undefined : text;
  };
}

/** Elasticsearch reads `""` in a boolean field as `false`. */
function booleanKey(value: unknown, field: string): number {
  if (value === true || value === 'true') return 1;
  if (value === false || value === 'false' || value === '') return 0;
  throw new IndexingError(`field [${field}] of type [boolean] cannot hold ${describe(value)}`);
}

function numericKey(type: FieldType, value: unknown, field: string): number | undefined {
  if (value === '') return undefined;
  const number = toNumber(value);
  if (number === undefined)
    throw new IndexingError(`field [${field}] of type [${type}] cannot hold ${describe(value)}`);
  const coerced = coerceNumber(type, number);
  if (coerced === undefined)
    throw new IndexingError(`value ${number} is out of range for field [${field}] of type [${type}]`);
  return coerced;
}

/** A JSON number or numeric string as a finite number, else `undefined`. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && DECIMAL.test(value)) {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

/** The value a numeric field of `type` stores for `number`, or `undefined` when out of range. */
export function coerceNumber(type: FieldType, number: number): number | undefined {
  if (type === 'double') return number === 0 ? 0 : number;
  if (type === 'float') {
    const float = Math.fround(number);
    return Number.isFinite(float) ? (float === 0 ? 0 : float) : undefined;
  }
  const range = INTEGER_RANGES[type];
  if (range === undefined || number < range[0] || number > range[1]) return undefined;
  const integer = Math.trunc(number);
  return integer === 0 ? 0 : integer;
}

export function isIntegerType(type: FieldType): boolean {
  return INTEGER_RANGES[type] !== undefined;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `[${String(value)}]`;
}
