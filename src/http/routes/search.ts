/** Name search: GET /taxa/search and GET /autocomplete/taxa. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InformalTaxonGroup } from '../../taxon/catalog.ts';
import type { NameSearchParams } from '../../query/name-search.ts';
import type { SearchEngine } from '../../index/engine.ts';
import { MATCH_TYPES } from '../../search/match-kinds.ts';
import { groupsRootDown } from '../../service/catalog-service.ts';
import type { NameMatchHit, SearchService } from '../../service/search-service.ts';
import { translate, type ResponseLanguage } from '../answers/translate.ts';
import { autocompleteHitAnswer, ERROR_ANSWERS, listAnswer, searchHitAnswer } from '../schemas/responses.ts';
import { searchQuery, type SearchQuery } from '../schemas/search.ts';
import { languageOf } from '../answers/shape.ts';
import { JSON_TYPE } from '../answers/json-text.ts';

const CONTEXT = 'http://schema.laji.fi/context/taxon-search.jsonld';
/** An empty list has no items whose context it could name: the real API answers the generic one. */
const EMPTY_CONTEXT = 'http://schema.laji.fi/context/generic.jsonld';

/** The request's parameters under the service's names (the service prepares the query). */
export function searchParamsOf(query: SearchQuery): NameSearchParams {
  return {
    query: query.query,
    limit: query.limit,
    matchTypes: query.matchType ?? MATCH_TYPES,
    checklists: query.checklist,
    taxonSets: query.taxonSets,
    informalTaxonGroups: query.informalTaxonGroups,
    nameTypes: query.nameTypes,
    languages: query.languages ?? [],
    includeHidden: query.includeHidden,
    ...(query.species !== undefined ? { species: query.species } : {}),
    ...(query.finnish !== undefined ? { finnish: query.finnish } : {}),
    ...(query.invasiveSpecies !== undefined ? { invasiveSpecies: query.invasiveSpecies } : {}),
  };
}

export interface HitContext {
  language: ResponseLanguage;
  groups: InformalTaxonGroup[];
  selected?: Set<string>;
  /** a name missing in the language falls back to another (default true; the legacy `langFallback`) */
  fallback?: boolean;
}

function informalGroupsOf(ids: readonly string[] | undefined, context: HitContext) {
  if (!ids?.length) return undefined;
  const wanted = new Set(ids);
  return groupsRootDown(context.groups)
    .filter((g) => wanted.has(g.id))
    .map((g) => ({ id: g.id, name: translate(g.name, context.language, context.fallback) }));
}

/** A hit in the shape of docs/api.md ("Name search"), empty optional fields left out. */
export function hitOf({ entry, matchType, similarity }: NameMatchHit, context: HitContext): Record<string, unknown> {
  const hit: Record<string, unknown> = {
    matchingName: entry.name,
    nameType: entry.nameType,
    id: entry.taxonId,
    checklist: entry.checklist === '.' ? undefined : entry.checklist,
    scientificName: entry.scientificName,
    scientificNameAuthorship: entry.scientificNameAuthorship,
    taxonRank: entry.taxonRank,
    cursiveName: entry.cursiveName ?? false,
    finnish: entry.finnish,
    species: entry.species,
    vernacularName:
      entry.vernacularName === undefined
        ? undefined
        : translate(entry.vernacularName, context.language, context.fallback),
    informalGroups: informalGroupsOf(entry.informalTaxonGroups, context),
    kingdomScientificName: entry.kingdomScientificName,
    type: `${matchType.toLowerCase()}Matches`,
    similarity,
  };
  return Object.fromEntries(
    Object.entries(hit).filter(
      ([key, value]) => value !== undefined && value !== '' && (!context.selected || context.selected.has(key)),
    ),
  );
}

export interface SearchRouteOptions {
  engine: Pick<SearchEngine, 'catalog'>;
  search: SearchService;
}

/** An answer already serialised: Fastify sends a string as it is. */
function sendSerialised(reply: FastifyReply, body: string) {
  // The text is the answer the route's schema describes, serialised; the typed reply cannot say so.
  return reply.type(JSON_TYPE).send(body as never);
}

/**
 * The two name-search routes. Keystroke traffic repeats the same first letters: a repeated
 * request is answered by the answer cache (`../plugins/answer-cache.ts`) before it gets here.
 */
export const searchRoutes: FastifyPluginAsyncZod<SearchRouteOptions> = async (app, { engine, search }) => {
  const answer = async (request: FastifyRequest, query: SearchQuery, autocomplete: boolean) => {
    const catalog = await engine.catalog();
    const matches = await search.search(query.checklistVersion, searchParamsOf(query));
    const selected = query.selectedFields ? new Set(query.selectedFields) : undefined;
    const context: HitContext = {
      language: languageOf(request),
      groups: catalog.informalTaxonGroups,
      ...(selected ? { selected } : {}),
    };
    const results = matches.map((match) => {
      const hit = hitOf(match, context);
      return autocomplete ? { key: match.entry.taxonId, value: match.entry.name, ...hit } : hit;
    });
    return JSON.stringify({ results, '@context': results.length > 0 ? CONTEXT : EMPTY_CONTEXT });
  };
  app.get('/taxa/search', {
    schema: {
      summary: 'Name search: exact, partial and likely matches, FinBIF-ranked',
      tags: ['search'],
      querystring: searchQuery,
      response: { 200: listAnswer(searchHitAnswer, 'The hits, best first'), ...ERROR_ANSWERS },
    },
    handler: async (request, reply) => sendSerialised(reply, await answer(request, request.query, false)),
  });
  app.get('/autocomplete/taxa', {
    schema: {
      summary: 'Name search for autocomplete: hits with key (taxon id) and value (matching name)',
      tags: ['search'],
      querystring: searchQuery,
      response: { 200: listAnswer(autocompleteHitAnswer, 'The hits, best first'), ...ERROR_ANSWERS },
    },
    handler: async (request, reply) => sendSerialised(reply, await answer(request, request.query, true)),
  });
};
