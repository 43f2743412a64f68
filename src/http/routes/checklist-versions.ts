/** The checklist versions loaded: GET /checklist-versions and /checklist-versions/{id}. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { SearchEngine } from '../../index/engine.ts';
import { translate } from '../translate.ts';
import { registerRoute, type RouteDescription } from '../route.ts';
import { languageOf } from '../shape.ts';

const CONTEXT = 'http://schema.laji.fi/context/checklistVersion.jsonld';

export function registerChecklistVersionRoutes(app: FastifyInstance, registry: RouteDescription[], engine: SearchEngine) {
  const tags = ['checklist versions'];
  registerRoute(app, registry, {
    method: 'GET', url: '/checklist-versions', summary: 'The checklist versions that can be queried', tags,
    response: '{results: [{id, versionName, versionDate?}]}',
    handler: async (_input, request) => ({
      results: translate((await engine.catalog()).checklistVersions, languageOf(request)),
      '@context': CONTEXT,
    }),
  });
  registerRoute(app, registry, {
    method: 'GET', url: '/checklist-versions/:id', summary: 'One checklist version', tags,
    params: z.object({ id: z.string().trim().min(1) }), response: 'the version',
    handler: async ({ params }, request) => {
      const version = (await engine.catalog()).checklistVersions.find((v) => v.id === params.id);
      if (!version) throw new AppError('NOT_FOUND', `Checklist version '${params.id}' is not loaded`);
      return translate(version, languageOf(request));
    },
  });
}
