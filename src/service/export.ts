/**
 * Exports (docs/api.md, "Bulk export"): every document a request matches, read a chunk at a time
 * in the ascending order of a number distinct among them (a taxon's `taxonomicOrder`, a change
 * record's `order`), each chunk asked for after the last sort value of the one before. Each chunk
 * costs one search of the same size on either engine, however far into the set it lies, and only
 * the chunk being written is held. The embedded engine is asked for the documents past that
 * number (a range); the Elasticsearch engine walks a point in time with `search_after`
 * (`SearchEngine.walk`), so no search pages with `from` past `index.max_result_window`.
 *
 * An export reads one data set: a reload between two chunks (the engine's catalog another object,
 * or the hits from another physical index, as a cluster's are after `taxa load`) would continue
 * in data whose order numbers are not those of the chunks before, so the export fails there
 * instead of skipping or repeating taxa.
 */
import { AppError } from '../errors.ts';
import type { IndexKind, SearchBody, SearchHit, SearchResult } from '../index/engine.ts';
import type { VersionIndices } from './versions.ts';

/** The data changed under an export: what was written is not all of one data set. */
function reloaded(): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'Service unavailable: the data was reloaded during the export; export again',
  );
}

/** Where an export's hits come from. */
export interface ExportSource<T> {
  /** the chunk after the document whose number (first sort value) was `after`; `undefined`: the first */
  search(after: number | undefined): Promise<SearchResult<T>>;
  /**
   * The engine's own walk over the first chunk's body (`SearchEngine.walk`: a cluster reads every
   * chunk from one point in time), used instead of `search` when given.
   */
  walk?: () => AsyncGenerator<SearchHit<T>[], void, undefined>;
}

/**
 * The export source of one index of a version: `chunk(after)` is the body of the chunk after the
 * number `after`; an engine that walks (`SearchEngine.walk`) is given the first chunk's body.
 */
export function exportSource<T>(
  index: VersionIndices,
  kind: IndexKind,
  chunk: (after: number | undefined) => SearchBody,
  since?: string,
): ExportSource<T> {
  const search = (after: number | undefined) => index.search<T>(kind, chunk(after), since);
  const walk = index.walk?.bind(index);
  return walk ? { search, walk: () => walk<T>(kind, chunk(undefined), since) } : { search };
}

/** The hits of `search`, chunk by chunk, each asked for after the last number of the one before. */
async function* searchedChunks<T>(
  search: ExportSource<T>['search'],
  size: number,
): AsyncGenerator<SearchHit<T>[], void, undefined> {
  let after: number | undefined;
  for (;;) {
    const { hits } = (await search(after)).hits;
    yield hits;
    if (hits.length < size) return;
    const last = hits[hits.length - 1]!.sort?.[0];
    if (typeof last !== 'number') throw new Error('export: a chunk came without the number it is sorted by');
    after = last;
  }
}

/**
 * The documents of `source`, chunk by chunk: up to `size` hits sorted by the number (first sort
 * value). A reader that stops early (`return()`, as a destroyed stream does) stops the searches
 * and ends the engine's walk. `catalog` is the engine's (`Versions.catalog`).
 */
export async function* chunksInOrder<T>(
  source: ExportSource<T>,
  size: number,
  catalog: () => Promise<object>,
): AsyncGenerator<T[], void, undefined> {
  const data = await catalog();
  let index: string | undefined;
  for await (const hits of source.walk?.() ?? searchedChunks(source.search, size)) {
    const from = hits[0]?._index;
    if ((await catalog()) !== data || (index !== undefined && from !== undefined && from !== index)) throw reloaded();
    index ??= from;
    if (hits.length > 0) yield hits.map((hit) => hit._source as T);
  }
}
