/**
 * The POST /taxa filter body (docs/api.md, "Filter body") as a filter tree.
 *
 *   { "latestRedListStatusFinland.status": ["MX.iucnEN", "MX.iucnCR"],
 *     "primaryHabitat.habitat": "MKV.habitatMkk", "invasiveSpecies": false, "taxonRank": "!MX.genus" }
 *
 * Keys are dot paths of the taxon document; a string value must match, `!value` must not, an
 * array is an OR of its positive items and excludes its `!` items, a boolean must be equal. Keys
 * combine with AND. Every problem is reported at once, each at its JSON pointer.
 */
import { AppError, pointerToken, type ErrorDetails } from '../errors.ts';
import { filterKeyKind } from '../taxon/fields.ts';
import { and, not, term, terms, type FilterNode } from './nodes/index.ts';

type Problems = ErrorDetails;

function addProblem(problems: Problems, pointer: string, message: string): void {
  (problems[pointer] ??= []).push(message);
}

/** `["a", "!b", "c"]` → a OR c, and not b. */
export function stringClauses(field: string, values: string[]): FilterNode[] {
  const include = values.filter((v) => !v.startsWith('!'));
  const exclude = values.filter((v) => v.startsWith('!')).map((v) => v.slice(1));
  const clauses: FilterNode[] = [];
  if (include.length === 1) clauses.push(term.build(field, include[0]!));
  if (include.length > 1) clauses.push(terms.build(field, include));
  if (exclude.length === 1) clauses.push(not.build(term.build(field, exclude[0]!)));
  if (exclude.length > 1) clauses.push(not.build(terms.build(field, exclude)));
  return clauses;
}

function valueClauses(key: string, value: unknown, pointer: string, problems: Problems): FilterNode[] {
  const kind = filterKeyKind(key);
  if (kind === undefined) {
    addProblem(problems, pointer, `Unknown filter '${key}'`);
    return [];
  }
  if (kind === 'boolean') {
    if (typeof value === 'boolean') return [term.build(key, value)];
    addProblem(problems, pointer, `Filter '${key}' takes a boolean`);
    return [];
  }
  const values = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string')) {
    addProblem(problems, pointer, `Filter '${key}' takes a string or a non-empty array of strings`);
    return [];
  }
  const empty = values.flatMap((v, i) => (v === '' || v === '!' ? [i] : []));
  for (const i of empty) {
    const place = typeof value === 'string' ? pointer : `${pointer}/${i}`;
    addProblem(problems, place, `Filter '${key}' takes a value${values[i] === '!' ? " after '!'" : ''}`);
  }
  return empty.length > 0 ? [] : stringClauses(key, values);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses the body; `undefined` (no body) means no filters. Throws a 422 listing every problem. */
export function parseFilterBody(body: unknown): FilterNode {
  if (body === undefined || body === null) return and.build([]);
  if (!isPlainObject(body)) {
    throw new AppError('VALIDATION_EXCEPTION', 'The filter body must be a JSON object', {
      '/body': ['must be a JSON object of filters'],
    });
  }
  const problems: Problems = {};
  const clauses: FilterNode[] = [];
  for (const key of Object.keys(body)) {
    const pointer = `/body/${pointerToken(key)}`;
    clauses.push(...valueClauses(key, Object.getOwnPropertyDescriptor(body, key)?.value, pointer, problems));
  }
  const pointers = Object.keys(problems);
  if (pointers.length > 0) {
    const first = problems[pointers[0]!]![0]!;
    const more = pointers.length > 1 ? ` (and ${pointers.length - 1} more)` : '';
    throw new AppError('VALIDATION_EXCEPTION', `${first}${more}`, problems);
  }
  return and.build(clauses);
}
