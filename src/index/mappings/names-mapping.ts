/**
 * The Elasticsearch index body of a names index (one document per name literal, see
 * `src/search/name-entry.ts`). `npm run mappings` writes it to `mappings/names.json`.
 *
 * Every key the search looks up is a keyword precomputed by the loader; the taxon's vernacular
 * names ride along in `_source` only (`enabled: false`), for the hit. The index-only tokens
 * (trigrams, ranking words and their variants) are indexed but not kept in `_source`: no hit
 * needs them, and they are most of an entry's size.
 */
import type { estypes } from '@elastic/elasticsearch';
import { INDEX_ONLY_FIELDS } from '../../search/name-entry.ts';

const keyword: estypes.MappingProperty = { type: 'keyword' };
const bool: estypes.MappingProperty = { type: 'boolean' };

export function buildNamesMappings(): estypes.MappingTypeMapping {
  return {
    dynamic: false,
    _source: { excludes: [...INDEX_ONLY_FIELDS] },
    properties: {
      id: keyword,
      taxonId: keyword,
      name: keyword,
      nameType: keyword,
      language: keyword,
      exactKeys: keyword,
      foldedKeys: keyword,
      grams: keyword,
      diacriticGrams: keyword,
      keyLengths: { type: 'integer' },
      laterWordPrefixes: keyword,
      rankText: keyword,
      rankWords: keyword,
      foldedRankText: keyword,
      foldedRankWords: keyword,
      rankWordRepeats: keyword,
      foldedRankWordRepeats: keyword,
      reversedRankWords: keyword,
      foldedReversedRankWords: keyword,
      reversedLastWord: keyword,
      foldedReversedLastWord: keyword,
      prominenceBits: keyword,
      nameOrder: { type: 'integer' },
      checklist: keyword,
      scientificName: keyword,
      scientificNameAuthorship: keyword,
      taxonRank: keyword,
      cursiveName: bool,
      finnish: bool,
      species: bool,
      invasiveSpecies: bool,
      hidden: bool,
      vernacularName: { type: 'object', enabled: false },
      informalTaxonGroups: keyword,
      taxonSets: keyword,
      observationCountFinland: { type: 'double' },
      kingdomScientificName: keyword,
      taxonomicOrder: { type: 'integer' },
      staticRank: { type: 'integer' },
    },
  };
}

/**
 * The fields the name search looks up, filters or sorts by on every keystroke: an engine that
 * indexes fields on first use should build these up front.
 */
export const NAMES_SEARCHED_FIELDS = [
  'exactKeys',
  'foldedKeys',
  'grams',
  'diacriticGrams',
  'keyLengths',
  'laterWordPrefixes',
  'taxonId',
  'nameType',
  'language',
  'checklist',
  'taxonSets',
  'informalTaxonGroups',
  'hidden',
  'species',
  'finnish',
  'invasiveSpecies',
  'staticRank',
  'nameOrder',
  'prominenceBits',
  'rankText',
  'rankWords',
  'reversedRankWords',
  'rankWordRepeats',
  'foldedRankText',
  'foldedRankWords',
  'foldedReversedRankWords',
  'foldedRankWordRepeats',
  'reversedLastWord',
  'foldedReversedLastWord',
] as const;

/**
 * The fields of an entry that are values of its taxon's checked document, or the loader's own
 * (its id, its literal, its place): an engine need not check them again as it builds.
 */
export const NAMES_CHECKED_FIELDS = [
  'id',
  'name',
  'scientificName',
  'scientificNameAuthorship',
  'taxonRank',
  'cursiveName',
  'observationCountFinland',
  'kingdomScientificName',
  'taxonomicOrder',
  'vernacularName',
] as const;

/** The fields every name search sorts its candidates by. */
export const NAMES_SORT_FIELDS = ['staticRank', 'nameOrder'] as const;

/**
 * The fields whose per-document values (doc values) the name search reads: the sort fields, and
 * the key lengths likely candidates are checked against one by one.
 */
export const NAMES_DOC_VALUE_FIELDS = [...NAMES_SORT_FIELDS, 'keyLengths'] as const;

export const NAMES_INDEX_SETTINGS = { number_of_shards: 1, number_of_replicas: 0, max_result_window: 100_000 } as const;

export function buildNamesIndexBody() {
  return { settings: NAMES_INDEX_SETTINGS, mappings: buildNamesMappings() };
}
