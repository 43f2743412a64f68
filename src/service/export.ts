/**
 * Exports (docs/api.md, "Bulk export"): every document a request matches, read a chunk at a time
 * in the ascending order of a number distinct among them (a taxon's `taxonomicOrder`, a change
 * record's `order`), each chunk asked for after the last sort value of the one before. Each chunk
 * costs one search of the same size on either engine, however far into the set it lies, and only
 * the chunk being written is held.
 */
import type { SearchResult } from '../index/engine.ts';

/**
 * The documents of `search`, chunk by chunk: `search(after)` answers up to `size` hits sorted by
 * the number (first sort value) after `after` (`undefined`: from the start). A reader that stops
 * early (`return()`, as a destroyed stream does) stops the searches.
 */
export async function* chunksInOrder<T>(
  search: (after: number | undefined) => Promise<SearchResult<T>>,
  size: number,
): AsyncGenerator<T[], void, undefined> {
  let after: number | undefined;
  for (;;) {
    const { hits } = (await search(after)).hits;
    if (hits.length > 0) yield hits.map((hit) => hit._source as T);
    if (hits.length < size) return;
    const last = hits[hits.length - 1]!.sort?.[0];
    if (typeof last !== 'number') throw new Error('export: a chunk came without the number it is sorted by');
    after = last;
  }
}
