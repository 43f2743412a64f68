/** Tree navigation: GET/POST /taxa/{id}/children and /taxa/{id}/parents, whole lists. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FilterNode } from '../../../query/nodes/index.ts';
import type { SortOrder } from '../../../query/sort.ts';
import type { FieldSelection } from '../../../query/source.ts';
import type { TaxaService } from '../../../service/taxa-service.ts';
import type { TaxonDocument } from '../../../taxon/schema.ts';
import { ERROR_ANSWERS, licensedListAnswer, taxonAnswer } from '../../schemas/responses.ts';
import { childrenQuery, filterBodySchema, taxonParams, treeQuery } from '../../schemas/taxa.ts';
import { INTELLECTUAL_RIGHTS, languageOf, listContext, shapeTaxa, taxonContext } from '../../answers/shape.ts';
import { queryAndBodyFilter, requestFilter, selectionOf, type TaxaRouteOptions } from './context.ts';

/** What a walk reads of a request. */
interface WalkRequest {
  version: string;
  id: string;
  includeHidden: boolean;
  fields: FieldSelection;
  filter: FilterNode;
  /** the checklists of `checklist`, when the route takes it and it is given */
  checklist: readonly string[] | undefined;
  sort: SortOrder | undefined;
}

const WALKS: {
  url: string;
  summary: string;
  querystring: typeof treeQuery | typeof childrenQuery;
  /** the filter of a request: children take the simple filters in the query too (as the real API's do), parents the body's alone */
  filterOf: (method: 'GET' | 'POST', query: object, body: unknown) => FilterNode;
  /** the fields answered of each taxon when `selectedFields` names some */
  selectionOf: (fields: FieldSelection) => FieldSelection;
  walk: (taxa: TaxaService, r: WalkRequest) => Promise<TaxonDocument[]>;
}[] = [
  {
    url: '/taxa/:id/children',
    summary:
      "Direct children in taxonomic order (or sortOrder), of the taxon's checklist unless checklist names others; hidden children are skipped and theirs raised unless includeHidden",
    querystring: childrenQuery,
    filterOf: queryAndBodyFilter,
    // Each child names its checklist, selected or not, as the real API's children do.
    selectionOf: (fields) =>
      fields.selectedFields ? { ...fields, selectedFields: [...fields.selectedFields, 'nameAccordingTo'] } : fields,
    walk: (taxa, r) => taxa.children(r.version, r.id, r.includeHidden, r.fields, r.filter, r.checklist, r.sort),
  },
  {
    url: '/taxa/:id/parents',
    summary: 'The lineage of a taxon from the root down (hidden ancestors left out unless includeHidden)',
    querystring: treeQuery,
    filterOf: (method, _query, body) => requestFilter(method, {}, body),
    selectionOf: (fields) => fields,
    walk: (taxa, r) => taxa.parents(r.version, r.id, r.includeHidden, r.fields, r.filter),
  },
];

const response = { 200: licensedListAnswer(taxonAnswer, 'The taxa, whole'), ...ERROR_ANSWERS };

export const taxaTreeRoutes: FastifyPluginAsyncZod<TaxaRouteOptions> = async (app, { taxa }) => {
  for (const method of ['GET', 'POST'] as const) {
    for (const { url, summary, querystring, filterOf, selectionOf: walkSelection, walk } of WALKS) {
      app.route({
        method,
        url,
        schema: {
          summary,
          tags: ['taxa'],
          querystring,
          params: taxonParams,
          ...(method === 'POST' ? { body: filterBodySchema } : {}),
          response,
        },
        handler: async (request) => {
          const { query, params } = request;
          const fields = walkSelection(selectionOf(query));
          const found = await walk(taxa, {
            version: query.checklistVersion,
            id: params.id,
            includeHidden: query.includeHidden,
            fields,
            filter: filterOf(method, query, request.body),
            checklist: 'checklist' in query ? query.checklist : undefined,
            sort: 'sortOrder' in query ? query.sortOrder : undefined,
          });
          const language = languageOf(request);
          return {
            results: shapeTaxa(found, language, fields),
            '@context': listContext(found.length, taxonContext(language)),
            intellectualRights: INTELLECTUAL_RIGHTS,
          };
        },
      });
    }
  }
};
