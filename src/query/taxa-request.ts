/**
 * Taxa requests → search bodies. The route's query parameters (checklist, hidden taxa, the
 * parent taxon, species only) become clauses of the same kind as the filter body, and the whole
 * is one AND.
 *
 * @example
 *   compileTaxaPage({ filter: parseFilterBody({ finnish: true }), scope: { checklist: ['MR.1'], includeHidden: false },
 *     sort: DEFAULT_SORT, page: 1, pageSize: 20, fields: {} })
 */
import type { SearchBody } from '../index/engine.ts';
import { compileAggregations, type AggregationSpec } from './aggregate.ts';
import { and, compileNode, ids, not, range, term, terms, type FilterNode } from './nodes/index.ts';
import { compileSort, DEFAULT_SORT, type SortOrder } from './sort.ts';
import { compileSource, type FieldSelection } from './source.ts';

export interface TaxaScope {
  /** filters `nameAccordingTo` (any of these); absent means any checklist */
  checklist?: readonly string[];
  includeHidden: boolean;
  /** any descendant of this taxon */
  parentTaxonId?: string;
  speciesOnly?: boolean;
}

export interface TaxaPageRequest {
  filter: FilterNode;
  scope: TaxaScope;
  sort: SortOrder;
  page: number;
  pageSize: number;
  fields: FieldSelection;
}

/** Children and lineages are returned whole; this bounds one answer. */
export const MAX_UNPAGED_RESULTS = 100_000;

/**
 * The most taxa one nested tree answer (the legacy `maxLevel`) holds, over all its levels: a
 * tree asked from near the root would otherwise be the whole checklist in one answer, built and
 * serialised in one piece. It also keeps the parents of a level within what one `terms` query
 * may list (docs/engine-contract.md, "Limits").
 */
export const MAX_NESTED_TAXA = 5_000;

export function scopeClauses(scope: TaxaScope): FilterNode[] {
  const clauses: FilterNode[] = [];
  const { checklist } = scope;
  if (checklist !== undefined) clauses.push(checklistClause(checklist));
  // must_not rather than `hiddenTaxon: false`: most taxa carry no hiddenTaxon field at all.
  if (!scope.includeHidden) clauses.push(not.build(term.build('hiddenTaxon', true)));
  if (scope.parentTaxonId !== undefined) clauses.push(term.build('parents', scope.parentTaxonId));
  if (scope.speciesOnly) clauses.push(term.build('species', true));
  return clauses;
}

/**
 * The species under taxon `id`, as a request for them: a `parentTaxonId` the request names holds
 * too (the species under both, as the real API gives them), as a clause of the filter.
 */
export function speciesUnder(
  id: string,
  scope: TaxaScope,
  filter: FilterNode,
): { scope: TaxaScope; filter: FilterNode } {
  const { parentTaxonId } = scope;
  const under = { ...scope, parentTaxonId: id, speciesOnly: true };
  if (parentTaxonId === undefined || parentTaxonId === id) return { scope: under, filter };
  return { scope: under, filter: and.build([filter, term.build('parents', parentTaxonId)]) };
}

/** The checklist of taxa when a request names none: the master checklist. */
export const DEFAULT_CHECKLIST = 'MR.1';

/** Taxa of any of these checklists (`nameAccordingTo`). */
export function checklistClause(checklist: readonly string[]): FilterNode {
  return checklist.length === 1
    ? term.build('nameAccordingTo', checklist[0]!)
    : terms.build('nameAccordingTo', [...checklist]);
}

export function compileTaxaQuery(filter: FilterNode, scope: TaxaScope) {
  return compileNode(and.build([...scopeClauses(scope), filter]));
}

export function compileTaxaPage(request: TaxaPageRequest): SearchBody {
  return {
    query: compileTaxaQuery(request.filter, request.scope),
    sort: compileSort(request.sort),
    from: (request.page - 1) * request.pageSize,
    size: request.pageSize,
    track_total_hits: true,
    _source: compileSource(request.fields),
  };
}

/** What an export reads of a request: every taxon it matches, in taxonomic order, no page. */
export type TaxaExportRequest = Omit<TaxaPageRequest, 'sort' | 'page' | 'pageSize'>;

/**
 * Taxa an export reads at a time: one search each, whatever the set's size.
 */
export const EXPORT_CHUNK_SIZE = 1000;

/**
 * The clause that continues a walk in the order of `field` (a number unique among the
 * documents searched, sorted ascending) after the document whose value was `after`: a search
 * after the last sort value, as `search_after` would, written as a range both engines execute.
 * `after` undefined: from the start.
 */
export function afterClauses(field: string, after: number | undefined): FilterNode[] {
  return after === undefined ? [] : [range.build(field, { gte: Math.floor(after) + 1 })];
}

/**
 * The next chunk of an export in taxonomic order (`taxonomicOrder`, an integer distinct within a
 * version): the taxa after `after`, without a total, so that no chunk counts the whole set.
 */
export function compileTaxaExportChunk(request: TaxaExportRequest, after: number | undefined): SearchBody {
  return {
    query: compileNode(
      and.build([...scopeClauses(request.scope), request.filter, ...afterClauses('taxonomicOrder', after)]),
    ),
    sort: compileSort(DEFAULT_SORT),
    size: EXPORT_CHUNK_SIZE,
    track_total_hits: false,
    _source: compileSource(request.fields),
  };
}

export function compileTaxaAggregate(
  filter: FilterNode,
  scope: TaxaScope,
  specs: AggregationSpec[],
  size: number,
): SearchBody {
  return {
    query: compileTaxaQuery(filter, scope),
    size: 0,
    track_total_hits: true,
    aggs: compileAggregations(specs, size),
  };
}

/** One taxon by id, whatever its checklist or visibility. */
export function compileTaxonById(id: string, fields: FieldSelection): SearchBody {
  return { query: compileNode(and.build([ids.build([id])])), size: 1, _source: compileSource(fields) };
}

/** The fields the service needs to walk from a taxon (lineage lists are never returned). */
export function compileLineageOf(id: string): SearchBody {
  return {
    query: compileNode(and.build([ids.build([id])])),
    size: 1,
    _source: { includes: ['id', 'parents', 'nonHiddenParents', 'nameAccordingTo'] },
  };
}

/**
 * Direct children. With hidden taxa left out, a hidden child is skipped and its own non-hidden
 * children are raised in its place: they are exactly the taxa whose nearest non-hidden ancestor
 * is this taxon (`isPartOfNonHidden`).
 */
export function compileChildren(
  id: string,
  includeHidden: boolean,
  fields: FieldSelection,
  filter?: FilterNode,
  sort: SortOrder = DEFAULT_SORT,
) {
  const parentClause = includeHidden ? term.build('isPartOf', id) : term.build('isPartOfNonHidden', id);
  const clauses = [parentClause, ...scopeClauses({ includeHidden }), ...(filter ? [filter] : [])];
  return unpaged(and.build(clauses), fields, sort);
}

/**
 * The children of each of `parents` at once (a level of a tree, `maxLevel` of the legacy routes),
 * as `compileChildren` finds them for one. Each hit also carries its `id` and the parent field it
 * was found by (`parentField`), whatever the selection, so that it can be put under its parent.
 */
export function compileChildrenOf(
  parents: readonly string[],
  includeHidden: boolean,
  fields: FieldSelection,
  filter?: FilterNode,
  sort: SortOrder = DEFAULT_SORT,
): { body: SearchBody; parentField: 'isPartOf' | 'isPartOfNonHidden' } {
  const parentField = includeHidden ? 'isPartOf' : 'isPartOfNonHidden';
  const parentClause =
    parents.length === 1 ? term.build(parentField, parents[0]!) : terms.build(parentField, [...parents]);
  const clauses = [parentClause, ...scopeClauses({ includeHidden }), ...(filter ? [filter] : [])];
  const body = unpaged(and.build(clauses), fields, sort);
  const source = body._source as { includes?: string[]; excludes?: string[] };
  body._source = {
    ...(source.includes ? { includes: [...new Set([...source.includes, 'id', parentField])] } : {}),
    excludes: (source.excludes ?? []).filter((field) => field !== parentField),
  };
  return { body, parentField };
}

/** The given ancestors, root first (taxonomic order is pre-order, so ancestors sort root down). */
export function compileTaxaByIds(idList: string[], fields: FieldSelection, filter?: FilterNode): SearchBody {
  return unpaged(and.build([ids.build(idList), ...(filter ? [filter] : [])]), fields);
}

function unpaged(filter: FilterNode, fields: FieldSelection, sort: SortOrder = DEFAULT_SORT): SearchBody {
  return {
    query: compileNode(filter),
    sort: compileSort(sort),
    size: MAX_UNPAGED_RESULTS,
    track_total_hits: true,
    _source: compileSource(fields),
  };
}
