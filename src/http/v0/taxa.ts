/**
 * The legacy taxa routes (`/v0`, docs/api.md, "Legacy interface"): pages with aggregations inside,
 * single taxa with `maxLevel` levels of children, children and parents as bare arrays,
 * descriptions and media. Each translates its legacy parameters into a current request
 * (`requests.ts`) and asks the same service as the current routes; only the answer is shaped the
 * legacy way (no `*MultiLang` copies, `langFallback`, `checklist` for `nameAccordingTo`).
 */
import { z } from 'zod';
import { aggregationRequest } from '../../query/aggregate.ts';
import type { FieldSelection } from '../../query/source.ts';
import type { TaxaPageRequest, TaxaScope } from '../../query/taxa-request.ts';
import type { TaxaService } from '../../service/taxa-service.ts';
import type { TaxonDocument } from '../../taxon/schema.ts';
import { sendJsonPieces } from '../answers/json-text.ts';
import { taxonShaper } from '../answers/shape.ts';
import { translate, type ResponseLanguage } from '../answers/translate.ts';
import { selectionOf } from '../routes/taxa/context.ts';
import { aggregateAnswer, pageAnswer, taxonAnswer } from '../schemas/responses.ts';
import {
  childrenQuery,
  descriptionsQuery,
  mediaQuery,
  parentsQuery,
  speciesQuery,
  taxaQuery,
  taxonParams,
  taxonQuery,
  taxonSpeciesQuery,
} from './parameters.ts';
import { legacyFilter } from './requests.ts';
import type { LegacyRoute } from './swagger.ts';

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

/** One page of taxa in `scope`, with the aggregations asked for over the same taxa. */
async function page(
  taxa: TaxaService,
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

/** Pages of taxa: all, species, species under a taxon. */
export function legacyPageRoutes(route: LegacyRoute, taxa: TaxaService): void {
  route(
    {
      url: '/taxa',
      summary: 'Taxa of the checklist, filtered, sorted and paged, with aggregations',
      answer: 'A page of taxa: {currentPage, pageSize, total, lastPage, prevPage?, nextPage?, results, aggregations?}',
      querystring: taxaQuery,
      response: legacyPage,
    },
    async ({ query: q }) => page(taxa, q, scopeOf(q, false, q.parentTaxonId)),
  );

  route(
    {
      url: '/taxa/species',
      summary: 'Species, aggregates and subspecies of the checklist, paged',
      answer: 'A page of taxa, as /taxa answers',
      querystring: speciesQuery,
      response: legacyPage,
    },
    async ({ query: q }) => page(taxa, q, scopeOf(q, true)),
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
    async ({ query: q, params }) => page(taxa, q, scopeOf(q, true, params.id)),
  );
}

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

/** The children of `id` and theirs, `levels` levels down, filtered and sorted as the legacy query asks. */
function childLevelsOf(
  taxa: TaxaService,
  q: z.output<typeof taxonQuery> | z.output<typeof childrenQuery>,
  id: string,
  levels: number,
  fields: FieldSelection,
) {
  return taxa.childLevels(q.checklistVersion, id, levels, q.includeHidden, fields, legacyFilter(q), q.sortOrder);
}

/** A taxon with its children nested, children, parents. */
export function legacyTreeRoutes(route: LegacyRoute, taxa: TaxaService): void {
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
      const levels = await childLevelsOf(taxa, q, params.id, q.maxLevel, fields);
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
      const levels = await childLevelsOf(taxa, q, params.id, q.maxLevel + 1, fields);
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
}

/** A taxon's descriptions and media, as bare arrays. */
export function legacyPartRoutes(route: LegacyRoute, taxa: TaxaService): void {
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
}
