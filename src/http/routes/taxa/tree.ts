/** Tree navigation: GET/POST /taxa/{id}/children and /taxa/{id}/parents, whole lists. */
import { registerRoute } from '../../route.ts';
import { filterBodySchema, taxonParams, treeQuery } from '../../schemas/taxa.ts';
import { languageOf, shapeTaxa, TAXON_CONTEXT } from '../../shape.ts';
import { requestFilter, selectionOf, type TaxaRouteContext } from './context.ts';

export function registerTaxaTree({ app, registry, taxa }: TaxaRouteContext): void {
  for (const method of ['GET', 'POST'] as const) {
    const body = method === 'POST' ? filterBodySchema : undefined;
    registerRoute(app, registry, {
      method,
      url: '/taxa/:id/children',
      summary: 'Direct children in taxonomic order; hidden children are skipped and theirs raised unless includeHidden',
      tags: ['taxa'],
      query: treeQuery,
      params: taxonParams,
      body,
      response: '{results: [taxon, ...]}',
      handler: async ({ query, params, body: b }, request) => {
        const fields = selectionOf(query);
        const filter = requestFilter(method, {}, b);
        const children = await taxa.children(query.checklistVersion, params.id, query.includeHidden, fields, filter);
        return { results: shapeTaxa(children, languageOf(request), fields), '@context': TAXON_CONTEXT };
      },
    });
    registerRoute(app, registry, {
      method,
      url: '/taxa/:id/parents',
      summary: 'The lineage of a taxon from the root down (hidden ancestors left out unless includeHidden)',
      tags: ['taxa'],
      query: treeQuery,
      params: taxonParams,
      body,
      response: '{results: [taxon, ...]}',
      handler: async ({ query, params, body: b }, request) => {
        const fields = selectionOf(query);
        const filter = requestFilter(method, {}, b);
        const parents = await taxa.parents(query.checklistVersion, params.id, query.includeHidden, fields, filter);
        return { results: shapeTaxa(parents, languageOf(request), fields), '@context': TAXON_CONTEXT };
      },
    });
  }
}
