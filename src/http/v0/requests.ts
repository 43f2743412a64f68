/**
 * Legacy requests as current ones: the legacy filters become the current filter body through the
 * one translation table (`../legacy-parameters.ts`), which the current parser compiles
 * (`parseFilterBody`); the name search's become the current search's parameters. Nothing here
 * compiles a clause of its own, so a legacy request and its current equivalent search alike.
 */
import { AppError, type Issue } from '../../errors.ts';
import type { NameSearchParams } from '../../query/name-search.ts';
import { listFilterOf, parseFilterBody } from '../../query/filter-body.ts';
import type { FilterNode } from '../../query/nodes/index.ts';
import {
  currentFilterBody,
  LEGACY_SEARCH_FILTERS,
  LEGACY_TAXA_FILTERS,
  type CurrentFilter,
  type LegacyValue,
} from '../legacy-parameters.ts';
import { searchParamsOf } from '../routes/search.ts';
import type { SearchQuery } from '../schemas/search.ts';
import type { LegacySearchQuery } from './parameters.ts';

type LegacyValues = Readonly<Record<string, unknown>>;

/** The legacy filter parameters of a validated query (lists and booleans), by name. */
function legacyValues(query: LegacyValues, table: Readonly<Record<string, CurrentFilter>>) {
  const values: Record<string, LegacyValue> = {};
  for (const name of Object.keys(table)) {
    const value = query[name];
    if (typeof value === 'boolean' || Array.isArray(value)) values[name] = value as LegacyValue;
  }
  return values;
}

/** The current filter body a legacy taxa query stands for (docs/api.md, "Legacy interface"). */
export function legacyFilterBody(query: LegacyValues): Record<string, string[] | boolean> {
  return currentFilterBody(legacyValues(query, LEGACY_TAXA_FILTERS), LEGACY_TAXA_FILTERS);
}

/**
 * The filter of a legacy taxa query, compiled by the current parser. A value the parser refuses
 * (a lone `!`) is reported at the legacy parameters it came from, not at the body.
 */
export function legacyFilter(query: LegacyValues): FilterNode {
  try {
    return parseFilterBody(legacyFilterBody(query));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const issues: Issue[] = error.issues.flatMap(({ at, message }) => {
      const key = 'body' in at ? at.body[0] : undefined;
      return Object.entries(LEGACY_TAXA_FILTERS)
        .filter(([name, current]) => current.filter === key && query[name] !== undefined)
        .map(([name]) => ({ at: { parameter: name }, message }));
    });
    const first = issues[0]?.at;
    const name = first !== undefined && 'parameter' in first ? first.parameter : 'filter';
    throw new AppError('VALIDATION_EXCEPTION', `${name}: ${error.message}`, issues);
  }
}

/** The legacy search's filters, with `onlyFinnish` and `taxonSets` that it shares with the taxa lists. */
const SEARCH_TABLE: Readonly<Record<string, CurrentFilter>> = {
  ...LEGACY_SEARCH_FILTERS,
  onlyFinnish: LEGACY_TAXA_FILTERS.onlyFinnish,
  taxonSets: LEGACY_TAXA_FILTERS.taxonSets,
};

const listOf = (value: string[] | boolean | undefined) => listFilterOf(Array.isArray(value) ? value : []);
const flagOf = (value: string[] | boolean | undefined) => (typeof value === 'boolean' ? { value } : undefined);

/**
 * The current name search's parameters of a legacy search: its filters translated by the table
 * into the current parameters of the same names (`nameTypes`, `informalTaxonGroups` with `!`,
 * `languages`, `species`, …), then read as the current route reads them (`searchParamsOf`).
 */
export function legacySearchParams(query: LegacySearchQuery): NameSearchParams {
  const current = currentFilterBody(legacyValues(query, SEARCH_TABLE), SEARCH_TABLE);
  const species = flagOf(current.species);
  const finnish = flagOf(current.finnish);
  const invasiveSpecies = flagOf(current.invasiveSpecies);
  const languages = current.languages;
  const asCurrent: SearchQuery = {
    query: query.query,
    limit: query.limit,
    checklist: query.checklist,
    checklistVersion: 'current',
    taxonSets: listOf(current.taxonSets),
    informalTaxonGroups: listOf(current.informalTaxonGroups),
    nameTypes: listOf(current.nameTypes),
    languages: Array.isArray(languages) ? languages : undefined,
    matchType: query.matchType,
    includeHidden: query.includeHidden,
    species: species?.value,
    finnish: finnish?.value,
    invasiveSpecies: invasiveSpecies?.value,
    selectedFields: undefined,
  };
  return searchParamsOf(asCurrent);
}
