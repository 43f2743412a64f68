/**
 * Fast validation of taxon lines. The zod schema stays the one source: it is turned into a JSON
 * Schema once and each top-level field's schema is compiled by ajv.
 *
 * Why per field: a taxon line carries some 20 of the schema's ~110 fields, and parsed lines come
 * in many shapes, so a validator that probes every declared property pays a slow megamorphic
 * lookup for each absent one (~10 µs a line with ajv, ~20 µs with zod). Walking only the keys a
 * line has costs ~2 µs, which keeps a half-million-line load within seconds.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { z } from 'zod';
import { pointerToken } from '../errors.ts';
import { taxonSchema } from './schema.ts';

type JsonSchema = { properties?: Record<string, object>; required?: string[] };

const jsonSchema = z.toJSONSchema(taxonSchema, { target: 'draft-7', io: 'input' }) as JsonSchema;
const ajv = new Ajv({ allErrors: true, strict: false });
const fieldValidators = new Map<string, ValidateFunction>(
  Object.entries(jsonSchema.properties ?? {}).map(([field, schema]) => [field, ajv.compile(schema)]),
);
const requiredFields = jsonSchema.required ?? [];

function describe(error: ErrorObject, field: string): string {
  const where = `/${pointerToken(field)}${error.instancePath}`;
  if (error.keyword === 'required') return `${where}: '${String(error.params.missingProperty)}' is required`;
  return `${where}: ${error.message ?? 'invalid'}`;
}

/** The problems of one parsed line, empty when it is a valid taxon. */
export function taxonProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['/: must be a JSON object'];
  const record = value as Record<string, unknown>;
  const problems = requiredFields
    .filter((field) => !Object.hasOwn(record, field))
    .map((field) => `/: '${field}' is required`);
  for (const field of Object.keys(record)) {
    const validate = fieldValidators.get(field);
    if (validate && !validate(record[field])) problems.push(...(validate.errors ?? []).map((e) => describe(e, field)));
  }
  return problems;
}
