/** Tree navigation: GET/POST /taxa/{id}/children and /taxa/{id}/parents, whole lists. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FilterNode } from '../../../query/nodes/index.ts';
import type { FieldSelection } from '../../../query/source.ts';
import type { TaxaService } from '../../../service/taxa-service.ts';
import type { TaxonDocument } from '../../../taxon/schema.ts';
import { ERROR_ANSWERS, listAnswer, taxonAnswer } from '../../schemas/responses.ts';
import { filterBodySchema, taxonParams, treeQuery } from '../../schemas/taxa.ts';
import { languageOf, shapeTaxa, TAXON_CONTEXT } from '../../shape.ts';
import { requestFilter, selectionOf, type TaxaRouteOptions } from './context.ts';

type TreeWalk = (
  taxa: TaxaService,
  version: string,
  id: string,
  includeHidden: boolean,
  fields: FieldSelection,
  filter: FilterNode,
) => Promise<TaxonDocument[]>;

const WALKS: { url: string; summary: string; walk: TreeWalk }[] = [
  {
    url: '/taxa/:id/children',
    summary: 'Direct children in taxonomic order; hidden children are skipped and theirs raised unless includeHidden',
    walk: (taxa, ...args) => taxa.children(...args),
  },
  {
    url: '/taxa/:id/parents',
    summary: 'The lineage of a taxon from the root down (hidden ancestors left out unless includeHidden)',
    walk: (taxa, ...args) => taxa.parents(...args),
  },
];

const response = { 200: listAnswer(taxonAnswer, 'The taxa, whole'), ...ERROR_ANSWERS };

export const taxaTreeRoutes: FastifyPluginAsyncZod<TaxaRouteOptions> = async (app, { taxa }) => {
  for (const method of ['GET', 'POST'] as const) {
    for (const { url, summary, walk } of WALKS) {
      app.route({
        method,
        url,
        schema: {
          summary,
          tags: ['taxa'],
          querystring: treeQuery,
          params: taxonParams,
          ...(method === 'POST' ? { body: filterBodySchema } : {}),
          response,
        },
        handler: async (request) => {
          const { query, params } = request;
          const fields = selectionOf(query);
          const found = await walk(
            taxa,
            query.checklistVersion,
            params.id,
            query.includeHidden,
            fields,
            requestFilter(method, {}, request.body),
          );
          return { results: shapeTaxa(found, languageOf(request), fields), '@context': TAXON_CONTEXT };
        },
      });
    }
  }
};
