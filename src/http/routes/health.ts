/**
 * Health checks for load balancers and orchestrators, open without an access token:
 * GET /health/live (the process answers) and GET /health/ready (the engine can answer: for
 * Elasticsearch, the cluster is reachable and holds a loaded version).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { readinessOf, type SearchEngine } from '../../index/engine.ts';
import { ERROR_ANSWERS } from '../schemas/responses.ts';

const tags = ['health'];

export const healthRoutes: FastifyPluginAsyncZod<{ engine: SearchEngine }> = async (app, { engine }) => {
  app.get('/health/live', {
    config: { public: true },
    schema: {
      summary: 'Liveness: the process is up and answering',
      tags,
      response: { 200: z.object({ live: z.literal(true) }) },
    },
    handler: async () => ({ live: true as const }),
  });
  app.get('/health/ready', {
    config: { public: true },
    schema: {
      summary: 'Readiness: the engine can answer requests now',
      tags,
      response: {
        200: z.object({ ready: z.literal(true), engine: z.enum(['embedded', 'elasticsearch']) }),
        ...ERROR_ANSWERS,
      },
    },
    handler: async () => {
      const { ready, reason } = await readinessOf(engine);
      if (!ready) throw new AppError('SERVICE_UNAVAILABLE', `Not ready: ${reason ?? 'the engine cannot answer'}`);
      return { ready: true as const, engine: engine.kind };
    },
  });
};
