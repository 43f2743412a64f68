/** A search service over a few taxa, and name-search parameters with no filters, for service tests. */
import { nameEntriesOf } from '../../loaders/name-entries.ts';
import { createEmbeddedEngine } from '../../src/index/embedded-engine.ts';
import type { NameSearchParams } from '../../src/query/name-search.ts';
import { createSearchService } from '../../src/service/search-service.ts';
import { createVersions } from '../../src/service/versions.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';

/** The search service of an embedded engine holding `docs` as the version `current`. */
export function searchServiceOf(docs: TaxonDocument[]) {
  const engine = createEmbeddedEngine();
  engine.replaceData({
    catalog: { informalTaxonGroups: [], checklistVersions: [{ id: 'current' }] },
    versions: [{ id: 'current', indices: { taxa: docs, names: nameEntriesOf(docs) } }],
  });
  return createSearchService({ versions: createVersions(engine) });
}

const NONE = { include: [], exclude: [] };

/** A search for `query` with no filters: every language, visible names only. */
export function searchParams(query: string, extra: Partial<NameSearchParams> = {}): NameSearchParams {
  return {
    query,
    limit: 10,
    matchTypes: ['EXACT', 'PARTIAL', 'LIKELY'],
    taxonSets: NONE,
    informalTaxonGroups: NONE,
    nameTypes: NONE,
    languages: [],
    includeHidden: false,
    ...extra,
  };
}
