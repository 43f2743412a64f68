/** One taxon: GET /taxa/{id}, its descriptions and its media. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_ANSWERS, listAnswer, taxonAnswer } from '../../schemas/responses.ts';
import { taxonParams, taxonQuery } from '../../schemas/taxa.ts';
import { INTELLECTUAL_RIGHTS, languageOf, shapeTaxon, TAXON_CONTEXT, taxonContext } from '../../answers/shape.ts';
import { translate } from '../../answers/translate.ts';
import { selectionOf, type TaxaRouteOptions } from './context.ts';

const PARTS = [
  { url: '/taxa/:id/descriptions', field: 'descriptions', summary: 'Descriptions of a taxon' },
  { url: '/taxa/:id/media', field: 'multimedia', summary: 'Media of a taxon' },
] as const;

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
      return {
        ...shapeTaxon(taxon, language, fields),
        intellectualRights: INTELLECTUAL_RIGHTS,
        '@context': taxonContext(language),
      };
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
        const taxon = await taxa.get(request.query.checklistVersion, request.params.id, {
          selectedFields: [part.field],
        });
        // Each medium names the taxon it shows (derived at load: docs/data.md, "Derived fields").
        const results = translate(taxon[part.field] ?? [], languageOf(request)) as unknown[];
        return { results, '@context': TAXON_CONTEXT };
      },
    });
  }
};
