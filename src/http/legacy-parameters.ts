/**
 * The legacy interface's parameter names (docs/api.md, "Legacy parameter names") and the filter
 * each stands for in the current interface: the one table both interfaces read. The legacy routes
 * (`/v0`, `src/http/v0/`) translate their parameters through it into the current filter body, so
 * a legacy request compiles to the same clauses as its current equivalent; a current route that
 * is sent a legacy name answers 422 naming its current name, rather than ignoring it and
 * answering unfiltered.
 */
import type { Issue } from '../errors.ts';

/** The current filter key a legacy parameter stands for. */
export interface CurrentFilter {
  readonly filter: string;
  /** its values are excluded (`!value`) */
  readonly negated?: boolean;
  /** a boolean that filters only when true: `false` asks for nothing (the legacy `only…` switches) */
  readonly onlyWhenTrue?: boolean;
}

/** The filters of the legacy taxa lists, trees and pages. */
const TAXA_FILTERS = {
  informalGroupFilters: { filter: 'informalTaxonGroups' },
  redListEvaluationGroups: { filter: 'redListEvaluationGroups' },
  invasiveSpeciesMainGroups: { filter: 'invasiveSpeciesMainGroups' },
  adminStatusFilters: { filter: 'administrativeStatuses' },
  redListStatusFilters: { filter: 'latestRedListStatusFinland.status' },
  typesOfOccurrenceFilters: { filter: 'typeOfOccurrenceInFinland' },
  typesOfOccurrenceNotFilters: { filter: 'typeOfOccurrenceInFinland', negated: true },
  primaryHabitat: { filter: 'primaryHabitatSearchStrings' },
  anyHabitat: { filter: 'anyHabitatSearchStrings' },
  hasLatestRedListEvaluation: { filter: 'hasLatestRedListEvaluation' },
  'latestRedListEvaluation.threatenedAtArea': { filter: 'latestRedListEvaluation.threatenedAtArea' },
  'latestRedListEvaluation.redListStatus': { filter: 'latestRedListEvaluation.redListStatus' },
  'latestRedListEvaluation.primaryHabitat': { filter: 'latestRedListEvaluation.primaryHabitatSearchStrings' },
  'latestRedListEvaluation.anyHabitat': { filter: 'latestRedListEvaluation.anyHabitatSearchStrings' },
  'latestRedListEvaluation.primaryThreat': { filter: 'latestRedListEvaluation.primaryThreat' },
  'latestRedListEvaluation.threats': { filter: 'latestRedListEvaluation.threats' },
  'latestRedListEvaluation.primaryEndangermentReason': {
    filter: 'latestRedListEvaluation.primaryEndangermentReason',
  },
  'latestRedListEvaluation.endangermentReasons': { filter: 'latestRedListEvaluation.endangermentReasons' },
  taxonRanks: { filter: 'taxonRank' },
  taxonSets: { filter: 'taxonSets' },
  invasiveSpeciesFilter: { filter: 'invasiveSpecies' },
  hasMediaFilter: { filter: 'hasMultimedia', onlyWhenTrue: true },
  hasDescriptionFilter: { filter: 'hasDescriptions', onlyWhenTrue: true },
  hasBoldData: { filter: 'hasBold', onlyWhenTrue: true },
  onlyFinnish: { filter: 'finnish', onlyWhenTrue: true },
  species: { filter: 'species', onlyWhenTrue: true },
} as const satisfies Record<string, CurrentFilter>;

/** The filters of the legacy name search, by the current name search's parameters. */
const SEARCH_FILTERS = {
  onlySpecies: { filter: 'species', onlyWhenTrue: true },
  onlyInvasive: { filter: 'invasiveSpecies', onlyWhenTrue: true },
  informalTaxonGroup: { filter: 'informalTaxonGroups' },
  excludedInformalTaxonGroup: { filter: 'informalTaxonGroups', negated: true },
  includedNameTypes: { filter: 'nameTypes' },
  excludeNameTypes: { filter: 'nameTypes', negated: true },
  includedLanguages: { filter: 'languages' },
} as const satisfies Record<string, CurrentFilter>;

export type LegacyTaxaFilter = keyof typeof TAXA_FILTERS;
export type LegacySearchFilter = keyof typeof SEARCH_FILTERS;

export const LEGACY_TAXA_FILTERS: Readonly<Record<LegacyTaxaFilter, CurrentFilter>> = Object.freeze(TAXA_FILTERS);
export const LEGACY_SEARCH_FILTERS: Readonly<Record<LegacySearchFilter, CurrentFilter>> = Object.freeze(SEARCH_FILTERS);

export const LEGACY_PARAMETERS: Readonly<Record<string, CurrentFilter>> = Object.freeze({
  ...TAXA_FILTERS,
  ...SEARCH_FILTERS,
});

/** A legacy parameter's value as its route validated it: the items of a comma list, or a boolean. */
export type LegacyValue = readonly string[] | boolean;

/**
 * The current filter body of the legacy parameters in `values` (those of `table`): each legacy
 * list becomes the values of its current key (`!` before each when negated), each boolean its
 * current boolean (nothing for a legacy `only…` switch that is false). Several legacy parameters
 * of one key (`typesOfOccurrenceFilters` and `typesOfOccurrenceNotFilters`) share its list.
 *
 * @example currentFilterBody({ taxonRanks: ['MX.genus'], onlyFinnish: true }, LEGACY_TAXA_FILTERS)
 *   // { taxonRank: ['MX.genus'], finnish: true }
 */
export function currentFilterBody(
  values: Readonly<Record<string, LegacyValue | undefined>>,
  table: Readonly<Record<string, CurrentFilter>>,
): Record<string, string[] | boolean> {
  const body: Record<string, string[] | boolean> = {};
  for (const [name, current] of Object.entries(table)) {
    const value = values[name];
    if (value === undefined) continue;
    if (typeof value === 'boolean') {
      if (value || !current.onlyWhenTrue) body[current.filter] = value;
      continue;
    }
    const listed = body[current.filter];
    const items = current.negated ? value.map((v) => `!${v}`) : [...value];
    body[current.filter] = Array.isArray(listed) ? [...listed, ...items] : items;
  }
  return body;
}

/**
 * The legacy parameters among `names` that a route does not take (`taken`: its own parameter
 * names), each as an issue naming its current name: a parameter of the route when it has one,
 * else a filter of the POST body. A legacy name that is also the current one (`taxonSets`) is no
 * legacy name: a route that does not take it is left to say so itself.
 */
export function legacyParameterIssues(names: Iterable<string>, taken: ReadonlySet<string>): Issue[] {
  const issues: Issue[] = [];
  for (const name of names) {
    if (taken.has(name) || !Object.hasOwn(LEGACY_PARAMETERS, name)) continue;
    const { filter, negated } = LEGACY_PARAMETERS[name]!;
    if (filter === name) continue;
    const values = negated ? ` with its values negated ('!value')` : '';
    const current = taken.has(filter) ? `the parameter '${filter}'` : `the filter '${filter}' of the POST body`;
    issues.push({ at: { parameter: name }, message: `is a legacy parameter (/v0); here it is ${current}${values}` });
  }
  return issues;
}
