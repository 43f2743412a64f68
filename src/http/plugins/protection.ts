/**
 * Abuse and overload protection, registered before the routes.
 *
 * Rate limiting (`@fastify/rate-limit`): a number of requests per minute per valid access token,
 * or per client address when no tokens are configured; requests with a wrong or no token, when
 * tokens are required, per client address with a hundredth of the allowance (at least 10), so
 * that guessing is throttled hard. Past it, a 429 error object with `Retry-After`. The health
 * checks and the OpenAPI document are not counted.
 *
 * Overload (`@fastify/under-pressure`): while the event loop lags or the heap is nearly full, new
 * requests get a 503 error object with `Retry-After` at once, instead of queueing without bound
 * behind the ones being answered; the health checks still answer.
 */
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getHeapStatistics } from 'node:v8';
import { AppError } from '../../errors.ts';
import type { TokenCheck } from './auth.ts';

export interface OverloadLimits {
  /** the event loop's delay, in milliseconds, past which requests are refused */
  maxEventLoopDelayMs: number;
  /** the share of the heap limit past which requests are refused */
  maxHeapShare: number;
}

/** Far above what ordinary serving reaches: only a process that is drowning trips them. */
export const DEFAULT_OVERLOAD_LIMITS: OverloadLimits = { maxEventLoopDelayMs: 1_000, maxHeapShare: 0.9 };

/** Seconds a client is told to wait after an overload 503. */
const OVERLOAD_RETRY_AFTER_S = 5;

const isPublic = (request: FastifyRequest) => request.routeOptions.config.public === true;

/**
 * Requests without a valid token, when tokens are required, share a far smaller allowance per
 * client address: enough for a client that lost its token to see why, too few to guess with.
 */
export const guessesPerMinute = (perMinute: number) => Math.max(10, Math.floor(perMinute / 100));

export async function registerRateLimit(app: FastifyInstance, perMinute: number, tokens: TokenCheck): Promise<void> {
  if (perMinute <= 0) return;
  await app.register(rateLimit, {
    global: true,
    max: (_request, key) => (key.startsWith('guess:') ? Math.min(perMinute, guessesPerMinute(perMinute)) : perMinute),
    timeWindow: 60_000,
    allowList: (request) => isPublic(request),
    keyGenerator: (request) => {
      if (!tokens.required) return `address:${request.ip}`;
      const digest = tokens.validDigestOf(request);
      return digest === undefined ? `guess:${request.ip}` : `token:${digest}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'TOO_MANY_REQUESTS',
        `Rate limit exceeded: at most ${context.max} requests a minute; retry in ${Math.ceil(context.ttl / 1000)} s`,
      ),
  });
}

export async function registerOverloadProtection(app: FastifyInstance, limits: OverloadLimits): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * limits.maxHeapShare),
    retryAfter: OVERLOAD_RETRY_AFTER_S,
    // Async: a rejection reaches the error handler, which answers with the error object.
    pressureHandler: async (request, reply, type) => {
      if (isPublic(request)) return;
      reply.header('Retry-After', String(OVERLOAD_RETRY_AFTER_S));
      throw new AppError('SERVICE_UNAVAILABLE', `The service is overloaded (${type}); try again shortly`);
    },
  });
}
