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

export function pageOf<T>(results: T[], currentPage: number, pageSize: number, total: number): Page<T> {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
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
