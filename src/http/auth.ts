/**
 * Access tokens: when configured, every request carries one, as `access_token` in the query or
 * as `Authorization: Bearer <token>`; otherwise the answer is a 401 error object. Routes declared
 * `public` (the health checks, which load balancers call without credentials) are exempt.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.access_token === 'string' ? query.access_token : undefined;
}

export function registerAccessTokens(app: FastifyInstance, tokens: readonly string[]): void {
  if (tokens.length === 0) return;
  const valid = new Set(tokens);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public === true) return;
    const token = tokenOf(request);
    if (token === undefined) throw new AppError('UNAUTHORIZED', 'An access token is required');
    if (!valid.has(token)) throw new AppError('UNAUTHORIZED', 'The access token is not valid');
  });
}
