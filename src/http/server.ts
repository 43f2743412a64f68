/**
 * The server entry: configuration, engine, logging, listening, graceful shutdown.
 *
 * The embedded engine loads the data directory at start, and SIGHUP reloads it (a refused
 * reload is logged and the data already served stays). The Elasticsearch engine serves what
 * `taxa load` put in the cluster: the start is refused while the cluster cannot be reached or
 * holds no version, and SIGHUP only drops its short caches (a load swaps aliases by itself).
 */
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { createElasticsearchEngine } from '../index/elasticsearch-engine.ts';
import { createEmbeddedEngine, type EmbeddedEngine } from '../index/embedded-engine.ts';
import type { SearchEngine } from '../index/engine.ts';
import { engineDataOf } from '../../loaders/engine-data.ts';
import { loadDataDirectory, type LoadStats } from '../../loaders/load-data-dir.ts';
import { buildApp, FASTIFY_OPTIONS } from './app.ts';

/** The engine could not be opened (the cluster is away or empty); the message says what to do. */
export class EngineStartError extends Error {
  override name = 'EngineStartError';
}

/** Loads `dir` into `engine`; on any problem throws and leaves the engine as it was. */
export async function loadInto(engine: EmbeddedEngine, dir: string, progress = false): Promise<LoadStats> {
  const { dataSet, stats } = await loadDataDirectory(dir, { progress });
  engine.replaceData(engineDataOf(dataSet));
  return stats;
}

interface OpenedEngine {
  engine: SearchEngine;
  /** what the start log says about the data */
  started: Record<string, unknown>;
  /** what SIGHUP does */
  hangup(log: FastifyBaseLogger): void;
}

async function openEmbedded(config: Config): Promise<OpenedEngine> {
  const engine = createEmbeddedEngine();
  const stats = await loadInto(engine, config.TAXA_DATA_DIR, true);
  return {
    engine,
    started: { engine: 'embedded', dataDir: config.TAXA_DATA_DIR, stats },
    hangup: (log) => {
      loadInto(engine, config.TAXA_DATA_DIR)
        .then((reloaded) => log.info({ stats: reloaded }, 'data reloaded'))
        .catch((error: Error) => log.error({ err: error }, 'reload refused; the previous data is still served'));
    },
  };
}

/** The cluster address without credentials, for messages. */
function displayUrl(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

async function openElasticsearch(config: Config): Promise<OpenedEngine> {
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
    hangup: (log) => {
      engine.dropCaches();
      log.info('caches dropped; versions and catalog are read from the cluster again');
    },
  };
}

export async function startServer(config: Config): Promise<() => Promise<void>> {
  const { engine, started, hangup } = config.TAXA_ENGINE === 'elasticsearch' ? await openElasticsearch(config) : await openEmbedded(config);
  const app = Fastify({
    ...FASTIFY_OPTIONS,
    logger: { level: config.LOG_LEVEL },
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
  });
  await buildApp(app, { engine, accessTokens: config.ACCESS_TOKENS, searchCacheBytes: Math.round(config.SEARCH_CACHE_MB * 1024 * 1024) });
  app.log.info(started, 'engine ready');
  await app.listen({ port: config.PORT, host: config.HOST });

  const reload = () => hangup(app.log);
  const close = async () => {
    process.off('SIGHUP', reload);
    await app.close();
    await engine.close();
  };
  process.on('SIGHUP', reload);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      close().then(() => process.exit(0), () => process.exit(1));
    });
  }
  return close;
}
