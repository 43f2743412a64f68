/** The checklist versions loaded: GET /checklist-versions and /checklist-versions/{id}. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CatalogService } from '../../service/catalog-service.ts';
import { registerRoute, type RouteDescription } from '../route.ts';
import { languageOf } from '../shape.ts';
import { translate } from '../translate.ts';

const CONTEXT = 'http://schema.laji.fi/context/checklistVersion.jsonld';

export function registerChecklistVersionRoutes(app: FastifyInstance, registry: RouteDescription[], catalog: CatalogService) {
  const tags = ['checklist versions'];
  registerRoute(app, registry, {
    method: 'GET', url: '/checklist-versions', summary: 'The checklist versions that can be queried', tags,
    response: '{results: [{id, versionName, versionDate?}]}',
    handler: async (_input, request) => ({ results: translate(await catalog.versions(), languageOf(request)), '@context': CONTEXT }),
  });
  registerRoute(app, registry, {
    method: 'GET', url: '/checklist-versions/:id', summary: 'One checklist version', tags,
    params: z.object({ id: z.string().trim().min(1) }), response: 'the version',
    handler: async ({ params }, request) => translate(await catalog.version(params.id), languageOf(request)),
  });
}
