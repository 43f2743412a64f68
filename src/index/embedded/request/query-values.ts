/**
 * Query values → index terms of a field, as Elasticsearch's field types convert them: a keyword
 * matches the string form of a number or boolean; a boolean field takes `true`/`false` or their
 * strings; a numeric field takes numbers or numeric strings, and an integer field never holds
 * a value with a decimal part. A value the field type cannot read is refused, naming the clause.
 */
import { fail } from './dsl-reader.ts';
import type { FieldIndex } from '../build/field-index.ts';
import { coerceNumber, isIntegerType, toNumber, type TermKey } from '../build/index-values.ts';
import type { Scalar } from './query-ast.ts';

/** The term `value` would equal in `field`, or `undefined` when no indexed term can. */
export function termKey(field: FieldIndex, value: Scalar, clause: string): TermKey | undefined {
  const type = field.spec.type;
  if (type === 'keyword') return String(value);
  if (type === 'boolean') return booleanTerm(value, field.name, clause);
  const number = numberOf(field, value, clause);
  if (isIntegerType(type) && !Number.isInteger(number)) return undefined;
  const coerced = coerceNumber(type, number);
  if (coerced === undefined)
    fail(clause, `value [${number}] is out of range for field [${field.name}] of type [${type}]`);
  return coerced;
}

/**
 * A range bound as a term of a numeric `field`'s order. Integer fields compare the bound as
 * written; float fields round it to 32 bits, as the stored values are.
 */
export function boundKey(field: FieldIndex, value: Scalar, clause: string): TermKey {
  const number = numberOf(field, value, clause);
  return field.spec.type === 'float' ? Math.fround(number) : number;
}

function booleanTerm(value: Scalar, field: string, clause: string): number {
  if (value === true || value === 'true') return 1;
  if (value === false || value === 'false') return 0;
  return fail(clause, `can't parse boolean value [${String(value)}] for field [${field}], expected [true] or [false]`);
}

function numberOf(field: FieldIndex, value: Scalar, clause: string): number {
  const number = toNumber(value);
  if (number === undefined)
    fail(clause, `[${String(value)}] is not a number for field [${field.name}] of type [${field.spec.type}]`);
  return number;
}
