/**
 * The POST /taxa filter body (docs/api.md, "Filter body") as a filter tree.
 *
 *   { "latestRedListStatusFinland.status": ["MX.iucnEN", "MX.iucnCR"],
 *     "primaryHabitat.habitat": "MKV.habitatMkk", "invasiveSpecies": false, "taxonRank": "!MX.genus" }
 *
 * Keys are dot paths of the taxon document; a string value must match, `!value` must not, an
 * array is an OR of its positive items and excludes its `!` items; `true` must be true, and
 * `false` must not be true (`booleanClause`). Keys combine with AND. Every problem is reported at
 * once, each at its place in the body.
 */
import { AppError, type Issue } from '../errors.ts';
import { MAX_TERMS_COUNT } from '../index/engine.ts';
import { KEYWORD_IGNORE_ABOVE } from '../index/mappings/taxa-mapping.ts';
import { filterKeyKind } from '../taxon/fields.ts';
import { and, not, term, terms, type FilterNode } from './nodes/index.ts';

/** Values a field must have one of (`include`; none: any) and values it must not have (`exclude`). */
export interface ListFilter {
  include: string[];
  exclude: string[];
}

/** `["a", "!b", "c"]` → include a and c, exclude b: the `!` grammar of the filter body and of list parameters. */
export function listFilterOf(values: readonly string[]): ListFilter {
  return {
    include: values.filter((v) => !v.startsWith('!')),
    exclude: values
      .filter((v) => v.startsWith('!'))
      .map((v) => v.slice(1))
      .filter((v) => v !== ''),
  };
}

/** a OR c, and not b. */
export function listClauses(field: string, { include, exclude }: ListFilter): FilterNode[] {
  const clauses: FilterNode[] = [];
  if (include.length === 1) clauses.push(term.build(field, include[0]!));
  if (include.length > 1) clauses.push(terms.build(field, include));
  if (exclude.length === 1) clauses.push(not.build(term.build(field, exclude[0]!)));
  if (exclude.length > 1) clauses.push(not.build(terms.build(field, exclude)));
  return clauses;
}

/**
 * A boolean filter: `true` matches a taxon whose field is true; `false` one whose field is not
 * true, which the data also says by leaving the flag out (most taxa carry no `invasiveSpecies`,
 * and a user asking for `invasiveSpecies=false` means the taxa not invasive, docs/api.md,
 * "Filter body").
 */
export function booleanClause(field: string, value: boolean): FilterNode {
  return value ? term.build(field, true) : not.build(term.build(field, true));
}

/**
 * Values one key of a filter body may list: each of its `terms` clauses (those it must have one
 * of, those it must not) holds at most this many, which Elasticsearch takes (`MAX_TERMS_COUNT`).
 */
export const MAX_FILTER_VALUES = MAX_TERMS_COUNT;

/**
 * The longest value a filter takes: longer keyword values are not indexed (`ignore_above`), so
 * none could match, and past 32,766 bytes Elasticsearch refuses the term itself.
 */
export const MAX_FILTER_VALUE_LENGTH = KEYWORD_IGNORE_ABOVE;

/** The keys a filter body may use: the kind of each, and the indexed field it filters. */
export interface FilterKeys {
  kindOf(key: string): 'string' | 'boolean' | undefined;
  fieldOf(key: string): string;
}

/** The keys of a taxa filter body: the taxon document's dot paths. */
export const TAXON_FILTER_KEYS: FilterKeys = { kindOf: filterKeyKind, fieldOf: (key) => key };

function valueClauses(key: string, value: unknown, keys: FilterKeys, issues: Issue[]): FilterNode[] {
  const at = { body: [key] };
  const kind = keys.kindOf(key);
  const field = keys.fieldOf(key);
  if (kind === undefined) {
    issues.push({ at, message: `Unknown filter '${key}'` });
    return [];
  }
  if (kind === 'boolean') {
    if (typeof value === 'boolean') return [booleanClause(field, value)];
    issues.push({ at, message: `Filter '${key}' takes a boolean` });
    return [];
  }
  const values = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string')) {
    issues.push({ at, message: `Filter '${key}' takes a string or a non-empty array of strings` });
    return [];
  }
  if (values.length > MAX_FILTER_VALUES) {
    issues.push({ at, message: `Filter '${key}' takes at most ${MAX_FILTER_VALUES} values` });
    return [];
  }
  const placeOf = (i: number) => (typeof value === 'string' ? at : { body: [key, i] });
  const before = issues.length;
  values.forEach((v, i) => {
    if (v === '' || v === '!') {
      issues.push({ at: placeOf(i), message: `Filter '${key}' takes a value${v === '!' ? " after '!'" : ''}` });
    } else if (v.length - (v.startsWith('!') ? 1 : 0) > MAX_FILTER_VALUE_LENGTH) {
      issues.push({
        at: placeOf(i),
        message: `Filter '${key}' takes values of at most ${MAX_FILTER_VALUE_LENGTH} characters`,
      });
    }
  });
  return issues.length > before ? [] : listClauses(field, listFilterOf(values));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses the body; `undefined` (no body) means no filters. Throws a 422 listing every problem, each at its place. */
export function parseFilterBody(body: unknown, keys: FilterKeys = TAXON_FILTER_KEYS): FilterNode {
  if (body === undefined || body === null) return and.build([]);
  if (!isPlainObject(body)) {
    throw new AppError('VALIDATION_EXCEPTION', 'The filter body must be a JSON object', [
      { at: { body: [] }, message: 'must be a JSON object of filters' },
    ]);
  }
  const issues: Issue[] = [];
  const clauses: FilterNode[] = [];
  for (const key of Object.keys(body))
    clauses.push(...valueClauses(key, Object.getOwnPropertyDescriptor(body, key)?.value, keys, issues));
  if (issues.length > 0) {
    const places = new Set(issues.map(({ at }) => JSON.stringify(at))).size;
    const more = places > 1 ? ` (and ${places - 1} more)` : '';
    throw new AppError('VALIDATION_EXCEPTION', `${issues[0]!.message}${more}`, issues);
  }
  return and.build(clauses);
}
