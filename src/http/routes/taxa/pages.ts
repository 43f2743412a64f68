/** Paged taxa: GET/POST /taxa, /taxa/species and /taxa/{id}/species. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendSerialised } from '../../route-schema.ts';
import { ERROR_ANSWERS, licensedPageAnswer, taxonAnswer } from '../../schemas/responses.ts';
import { filterBodySchema, taxaGetPageQuery, taxaPageQuery, taxonParams } from '../../schemas/taxa.ts';
import { languageOf } from '../../answers/shape.ts';
import type { TaxonTexts } from '../../answers/taxon-texts.ts';
import { queryAndBodyFilter, requestFilter, scopeOf, selectionOf, type TaxaRouteOptions } from './context.ts';

const response = { 200: licensedPageAnswer(taxonAnswer, 'A page of taxa'), ...ERROR_ANSWERS };

/** The page routes also write their answers from the kept texts of taxa (`../../answers/taxon-texts.ts`). */
export interface TaxaPageRouteOptions extends TaxaRouteOptions {
  texts: TaxonTexts;
}

export const taxaPageRoutes: FastifyPluginAsyncZod<TaxaPageRouteOptions> = async (app, { taxa, texts }) => {
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
        handler: async (request, reply) => {
          const q = request.query;
          const pageRequest = {
            filter: requestFilter(method, q, request.body),
            scope: { ...scopeOf(q), speciesOnly },
            sort: q.sortOrder,
            page: q.page,
            pageSize: q.pageSize,
            fields: selectionOf(q),
          };
          const search = taxa.pages(q.checklistVersion, pageRequest);
          const answer = await texts.page(q.checklistVersion, languageOf(request), pageRequest.fields, search);
          // Serialised already: the route's serializer sends (and, in tests, checks) its text.
          return sendSerialised(reply, answer);
        },
      });
    }

    app.route({
      method,
      url: '/taxa/:id/species',
      schema: {
        summary: 'A page of the species under a taxon',
        tags: ['taxa'],
        // The simple filters in the query hold on POST too, beside the body's (as the real API's do).
        querystring: taxaGetPageQuery,
        params: taxonParams,
        ...(body ? { body } : {}),
        response,
      },
      handler: async (request, reply) => {
        const q = request.query;
        const fields = selectionOf(q);
        const filter = queryAndBodyFilter(method, q, request.body);
        const search = taxa.speciesOf(q.checklistVersion, request.params.id, {
          filter,
          scope: scopeOf(q),
          sort: q.sortOrder,
          page: q.page,
          pageSize: q.pageSize,
          fields,
        });
        const answer = await texts.page(q.checklistVersion, languageOf(request), fields, search);
        return sendSerialised(reply, answer);
      },
    });
  }
};
