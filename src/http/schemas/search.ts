/** Request schema of the name search routes. */
import { z } from 'zod';
import type { MatchType } from '../../search/match-kinds.ts';
import {
  booleanParam,
  checklistVersionParam,
  commaList,
  languageQuery,
  listFilterParam,
  optionalBooleanParam,
  selectedFieldsParam,
} from './common.ts';

export const MAX_QUERY_LENGTH = 200;
export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 1000;

const MATCH_TYPE_NAMES = ['exact', 'partial', 'likely'] as const;

export const matchTypesParam = commaList
  .refine(
    (list) => list.length > 0 && list.every((t) => (MATCH_TYPE_NAMES as readonly string[]).includes(t.toLowerCase())),
    {
      message: `must be a comma-separated list of ${MATCH_TYPE_NAMES.join(', ')}`,
    },
  )
  .transform((list) => [...new Set(list.map((t) => t.toUpperCase() as MatchType))])
  .optional();

export const queryParam = z
  .string({ error: 'is required' })
  .min(1, 'must not be empty')
  .max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`);

export const limitParam = z.coerce
  .number({ error: 'must be a number' })
  .int('must be an integer')
  .min(1, 'must be at least 1')
  .max(MAX_SEARCH_LIMIT, `must be at most ${MAX_SEARCH_LIMIT}`)
  .default(DEFAULT_SEARCH_LIMIT);

/** Languages of the matching names (`fi,sv`); scientific names have none and are not affected. */
export const languagesParam = commaList
  .refine((list) => list.every((l) => /^[a-z]{2,3}$/.test(l)), {
    message: 'must be a comma-separated list of language codes',
  })
  .optional();

export const searchQuery = z.object({
  ...languageQuery,
  query: queryParam,
  limit: limitParam,
  checklist: commaList
    .refine((list) => list.length > 0, { message: 'must name at least one checklist' })
    .default(['MR.1']),
  checklistVersion: checklistVersionParam,
  taxonSets: listFilterParam,
  informalTaxonGroups: listFilterParam,
  nameTypes: listFilterParam,
  languages: languagesParam,
  matchType: matchTypesParam,
  includeHidden: booleanParam(false),
  species: optionalBooleanParam,
  finnish: optionalBooleanParam,
  invasiveSpecies: optionalBooleanParam,
  selectedFields: selectedFieldsParam,
});

export type SearchQuery = z.infer<typeof searchQuery>;
