/**
 * The one error handler: deliberate errors (the catalogue) pass through with their status;
 * Fastify's own 4xx (bad JSON, wrong content type, body too large) get catalogue codes; anything
 * else is a logged 500 whose message reveals nothing.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../errors.ts';
import { TooManyBucketsError } from '../index/engine.ts';

const FASTIFY_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

export function toAppError(error: FastifyError | Error): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof TooManyBucketsError) {
    const message = `the aggregations would make more than ${error.limit} buckets (nest fewer fields or lower aggregateSize)`;
    return new AppError('BAD_REQUEST', `aggregateBy: ${message}`, { '/query/aggregateBy': [message] });
  }
  const status = (error as FastifyError).statusCode;
  if (status !== undefined && FASTIFY_CODES[status]) {
    return new AppError(FASTIFY_CODES[status], error.message);
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = toAppError(error);
    if (known) {
      // A deliberate 503 (the search cluster is away) is answered as it is; its cause is logged.
      if (known.statusCode >= 500) request.log.warn({ err: known.cause ?? known }, known.message);
      return reply.status(known.statusCode).send(known.toJSON());
    }
    request.log.error({ err: error }, 'unhandled error');
    const internal = new AppError('INTERNAL_ERROR', 'Internal error');
    return reply.status(500).send(internal.toJSON());
  });
  app.setNotFoundHandler((request, reply) => {
    const error = new AppError('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`);
    return reply.status(404).send(error.toJSON());
  });
}
