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

/** Every field a mapping declares, objects included: what Elasticsearch counts against its limit. */
function fieldCount(properties: Record<string, estypes.MappingProperty>): number {
  let count = 0;
  for (const property of Object.values(properties)) {
    count += 1;
    if ('properties' in property && property.properties) count += fieldCount(property.properties);
  }
  return count;
}

export function buildChangesIndexBody(): {
  settings: typeof TAXA_INDEX_SETTINGS & { mapping: { total_fields: { limit: number } } };
  mappings: estypes.MappingTypeMapping;
} {
  const mappings = buildChangesMappings();
  // Two taxa per record (`from`, `to`) pass the default limit of 1,000 fields; the limit guards
  // against mapping explosion from dynamic fields, and this mapping is static (`dynamic: false`).
  const limit = Math.max(1000, fieldCount(mappings.properties ?? {}));
  return { settings: { ...TAXA_INDEX_SETTINGS, mapping: { total_fields: { limit } } }, mappings };
}
