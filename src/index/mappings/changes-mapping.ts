/**
 * The Elasticsearch index body of a changes index: the change records into one checklist version
 * from each other version (docs/versions-and-loading.md, "Comparing versions"). `npm run mappings`
 * writes it to `mappings/changes.json`.
 *
 * A record holds the taxon as it is in each version, `from` and `to`, mapped as taxa are, so the
 * filter body reaches any field of either (`to.latestRedListStatusFinland.status`). What differs,
 * `differences`, rides along in `_source` only.
 */
import type { estypes } from '@elastic/elasticsearch';
import { buildTaxaMappings, TAXA_INDEX_SETTINGS } from './taxa-mapping.ts';

const keyword: estypes.MappingProperty = { type: 'keyword' };

export function buildChangesMappings(): estypes.MappingTypeMapping {
  const taxon: estypes.MappingProperty = { type: 'object', properties: buildTaxaMappings().properties! };
  return {
    dynamic: false,
    properties: {
      id: keyword,
      taxonId: keyword,
      since: keyword,
      changeTypes: keyword,
      fields: keyword,
      order: { type: 'integer' },
      differences: { type: 'object', enabled: false },
      from: taxon,
      to: taxon,
    },
  };
}

export function buildChangesIndexBody(): {
  settings: typeof TAXA_INDEX_SETTINGS;
  mappings: estypes.MappingTypeMapping;
} {
  return { settings: TAXA_INDEX_SETTINGS, mappings: buildChangesMappings() };
}
