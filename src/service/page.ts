import type { SearchBody } from '../index/engine.ts';
import { TAXA_INDEX_SETTINGS } from '../index/mappings/taxa-mapping.ts';

/** The page envelope of every paged answer (docs/api.md, "Envelopes"). */
export interface Page<T> {
  currentPage: number;
  pageSize: number;
  total: number;
  lastPage: number;
  prevPage?: number;
  nextPage?: number;
  results: T[];
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

/**
 * Deepest offset an engine is asked for (the `max_result_window` of the taxa and changes indices);
 * past it a page is necessarily past the end, and Elasticsearch would refuse the search.
 */
export const MAX_RESULT_WINDOW = TAXA_INDEX_SETTINGS.max_result_window;

/** `body` asking for its total only: what a page past `MAX_RESULT_WINDOW` is answered from. */
export function countOnly(body: SearchBody): SearchBody {
  return { ...body, from: 0, size: 0, sort: undefined };
}

/** Whether a page of `pageSize` from `from` reaches past `MAX_RESULT_WINDOW`: then count only. */
export function pastResultWindow(from: number | undefined, pageSize: number): boolean {
  return (from ?? 0) + pageSize > MAX_RESULT_WINDOW;
}

/** The envelope of a page; with `pageSize` 0 (the total alone) there is one page, with no results. */
export function pageOf<T>(results: T[], currentPage: number, pageSize: number, total: number): Page<T> {
  const lastPage = pageSize === 0 ? 1 : Math.max(1, Math.ceil(total / pageSize));
  return {
    currentPage,
    pageSize,
    total,
    lastPage,
    ...(currentPage > 1 ? { prevPage: currentPage - 1 } : {}),
    ...(currentPage < lastPage ? { nextPage: currentPage + 1 } : {}),
    results,
  };
}

/** Which page of a list is asked for, and of which items (`idIn`: those ids only; absent: all). */
export interface ListPageQuery {
  page: number;
  pageSize: number;
  idIn?: readonly string[] | undefined;
}

/** A page of `items` held in full (the catalog's groups and versions), each as `map` gives it. */
export function pageOfList<T extends { id: string }, R>(
  items: readonly T[],
  { page, pageSize, idIn }: ListPageQuery,
  map: (item: T) => R,
): Page<R> {
  const wanted = idIn === undefined ? undefined : new Set(idIn);
  const chosen = wanted === undefined ? items : items.filter((item) => wanted.has(item.id));
  const start = (page - 1) * pageSize;
  return pageOf(chosen.slice(start, start + pageSize).map(map), page, pageSize, chosen.length);
}
