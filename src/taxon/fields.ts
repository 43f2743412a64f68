/**
 * The leaves of the taxon schema as dot paths (array indices omitted), with their kinds.
 *
 * Filter keys of POST /taxa are the string and boolean leaves; the Elasticsearch mapping
 * gives every leaf a type. Both are derived here from the zod schema so that a field added to
 * the schema is filterable and mapped at once.
 */
import { z } from 'zod';
import { taxonSchema } from './schema.ts';

export type LeafKind = 'string' | 'boolean' | 'number';

/** Derived fields that exist only in the index: they are mapped but never filter keys. */
export const INTERNAL_NUMERIC_FIELDS = ['scientificNameSortRank', 'finnishNameSortRank'] as const;

/** The schema inside optional, nullable and array wrappers. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodArray) {
    current = current instanceof z.ZodArray ? (current.element as z.ZodType) : (current.unwrap() as z.ZodType);
  }
  return current;
}

function collectLeaves(schema: z.ZodType, prefix: string, out: Map<string, LeafKind>): void {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) {
    for (const [key, child] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
      collectLeaves(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else if (inner instanceof z.ZodString || inner instanceof z.ZodEnum) {
    out.set(prefix, 'string');
  } else if (inner instanceof z.ZodBoolean) {
    out.set(prefix, 'boolean');
  } else if (inner instanceof z.ZodNumber) {
    out.set(prefix, 'number');
  }
}

function buildLeaves(): ReadonlyMap<string, LeafKind> {
  const leaves = new Map<string, LeafKind>();
  collectLeaves(taxonSchema, '', leaves);
  for (const field of INTERNAL_NUMERIC_FIELDS) leaves.set(field, 'number');
  return leaves;
}

/** Every leaf of an indexed taxon document: dot path → kind. */
export const TAXON_LEAVES: ReadonlyMap<string, LeafKind> = buildLeaves();

/** Filter keys of POST /taxa (and fields of aggregateBy): string and boolean leaves. */
export const FILTER_KEYS: ReadonlyMap<string, 'string' | 'boolean'> = new Map(
  [...TAXON_LEAVES].filter((entry): entry is [string, 'string' | 'boolean'] => entry[1] !== 'number'),
);

/** Own-property lookup, so `__proto__` or `constructor` are never mistaken for keys. */
export function filterKeyKind(key: string): 'string' | 'boolean' | undefined {
  return FILTER_KEYS.get(key);
}
