/** Paged taxa: GET/POST /taxa, /taxa/species and /taxa/{id}/species. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_ANSWERS, pageAnswer, taxonAnswer } from '../../schemas/responses.ts';
import { filterBodySchema, taxaGetPageQuery, taxaPageQuery, taxonParams } from '../../schemas/taxa.ts';
import { languageOf, shapeTaxa } from '../../shape.ts';
import { requestFilter, scopeOf, selectionOf, type TaxaRouteOptions } from './context.ts';

const response = { 200: pageAnswer(taxonAnswer, 'A page of taxa'), ...ERROR_ANSWERS };

export const taxaPageRoutes: FastifyPluginAsyncZod<TaxaRouteOptions> = async (app, { taxa }) => {
  for (const method of ['GET', 'POST'] as const) {
    const querystring = method === 'GET' ? taxaGetPageQuery : taxaPageQuery;
    const body = method === 'POST' ? filterBodySchema : undefined;

    for (const speciesOnly of [false, true]) {
      app.route({
        method,
        url: speciesOnly ? '/taxa/species' : '/taxa',
        schema: {
          summary: speciesOnly ? 'A page of species-level taxa' : 'A page of taxa, filtered and sorted',
          tags: ['taxa'],
          querystring,
          ...(body ? { body } : {}),
          response,
        },
        handler: async (request) => {
          const q = request.query;
          const fields = selectionOf(q);
          const page = await taxa.page(q.checklistVersion, {
            filter: requestFilter(method, q, request.body),
            scope: { ...scopeOf(q), speciesOnly },
            sort: q.sortOrder,
            page: q.page,
            pageSize: q.pageSize,
            fields,
          });
          return { ...page, results: shapeTaxa(page.results, languageOf(request), fields) };
        },
      });
    }

    app.route({
      method,
      url: '/taxa/:id/species',
      schema: { summary: 'A page of the species under a taxon', tags: ['taxa'], querystring, params: taxonParams, ...(body ? { body } : {}), response },
      handler: async (request) => {
        const q = request.query;
        const fields = selectionOf(q);
        const page = await taxa.speciesOf(q.checklistVersion, request.params.id, {
          filter: requestFilter(method, q, request.body),
          scope: scopeOf(q),
          sort: q.sortOrder,
          page: q.page,
          pageSize: q.pageSize,
          fields,
        });
        return { ...page, results: shapeTaxa(page.results, languageOf(request), fields) };
      },
    });
  }
};
