/**
 * Sort orders. Alphabetical sorts use the loader's integer ranks, not the strings, so both
 * engines order by the same collation; ties always break by taxonomic order, which makes every
 * page a deterministic slice.
 */
import type { SortClause } from '../index/search-body.ts';
import { SORT_RANK_FIELDS } from '../taxon/schema.ts';

export const SORT_FIELDS = ['taxonomic', 'scientificName', 'finnishName'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

export interface SortOrder {
  field: SortField;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortOrder = { field: 'taxonomic', direction: 'asc' };

export function compileSort(order: SortOrder): SortClause[] {
  if (order.field === 'taxonomic') return [{ taxonomicOrder: { order: order.direction } }];
  const rankField = SORT_RANK_FIELDS[order.field];
  return [{ [rankField]: { order: order.direction, missing: '_last' } }, { taxonomicOrder: { order: 'asc' } }];
}
