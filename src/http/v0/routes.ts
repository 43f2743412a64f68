/**
 * The legacy taxa routes (`/v0`, docs/api.md, "Legacy interface"), GET only: pages with
 * aggregations inside, single taxa with `maxLevel` levels of children, tree lists and the name
 * search as bare arrays, and the Swagger 2.0 document of them all. Each route translates its
 * legacy parameters into a current request (`requests.ts`) and asks the same services as the
 * current routes; only the answer is shaped the legacy way (no `*MultiLang` copies, `langFallback`).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SearchEngine } from '../../index/engine.ts';
import { aggregationRequest } from '../../query/aggregate.ts';
import type { TaxaPageRequest, TaxaScope } from '../../query/taxa-request.ts';
import type { CatalogService } from '../../service/catalog-service.ts';
import type { SearchService } from '../../service/search-service.ts';
import type { TaxaService } from '../../service/taxa-service.ts';
import type { EnumerationLabels } from '../../taxon/enumeration-labels.ts';
import type { TaxonDocument } from '../../taxon/schema.ts';
import { hitOf, type HitContext } from '../routes/search.ts';
import type { FieldSelection } from '../../query/source.ts';
import { selectionOf } from '../routes/taxa/context.ts';
import { aggregateAnswer, pageAnswer, taxonAnswer } from '../schemas/responses.ts';
import { sendJsonPieces } from '../answers/json-text.ts';
import { collectMethodNotAllowed, registerErrorHandling } from '../plugins/error-handler.ts';
import { validatorCompilerOf } from '../route-schema.ts';
import { taxonShaper } from '../answers/shape.ts';
import { translate, type ResponseLanguage } from '../answers/translate.ts';
import { LEGACY_ERROR_ANSWERS, legacyErrorBody } from './error-object.ts';
import { legacyGroupRoutes } from './informal-groups.ts';
import { legacyMetadataRoutes } from './metadata.ts';
import {
  autocompleteQuery,
  childrenQuery,
  descriptionsQuery,
  mediaQuery,
  parentsQuery,
  searchQuery,
  speciesQuery,
  taxaQuery,
  taxonParams,
  taxonQuery,
  taxonSpeciesQuery,
  type LegacySearchQuery,
} from './parameters.ts';
import { legacyFilter, legacySearchParams } from './requests.ts';
import { swaggerDocument, type LegacyRoute, type LegacyRouteSpec } from './swagger.ts';

export interface LegacyRouteOptions {
  taxa: TaxaService;
  search: SearchService;
  engine: Pick<SearchEngine, 'catalog'>;
  catalog: CatalogService;
  labels: EnumerationLabels;
}

const legacyPage = pageAnswer(taxonAnswer, 'A page of taxa').extend({
  aggregations: aggregateAnswer.optional().describe('with aggregateBy: the rows of each aggregation'),
});
const taxonList = z.array(taxonAnswer).describe('The taxa');

/** What a legacy taxon answers: the current selection, and the parent's id (`isPartOf`) as well. */
function legacySelectionOf(query: FieldSelection): FieldSelection {
  return { ...selectionOf(query), withParent: true };
}

/**
 * Shapes taxa the legacy way: no `*MultiLang` copies, a missing translation left out unless
 * `langFallback`, and the checklist as the legacy taxa name it (`checklist: [<id>]`, after the id)
 * rather than `nameAccordingTo`.
 */
function legacyShaper(query: { lang: ResponseLanguage; langFallback?: boolean }, fields: object) {
  const shape = taxonShaper(query.lang, fields, {
    fallback: query.langFallback ?? true,
    multiLangCopies: false,
  });
  return (taxon: object): Record<string, unknown> => {
    const { id, nameAccordingTo, ...rest } = shape(taxon);
    return {
      ...(id === undefined ? {} : { id }),
      ...(typeof nameAccordingTo === 'string' ? { checklist: [nameAccordingTo] } : {}),
      ...rest,
    };
  };
}

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

/**
 * The legacy interface, an encapsulated plugin registered under its prefix (`LEGACY_PREFIX`):
 * within it, errors, unknown paths and other methods are answered with the legacy error object
 * (`error-object.ts`), and query parameters a route does not take are ignored, as the legacy
 * interface did (the current routes refuse them). The root's hooks, registered before it, apply.
 */
export const legacyInterface: FastifyPluginAsyncZod<LegacyRouteOptions> = async (
  app,
  { taxa, search, engine, catalog, labels },
) => {
  registerErrorHandling(app, legacyErrorBody);
  app.setValidatorCompiler(validatorCompilerOf('ignore'));
  const registerMethodNotAllowed = collectMethodNotAllowed(app);

  const declared: LegacyRouteSpec[] = [];
  const route: LegacyRoute = (spec, handler) => {
    declared.push(spec);
    app.route({
      method: 'GET',
      url: spec.url,
      schema: {
        hide: true,
        querystring: spec.querystring,
        ...(spec.params ? { params: spec.params } : {}),
        response: { 200: spec.response, ...LEGACY_ERROR_ANSWERS },
      },
      // The handler's types are checked against the spec's schemas above.
      handler: ((request: unknown, reply: FastifyReply) => handler(request as never, reply)) as never,
    });
  };

  /** One page of taxa in `scope`, with the aggregations asked for over the same taxa. */
  async function page(
    q: z.output<typeof taxaQuery> | z.output<typeof speciesQuery>,
    scope: TaxaScope,
  ): Promise<z.output<typeof legacyPage>> {
    const specs = q.aggregateBy === undefined ? undefined : aggregationRequest(q.aggregateBy, q.aggregateSize);
    const fields = legacySelectionOf(q);
    const request: TaxaPageRequest = {
      filter: legacyFilter(q),
      scope,
      sort: q.sortOrder,
      page: q.page,
      pageSize: q.pageSize,
      fields,
    };
    const [found, aggregations] = await Promise.all([
      taxa.pages(q.checklistVersion, request).taxa(),
      specs && taxa.aggregate(q.checklistVersion, request.filter, scope, specs, q.aggregateSize),
    ]);
    const results = found.results.map(legacyShaper(q, fields));
    // The legacy page names a next page on its last page too: the last one (as recorded).
    const nextPage = found.nextPage ?? Math.min(found.currentPage + 1, found.lastPage);
    return { ...found, nextPage, results, ...(aggregations ? { aggregations } : {}) };
  }

  const scopeOf = (q: z.output<typeof speciesQuery>, speciesOnly: boolean, parentTaxonId?: string): TaxaScope => ({
    checklist: q.checklist,
    includeHidden: q.includeHidden,
    ...(parentTaxonId !== undefined ? { parentTaxonId } : {}),
    speciesOnly,
  });

  route(
    {
      url: '/taxa',
      summary: 'Taxa of the checklist, filtered, sorted and paged, with aggregations',
      answer: 'A page of taxa: {currentPage, pageSize, total, lastPage, prevPage?, nextPage?, results, aggregations?}',
      querystring: taxaQuery,
      response: legacyPage,
    },
    async ({ query: q }) => page(q, scopeOf(q, false, q.parentTaxonId)),
  );

  route(
    {
      url: '/taxa/species',
      summary: 'Species, aggregates and subspecies of the checklist, paged',
      answer: 'A page of taxa, as /taxa answers',
      querystring: speciesQuery,
      response: legacyPage,
    },
    async ({ query: q }) => page(q, scopeOf(q, true)),
  );

  route(
    {
      url: '/taxa/:id/species',
      summary: 'Species, aggregates and subspecies under a taxon, paged (none under an unknown taxon)',
      answer: 'A page of taxa, as /taxa answers',
      querystring: taxonSpeciesQuery,
      params: taxonParams,
      response: legacyPage,
    },
    async ({ query: q, params }) => page(q, scopeOf(q, true, params.id)),
  );

  /**
   * The JSON text of `taxon` (whose id is `id`) shaped, with its children nested as `children` down to `depth` levels
   * below it, piece by piece as it is sent (`../answers/json-text.ts`): each taxon above that depth gets the
   * list, empty where it has none, as its last key.
   */
  function* nested(
    taxon: TaxonDocument,
    id: string,
    levels: ReadonlyMap<string, TaxonDocument[]>,
    depth: number,
    shape: (taxon: object) => Record<string, unknown>,
  ): Generator<string, void, undefined> {
    const shaped = shape(taxon);
    if (depth === 0) return yield JSON.stringify(shaped);
    const text = JSON.stringify({ ...shaped, children: undefined });
    yield text === '{}' ? '{"children":[' : `${text.slice(0, -1)},"children":[`;
    yield* nestedList(levels.get(id) ?? [], levels, depth - 1, shape);
    yield ']}';
  }

  /**
   * The JSON text of `taxa`, each nested as `nested` makes it, without the brackets (the children
   * `childLevels` reads carry their ids whatever the fields selected).
   */
  function* nestedList(
    taxa: readonly TaxonDocument[],
    levels: ReadonlyMap<string, TaxonDocument[]>,
    depth: number,
    shape: (taxon: object) => Record<string, unknown>,
  ): Generator<string, void, undefined> {
    for (const [i, taxon] of taxa.entries()) {
      if (i > 0) yield ',';
      yield* nested(taxon, taxon.id, levels, depth, shape);
    }
  }

  route(
    {
      url: '/taxa/:id',
      summary: 'One taxon, with maxLevel levels of its children nested (404 when unknown)',
      answer: 'The taxon; with maxLevel, its children as children, theirs under each',
      querystring: taxonQuery,
      params: taxonParams,
      response: taxonAnswer,
    },
    async ({ query: q, params }, reply) => {
      const fields = legacySelectionOf(q);
      const taxon = await taxa.get(q.checklistVersion, params.id, fields);
      const shape = legacyShaper(q, fields);
      if (q.maxLevel === 0) return shape(taxon);
      const levels = await taxa.childLevels(
        q.checklistVersion,
        params.id,
        q.maxLevel,
        q.includeHidden,
        fields,
        legacyFilter(q),
        q.sortOrder,
      );
      return sendJsonPieces(reply, nested(taxon, params.id, levels, q.maxLevel, shape));
    },
  );

  route(
    {
      url: '/taxa/:id/children',
      summary: 'The children of a taxon (hidden ones skipped and theirs raised), with maxLevel levels nested',
      answer: 'An array of taxa; with maxLevel, each with its children as children',
      querystring: childrenQuery,
      params: taxonParams,
      response: taxonList,
    },
    async ({ query: q, params }, reply) => {
      const fields = legacySelectionOf(q);
      const filter = legacyFilter(q);
      const levels = await taxa.childLevels(
        q.checklistVersion,
        params.id,
        q.maxLevel + 1,
        q.includeHidden,
        fields,
        filter,
        q.sortOrder,
      );
      const children = nestedList(levels.get(params.id) ?? [], levels, q.maxLevel, legacyShaper(q, fields));
      return sendJsonPieces(
        reply,
        (function* () {
          yield '[';
          yield* children;
          yield ']';
        })(),
      );
    },
  );

  route(
    {
      url: '/taxa/:id/parents',
      summary: 'The parents of a taxon from the root down, hidden ones left out',
      answer: 'An array of taxa, root first',
      querystring: parentsQuery,
      params: taxonParams,
      response: taxonList,
    },
    async ({ query: q, params }) => {
      const fields = { ...(q.selectedFields ? { selectedFields: q.selectedFields } : {}), withParent: true };
      const parents = await taxa.parents(q.checklistVersion, params.id, false, fields);
      return parents.map(legacyShaper(q, fields));
    },
  );

  for (const part of [
    { field: 'descriptions', query: descriptionsQuery, summary: 'The descriptions of a taxon' },
    { field: 'multimedia', query: mediaQuery, summary: 'The media of a taxon' },
  ] as const) {
    route(
      {
        url: `/taxa/:id/${part.field === 'multimedia' ? 'media' : part.field}`,
        summary: part.summary,
        answer: `An array of the taxon's ${part.field}`,
        querystring: part.query,
        params: taxonParams,
        response: z.array(z.unknown()),
      },
      async ({ query: q, params }) => {
        const taxon = await taxa.get(q.checklistVersion, params.id, { selectedFields: [part.field] });
        const fallback = 'langFallback' in q ? q.langFallback : true;
        return translate(taxon[part.field] ?? [], q.lang, fallback) as unknown[];
      },
    );
  }

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

  legacyGroupRoutes(route, catalog);
  legacyMetadataRoutes(route, labels);

  app.get('/swagger.json', { config: { public: true }, schema: { hide: true } }, async () =>
    swaggerDocument(declared, app.prefix),
  );
  registerMethodNotAllowed();
};
