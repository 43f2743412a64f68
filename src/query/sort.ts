/**
 * Sort orders: the named ones, and any field of the taxon. Alphabetical sorts use the loader's
 * integer ranks, not the strings, so both engines order by the same collation; a sort by a field
 * orders by its values (a list by its smallest ascending, its largest descending), taxa without
 * one last. Ties always break by taxonomic order, which makes every page a deterministic slice.
 */
import type { SortClause } from '../index/search-body.ts';
import { INTERNAL_NUMERIC_FIELDS, TAXON_LEAVES } from '../taxon/fields.ts';
import { SORT_RANK_FIELDS } from '../taxon/schema.ts';

export const SORT_FIELDS = ['taxonomic', 'scientificName', 'finnishName'] as const;
export type NamedSort = (typeof SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

export interface SortOrder {
  /** a named sort, or a field of the taxon (`isSortableField`) */
  field: NamedSort | (string & {});
  direction: SortDirection;
}

const INTERNAL: ReadonlySet<string> = new Set(INTERNAL_NUMERIC_FIELDS);

/** A leaf of the taxon (a string, number or boolean) that a page can be sorted by. */
export function isSortableField(field: string): boolean {
  return TAXON_LEAVES.has(field) && !INTERNAL.has(field);
}

export const DEFAULT_SORT: SortOrder = { field: 'taxonomic', direction: 'asc' };

export function compileSort(order: SortOrder): SortClause[] {
  if (order.field === 'taxonomic') return [{ taxonomicOrder: { order: order.direction } }];
  const field = Object.hasOwn(SORT_RANK_FIELDS, order.field)
    ? SORT_RANK_FIELDS[order.field as keyof typeof SORT_RANK_FIELDS]
    : order.field;
  return [{ [field]: { order: order.direction, missing: '_last' } }, { taxonomicOrder: { order: 'asc' } }];
}
