/**
 * The parameters of the legacy routes (`/v0`, docs/api.md, "Legacy interface"), as zod schemas:
 * the routes validate with them and the Swagger 2.0 document (`swagger.ts`) is written from
 * them. The legacy filters are defined from the translation table (`../legacy-parameters.ts`): a
 * parameter whose current filter is a boolean is a boolean, any other a comma list.
 */
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { DEFAULT_AGGREGATE_SIZE } from '../../query/aggregate.ts';
import type { SortOrder } from '../../query/sort.ts';
import { filterKeyKind } from '../../taxon/fields.ts';
import {
  LEGACY_SEARCH_FILTERS,
  LEGACY_TAXA_FILTERS,
  type CurrentFilter,
  type LegacySearchFilter,
  type LegacyTaxaFilter,
} from '../legacy-parameters.ts';
import {
  booleanParam,
  checklistVersionParam,
  commaList,
  optionalBooleanParam,
  selectedFieldsParam,
  taxonId,
} from '../schemas/common.ts';
import { languagesParam, limitParam, matchTypesParam, queryParam } from '../schemas/search.ts';
import { DEFAULT_CHECKLIST } from '../../query/taxa-request.ts';

/** What each legacy filter asks, in the words of the legacy interface. */
const MEANINGS: Record<LegacyTaxaFilter | LegacySearchFilter, string> = {
  informalGroupFilters: 'informal taxon groups (any of them)',
  redListEvaluationGroups: 'red-list evaluation groups (any of them)',
  invasiveSpeciesMainGroups: 'invasive species main groups (any of them)',
  adminStatusFilters: 'administrative statuses (any of them)',
  redListStatusFilters: 'red-list statuses of the latest evaluation in Finland (any of them)',
  typesOfOccurrenceFilters: 'types of occurrence in Finland (any of them)',
  typesOfOccurrenceNotFilters: 'types of occurrence in Finland that the taxa must not have',
  primaryHabitat: 'primary habitats (any of them)',
  anyHabitat: 'habitats, primary or secondary (any of them)',
  hasLatestRedListEvaluation: 'true: only taxa with a latest red-list evaluation; false: only those without',
  'latestRedListEvaluation.threatenedAtArea': 'areas where the latest evaluation has the taxon threatened',
  'latestRedListEvaluation.redListStatus': 'red-list statuses of the latest evaluation',
  'latestRedListEvaluation.primaryHabitat': 'primary habitats of the latest evaluation',
  'latestRedListEvaluation.anyHabitat': 'habitats of the latest evaluation, primary or secondary',
  'latestRedListEvaluation.primaryThreat': 'primary threats of the latest evaluation',
  'latestRedListEvaluation.threats': 'threats of the latest evaluation',
  'latestRedListEvaluation.primaryEndangermentReason': 'primary endangerment reasons of the latest evaluation',
  'latestRedListEvaluation.endangermentReasons': 'endangerment reasons of the latest evaluation',
  taxonRanks: 'taxon ranks (any of them)',
  taxonSets: 'taxon sets (any of them)',
  invasiveSpeciesFilter: 'true: only invasive species; false: the taxa not invasive (marked so, or with no mark)',
  hasMediaFilter: 'true: only taxa with media',
  hasDescriptionFilter: 'true: only taxa with descriptions',
  hasBoldData: 'true: only taxa with barcode (BOLD) data',
  onlyFinnish: 'true: only Finnish taxa',
  species: 'true: only taxa marked as species',
  onlySpecies: 'true: only species and taxa below them',
  onlyInvasive: 'true: only invasive species',
  informalTaxonGroup: 'only taxa of these informal taxon groups',
  excludedInformalTaxonGroup: 'no taxa of these informal taxon groups',
  includedNameTypes: 'only names of these types (MX.vernacularName, MX.hasMisappliedName, …)',
  excludeNameTypes: 'no names of these types',
  includedLanguages: 'only names in these languages; scientific names are not affected',
};

/** Comma lists of values; blanks are dropped, and a list of none is refused rather than read as no filter. */
const legacyListParam = commaList.refine((items) => items.length > 0, 'must name at least one value').optional();

/** The current filter's kind decides the legacy parameter's: a boolean, or a list of values. */
function legacyFilterParam(name: LegacyTaxaFilter | LegacySearchFilter, current: CurrentFilter) {
  const described = `${MEANINGS[name]} (current interface: '${current.filter}'${current.negated ? " with '!'" : ''})`;
  const boolean = current.onlyWhenTrue
    ? booleanParam(false)
    : optionalBooleanParam.transform((value) => value as boolean | undefined);
  if (filterKeyKind(current.filter) === 'boolean') return boolean.describe(described);
  return legacyListParam.describe(described);
}

function filterParams<const N extends LegacyTaxaFilter | LegacySearchFilter>(
  table: Readonly<Record<NoInfer<N>, CurrentFilter>>,
  names: readonly N[],
) {
  return Object.fromEntries(names.map((name) => [name, legacyFilterParam(name, table[name])])) as Record<
    N,
    ReturnType<typeof legacyFilterParam>
  >;
}

const taxaFilters = <N extends LegacyTaxaFilter>(...names: N[]) => filterParams(LEGACY_TAXA_FILTERS, names);

export const LEGACY_LANGUAGES = ['en', 'fi', 'sv', 'multi'] as const;

const langParam = (defaultLanguage: (typeof LEGACY_LANGUAGES)[number]) =>
  z
    .enum(LEGACY_LANGUAGES, { error: `must be one of ${LEGACY_LANGUAGES.join(', ')}` })
    .default(defaultLanguage)
    .describe('language of multilingual fields; multi keeps the {fi, sv, en} objects');

/** `lang` (with its default on the route) and `langFallback`. */
const languageParams = (defaultLanguage: (typeof LEGACY_LANGUAGES)[number]) => ({
  lang: langParam(defaultLanguage),
  langFallback: booleanParam(true).describe(
    'true: a field missing in the chosen language is given in another; false: it stays missing',
  ),
});

/** The legacy names of the sort orders, and the current order each stands for. */
export const LEGACY_SORT_ORDERS = {
  taxonomic: { field: 'taxonomic', direction: 'asc' },
  scientific_name: { field: 'scientificName', direction: 'asc' },
  finnish_name: { field: 'finnishName', direction: 'asc' },
} as const satisfies Record<string, SortOrder>;

const SORT_NAMES = Object.keys(LEGACY_SORT_ORDERS) as [keyof typeof LEGACY_SORT_ORDERS];

const sortOrderParam = z
  .enum(SORT_NAMES, { error: `must be one of ${SORT_NAMES.join(', ')}` })
  .default('taxonomic')
  .transform((name): SortOrder => LEGACY_SORT_ORDERS[name])
  .describe('order of the taxa');

/** The page sizes the legacy interface takes; 0 answers the total (and aggregations) alone. */
export const LEGACY_PAGE_SIZES = ['0', '10', '20', '50', '100', '1000'] as const;

/** Any other size is a 400 naming the parameter, as the legacy interface refuses it. */
const pageSizeParam = z
  .string()
  .trim()
  .default('20')
  .meta({ enum: [...LEGACY_PAGE_SIZES] })
  .transform((size) => {
    if ((LEGACY_PAGE_SIZES as readonly string[]).includes(size)) return Number(size);
    const message = `must be one of ${LEGACY_PAGE_SIZES.join(', ')}`;
    throw new AppError('BAD_REQUEST', `pageSize: ${message} (got '${size}')`, [
      { at: { parameter: 'pageSize' }, message },
    ]);
  })
  .describe('taxa a page; 0: the total and aggregations, no taxa');

const pageParam = z.coerce
  .number({ error: 'must be a number' })
  .int('must be an integer')
  .min(1, 'must be at least 1')
  .default(1)
  .describe('page number, from 1');

const fieldParams = {
  selectedFields: selectedFieldsParam.describe('comma-separated fields of each taxon to answer with'),
  includeMedia: booleanParam(false).describe('include the media of each taxon'),
  includeDescriptions: booleanParam(false).describe('include the descriptions of each taxon'),
  includeRedListEvaluations: booleanParam(false).describe('include the red-list evaluations of each taxon'),
};

const includeHiddenParam = booleanParam(false).describe('hidden taxa too (otherwise skipped, their children raised)');
const checklistVersionDescribed = checklistVersionParam.describe('checklist version; default the latest');

const checklistParam = commaList
  .refine((checklists) => checklists.length > 0, 'must name a checklist')
  .default([DEFAULT_CHECKLIST])
  .describe(`checklist of the taxa; default the master checklist (${DEFAULT_CHECKLIST})`);

const aggregationParams = {
  aggregateBy: z
    .string()
    .trim()
    .min(1, 'must name a field')
    .optional()
    .describe(
      "fields to aggregate by: ';' separates aggregations, ',' nests fields, '=name' names one; the page then has aggregations",
    ),
  aggregateOrderBy: z.string().optional().describe('not in use'),
  aggregateSize: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .default(DEFAULT_AGGREGATE_SIZE)
    .describe('buckets of each aggregation level'),
};

/** The filters every paged route takes (`/v0/taxa` also `species`; `/v0/taxa/species` fewer evaluation fields). */
const PAGE_FILTERS = [
  'informalGroupFilters',
  'redListEvaluationGroups',
  'invasiveSpeciesMainGroups',
  'adminStatusFilters',
  'redListStatusFilters',
  'typesOfOccurrenceFilters',
  'typesOfOccurrenceNotFilters',
  'primaryHabitat',
  'anyHabitat',
  'hasLatestRedListEvaluation',
  'latestRedListEvaluation.threatenedAtArea',
  'latestRedListEvaluation.redListStatus',
  'latestRedListEvaluation.primaryHabitat',
  'latestRedListEvaluation.anyHabitat',
  'latestRedListEvaluation.primaryThreat',
  'latestRedListEvaluation.threats',
  'latestRedListEvaluation.primaryEndangermentReason',
  'taxonRanks',
  'taxonSets',
  'invasiveSpeciesFilter',
  'hasMediaFilter',
  'hasDescriptionFilter',
  'hasBoldData',
  'onlyFinnish',
] as const satisfies readonly LegacyTaxaFilter[];

const pageParams = {
  ...languageParams('en'),
  ...taxaFilters(...PAGE_FILTERS),
  includeHidden: includeHiddenParam,
  ...fieldParams,
  checklist: checklistParam,
  checklistVersion: checklistVersionDescribed,
  sortOrder: sortOrderParam,
  page: pageParam,
  pageSize: pageSizeParam,
  ...aggregationParams,
};

/** GET /v0/taxa */
export const taxaQuery = z.object({
  ...pageParams,
  ...taxaFilters('latestRedListEvaluation.endangermentReasons', 'species'),
  parentTaxonId: taxonId.optional().describe('only taxa under this taxon'),
});

/** GET /v0/taxa/species */
export const speciesQuery = z.object(pageParams);

/** GET /v0/taxa/{id}/species */
export const taxonSpeciesQuery = z.object({
  ...pageParams,
  ...taxaFilters('latestRedListEvaluation.endangermentReasons'),
});

const TREE_FILTERS = [
  'informalGroupFilters',
  'redListEvaluationGroups',
  'adminStatusFilters',
  'redListStatusFilters',
  'typesOfOccurrenceFilters',
  'typesOfOccurrenceNotFilters',
  'invasiveSpeciesFilter',
  'hasBoldData',
  'onlyFinnish',
] as const satisfies readonly LegacyTaxaFilter[];

/**
 * The deepest nesting `maxLevel` asks for. The legacy specification sets no bound; ten levels
 * reach from an order to its subspecies, and a tree of more taxa than `MAX_NESTED_TAXA` is
 * refused whatever its depth.
 */
export const MAX_LEVEL = 10;

const treeParams = {
  ...languageParams('en'),
  maxLevel: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(0, 'must be at least 0')
    .max(MAX_LEVEL, `must be at most ${MAX_LEVEL}`)
    .default(0)
    .describe('levels of children nested under each taxon, as children'),
  ...fieldParams,
  ...taxaFilters(...TREE_FILTERS),
  includeHidden: includeHiddenParam,
  checklistVersion: checklistVersionDescribed,
  sortOrder: sortOrderParam,
};

/** GET /v0/taxa/{id} */
export const taxonQuery = z.object(treeParams);

/** GET /v0/taxa/{id}/children */
export const childrenQuery = z.object({ ...treeParams, ...taxaFilters('hasMediaFilter', 'hasDescriptionFilter') });

/** GET /v0/taxa/{id}/descriptions */
export const descriptionsQuery = z.object({ checklistVersion: checklistVersionDescribed, ...languageParams('en') });

/** GET /v0/taxa/{id}/media */
export const mediaQuery = z.object({ checklistVersion: checklistVersionDescribed, lang: langParam('en') });

/** GET /v0/taxa/{id}/parents */
export const parentsQuery = z.object({
  checklistVersion: checklistVersionDescribed,
  ...languageParams('en'),
  selectedFields: fieldParams.selectedFields,
});

/** GET /v0/taxa/search: hits keep their multilingual fields as objects unless `lang` is given. */
export const searchQuery = z.object({
  query: queryParam.describe('the name or id searched for'),
  limit: limitParam.describe('hits at most'),
  checklist: checklistParam,
  ...taxaFilters('taxonSets'),
  ...filterParams(LEGACY_SEARCH_FILTERS, ['informalTaxonGroup', 'excludedInformalTaxonGroup']),
  includeHidden: includeHiddenParam,
  ...filterParams(LEGACY_SEARCH_FILTERS, ['includedNameTypes', 'excludeNameTypes']),
  includedLanguages: languagesParam.describe(MEANINGS.includedLanguages),
  matchType: matchTypesParam.describe('exact, partial, likely: a comma list; default all three'),
  ...filterParams(LEGACY_SEARCH_FILTERS, ['onlySpecies']),
  ...taxaFilters('onlyFinnish'),
  ...filterParams(LEGACY_SEARCH_FILTERS, ['onlyInvasive']),
  observationMode: booleanParam(false).describe("append ' sp.' to scientific-name matches of taxa above species"),
  ...languageParams('multi'),
});

export const taxonParams = z.object({ id: taxonId.describe('taxon id (MX.…)') });

export type LegacyTaxaQuery = z.infer<typeof taxaQuery>;
export type LegacySearchQuery = z.infer<typeof searchQuery>;

/**
 * GET /v0/informal-taxon-groups, its tree and roots: a page of groups (of the roots, for the
 * tree); without `pageSize`, all of them in one page.
 */
export const informalGroupsQuery = z.object({
  ...languageParams('en'),
  page: pageParam,
  pageSize: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .optional()
    .describe('groups a page; all of them when absent'),
});

/** GET /v0/metadata/ranges/{range}: the enumeration, and the language of its labels. */
export const rangeParams = z.object({
  range: z.string().trim().min(1).describe('the enumeration: MX.taxonRankEnum, MX.iucnStatuses, …'),
});
export const rangeQuery = z.object(languageParams('en'));

/**
 * GET /v0/autocomplete/taxon: the search's parameters, the name typed as `q`, and whether each
 * item carries the hit (`includePayload`).
 */
export const autocompleteQuery = searchQuery.omit({ query: true, lang: true }).extend({
  q: queryParam.describe('the name typed so far'),
  includePayload: booleanParam(false).describe('true: each item carries the hit as payload'),
  ...languageParams('fi'),
});
