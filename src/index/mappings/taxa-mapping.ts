/**
 * The Elasticsearch index body (settings and mappings) of a taxa index, built from the taxon
 * schema's leaves. `npm run mappings` writes it to `mappings/taxa.json`; a test keeps the file
 * and this builder equal, and the embedded engine reads the same file, so both engines know the
 * same fields with the same types.
 */
import type { estypes } from '@elastic/elasticsearch';
import { TAXON_LEAVES, type LeafKind } from '../../taxon/fields.ts';

/**
 * Keywords longer than this are kept in `_source` but not indexed (Lucene refuses terms over
 * 32,766 bytes; 8,191 characters of up to 4 bytes each stay under it). Only long free text such
 * as description content ever reaches it, and a filter on such text is not a use case.
 */
export const KEYWORD_IGNORE_ABOVE = 8191;

const INTEGER_FIELDS = new Set([
  'depth',
  'nonHiddenDepth',
  'taxonomicOrder',
  'countOfSpecies',
  'countOfFinnishSpecies',
  'scientificNameSortRank',
  'finnishNameSortRank',
]);

function leafMapping(path: string, kind: LeafKind): estypes.MappingProperty {
  if (kind === 'boolean') return { type: 'boolean' };
  if (kind === 'string') return { type: 'keyword', ignore_above: KEYWORD_IGNORE_ABOVE };
  return INTEGER_FIELDS.has(path) ? { type: 'integer' } : { type: 'double' };
}

type PropertyTree = Record<string, estypes.MappingProperty>;

function insert(tree: PropertyTree, segments: string[], leaf: estypes.MappingProperty): void {
  const [head, ...rest] = segments;
  if (head === undefined) return;
  if (rest.length === 0) {
    tree[head] = leaf;
    return;
  }
  const node = (tree[head] ??= { type: 'object', properties: {} }) as estypes.MappingObjectProperty;
  insert((node.properties ??= {}), rest, leaf);
}

export function buildTaxaMappings(): estypes.MappingTypeMapping {
  const properties: PropertyTree = {};
  for (const [path, kind] of TAXON_LEAVES) insert(properties, path.split('.'), leafMapping(path, kind));
  return { dynamic: false, properties };
}

/** Index settings; shards and replicas are chosen at load time. */
export const TAXA_INDEX_SETTINGS = {
  number_of_shards: 1,
  number_of_replicas: 0,
  max_result_window: 1_000_000,
} as const;

export function buildTaxaIndexBody(): { settings: typeof TAXA_INDEX_SETTINGS; mappings: estypes.MappingTypeMapping } {
  return { settings: TAXA_INDEX_SETTINGS, mappings: buildTaxaMappings() };
}
