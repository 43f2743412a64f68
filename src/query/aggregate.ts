/**
 * `aggregateBy` (docs/api.md, "Aggregations"): `f1,f2=name;f3`. `;` separates aggregations, `,` nests terms
 * aggregations, `=name` names one (else its key is the field list as written).
 */
import type { TermsAggregation } from '../index/search-body.ts';
import { AppError } from '../errors.ts';
import { TAXON_FILTER_KEYS, type FilterKeys } from './filter-body.ts';

export interface AggregationSpec {
  name: string;
  fields: string[];
}

export interface AggregateRow {
  values: Record<string, string | number>;
  count: number;
}

export const DEFAULT_AGGREGATE_SIZE = 10;

/**
 * What one request may ask of the aggregations, checked before any work. Buckets are bounded
 * the way Elasticsearch bounds them (`search.max_buckets`, 65,536 by default; a cluster that
 * serves this service must allow at least as many): the most a request can make, every level of
 * every aggregation counted, is `Σ size + size² + … + size^depth` over its aggregations. Nested
 * levels over multi-valued fields (`parents`) fill every bucket, so that worst case is reached.
 */
export const AGGREGATION_LIMITS = {
  maxBuckets: 65_536,
  maxSize: 10_000,
  maxDepth: 5,
  maxAggregations: 20,
} as const;

/** The most buckets `specs` can make with `size` buckets a level. */
export function worstCaseBuckets(specs: AggregationSpec[], size: number): number {
  let total = 0;
  for (const spec of specs) {
    let level = 1;
    for (let depth = 0; depth < spec.fields.length; depth++) total += level *= size;
  }
  return total;
}

function limitError(parameter: 'aggregateBy' | 'aggregateSize', message: string): AppError {
  return new AppError('BAD_REQUEST', `${parameter}: ${message}`, [{ at: { parameter }, message }]);
}

/**
 * `aggregateBy` and `aggregateSize` checked against `AGGREGATION_LIMITS`: a 400 naming the
 * parameter and the limit.
 *
 * @example checkAggregationLimits(parseAggregateBy('parents,parents'), 300) // throws: 90,300 buckets
 */
export function checkAggregationLimits(specs: AggregationSpec[], size: number): void {
  const { maxBuckets, maxSize, maxDepth, maxAggregations } = AGGREGATION_LIMITS;
  if (size > maxSize) throw limitError('aggregateSize', `at most ${maxSize} (got ${size})`);
  if (specs.length > maxAggregations) {
    throw limitError('aggregateBy', `at most ${maxAggregations} aggregations in one request (got ${specs.length})`);
  }
  const deepest = Math.max(...specs.map((spec) => spec.fields.length));
  if (deepest > maxDepth)
    throw limitError('aggregateBy', `at most ${maxDepth} nested fields in one aggregation (got ${deepest})`);
  const buckets = worstCaseBuckets(specs, size);
  if (buckets > maxBuckets) {
    throw limitError(
      'aggregateBy',
      `with aggregateSize ${size} these aggregations can make ${buckets.toLocaleString('en')} buckets; at most ` +
        `${maxBuckets.toLocaleString('en')} are allowed (nest fewer fields or lower aggregateSize)`,
    );
  }
}

function parseOne(part: string, problems: string[], keys: FilterKeys): AggregationSpec | undefined {
  const [fieldList = '', name, ...rest] = part.split('=');
  const fields = fieldList.split(',').map((f) => f.trim());
  if (rest.length > 0 || fields.some((f) => f === '') || name?.trim() === '') {
    problems.push(`malformed aggregation '${part}'`);
    return undefined;
  }
  const unknown = fields.filter((f) => keys.kindOf(f) === undefined);
  if (unknown.length > 0) {
    problems.push(`unknown field(s) ${unknown.map((f) => `'${f}'`).join(', ')}`);
    return undefined;
  }
  return { name: name?.trim() ?? fieldList.trim(), fields };
}

/** `aggregateBy` and `aggregateSize` parsed and checked against the limits. */
export function aggregationRequest(
  aggregateBy: string,
  size: number,
  keys: FilterKeys = TAXON_FILTER_KEYS,
): AggregationSpec[] {
  const specs = parseAggregateBy(aggregateBy, keys);
  checkAggregationLimits(specs, size);
  return specs;
}

export function parseAggregateBy(value: string, keys: FilterKeys = TAXON_FILTER_KEYS): AggregationSpec[] {
  const problems: string[] = [];
  const specs = value
    .split(';')
    .filter((part) => part.trim() !== '')
    .map((part) => parseOne(part.trim(), problems, keys))
    .filter((spec): spec is AggregationSpec => spec !== undefined);
  if (problems.length === 0 && specs.length === 0) problems.push('at least one field is required');
  const names = specs.map((s) => s.name);
  if (new Set(names).size !== names.length) problems.push('aggregation names must be unique');
  if (problems.length > 0) {
    const at = { parameter: 'aggregateBy' };
    throw new AppError(
      'VALIDATION_EXCEPTION',
      `aggregateBy: ${problems.join('; ')}`,
      problems.map((message) => ({ at, message })),
    );
  }
  return specs;
}

function termsLevel(fields: string[], size: number, keys: FilterKeys): TermsAggregation {
  const [field, ...rest] = fields;
  const level: TermsAggregation = { terms: { field: keys.fieldOf(field!), size } };
  if (rest.length > 0) level.aggs = { [rest[0]!]: termsLevel(rest, size, keys) };
  return level;
}

export function compileAggregations(
  specs: AggregationSpec[],
  size: number,
  keys: FilterKeys = TAXON_FILTER_KEYS,
): Record<string, TermsAggregation> {
  return Object.fromEntries(specs.map((spec) => [spec.name, termsLevel(spec.fields, size, keys)]));
}

interface Bucket {
  key: string | number;
  doc_count: number;
  [sub: string]: unknown;
}

function bucketsOf(aggregate: unknown): Bucket[] {
  return (aggregate as { buckets?: Bucket[] } | undefined)?.buckets ?? [];
}

/**
 * A bucket's value is its `key` as the cluster gives it, as the real API answers it: a keyword's
 * string, a number's number, and a boolean's 1 or 0 (docs/api.md, "Aggregations").
 */
function flatten(fields: string[], aggregate: unknown, values: AggregateRow['values'], out: AggregateRow[]): void {
  const [field, ...rest] = fields;
  const buckets = bucketsOf(aggregate);
  if (buckets.length === 0) {
    out.push({ values, count: 0 });
    return;
  }
  for (const bucket of buckets) {
    const next = { ...values, [field!]: bucket.key };
    if (rest.length === 0) out.push({ values: next, count: bucket.doc_count });
    else flatten(rest, bucket[rest[0]!], next, out);
  }
}

/** The rows of each aggregation: one per leaf bucket, with the values of every level. */
export function aggregateRows(
  specs: AggregationSpec[],
  aggregations: Record<string, unknown> | undefined,
): Record<string, AggregateRow[]> {
  return Object.fromEntries(
    specs.map((spec) => {
      const rows: AggregateRow[] = [];
      flatten(spec.fields, aggregations?.[spec.name], {}, rows);
      return [spec.name, rows];
    }),
  );
}
