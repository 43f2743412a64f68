/**
 * `minimum_should_match`, as Elasticsearch computes it from the number of `should` clauses:
 * an integer (negative: that many may be missing) or a percentage (rounded toward zero, in
 * 32-bit float arithmetic like Java's `(int) (count * percent * (1 / 100f))`). Combinations
 * such as `"3<90%"` are refused.
 */
import { fail } from './dsl-reader.ts';
import { ownValue, type JsonRecord } from '../primitives/json.ts';

const SPEC = /^\s*(-?\d+)(%?)\s*$/;

/** The option as written, checked; `undefined` when absent. */
export function readMinimumShouldMatch(record: JsonRecord, clause: string): string | undefined {
  const value = ownValue(record, 'minimum_should_match');
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && SPEC.test(value)) return value;
  return fail(`${clause}.minimum_should_match`, `unsupported value ${JSON.stringify(value)}`);
}

/** How many of `optional` should clauses must match under `spec` (never negative). */
export function minimumShouldMatch(spec: string, optional: number): number {
  const [, digits = '0', percent] = SPEC.exec(spec) ?? [];
  const value = Number.parseInt(digits, 10);
  let result: number;
  if (percent === '%') {
    const calc = Math.fround(Math.fround(optional * value) * Math.fround(1 / 100));
    result = calc < 0 ? optional + Math.trunc(calc) : Math.trunc(calc);
  } else {
    result = value < 0 ? optional + value : value;
  }
  return Math.max(0, result);
}
