/**
 * `aggregateBy` (DESIGN §6.5): `f1,f2=name;f3`. `;` separates aggregations, `,` nests terms
 * aggregations, `=name` names one (else its key is the field list as written).
 */
import type { estypes } from '@elastic/elasticsearch';
import { AppError } from '../errors.ts';
import { filterKeyKind } from '../taxon/fields.ts';

export interface AggregationSpec {
  name: string;
  fields: string[];
}

export interface AggregateRow {
  values: Record<string, string | number | boolean>;
  count: number;
}

export const DEFAULT_AGGREGATE_SIZE = 10;

function parseOne(part: string, problems: string[]): AggregationSpec | undefined {
  const [fieldList = '', name, ...rest] = part.split('=');
  const fields = fieldList.split(',').map((f) => f.trim());
  if (rest.length > 0 || fields.some((f) => f === '') || name?.trim() === '') {
    problems.push(`malformed aggregation '${part}'`);
    return undefined;
  }
  const unknown = fields.filter((f) => filterKeyKind(f) === undefined);
  if (unknown.length > 0) {
    problems.push(`unknown field(s) ${unknown.map((f) => `'${f}'`).join(', ')}`);
    return undefined;
  }
  return { name: name?.trim() ?? fieldList.trim(), fields };
}

export function parseAggregateBy(value: string): AggregationSpec[] {
  const problems: string[] = [];
  const specs = value
    .split(';')
    .filter((part) => part.trim() !== '')
    .map((part) => parseOne(part.trim(), problems))
    .filter((spec): spec is AggregationSpec => spec !== undefined);
  if (problems.length === 0 && specs.length === 0) problems.push('at least one field is required');
  const names = specs.map((s) => s.name);
  if (new Set(names).size !== names.length) problems.push('aggregation names must be unique');
  if (problems.length > 0) {
    throw new AppError('VALIDATION_EXCEPTION', `aggregateBy: ${problems.join('; ')}`, { '/query/aggregateBy': problems });
  }
  return specs;
}

function termsLevel(fields: string[], size: number): estypes.AggregationsAggregationContainer {
  const [field, ...rest] = fields;
  const level: estypes.AggregationsAggregationContainer = { terms: { field: field!, size } };
  if (rest.length > 0) level.aggs = { [rest[0]!]: termsLevel(rest, size) };
  return level;
}

export function compileAggregations(
  specs: AggregationSpec[],
  size: number,
): Record<string, estypes.AggregationsAggregationContainer> {
  return Object.fromEntries(specs.map((spec) => [spec.name, termsLevel(spec.fields, size)]));
}

interface Bucket {
  key: string | number;
  key_as_string?: string;
  doc_count: number;
  [sub: string]: unknown;
}

function bucketValue(field: string, bucket: Bucket): string | number | boolean {
  if (filterKeyKind(field) === 'boolean') return bucket.key === 1 || bucket.key_as_string === 'true';
  return bucket.key;
}

function bucketsOf(aggregate: unknown): Bucket[] {
  return ((aggregate as { buckets?: Bucket[] } | undefined)?.buckets ?? []);
}

function flatten(fields: string[], aggregate: unknown, values: AggregateRow['values'], out: AggregateRow[]): void {
  const [field, ...rest] = fields;
  const buckets = bucketsOf(aggregate);
  if (buckets.length === 0) {
    out.push({ values, count: 0 });
    return;
  }
  for (const bucket of buckets) {
    const next = { ...values, [field!]: bucketValue(field!, bucket) };
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
