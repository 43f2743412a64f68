/**
 * Cross-origin requests (docs/running.md, "Configuration"): a page on another origin may call the
 * service, as it may call the real API. `@fastify/cors` adds `Access-Control-Allow-Origin` to
 * every answer, errors included, and answers every OPTIONS request (a browser's preflight) with a
 * 204 from its `onRequest` hook, before the rate limit and the token check, which a preflight
 * never carries a token for. The origins allowed are `*` (any) or a list (`CORS_ORIGINS`).
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** Every origin: the service's data is public, as the real API's is. */
export const ANY_ORIGIN = ['*'] as const;

export async function registerCors(app: FastifyInstance, origins: readonly string[] = ANY_ORIGIN): Promise<void> {
  await app.register(cors, {
    origin: origins.includes('*') ? '*' : [...origins],
    methods: ['GET', 'HEAD', 'POST'],
    // An OPTIONS request without the preflight headers is answered as a preflight too, rather
    // than with the plugin's plain-text 400.
    strictPreflight: false,
    exposedHeaders: ['Content-Disposition', 'Retry-After', 'WWW-Authenticate'],
    maxAge: 600,
  });
}
