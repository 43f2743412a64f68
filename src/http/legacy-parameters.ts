/**
 * The legacy interface's parameter names (docs/api.md, "Legacy parameter names") and the filter
 * each stands for in the current interface. A current route that is sent one of them answers 422
 * naming its current name, rather than ignoring it and answering unfiltered.
 */
import type { Issue } from '../errors.ts';

/** The current filter key a legacy parameter stands for; `negated`: its values are excluded (`!`). */
export interface CurrentFilter {
  readonly filter: string;
  readonly negated?: boolean;
}

export const LEGACY_PARAMETERS: Readonly<Record<string, CurrentFilter>> = Object.freeze({
  // the taxa lists
  informalGroupFilters: { filter: 'informalTaxonGroups' },
  adminStatusFilters: { filter: 'administrativeStatuses' },
  redListStatusFilters: { filter: 'latestRedListStatusFinland.status' },
  typesOfOccurrenceFilters: { filter: 'typeOfOccurrenceInFinland' },
  typesOfOccurrenceNotFilters: { filter: 'typeOfOccurrenceInFinland', negated: true },
  primaryHabitat: { filter: 'primaryHabitatSearchStrings' },
  anyHabitat: { filter: 'anyHabitatSearchStrings' },
  taxonRanks: { filter: 'taxonRank' },
  invasiveSpeciesFilter: { filter: 'invasiveSpecies' },
  hasMediaFilter: { filter: 'hasMultimedia' },
  hasDescriptionFilter: { filter: 'hasDescriptions' },
  hasBoldData: { filter: 'hasBold' },
  onlyFinnish: { filter: 'finnish' },
  // the name search
  onlySpecies: { filter: 'species' },
  onlyInvasive: { filter: 'invasiveSpecies' },
  informalTaxonGroup: { filter: 'informalTaxonGroups' },
  excludedInformalTaxonGroup: { filter: 'informalTaxonGroups', negated: true },
  includedNameTypes: { filter: 'nameTypes' },
  excludeNameTypes: { filter: 'nameTypes', negated: true },
  includedLanguages: { filter: 'languages' },
});

/**
 * The legacy parameters among `names` that a route does not take (`taken`: its own parameter
 * names), each as an issue naming its current name: a parameter of the route when it has one,
 * else a filter of the POST body.
 */
export function legacyParameterIssues(names: Iterable<string>, taken: ReadonlySet<string>): Issue[] {
  const issues: Issue[] = [];
  for (const name of names) {
    if (taken.has(name) || !Object.hasOwn(LEGACY_PARAMETERS, name)) continue;
    const { filter, negated } = LEGACY_PARAMETERS[name]!;
    const values = negated ? ` with its values negated ('!value')` : '';
    const current = taken.has(filter) ? `the parameter '${filter}'` : `the filter '${filter}' of the POST body`;
    issues.push({ at: { parameter: name }, message: `is a legacy parameter (/v0); here it is ${current}${values}` });
  }
  return issues;
}
