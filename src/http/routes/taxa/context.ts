/** What the taxa routes share: the service they receive and request helpers. */
import { booleanClause, listClauses, parseFilterBody } from '../../../query/filter-body.ts';
import { and, type FilterNode } from '../../../query/nodes/index.ts';
import type { FieldSelection } from '../../../query/source.ts';
import type { TaxaScope } from '../../../query/taxa-request.ts';
import type { TaxaService } from '../../../service/taxa-service.ts';
import type { SimpleFilters } from '../../schemas/taxa.ts';

/** The options every taxa route plugin receives. */
export interface TaxaRouteOptions {
  taxa: TaxaService;
}

/** GET's simple filters as the same clauses the POST body gives. */
export function simpleFilterNode(filters: Partial<SimpleFilters>): FilterNode {
  const clauses: FilterNode[] = [];
  if (filters.informalTaxonGroups) clauses.push(...listClauses('informalTaxonGroups', filters.informalTaxonGroups));
  if (filters.id) clauses.push(...listClauses('id', filters.id));
  if (filters.invasiveSpecies !== undefined) clauses.push(booleanClause('invasiveSpecies', filters.invasiveSpecies));
  if (filters.finnish !== undefined) clauses.push(booleanClause('finnish', filters.finnish));
  return and.build(clauses);
}

/** The filter of a request: the body for POST, the simple parameters for GET. */
export function requestFilter(method: 'GET' | 'POST', query: object, body: unknown): FilterNode {
  return method === 'POST' ? parseFilterBody(body) : simpleFilterNode(query as Partial<SimpleFilters>);
}

/** A route that takes the simple filters in its query whatever its method: on POST, they and the body's. */
export function queryAndBodyFilter(method: 'GET' | 'POST', query: object, body: unknown): FilterNode {
  const simple = simpleFilterNode(query as Partial<SimpleFilters>);
  return method === 'POST' ? and.build([parseFilterBody(body), simple]) : simple;
}

export function scopeOf(query: {
  checklist: readonly string[];
  includeHidden: boolean;
  parentTaxonId?: string | undefined;
}): TaxaScope {
  return {
    checklist: query.checklist,
    includeHidden: query.includeHidden,
    ...(query.parentTaxonId !== undefined ? { parentTaxonId: query.parentTaxonId } : {}),
  };
}

/** The field selection of a request (literals rather than spreads: this runs on every request). */
export function selectionOf(query: FieldSelection): FieldSelection {
  const includeMedia = query.includeMedia ?? false;
  const includeDescriptions = query.includeDescriptions ?? false;
  const includeRedListEvaluations = query.includeRedListEvaluations ?? false;
  const selectedFields = query.selectedFields;
  return selectedFields
    ? { selectedFields, includeMedia, includeDescriptions, includeRedListEvaluations }
    : { includeMedia, includeDescriptions, includeRedListEvaluations };
}
