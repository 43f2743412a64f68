/**
 * The HTTP server: listening, reloads on SIGHUP, graceful shutdown. It receives an opened engine
 * and what loads and reloads it (`src/runtime/open-engine.ts`, put together by
 * `src/runtime/serve.ts`).
 *
 * The server listens before the first load, so `/health/ready` can say `loading`; SIGHUP runs
 * the reload it was given.
 *
 * SIGTERM and SIGINT close gracefully (close-with-grace): no new connections; requests under
 * way are answered, new requests on kept-alive connections too but with `Connection: close`;
 * then the process exits 0, or 1 once `SHUTDOWN_TIMEOUT_MS` has passed whatever is left.
 */
import closeWithGrace from 'close-with-grace';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { SearchEngine } from '../index/engine.ts';
import { buildApp, FASTIFY_OPTIONS } from './app.ts';
import { drainOnClose } from './plugins/drain-on-close.ts';
import { DEFAULT_OVERLOAD_LIMITS } from './plugins/protection.ts';

export interface ServedEngine {
  engine: SearchEngine;
  /** the logger the engine's side writes to; the server writes to it too */
  log: FastifyBaseLogger;
  /** what the start log says about the engine */
  started: Record<string, unknown>;
  /** the first load, run once the server listens; rejects when the data is refused */
  load?: () => Promise<void>;
  /** what SIGHUP does; never throws */
  reload(): void;
}

/** The longest time between two of Node's looks for requests that have not arrived in time (its default: 30 s). */
const MAX_REQUEST_CHECK_INTERVAL_MS = 1_000;

/**
 * How much longer than the request timeout and the answer deadline a connection may stay silent:
 * far more than the second either may take to be noticed.
 */
const IDLE_MARGIN_MS = 10_000;

/**
 * The instance that listens, before the app is built on it (`buildApp`, with the answer deadline
 * of `config`). Its bounds, in the order they strike:
 * - `REQUEST_TIMEOUT_MS`: a request (line, headers and body) not received this long after it
 *   began is answered with a 408 error object and `Connection: close` (`answerClientError`).
 *   Node looks for such requests every `connectionsCheckingInterval`, so at most a second late.
 * - `ANSWER_DEADLINE_MS` (`plugins/answer-deadline.ts`): a 503 for an answer that has not started.
 * - the socket's idle bound, `IDLE_MARGIN_MS` past the later of the two, ends a connection that
 *   has been silent that long during a request without a word (a reader that stopped reading).
 *   Were it shorter, it would cut the incomplete request or the late answer before either is
 *   answered.
 */
export function createServerInstance(
  config: Pick<Config, 'REQUEST_TIMEOUT_MS' | 'ANSWER_DEADLINE_MS'>,
  log: FastifyBaseLogger,
): FastifyInstance {
  const requestTimeout = config.REQUEST_TIMEOUT_MS;
  const app = Fastify({
    ...FASTIFY_OPTIONS,
    http: {
      ...FASTIFY_OPTIONS.http,
      connectionsCheckingInterval: Math.min(MAX_REQUEST_CHECK_INTERVAL_MS, Math.ceil(requestTimeout / 4)),
      // Given to Node itself too: Fastify sets `requestTimeout` on the server once it is made,
      // leaving `headersTimeout` at Node's 60 s, and with a `headersTimeout` longer than the
      // `requestTimeout` Node never times out a body that stops arriving.
      requestTimeout,
      headersTimeout: requestTimeout,
    },
    loggerInstance: log,
    requestTimeout,
    connectionTimeout: Math.max(requestTimeout, config.ANSWER_DEADLINE_MS) + IDLE_MARGIN_MS,
    // While closing, a request on a kept-alive connection is still answered, with
    // `Connection: close`, rather than with Fastify's own 503 body.
    return503OnClosing: false,
  });
  drainOnClose(app.server);
  return app;
}

/**
 * Starts serving; resolves once the first data set is loaded (rejects, having closed
 * everything, when it is refused). The returned function closes the server and the engine.
 */
export async function startServer(config: Config, served: ServedEngine): Promise<() => Promise<void>> {
  const app = createServerInstance(config, served.log);
  const { engine, reload: hangup } = served;
  await buildApp(app, {
    engine,
    accessTokens: config.ACCESS_TOKENS,
    corsOrigins: config.CORS_ORIGINS,
    answerCacheBytes: Math.round(config.ANSWER_CACHE_MB * 1024 * 1024),
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    overload: DEFAULT_OVERLOAD_LIMITS,
    exportLimits: { total: config.MAX_EXPORTS, perClient: config.MAX_EXPORTS_PER_CLIENT },
    answerDeadlineMs: config.ANSWER_DEADLINE_MS,
  });
  const close = async () => {
    process.off('SIGHUP', hangup);
    await app.close();
    await engine.close();
  };
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(served.started, 'engine opened');
  // Signals are handled from here on, the first load included: a SIGHUP during it makes one
  // more load after it, a SIGTERM closes gracefully.
  process.on('SIGHUP', hangup);
  const onTimeout = (delay: number) => app.log.error(`closing took over ${delay} ms; exiting with answers unfinished`);
  const grace = closeWithGrace(
    { delay: config.SHUTDOWN_TIMEOUT_MS, logger: false, onTimeout, skip: ['SIGHUP'] },
    async ({ signal, err }) => {
      if (err) app.log.fatal({ err }, 'shutting down after an unexpected error');
      else app.log.info({ signal, deadlineMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down');
      await close();
      app.log.info('closed');
    },
  );
  const shutDown = async () => {
    grace.uninstall();
    await close();
  };
  try {
    await served.load?.();
  } catch (error) {
    await shutDown();
    throw error;
  }
  return shutDown;
}
