/** One taxon: GET /taxa/{id}, its descriptions and its media. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_ANSWERS, listAnswer, taxonAnswer } from '../../schemas/responses.ts';
import { taxonParams, taxonQuery } from '../../schemas/taxa.ts';
import { languageOf, shapeTaxon, TAXON_CONTEXT, taxonContext } from '../../shape.ts';
import { translate, type ResponseLanguage } from '../../translate.ts';
import { selectionOf, type TaxaRouteOptions } from './context.ts';

const PARTS = [
  { url: '/taxa/:id/descriptions', field: 'descriptions', summary: 'Descriptions of a taxon' },
  { url: '/taxa/:id/media', field: 'multimedia', summary: 'Media of a taxon' },
] as const;

const MEDIA_TAXON_FIELDS = ['id', 'scientificName', 'vernacularName'] as const;

/** The taxon a medium shows: its id, scientific name and vernacular name in the answer language. */
function mediaTaxonOf(taxon: Record<string, unknown>, language: ResponseLanguage): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const field of MEDIA_TAXON_FIELDS) if (taxon[field] !== undefined) named[field] = taxon[field];
  return translate(named, language) as Record<string, unknown>;
}

export const taxonRoutes: FastifyPluginAsyncZod<TaxaRouteOptions> = async (app, { taxa }) => {
  app.get('/taxa/:id', {
    schema: {
      summary: 'One taxon (404 when unknown)',
      tags: ['taxa'],
      querystring: taxonQuery,
      params: taxonParams,
      response: { 200: taxonAnswer, ...ERROR_ANSWERS },
    },
    handler: async (request) => {
      const fields = selectionOf(request.query);
      const taxon = await taxa.get(request.query.checklistVersion, request.params.id, fields);
      const language = languageOf(request);
      return { ...shapeTaxon(taxon, language, fields), '@context': taxonContext(language) };
    },
  });

  for (const part of PARTS) {
    app.get(part.url, {
      schema: {
        summary: part.summary,
        tags: ['taxa'],
        querystring: taxonQuery.pick({ checklistVersion: true, lang: true }),
        params: taxonParams,
        response: { 200: listAnswer(z.unknown(), `The taxon's ${part.field}`), ...ERROR_ANSWERS },
      },
      handler: async (request) => {
        const media = part.field === 'multimedia';
        const taxon = await taxa.get(request.query.checklistVersion, request.params.id, {
          selectedFields: media ? [part.field, ...MEDIA_TAXON_FIELDS] : [part.field],
        });
        const language = languageOf(request);
        const items = translate(taxon[part.field] ?? [], language) as Record<string, unknown>[];
        return {
          // Each medium names its taxon, as the real API's media do: a list of media from several taxa stays readable.
          results: media ? items.map((item) => ({ ...item, taxon: mediaTaxonOf(taxon, language) })) : items,
          '@context': TAXON_CONTEXT,
        };
      },
    });
  }
};
