/** One taxon: GET /taxa/{id}, its descriptions and its media. */
import { translate } from '../../translate.ts';
import { registerRoute } from '../../route.ts';
import { taxonParams, taxonQuery } from '../../schemas/taxa.ts';
import { languageOf, shapeTaxon, TAXON_CONTEXT } from '../../shape.ts';
import { selectionOf, type TaxaRouteContext } from './context.ts';

export function registerTaxon({ app, registry, taxa }: TaxaRouteContext): void {
  registerRoute(app, registry, {
    method: 'GET',
    url: '/taxa/:id',
    summary: 'One taxon (404 when unknown)',
    tags: ['taxa'],
    query: taxonQuery,
    params: taxonParams,
    response: 'The taxon document',
    handler: async ({ query, params }, request) => {
      const fields = selectionOf(query);
      return shapeTaxon(await taxa.get(query.checklistVersion, params.id, fields), languageOf(request), fields);
    },
  });

  const parts = [
    { url: '/taxa/:id/descriptions', field: 'descriptions', summary: 'Descriptions of a taxon' },
    { url: '/taxa/:id/media', field: 'multimedia', summary: 'Media of a taxon' },
  ] as const;
  for (const part of parts) {
    registerRoute(app, registry, {
      method: 'GET',
      url: part.url,
      summary: part.summary,
      tags: ['taxa'],
      query: taxonQuery.pick({ checklistVersion: true }),
      params: taxonParams,
      response: '{results: [...]}',
      handler: async ({ query, params }, request) => {
        const taxon = await taxa.get(query.checklistVersion, params.id, { selectedFields: [part.field] });
        return { results: translate(taxon[part.field] ?? [], languageOf(request)), '@context': TAXON_CONTEXT };
      },
    });
  }
}
