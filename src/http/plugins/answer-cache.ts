/**
 * One cache of answers, kept as the bytes sent, for the routes whose answer is a function of the
 * request and the data only. "The same request" is a value: the route, the method, the validated
 * path parameters, query and body, and the answer language, written as canonical JSON (object
 * keys sorted) once the request is validated. So `?page=1` and no `page` at all, or one filter
 * body with its keys in another order, are one request; two requests are never the same because
 * they share an object.
 *
 * An answer belongs to the data it came from: the cache is emptied when the catalog it was filled
 * under is no longer the current one (`../answers/response-cache.ts`). Only answers with status
 * 200 and a JSON body in one piece are kept; errors and streamed answers (export) never are.
 *
 * Every answer says whether it came from the cache in `X-Cache` (`HIT` or `MISS`), which is how
 * a benchmark measures hit rates where the service runs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Catalog } from '../../taxon/catalog.ts';
import { languageOf } from '../answers/shape.ts';
import { JSON_TYPE } from '../answers/json-text.ts';
import { createResponseCache } from '../answers/response-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: a route in the cache's scope whose answers are never kept (a streamed export) */
    answerCache?: false;
  }
}

/** default bound of the kept answers, in bytes */
export const DEFAULT_ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

export interface AnswerCacheOptions {
  /** the catalog of the data served now: a new one empties the cache */
  catalog: () => Promise<Catalog>;
  /** bound of the answers kept with their keys, in bytes; 0 keeps none (and says nothing) */
  maxBytes: number;
}

/** The header that says whether an answer was kept. */
const CACHE_HEADER = 'x-cache';

/**
 * Canonical JSON: object keys sorted at every depth, so that equal values give equal texts. The
 * sorted copies have no prototype, so that a key such as `__proto__` stays a key (a body is
 * parsed with `JSON.parse`, which keeps it as one).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
    const sorted: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(item).sort()) sorted[key] = (item as Record<string, unknown>)[key];
    return sorted;
  });
}

/** The value of a validated request that decides its answer, as text. */
export function requestKey(request: FastifyRequest): string {
  return canonicalJson([
    request.method,
    request.routeOptions.url ?? request.url,
    languageOf(request),
    request.params ?? null,
    request.query ?? null,
    request.body ?? null,
  ]);
}

interface Pending {
  key: string;
  catalog: Catalog;
}

/**
 * Registers the cache on `app`: its hooks apply to the routes registered on `app` after it (the
 * caller registers it in the scope of the routes it should answer). Only JSON answers are kept.
 */
export function registerAnswerCache(app: FastifyInstance, { catalog, maxBytes }: AnswerCacheOptions): void {
  if (maxBytes <= 0) return;
  const answers = createResponseCache(maxBytes);
  const pending = new WeakMap<FastifyRequest, Pending>();
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.answerCache === false) return;
    if (request.method !== 'GET' && request.method !== 'POST') return;
    const key = requestKey(request);
    const under = await catalog();
    const kept = answers.get(under, key);
    if (kept !== undefined) return reply.header(CACHE_HEADER, 'HIT').type(JSON_TYPE).send(kept);
    pending.set(request, { key, catalog: under });
    reply.header(CACHE_HEADER, 'MISS');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const miss = pending.get(request);
    if (miss === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (reply.getHeader('content-type') !== JSON_TYPE) return payload;
    answers.set(miss.catalog, miss.key, payload);
    return payload;
  });
}
