/**
 * The error handlers: deliberate errors (the catalogue) pass through with their status;
 * Fastify's own 4xx (bad JSON, wrong content type, body too large) get catalogue codes; anything
 * else is a logged 500 whose message reveals nothing.
 *
 * Each scope answers with its own error object: the root with the current one
 * (`../answers/error-answer.ts`), an interface registered under a prefix of its own with the
 * object it gives `registerErrorHandling` (its own error handler, not-found handler and 405s,
 * Fastify's encapsulation choosing them). What is answered before any route is found (a
 * malformed URL, a request the HTTP parser refuses) or by a route the root holds for every path
 * (the CORS preflight's) is answered with the object of the scope whose prefix the path lies under.
 */
import { type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import { AppError, type ErrorCode } from '../../errors.ts';
import { errorAnswer } from '../answers/error-answer.ts';
import { languageOf } from '../answers/shape.ts';
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
 * How a scope writes the error object of `error`; `request` is absent for a request the HTTP
 * parser refused, `pathParameters` are the matched route's (`request.params`).
 */
export type ErrorBody = (error: AppError, request?: FastifyRequest, pathParameters?: unknown) => object;

/** The current interface's error object, in the request's language. */
const currentErrorBody: ErrorBody = (error, request, pathParameters) =>
  errorAnswer(error, pathParameters, request && languageOf(request));

/** The scopes with an error object of their own, by the instance registered (`registerErrorHandling`)... */
const bodyOfScope = new WeakMap<FastifyInstance, ErrorBody>();
/** ... and by prefix, per server, for what is answered before any route is found. */
const prefixedBodies = new WeakMap<Server, { prefix: string; body: ErrorBody }[]>();

/** The error object of the scope whose prefix `url` (path and query) lies under; the current one under none. */
function bodyOfUrl(server: Server, url: string): ErrorBody {
  for (const { prefix, body } of prefixedBodies.get(server) ?? [])
    if (url.startsWith(prefix) && (url.length === prefix.length || '/?'.includes(url[prefix.length]!))) return body;
  return currentErrorBody;
}

/** The root's: the object of the scope the request's path names (the root's own routes span every path). */
const bodyOfPath: ErrorBody = (error, request, pathParameters) =>
  request === undefined
    ? currentErrorBody(error)
    : bodyOfUrl(request.server.server, request.url)(error, request, pathParameters);

/**
 * The error object of `error` for `request` (for an answer sent outside the error handler), written
 * by the scope its route belongs to: the route's instance or the nearest above it that has an
 * error object of its own; else, on the root, by its path.
 */
export function errorBodyOf(request: FastifyRequest, error: AppError, pathParameters?: unknown): object {
  for (let scope: FastifyInstance | null = request.server; scope; scope = Object.getPrototypeOf(scope)) {
    const body = bodyOfScope.get(scope);
    if (body) return body(error, request, pathParameters);
  }
  return bodyOfPath(error, request, pathParameters);
}

/**
 * The error handler and the not-found handler of `app`'s scope. On the root, without `body`:
 * the current error object. In an encapsulated plugin registered under a prefix (`../v0/`),
 * with `body`: that object for every error within it, unknown paths under the prefix and the
 * parser's and router's refusals of them included.
 */
export function registerErrorHandling(app: FastifyInstance, body?: ErrorBody): void {
  const own = body ?? bodyOfPath;
  if (body) {
    bodyOfScope.set(app, body);
    const prefixed = prefixedBodies.get(app.server) ?? [];
    prefixed.push({ prefix: app.prefix, body });
    prefixedBodies.set(app.server, prefixed);
  }
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
      return reply.status(known.statusCode).send(own(known, request, request.params));
    }
    request.log.error({ err: error }, 'unhandled error');
    const internal = new AppError('INTERNAL_ERROR', 'Internal error');
    return reply.status(500).send(own(internal, request));
  });
  app.setNotFoundHandler((request, reply) => {
    const error = new AppError('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`);
    return reply.status(404).send(own(error, request));
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

/** The collector each route's 405s belong to: the innermost scope's that collects (its `onRoute` hook runs last). */
const collectorOf = new WeakMap<RouteOptions, object>();

/**
 * Collects the GET and POST routes registered in `app`'s scope from now on; the function it
 * returns, called once they all are, gives every other method on each route's path a 405 error
 * object with `Allow` (instead of the 404 an unknown method would get), registered in that scope
 * so that its error handler answers them. A route of a scope nested within that collects its own
 * is left to it.
 */
export function collectMethodNotAllowed(app: FastifyInstance): () => void {
  const collector = {};
  const routes: { route: RouteOptions; method: string }[] = [];
  app.addHook('onRoute', (route) => {
    collectorOf.set(route, collector);
    for (const method of [route.method].flat())
      if (method === 'GET' || method === 'POST') routes.push({ route, method });
  });
  return () => {
    const own = routes.filter(({ route }) => collectorOf.get(route) === collector);
    registerMethodNotAllowed(
      app,
      own.map(({ route, method }) => ({ method, url: route.url })),
    );
  };
}

/** The 405 routes of `routes` (their URLs whole, `app`'s prefix included) on `app`. */
function registerMethodNotAllowed(app: FastifyInstance, routes: readonly { method: string; url: string }[]): void {
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
      url: url.slice(app.prefix.length),
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

/** The request target at the start of a request the parser refused, if it can be read. */
function requestTargetOf(rawPacket: Buffer | undefined): string | undefined {
  return /^[A-Z]+ (\S+)/.exec(rawPacket?.subarray(0, 64).toString('latin1') ?? '')?.[1];
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
  // In the error object of the scope the request's path lies under, whose clients expect it.
  const target = requestTargetOf((error as { rawPacket?: Buffer }).rawPacket);
  const body = JSON.stringify((target === undefined ? currentErrorBody : bodyOfUrl(this.server, target))(known));
  socket.end(
    `HTTP/1.1 ${known.statusCode} ${STATUS_CODES[known.statusCode]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
