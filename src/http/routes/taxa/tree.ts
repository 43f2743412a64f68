/** Tree navigation: GET/POST /taxa/{id}/children and /taxa/{id}/parents, whole lists. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, type FilterNode } from '../../../query/nodes/index.ts';
import { checklistClause } from '../../../query/taxa-request.ts';
import type { SortOrder } from '../../../query/sort.ts';
import type { FieldSelection } from '../../../query/source.ts';
import type { TaxaService } from '../../../service/taxa-service.ts';
import type { TaxonDocument } from '../../../taxon/schema.ts';
import { ERROR_ANSWERS, listAnswer, taxonAnswer } from '../../schemas/responses.ts';
import { childrenQuery, filterBodySchema, taxonParams, treeQuery } from '../../schemas/taxa.ts';
import { languageOf, listContext, shapeTaxa, taxonContext } from '../../shape.ts';
import { queryAndBodyFilter, requestFilter, selectionOf, type TaxaRouteOptions } from './context.ts';

/** What a walk reads of a request. */
interface WalkRequest {
  version: string;
  id: string;
  includeHidden: boolean;
  fields: FieldSelection;
  filter: FilterNode;
  sort: SortOrder | undefined;
}

const WALKS: {
  url: string;
  summary: string;
  querystring: typeof treeQuery | typeof childrenQuery;
  /** the filter of a request: children take the simple filters and `checklist` in the query too (as the real API's do), parents the body's alone */
  filterOf: (method: 'GET' | 'POST', query: object, body: unknown) => FilterNode;
  walk: (taxa: TaxaService, r: WalkRequest) => Promise<TaxonDocument[]>;
}[] = [
  {
    url: '/taxa/:id/children',
    summary:
      'Direct children in taxonomic order (or sortOrder); hidden children are skipped and theirs raised unless includeHidden',
    querystring: childrenQuery,
    filterOf: (method, query, body) => {
      const filter = queryAndBodyFilter(method, query, body);
      const { checklist } = query as { checklist?: readonly string[] };
      return checklist === undefined ? filter : and.build([filter, checklistClause(checklist)]);
    },
    walk: (taxa, r) => taxa.children(r.version, r.id, r.includeHidden, r.fields, r.filter, r.sort),
  },
  {
    url: '/taxa/:id/parents',
    summary: 'The lineage of a taxon from the root down (hidden ancestors left out unless includeHidden)',
    querystring: treeQuery,
    filterOf: (method, _query, body) => requestFilter(method, {}, body),
    walk: (taxa, r) => taxa.parents(r.version, r.id, r.includeHidden, r.fields, r.filter),
  },
];

const response = { 200: listAnswer(taxonAnswer, 'The taxa, whole'), ...ERROR_ANSWERS };

export const taxaTreeRoutes: FastifyPluginAsyncZod<TaxaRouteOptions> = async (app, { taxa }) => {
  for (const method of ['GET', 'POST'] as const) {
    for (const { url, summary, querystring, filterOf, walk } of WALKS) {
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
          const fields = selectionOf(query);
          const found = await walk(taxa, {
            version: query.checklistVersion,
            id: params.id,
            includeHidden: query.includeHidden,
            fields,
            filter: filterOf(method, query, request.body),
            sort: 'sortOrder' in query ? query.sortOrder : undefined,
          });
          const language = languageOf(request);
          return {
            results: shapeTaxa(found, language, fields),
            '@context': listContext(found.length, taxonContext(language)),
          };
        },
      });
    }
  }
};
