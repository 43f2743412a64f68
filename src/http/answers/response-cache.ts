/**
 * Answers of the name search kept as the bytes sent, for the keystroke traffic of field forms:
 * many users type the same first letters, and an answer found once is sent again without search,
 * shaping or serialisation.
 *
 * An answer belongs to the data it came from. Both engines hand out a new catalog object whenever
 * the data may have changed (the embedded engine on each load, the Elasticsearch engine on each
 * read of the cluster state, at most `STATE_CACHE_MS` apart), so the cache is emptied when the
 * catalog it was filled under is no longer the current one. Errors are never kept.
 */
import { LRUCache } from 'lru-cache';
import type { Catalog } from '../../taxon/catalog.ts';

/** default bound of the kept answers, in bytes */
export const DEFAULT_RESPONSE_CACHE_BYTES = 16 * 1024 * 1024;

export interface ResponseCache {
  /** The answer kept for `key` under `catalog`, if any. */
  get(catalog: Catalog, key: string): string | undefined;
  set(catalog: Catalog, key: string, body: string): void;
}

/** @param maxBytes bound of the keys and answers kept, counted as UTF-16 code units × 2; 0 keeps nothing */
export function createResponseCache(maxBytes: number): ResponseCache {
  if (maxBytes <= 0) return { get: () => undefined, set: () => {} };
  const answers = new LRUCache<string, string>({
    maxSize: maxBytes,
    sizeCalculation: (body, key) => 2 * (body.length + key.length),
  });
  let filledUnder: Catalog | undefined;
  const under = (catalog: Catalog) => {
    if (catalog !== filledUnder) {
      answers.clear();
      filledUnder = catalog;
    }
  };
  return {
    get(catalog, key) {
      under(catalog);
      return answers.get(key);
    },
    set(catalog, key, body) {
      under(catalog);
      // lru-cache keeps nothing larger than the whole bound (`maxEntrySize` defaults to it).
      answers.set(key, body);
    },
  };
}
