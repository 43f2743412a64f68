/** Name search: GET /taxa/search and GET /autocomplete/taxa. */
import type { FastifyInstance } from 'fastify';
import type { SearchEngine } from '../../index/engine.ts';
import type { InformalTaxonGroup } from '../../taxon/catalog.ts';
import type { NameSearchRequest } from '../../query/name-search.ts';
import { MATCH_TYPES, prepareQuery } from '../../search/match-kinds.ts';
import type { NameMatchHit, SearchService } from '../../service/search-service.ts';
import { translate, type ResponseLanguage } from '../translate.ts';
import type { ResponseCache } from '../response-cache.ts';
import { registerRoute, type RouteCache, type RouteDescription } from '../route.ts';
import { searchQuery, type SearchQuery } from '../schemas/search.ts';
import { languageOf } from '../shape.ts';

const CONTEXT = 'http://schema.laji.fi/context/taxon-search.jsonld';

export function searchRequestOf(query: SearchQuery): NameSearchRequest {
  return {
    query: prepareQuery(query.query),
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

interface HitContext {
  language: ResponseLanguage;
  groups: InformalTaxonGroup[];
  selected?: Set<string>;
}

function informalGroupsOf(ids: readonly string[] | undefined, context: HitContext) {
  if (!ids?.length) return undefined;
  const wanted = new Set(ids);
  return context.groups.filter((g) => wanted.has(g.id)).map((g) => ({ id: g.id, name: translate(g.name, context.language) }));
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
    vernacularName: entry.vernacularName === undefined ? undefined : translate(entry.vernacularName, context.language),
    informalGroups: informalGroupsOf(entry.informalTaxonGroups, context),
    kingdomScientificName: entry.kingdomScientificName,
    type: `${matchType.toLowerCase()}Matches`,
    similarity,
  };
  return Object.fromEntries(
    Object.entries(hit).filter(([key, value]) => value !== undefined && value !== '' && (!context.selected || context.selected.has(key))),
  );
}

export function registerSearchRoutes(
  app: FastifyInstance,
  registry: RouteDescription[],
  deps: { engine: SearchEngine; search: SearchService; answers: ResponseCache },
) {
  // One cache for both routes: the path is part of the key.
  const cache: RouteCache = {
    answers: deps.answers,
    catalog: () => deps.engine.catalog(),
    keyOf: (request) => `${languageOf(request)}\u0000${request.url}`,
  };
  const answer = async (query: SearchQuery, language: ResponseLanguage, autocomplete: boolean) => {
    const matches = await deps.search.search(query.checklistVersion, searchRequestOf(query));
    const selected = query.selectedFields ? new Set(query.selectedFields) : undefined;
    const context: HitContext = { language, groups: (await deps.engine.catalog()).informalTaxonGroups, ...(selected ? { selected } : {}) };
    const results = matches.map((match) => {
      const hit = hitOf(match, context);
      return autocomplete ? { key: match.entry.taxonId, value: match.entry.name, ...hit } : hit;
    });
    return { results, '@context': CONTEXT };
  };
  registerRoute(app, registry, {
    method: 'GET', url: '/taxa/search', summary: 'Name search: exact, partial and likely matches, FinBIF-ranked', tags: ['search'],
    query: searchQuery, response: '{results: [hit, ...]}', cache,
    handler: async ({ query }, request) => answer(query, languageOf(request), false),
  });
  registerRoute(app, registry, {
    method: 'GET', url: '/autocomplete/taxa', summary: 'Name search for autocomplete: hits with key (taxon id) and value (matching name)',
    tags: ['search'], query: searchQuery, response: '{results: [{key, value, ...hit}, ...]}', cache,
    handler: async ({ query }, request) => answer(query, languageOf(request), true),
  });
}
