/**
 * Routes are declared once, with zod schemas for their query, params and body: the same
 * declaration validates requests (422 with JSON pointers) and writes the OpenAPI document.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, pointerToken, type ErrorDetails } from '../errors.ts';
import type { Catalog } from '../taxon/catalog.ts';
import type { ResponseCache } from './response-cache.ts';

type AnySchema = z.ZodType;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** open to every caller: no access token asked (see `auth.ts`) */
    public?: boolean;
  }
}

export interface RouteDefinition<Q extends AnySchema, P extends AnySchema, B extends AnySchema> {
  method: 'GET' | 'POST';
  /** Fastify path, e.g. `/taxa/:id` */
  url: string;
  summary: string;
  tags: string[];
  query?: Q;
  params?: P;
  /** a body schema for the OpenAPI document; parsing stays with the handler when it needs to name keys */
  body?: B;
  /** description of the success answer for the OpenAPI document */
  response: string;
  /** answered without an access token even when tokens are configured (health checks) */
  public?: boolean;
  handler: (input: RouteInput<Q, P>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** answers kept and sent again for the same key under the same data (see `response-cache.ts`) */
  cache?: RouteCache;
}

export interface RouteCache {
  answers: ResponseCache;
  /** the engine's current catalog: a new one means new data */
  catalog: () => Promise<Catalog>;
  /** everything of the request the answer depends on, e.g. its URL and response language */
  keyOf: (request: FastifyRequest) => string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export interface RouteInput<Q extends AnySchema, P extends AnySchema> {
  query: z.infer<Q>;
  params: z.infer<P>;
  body: unknown;
}

/** What the OpenAPI document needs of a route. */
export type RouteDescription = Pick<
  RouteDefinition<AnySchema, AnySchema, AnySchema>,
  'method' | 'url' | 'summary' | 'tags' | 'query' | 'params' | 'body' | 'response' | 'public'
>;

function issuesToDetails(place: 'query' | 'params', error: z.ZodError): ErrorDetails {
  const details: ErrorDetails = {};
  for (const issue of error.issues) {
    const pointer = `/${place}${issue.path.map((p) => `/${pointerToken(String(p))}`).join('')}`;
    (details[pointer] ??= []).push(issue.message);
  }
  return details;
}

function parseOrThrow<S extends AnySchema>(schema: S | undefined, value: unknown, place: 'query' | 'params'): z.infer<S> {
  if (!schema) return {} as z.infer<S>;
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const details = issuesToDetails(place, parsed.error);
  const [pointer, messages] = Object.entries(details)[0] ?? ['', ['invalid']];
  throw new AppError('VALIDATION_EXCEPTION', `${pointer}: ${messages[0]}`, details);
}

export function registerRoute<Q extends AnySchema, P extends AnySchema, B extends AnySchema>(
  app: FastifyInstance,
  registry: RouteDescription[],
  route: RouteDefinition<Q, P, B>,
): void {
  const { method, url, summary, tags, query, params, body, response } = route;
  registry.push({ method, url, summary, tags, query, params, body, response, public: route.public ?? false });
  app.route({
    method: route.method,
    url: route.url,
    config: { public: route.public ?? false },
    handler: async (request, reply) => {
      const { cache } = route;
      const kept = cache && { catalog: await cache.catalog(), key: cache.keyOf(request) };
      const hit = kept && cache.answers.get(kept.catalog, kept.key);
      if (hit !== undefined) return reply.type(JSON_TYPE).send(hit);
      const query = parseOrThrow(route.query, request.query, 'query');
      const params = parseOrThrow(route.params, request.params, 'params');
      const answer = await route.handler({ query, params, body: request.body }, request, reply);
      if (!kept) return answer;
      const body = JSON.stringify(answer);
      cache.answers.set(kept.catalog, kept.key, body);
      return reply.type(JSON_TYPE).send(body);
    },
  });
}
