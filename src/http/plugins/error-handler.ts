/**
 * The one error handler: deliberate errors (the catalogue) pass through with their status;
 * Fastify's own 4xx (bad JSON, wrong content type, body too large) get catalogue codes; anything
 * else is a logged 500 whose message reveals nothing.
 */
import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { AppError, type ErrorCode } from '../../errors.ts';
import { errorAnswer } from '../answers/error-answer.ts';
import { languageOf } from '../answers/shape.ts';
import { legacyErrorAnswer } from '../v0/error-object.ts';
import { isLegacyUrl } from '../v0/prefix.ts';
import { TooManyBucketsError } from '../../index/engine.ts';

const FASTIFY_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
};

/** Seconds a client is told to wait after a 503 that does not say otherwise. */
export const UNAVAILABLE_RETRY_AFTER_S = 2;

export function toAppError(error: FastifyError | Error): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof TooManyBucketsError) {
    const message = `the aggregations would make more than ${error.limit} buckets (nest fewer fields or lower aggregateSize)`;
    return new AppError('BAD_REQUEST', `aggregateBy: ${message}`, [{ at: { parameter: 'aggregateBy' }, message }]);
  }
  const status = (error as FastifyError).statusCode;
  if (status !== undefined && FASTIFY_CODES[status]) {
    return new AppError(FASTIFY_CODES[status], error.message);
  }
  return undefined;
}

/**
 * The error object of `error` for `request`: the legacy interface's under `/v0`, else the current
 * one, in the request's language.
 */
export function errorBodyOf(request: FastifyRequest, error: AppError, pathParameters?: unknown): object {
  return isLegacyUrl(request.url)
    ? legacyErrorAnswer(error, pathParameters)
    : errorAnswer(error, pathParameters, languageOf(request));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = toAppError(error);
    if (known) {
      // A deliberate 503 (the search cluster is away, the data still loading, overload) is
      // answered as it is, with a time to come back; the cluster's failure behind it is logged.
      if (known.statusCode === 503) {
        if (known.cause) request.log.warn({ err: known.cause }, known.message);
        else request.log.info(known.message);
        if (!reply.hasHeader('Retry-After')) reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
      }
      return reply.status(known.statusCode).send(errorBodyOf(request, known, request.params));
    }
    request.log.error({ err: error }, 'unhandled error');
    const internal = new AppError('INTERNAL_ERROR', 'Internal error');
    return reply.status(500).send(errorBodyOf(request, internal));
  });
  app.setNotFoundHandler((request, reply) => {
    const error = new AppError('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`);
    return reply.status(404).send(errorBodyOf(request, error));
  });
}

/** An HTTP/1.1 request without `Host` (Node is told to let it through) is a 400 error object. */
export function registerHostCheck(app: FastifyInstance): void {
  // A callback hook: an async one costs every request a promise and a turn of the microtask queue.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.httpVersion !== '1.1' || request.headers.host !== undefined) return done();
    reply.header('Connection', 'close');
    done(new AppError('BAD_REQUEST', 'An HTTP/1.1 request needs a Host header'));
  });
}

/**
 * Every method a route does not have, on each route's path: a 405 error object with `Allow`
 * (instead of the 404 an unknown method would get).
 */
export function registerMethodNotAllowed(
  app: FastifyInstance,
  routes: readonly { method: string; url: string }[],
): void {
  const allowed = new Map<string, Set<string>>();
  for (const { method, url } of routes) {
    const methods = allowed.get(url) ?? new Set<string>();
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    allowed.set(url, methods);
  }
  for (const [url, methods] of allowed) {
    // (OPTIONS is a preflight, answered by `cors.ts`.)
    const others = (['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'TRACE'] as HTTPMethods[]).filter((m) => !methods.has(m));
    const allow = [...methods].join(', ');
    app.route({
      method: others,
      url,
      schema: { hide: true },
      handler: async (request, reply) => {
        reply.header('Allow', allow);
        throw new AppError(
          'METHOD_NOT_ALLOWED',
          `Method ${request.method} is not allowed on ${url}; allowed: ${allow}`,
        );
      },
    });
  }
}

const LONG_REQUEST_LINE = 8 * 1024;

/** Node's HTTP parser refused the request: which error object answers it. */
function clientErrorOf(error: Error & { code?: string; rawPacket?: Buffer }): AppError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      // The parser's limit is on the request line and headers together: a request line of more
      // than half of it is taken for a URL too long.
      return error.rawPacket !== undefined && !error.rawPacket.subarray(0, LONG_REQUEST_LINE).includes('\r\n')
        ? new AppError('URI_TOO_LONG', 'The request line is longer than the server accepts (16 KB with the headers)')
        : new AppError(
            'REQUEST_HEADER_FIELDS_TOO_LARGE',
            'The request line and headers are larger than the server accepts (16 KB)',
          );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new AppError('REQUEST_TIMEOUT', 'The request did not arrive in time');
    default:
      return new AppError('BAD_REQUEST', `Malformed HTTP request${error.code ? ` (${error.code})` : ''}`);
  }
}

/** Whether the start of a request the parser refused names a `/v0` path, whose clients expect its error shape. */
function isLegacyRequestLine(rawPacket: Buffer | undefined): boolean {
  const target = /^[A-Z]+ (\S+)/.exec(rawPacket?.subarray(0, 64).toString('latin1') ?? '')?.[1];
  return target !== undefined && isLegacyUrl(target);
}

/**
 * Fastify's `clientErrorHandler` (called with the instance as `this`): the answer, with the
 * error object, written on the socket, which then closes (the parser cannot go on after such a
 * request). Nothing is written after an answer that has started (one given before the request's
 * body had all arrived): the socket only closes.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  const answering = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || !socket.writable || answering?.headersSent) {
    socket.destroy();
    return;
  }
  const known = clientErrorOf(error);
  if (known.statusCode === 408)
    this.log.info({ remoteAddress: socket.remoteAddress }, 'request not received in time: answered 408');
  const legacy = isLegacyRequestLine((error as { rawPacket?: Buffer }).rawPacket);
  const body = JSON.stringify(legacy ? legacyErrorAnswer(known) : errorAnswer(known));
  socket.end(
    `HTTP/1.1 ${known.statusCode} ${STATUS_CODES[known.statusCode]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
