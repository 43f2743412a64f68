/**
 * Change-record requests → search bodies over a version's changes index (docs/api.md, "Comparing
 * versions"). The index of version `to` holds the records from every other version; `since`
 * names the one compared with. Records are filtered by their own dot paths (`changeTypes`,
 * `fields`, `id`) and by the taxon's in either version (`from.…`, `to.…`), with the grammar of
 * the taxa filter body.
 *
 * @example compileChangesPage({ scope: { since: 'MR.424' }, filter: and.build([]), page: 1, pageSize: 20 })
 */
import type { SearchBody } from '../index/engine.ts';
import type { SortClause, SourceOption } from '../index/search-body.ts';
import { filterKeyKind } from '../taxon/fields.ts';
import { compileAggregations, type AggregationSpec } from './aggregate.ts';
import { listClauses, type FilterKeys, type ListFilter } from './filter-body.ts';
import { and, compileNode, exists, not, or, term, type FilterNode } from './nodes/index.ts';
import { INTERNAL_FIELDS, sourceFieldOf } from './source.ts';
import { afterClauses, EXPORT_CHUNK_SIZE } from './taxa-request.ts';

const RECORD_KEYS = new Set(['id', 'changeTypes', 'fields']);
export const SIDES = ['from', 'to'] as const;

/** `from.x.y` → `['from', 'x.y']`. */
function sideOf(key: string): [side: (typeof SIDES)[number], path: string] | undefined {
  const dot = key.indexOf('.');
  const side = key.slice(0, dot);
  return dot > 0 && (SIDES as readonly string[]).includes(side)
    ? [side as (typeof SIDES)[number], key.slice(dot + 1)]
    : undefined;
}

/** The keys of a change-record filter body. A record's `id` is its taxon's (`taxonId` in the index). */
export const CHANGE_FILTER_KEYS: FilterKeys = {
  kindOf(key) {
    if (RECORD_KEYS.has(key)) return 'string';
    const side = sideOf(key);
    return side ? filterKeyKind(side[1]) : undefined;
  },
  fieldOf: (key) => (key === 'id' ? 'taxonId' : key),
};

/** What the query parameters of the change routes ask, beside the filter body. */
export interface ChangesScope {
  /** the version compared with (`from`); the index searched is the other's */
  since: string;
  changeTypes?: ListFilter;
  fields?: ListFilter;
  /** under this taxon in either version */
  parentTaxonId?: string;
  /** in one of the included groups in either version, and in none of the excluded in either */
  informalTaxonGroups?: ListFilter;
  /** the taxon's flag in the newer version, or in the older one for a removed taxon */
  species?: boolean;
  finnish?: boolean;
}

export interface ChangesPageRequest {
  scope: ChangesScope;
  filter: FilterNode;
  page: number;
  pageSize: number;
  selectedFields?: string[];
}

/** The clauses hold for the taxon in the older version or in the newer one. */
function inEitherVersion(path: string, clauses: (field: string) => FilterNode[]): FilterNode {
  return or.build(
    SIDES.map((side) => {
      const onSide = clauses(`${side}.${path}`);
      return onSide.length === 1 ? onSide[0]! : and.build(onSide);
    }),
  );
}

function latestIs(path: string, value: boolean): FilterNode {
  return or.build([
    term.build(`to.${path}`, value),
    and.build([not.build(exists.build('to.id')), term.build(`from.${path}`, value)]),
  ]);
}

export function changesScopeClauses(scope: ChangesScope): FilterNode[] {
  const clauses: FilterNode[] = [term.build('since', scope.since)];
  if (scope.changeTypes) clauses.push(...listClauses('changeTypes', scope.changeTypes));
  if (scope.fields) clauses.push(...listClauses('fields', scope.fields));
  if (scope.parentTaxonId !== undefined) {
    const under = scope.parentTaxonId;
    clauses.push(inEitherVersion('parents', (field) => [term.build(field, under)]));
  }
  // In one of the groups in either version; in none of the excluded ones in either version.
  const groups = scope.informalTaxonGroups;
  if (groups?.include.length)
    clauses.push(
      inEitherVersion('informalTaxonGroups', (field) => listClauses(field, { include: groups.include, exclude: [] })),
    );
  if (groups?.exclude.length) {
    for (const side of SIDES)
      clauses.push(...listClauses(`${side}.informalTaxonGroups`, { include: [], exclude: groups.exclude }));
  }
  if (scope.species !== undefined) clauses.push(latestIs('species', scope.species));
  if (scope.finnish !== undefined) clauses.push(latestIs('finnish', scope.finnish));
  return clauses;
}

/**
 * The record fields kept in `_source`: the taxa's internal fields never (`INTERNAL_FIELDS`, on
 * either side); with `selectedFields`, those named (dot paths of the record, `to.scientificName`),
 * and always the taxon id.
 */
export function changesSource(selectedFields: readonly string[] | undefined): SourceOption {
  const excludes = SIDES.flatMap((side) => INTERNAL_FIELDS.map((field) => `${side}.${field}`));
  if (!selectedFields?.length) return { excludes };
  const includes = selectedFields.map((field) => {
    const side = sideOf(field);
    return side ? `${side[0]}.${sourceFieldOf(side[1])}` : field === 'id' ? 'taxonId' : field;
  });
  return { includes: [...new Set(['taxonId', ...includes])], excludes };
}

/** Records in the taxonomic order of the pair (`loaders/changes.ts`). */
const RECORD_ORDER: SortClause[] = [{ order: { order: 'asc' } }];

function changesQuery(scope: ChangesScope, filter: FilterNode, after: FilterNode[] = []) {
  return compileNode(and.build([...changesScopeClauses(scope), filter, ...after]));
}

/** What an export of change records reads of a request: every record it matches, no page. */
export type ChangesExportRequest = Omit<ChangesPageRequest, 'page' | 'pageSize'>;

/**
 * The next chunk of an export of change records, in their taxonomic order (`order`, distinct
 * within a pair of versions): the records after `after`, without a total.
 */
export function compileChangesExportChunk(request: ChangesExportRequest, after: number | undefined): SearchBody {
  return {
    query: changesQuery(request.scope, request.filter, afterClauses('order', after)),
    sort: RECORD_ORDER,
    size: EXPORT_CHUNK_SIZE,
    track_total_hits: false,
    _source: changesSource(request.selectedFields),
  };
}

export function compileChangesPage(request: ChangesPageRequest): SearchBody {
  return {
    query: changesQuery(request.scope, request.filter),
    sort: RECORD_ORDER,
    from: (request.page - 1) * request.pageSize,
    size: request.pageSize,
    track_total_hits: true,
    _source: changesSource(request.selectedFields),
  };
}

export function compileChangesAggregate(
  scope: ChangesScope,
  filter: FilterNode,
  specs: AggregationSpec[],
  size: number,
): SearchBody {
  return {
    query: changesQuery(scope, filter),
    size: 0,
    track_total_hits: true,
    aggs: compileAggregations(specs, size, CHANGE_FILTER_KEYS),
  };
}

/** One taxon's record between two versions, if it changed. */
export function compileChangeOf(since: string, taxonId: string): SearchBody {
  return { query: changesQuery({ since }, term.build('taxonId', taxonId)), size: 1, _source: changesSource(undefined) };
}
