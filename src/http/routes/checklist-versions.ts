/** The checklist versions loaded: GET /checklist-versions and /checklist-versions/{id}. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogService } from '../../service/catalog-service.ts';
import { languageOnlyQuery } from '../schemas/common.ts';
import { ERROR_ANSWERS, listAnswer, versionAnswer, type VersionAnswer } from '../schemas/responses.ts';
import { languageOf } from '../shape.ts';
import { translate } from '../translate.ts';

const CONTEXT = 'http://schema.laji.fi/context/checklistVersion.jsonld';
const tags = ['checklist versions'];

export const checklistVersionRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get('/checklist-versions', {
    schema: {
      summary: 'The checklist versions that can be queried',
      tags,
      querystring: languageOnlyQuery,
      response: { 200: listAnswer(versionAnswer, 'The versions loaded'), ...ERROR_ANSWERS },
    },
    handler: async (request) => ({
      results: translate(await catalog.versions(), languageOf(request)) as VersionAnswer[],
      '@context': CONTEXT,
    }),
  });
  app.get('/checklist-versions/:id', {
    schema: {
      summary: 'One checklist version',
      tags,
      params: z.object({ id: z.string().trim().min(1) }),
      querystring: languageOnlyQuery,
      response: { 200: versionAnswer, ...ERROR_ANSWERS },
    },
    handler: async (request) =>
      translate(await catalog.version(request.params.id), languageOf(request)) as VersionAnswer,
  });
};
