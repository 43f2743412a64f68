/** Aggregations: /taxa/aggregate, /taxa/species/aggregate, /taxa/{id}/species/aggregate. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aggregationRequest } from '../../../query/aggregate.ts';
import { aggregateAnswer, ERROR_ANSWERS } from '../../schemas/responses.ts';
import { filterBodySchema, taxaAggregateQuery, taxaGetAggregateQuery, taxonParams } from '../../schemas/taxa.ts';
import { speciesUnder } from '../../../query/taxa-request.ts';
import { queryAndBodyFilter, requestFilter, scopeOf, type TaxaRouteOptions } from './context.ts';

const response = { 200: aggregateAnswer, ...ERROR_ANSWERS };

export const taxaAggregateRoutes: FastifyPluginAsyncZod<TaxaRouteOptions> = async (app, { taxa }) => {
  for (const method of ['GET', 'POST'] as const) {
    const querystring = method === 'GET' ? taxaGetAggregateQuery : taxaAggregateQuery;
    const body = method === 'POST' ? { body: filterBodySchema } : {};

    for (const speciesOnly of [false, true]) {
      app.route({
        method,
        url: speciesOnly ? '/taxa/species/aggregate' : '/taxa/aggregate',
        schema: {
          summary: speciesOnly ? 'Aggregate species-level taxa' : 'Aggregate taxa by fields',
          tags: ['taxa'],
          querystring,
          ...body,
          response,
        },
        handler: async (request) => {
          const q = request.query;
          const specs = aggregationRequest(q.aggregateBy, q.aggregateSize);
          const filter = requestFilter(method, q, request.body);
          return taxa.aggregate(q.checklistVersion, filter, { ...scopeOf(q), speciesOnly }, specs, q.aggregateSize);
        },
      });
    }

    app.route({
      method,
      url: '/taxa/:id/species/aggregate',
      schema: {
        summary: 'Aggregate the species under a taxon',
        tags: ['taxa'],
        // The simple filters in the query hold on POST too, beside the body's (as the real API's do).
        querystring: taxaGetAggregateQuery,
        params: taxonParams,
        ...body,
        response,
      },
      handler: async (request) => {
        const q = request.query;
        const specs = aggregationRequest(q.aggregateBy, q.aggregateSize);
        // Under an unknown taxon there are no species: empty aggregations, as its page is empty.
        const { scope, filter } = speciesUnder(
          request.params.id,
          scopeOf(q),
          queryAndBodyFilter(method, q, request.body),
        );
        return taxa.aggregate(q.checklistVersion, filter, scope, specs, q.aggregateSize);
      },
    });
  }
};
