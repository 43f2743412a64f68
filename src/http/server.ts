/**
 * The server entry: configuration, data, logging, listening, graceful shutdown. SIGHUP reloads
 * the data directory; a refused reload is logged and the data already served stays.
 */
import Fastify from 'fastify';
import type { Config } from '../config.ts';
import { createEmbeddedEngine, type EmbeddedEngine } from '../index/embedded-engine.ts';
import { engineDataOf } from '../../loaders/engine-data.ts';
import { loadDataDirectory, type LoadStats } from '../../loaders/load-data-dir.ts';
import { buildApp, FASTIFY_OPTIONS } from './app.ts';

/** Loads `dir` into `engine`; on any problem throws and leaves the engine as it was. */
export async function loadInto(engine: EmbeddedEngine, dir: string, progress = false): Promise<LoadStats> {
  const { dataSet, stats } = await loadDataDirectory(dir, { progress });
  engine.replaceData(engineDataOf(dataSet));
  return stats;
}

export async function startServer(config: Config): Promise<() => Promise<void>> {
  if (config.TAXA_ENGINE !== 'embedded') {
    throw new Error(`config: TAXA_ENGINE=${config.TAXA_ENGINE} is not available in this version; use embedded`);
  }
  const engine = createEmbeddedEngine();
  const stats = await loadInto(engine, config.TAXA_DATA_DIR, true);
  const app = Fastify({
    ...FASTIFY_OPTIONS,
    logger: { level: config.LOG_LEVEL },
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
  });
  await buildApp(app, { engine, accessTokens: config.ACCESS_TOKENS });
  app.log.info({ dataDir: config.TAXA_DATA_DIR, stats }, 'data loaded');
  await app.listen({ port: config.PORT, host: config.HOST });

  const reload = () => {
    loadInto(engine, config.TAXA_DATA_DIR)
      .then((reloaded) => app.log.info({ stats: reloaded }, 'data reloaded'))
      .catch((error: Error) => app.log.error({ err: error }, 'reload refused; the previous data is still served'));
  };
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
