/**
 * The legacy name search (`/v0/taxa/search`, a bare array of hits) and autocomplete
 * (`/v0/autocomplete/taxon`, `{query, result}`): the current search, its hits shaped the legacy way.
 */
import { z } from 'zod';
import type { SearchEngine } from '../../index/engine.ts';
import type { SearchService } from '../../service/search-service.ts';
import { hitOf, type HitContext } from '../routes/search.ts';
import { autocompleteQuery, searchQuery, type LegacySearchQuery } from './parameters.ts';
import { legacySearchParams } from './requests.ts';
import type { LegacyRoute } from './swagger.ts';

/** The order and the fields of a legacy search hit, as the legacy interface answers it. */
const HIT_FIELDS = [
  'matchingName',
  'nameType',
  'id',
  'scientificName',
  'scientificNameAuthorship',
  'taxonRank',
  'cursiveName',
  'finnish',
  'species',
  'vernacularName',
  'informalGroups',
  'kingdomScientificName',
  'type',
] as const;

/** A legacy hit, its fields in the legacy order (an answer checked against it keeps that order). */
const legacyHitAnswer = z
  .looseObject({
    matchingName: z.string(),
    nameType: z.string(),
    id: z.string(),
    scientificName: z.string().optional(),
    scientificNameAuthorship: z.string().optional(),
    taxonRank: z.string().optional(),
    cursiveName: z.boolean().optional(),
    finnish: z.boolean().optional(),
    species: z.boolean().optional(),
    vernacularName: z.unknown().optional(),
    informalGroups: z.array(z.object({ id: z.string(), name: z.unknown() })).optional(),
    kingdomScientificName: z.string().optional(),
    type: z.enum(['exactMatches', 'partialMatches', 'likelyMatches']),
  })
  .describe('A name-search hit');

/**
 * A hit of the current search in the legacy shape: its fields in the legacy order, without the
 * checklist and similarity, the vernacular names an empty object where a taxon has none (with
 * `lang=multi`); with `observationMode`, a scientific-name match of a taxon above species ends
 * in ` sp.`, as an observation of an unidentified species is written.
 */
function legacyHit(hit: Record<string, unknown>, query: LegacySearchQuery): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of HIT_FIELDS) {
    const value = field === 'vernacularName' && query.lang === 'multi' ? (hit[field] ?? {}) : hit[field];
    if (value !== undefined) out[field] = value;
  }
  if (query.observationMode && out.nameType === 'MX.scientificName' && out.species !== true)
    out.matchingName = `${out.matchingName} sp.`;
  return out;
}

/** The legacy autocomplete's items: the taxon id, the matching name and, asked for, the hit. */
const legacyAutocompleteAnswer = z
  .object({
    query: z.string(),
    result: z.array(z.object({ key: z.string(), value: z.string(), payload: z.looseObject({}).optional() })),
  })
  .describe('The name typed and the items, best first');

const PAYLOAD_NAMES = new Map([
  ['informalGroups', 'informalTaxonGroups'],
  ['taxonRank', 'taxonRankId'],
  ['type', 'matchType'],
]);

/**
 * A legacy hit as the legacy autocomplete's payload names its fields: `informalTaxonGroups`,
 * `taxonRankId` and `matchType` for the search's `informalGroups`, `taxonRank` and `type`.
 */
function autocompletePayload(hit: Record<string, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(hit))
    if (field !== 'id') payload[PAYLOAD_NAMES.get(field) ?? field] = value;
  return payload;
}

/** The name search and the autocomplete. */
export function legacySearchRoutes(
  route: LegacyRoute,
  search: SearchService,
  engine: Pick<SearchEngine, 'catalog'>,
): void {
  route(
    {
      url: '/taxa/search',
      summary: 'Name search: exact, partial and likely matches of scientific and vernacular names and ids',
      answer: 'An array of hits, best first; multilingual fields as {fi, sv, en} objects unless lang',
      querystring: searchQuery,
      response: z.array(legacyHitAnswer),
    },
    async ({ query: q }) => {
      const catalog = await engine.catalog();
      const matches = await search.search('current', legacySearchParams(q));
      const context: HitContext = { language: q.lang, groups: catalog.informalTaxonGroups, fallback: q.langFallback };
      return matches.map((match) => legacyHit(hitOf(match, context), q));
    },
  );

  route(
    {
      url: '/autocomplete/taxon',
      summary: 'Name search for autocomplete: the name typed as q, each hit an item {key, value, payload?}',
      answer: '{query, result}: the items best first, key the taxon id, value the matching name',
      querystring: autocompleteQuery,
      response: legacyAutocompleteAnswer,
    },
    async ({ query: q }) => {
      const catalog = await engine.catalog();
      const asSearch: LegacySearchQuery = { ...q, query: q.q };
      const matches = await search.search('current', legacySearchParams(asSearch));
      const context: HitContext = { language: q.lang, groups: catalog.informalTaxonGroups, fallback: q.langFallback };
      const result = matches.map((match) => {
        const hit = legacyHit(hitOf(match, context), asSearch);
        const item = { key: hit.id as string, value: hit.matchingName as string };
        return q.includePayload ? { ...item, payload: autocompletePayload(hit) } : item;
      });
      return { query: q.q, result };
    },
  );
}
