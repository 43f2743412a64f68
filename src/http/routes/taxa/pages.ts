/** Paged taxa: GET/POST /taxa, /taxa/species and /taxa/{id}/species. */
import { registerRoute } from '../../route.ts';
import { filterBodySchema, taxaGetPageQuery, taxaPageQuery, taxonParams } from '../../schemas/taxa.ts';
import { languageOf, shapeTaxa } from '../../shape.ts';
import { requestFilter, scopeOf, selectionOf, type TaxaRouteContext } from './context.ts';

const PAGE_ANSWER = 'A page of taxa: {currentPage, pageSize, total, lastPage, prevPage?, nextPage?, results}';

export function registerTaxaPages({ app, registry, taxa }: TaxaRouteContext): void {
  for (const method of ['GET', 'POST'] as const) {
    const query = method === 'GET' ? taxaGetPageQuery : taxaPageQuery;
    const body = method === 'POST' ? filterBodySchema : undefined;

    for (const speciesOnly of [false, true]) {
      registerRoute(app, registry, {
        method,
        url: speciesOnly ? '/taxa/species' : '/taxa',
        summary: speciesOnly ? 'A page of species-level taxa' : 'A page of taxa, filtered and sorted',
        tags: ['taxa'],
        query,
        body,
        response: PAGE_ANSWER,
        handler: async ({ query: q, body: b }, request) => {
          const fields = selectionOf(q);
          const page = await taxa.page(q.checklistVersion, {
            filter: requestFilter(method, q, b),
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

    registerRoute(app, registry, {
      method,
      url: '/taxa/:id/species',
      summary: 'A page of the species under a taxon',
      tags: ['taxa'],
      query,
      params: taxonParams,
      body,
      response: PAGE_ANSWER,
      handler: async ({ query: q, params, body: b }, request) => {
        const fields = selectionOf(q);
        const page = await taxa.speciesOf(q.checklistVersion, params.id, {
          filter: requestFilter(method, q, b),
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
}
