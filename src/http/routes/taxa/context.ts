/** What the taxa routes share: the service they receive and request helpers. */
import { deepFreeze } from '../../../json.ts';
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

/**
 * What a route works out from a request's validated query and body, kept per route for
 * repeated requests: validated query strings come frozen and shared for the same text
 * (`route-schema.ts`), and small JSON bodies frozen and shared for the same text (`app.ts`), so
 * the same pair of objects is the same request. Anything not frozen is worked out every time.
 *
 * @example const pages = requestMemo<TaxaPageRequest>(); pages.of(request.query, request.body, () => ...)
 */
export function requestMemo<R extends object>() {
  const byQuery = new WeakMap<object, WeakMap<object, R>>();
  const noBody = Object.freeze({});
  return {
    of(query: object, body: unknown, make: () => R): R {
      const bodyKey = body === undefined ? noBody : body;
      if (!Object.isFrozen(query) || typeof bodyKey !== 'object' || bodyKey === null || !Object.isFrozen(bodyKey))
        return make();
      let byBody = byQuery.get(query);
      if (byBody === undefined) {
        byBody = new WeakMap();
        byQuery.set(query, byBody);
      }
      let made = byBody.get(bodyKey);
      if (made === undefined) {
        made = deepFreeze(make());
        byBody.set(bodyKey, made);
      }
      return made;
    },
  };
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
