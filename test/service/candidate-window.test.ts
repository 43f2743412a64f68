/**
 * A list of the name search reads its candidates page by page; however many the index holds and
 * the service turns down, it reads no deeper than the names index's result window, where
 * Elasticsearch would refuse the page (docs/engine-contract.md, "Differences found by the
 * differential test").
 */
import { describe, expect, it } from 'vitest';
import type { IndexRef, SearchBody, SearchEngine, SearchResult } from '../../src/index/engine.ts';
import { NAMES_INDEX_SETTINGS } from '../../src/index/mappings/names-mapping.ts';
import type { NameSearchParams } from '../../src/query/name-search.ts';
import { createSearchService, MAX_CANDIDATES } from '../../src/service/search-service.ts';
import { createVersions } from '../../src/service/versions.ts';

/** A names index of endless candidates, none of them the query's: every page is full. */
function endlessNames() {
  const pages: { from: number; size: number }[] = [];
  const engine: SearchEngine = {
    kind: 'elasticsearch',
    versions: async () => ['current'],
    catalog: async () => ({ informalTaxonGroups: [], checklistVersions: [{ id: 'current' }] }),
    async search<T>(ref: IndexRef, body: SearchBody): Promise<SearchResult<T>> {
      const from = body.from ?? 0;
      const size = body.size ?? 10;
      if (ref.kind === 'names') pages.push({ from, size });
      const count = ref.kind === 'names' ? size : 0;
      const hits = Array.from({ length: count }, (_, i) => ({
        _index: 'names',
        _id: `${from + i}`,
        _source: { taxonId: `MX.${from + i}`, exactKeys: ['ZZZZ'], foldedKeys: ['ZZZZ'] } as T,
        sort: [0, 0],
      }));
      return {
        took: 0,
        timed_out: false,
        _shards: { total: 1, successful: 1, failed: 0 },
        hits: { total: { value: 10_000_000, relation: 'eq' }, hits },
      };
    },
    close: async () => {},
  };
  return { service: createSearchService({ versions: createVersions(engine) }), pages };
}

describe('the candidates of a name search', () => {
  it('are read no deeper than the names index result window', async () => {
    expect(MAX_CANDIDATES).toBe(NAMES_INDEX_SETTINGS.max_result_window);
    const { service, pages } = endlessNames();
    const none = { include: [], exclude: [] };
    const request: NameSearchParams = {
      query: 'laulujoutsen',
      limit: 10,
      matchTypes: ['PARTIAL'],
      taxonSets: none,
      informalTaxonGroups: none,
      nameTypes: none,
      languages: [],
      includeHidden: false,
    };
    expect(await service.search('current', request)).toEqual([]);
    const deepest = Math.max(...pages.map((page) => page.from + page.size));
    expect(deepest).toBe(MAX_CANDIDATES);
  });
});
