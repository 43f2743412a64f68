/**
 * Health checks for load balancers and orchestrators, open without an access token:
 * GET /health/live (the process answers) and GET /health/ready (the engine can answer: for
 * Elasticsearch, the cluster is reachable and holds a loaded version).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { readinessOf, type SearchEngine } from '../../index/engine.ts';
import { registerRoute, type RouteDescription } from '../route.ts';

export function registerHealthRoutes(app: FastifyInstance, registry: RouteDescription[], engine: SearchEngine): void {
  const tags = ['health'];
  registerRoute(app, registry, {
    method: 'GET', url: '/health/live', summary: 'Liveness: the process is up and answering', tags, public: true,
    response: '{live: true}',
    handler: async () => ({ live: true }),
  });
  registerRoute(app, registry, {
    method: 'GET', url: '/health/ready', summary: 'Readiness: the engine can answer requests now', tags, public: true,
    response: '{ready: true, engine}; a 503 error object with the reason when not ready',
    handler: async () => {
      const { ready, reason } = await readinessOf(engine);
      if (!ready) throw new AppError('SERVICE_UNAVAILABLE', `Not ready: ${reason ?? 'the engine cannot answer'}`);
      return { ready: true, engine: engine.kind };
    },
  });
}
