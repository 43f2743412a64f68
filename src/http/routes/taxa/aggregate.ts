/** Aggregations: /taxa/aggregate, /taxa/species/aggregate, /taxa/{id}/species/aggregate. */
import { aggregationRequest } from '../../../query/aggregate.ts';
import { registerRoute } from '../../route.ts';
import { filterBodySchema, taxaAggregateQuery, taxaGetAggregateQuery, taxonParams } from '../../schemas/taxa.ts';
import { requestFilter, scopeOf, type TaxaRouteContext } from './context.ts';

const AGGREGATE_ANSWER = '{"<name>": [{"values": {"<field>": value, ...}, "count": n}, ...]}';

export function registerTaxaAggregates({ app, registry, taxa }: TaxaRouteContext): void {
  for (const method of ['GET', 'POST'] as const) {
    const query = method === 'GET' ? taxaGetAggregateQuery : taxaAggregateQuery;
    const body = method === 'POST' ? filterBodySchema : undefined;

    for (const speciesOnly of [false, true]) {
      registerRoute(app, registry, {
        method,
        url: speciesOnly ? '/taxa/species/aggregate' : '/taxa/aggregate',
        summary: speciesOnly ? 'Aggregate species-level taxa' : 'Aggregate taxa by fields',
        tags: ['taxa'],
        query,
        body,
        response: AGGREGATE_ANSWER,
        handler: async ({ query: q, body: b }) => {
          const specs = aggregationRequest(q.aggregateBy, q.aggregateSize);
          const filter = requestFilter(method, q, b);
          return taxa.aggregate(q.checklistVersion, filter, { ...scopeOf(q), speciesOnly }, specs, q.aggregateSize);
        },
      });
    }

    registerRoute(app, registry, {
      method,
      url: '/taxa/:id/species/aggregate',
      summary: 'Aggregate the species under a taxon',
      tags: ['taxa'],
      query,
      params: taxonParams,
      body,
      response: AGGREGATE_ANSWER,
      handler: async ({ query: q, params, body: b }) => {
        const specs = aggregationRequest(q.aggregateBy, q.aggregateSize);
        const filter = requestFilter(method, q, b);
        await taxa.assertTaxon(q.checklistVersion, params.id);
        const scope = { ...scopeOf(q), parentTaxonId: params.id, speciesOnly: true };
        return taxa.aggregate(q.checklistVersion, filter, scope, specs, q.aggregateSize);
      },
    });
  }
}
