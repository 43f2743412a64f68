/**
 * The server entry: configuration, engine, logging, listening, reloads, graceful shutdown.
 *
 * The embedded engine runs in an engine thread (`src/runtime/worker-engine.ts`): the server
 * listens at once and `/health/ready` says `loading` until the first load is done; each phase
 * of a load (reading a version, building each index) is logged with its time. SIGHUP loads the
 * data directory again in a new thread while the old one serves; reloads run one at a time (a
 * SIGHUP during a reload schedules one more), and a refused reload is logged while the data
 * already served stays. The Elasticsearch engine serves what `taxa load` put in the cluster:
 * the start is refused while the cluster cannot be reached or holds no version, and SIGHUP only
 * drops its short caches (a load swaps aliases by itself).
 *
 * SIGTERM and SIGINT close gracefully (close-with-grace): no new connections; requests under
 * way are answered, new requests on kept-alive connections too but with `Connection: close`;
 * then the process exits 0, or 1 once `SHUTDOWN_TIMEOUT_MS` has passed whatever is left.
 */
import closeWithGrace from 'close-with-grace';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { createElasticsearchEngine } from '../index/elasticsearch-engine.ts';
import type { EmbeddedEngine } from '../index/embedded-engine.ts';
import type { SearchEngine } from '../index/engine.ts';
import { engineDataOf } from '../../loaders/engine-data.ts';
import { loadDataDirectory, type LoadStats } from '../../loaders/load-data-dir.ts';
import { coalesced } from '../runtime/reload.ts';
import { createWorkerEngine } from '../runtime/worker-engine.ts';
import { buildApp, FASTIFY_OPTIONS } from './app.ts';
import { drainOnClose } from './drain-on-close.ts';
import { loggerOptions } from './logging.ts';
import { DEFAULT_OVERLOAD_LIMITS } from './protection.ts';

/** The engine could not be opened (the cluster is away or empty); the message says what to do. */
export class EngineStartError extends Error {
  override name = 'EngineStartError';
}

/** Loads `dir` into an in-process `engine`; on any problem throws and leaves the engine as it was. */
export async function loadInto(engine: EmbeddedEngine, dir: string, progress = false): Promise<LoadStats> {
  const { dataSet, stats } = await loadDataDirectory(dir, { progress });
  engine.replaceData(engineDataOf(dataSet));
  return stats;
}

interface OpenedEngine {
  engine: SearchEngine;
  /** what the start log says about the engine */
  started: Record<string, unknown>;
  /** the first load, once the server listens (embedded engine only) */
  load?: () => Promise<void>;
  /** what SIGHUP does */
  hangup(): void;
}

function openEmbedded(config: Config, log: FastifyBaseLogger): OpenedEngine {
  const dir = config.TAXA_DATA_DIR;
  const engine = createWorkerEngine({
    progress: process.stderr.isTTY === true,
    onPhase: (phase) => log.info(phase, phase.phase === 'read' ? `read ${phase.version}` : `indexed ${phase.version} ${phase.kind}`),
    onDeath: () => {
      log.error('the engine thread ended; loading the data again');
      hangup();
    },
  });
  const load = coalesced(async () => {
    log.info({ dataDir: dir }, 'loading');
    const started = performance.now();
    const stats = await engine.load(dir);
    log.info({ dataDir: dir, stats, seconds: Math.round(performance.now() - started) / 1000 }, 'data loaded');
  });
  const hangup = () => {
    load().catch((error: Error) => log.error({ err: error }, 'reload refused; the data already served is still served'));
  };
  return { engine, started: { engine: 'embedded', dataDir: dir }, load, hangup };
}

/** The cluster address without credentials, for messages. */
function displayUrl(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

async function openElasticsearch(config: Config, log: FastifyBaseLogger): Promise<OpenedEngine> {
  const url = config.ELASTICSEARCH_URL!;
  const prefix = config.ELASTICSEARCH_INDEX_PREFIX;
  const engine = createElasticsearchEngine({ node: url }, { prefix });
  const readiness = await engine.ready();
  if (!readiness.ready) {
    await engine.close();
    throw new EngineStartError(
      `engine: cannot serve from Elasticsearch at ${displayUrl(url)}: ${readiness.reason}.\n` +
        `Check that the cluster runs there (ELASTICSEARCH_URL), then load a data directory into it:\n` +
        `  taxa load <dir> --url ${displayUrl(url)} --prefix ${prefix}`,
    );
  }
  return {
    engine,
    started: { engine: 'elasticsearch', url: displayUrl(url), prefix, versions: await engine.versions() },
    hangup: () => {
      engine.dropCaches();
      log.info('caches dropped; versions and catalog are read from the cluster again');
    },
  };
}

/**
 * Starts serving; resolves once the first data set is loaded (rejects, having closed
 * everything, when it is refused). The returned function closes the server and the engine.
 */
export async function startServer(config: Config): Promise<() => Promise<void>> {
  const app = Fastify({
    ...FASTIFY_OPTIONS,
    logger: loggerOptions(config.LOG_LEVEL),
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    // While closing, a request on a kept-alive connection is still answered, with
    // `Connection: close`, rather than with Fastify's own 503 body.
    return503OnClosing: false,
  });
  drainOnClose(app.server);
  const opened = config.TAXA_ENGINE === 'elasticsearch' ? await openElasticsearch(config, app.log) : openEmbedded(config, app.log);
  const { engine, hangup } = opened;
  await buildApp(app, {
    engine,
    accessTokens: config.ACCESS_TOKENS,
    searchCacheBytes: Math.round(config.SEARCH_CACHE_MB * 1024 * 1024),
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    overload: DEFAULT_OVERLOAD_LIMITS,
  });
  const close = async () => {
    process.off('SIGHUP', hangup);
    await app.close();
    await engine.close();
  };
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(opened.started, 'engine opened');
  // Signals are handled from here on, the first load included: a SIGHUP during it makes one
  // more load after it, a SIGTERM closes gracefully.
  process.on('SIGHUP', hangup);
  const onTimeout = (delay: number) => app.log.error(`closing took over ${delay} ms; exiting with answers unfinished`);
  const grace = closeWithGrace({ delay: config.SHUTDOWN_TIMEOUT_MS, logger: false, onTimeout, skip: ['SIGHUP'] }, async ({ signal, err }) => {
    if (err) app.log.fatal({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal, deadlineMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down');
    await close();
    app.log.info('closed');
  });
  const shutDown = async () => {
    grace.uninstall();
    await close();
  };
  try {
    await opened.load?.();
  } catch (error) {
    await shutDown();
    throw error;
  }
  return shutDown;
}
