/**
 * `minimum_should_match`: how many `should` clauses must match. The compiler sends a
 * non-negative integer (docs/engine-contract.md); percentages, negative counts and
 * combinations such as `"3<90%"` are refused.
 */
import { fail } from './dsl-reader.ts';
import { ownValue, type JsonRecord } from '../primitives/json.ts';

/** The option, checked; `undefined` when absent. */
export function readMinimumShouldMatch(record: JsonRecord, clause: string): number | undefined {
  const value = ownValue(record, 'minimum_should_match');
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  return fail(
    `${clause}.minimum_should_match`,
    `unsupported value ${JSON.stringify(value)}: only a non-negative integer`,
  );
}
