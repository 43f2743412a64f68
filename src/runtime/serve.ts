/**
 * The composition root of `taxa serve`: configuration, the logger, the engine (and the loaders
 * behind it), then the HTTP server, which receives the opened engine and its reload function.
 *
 * @example await startService(loadConfig());
 */
import { pino } from 'pino';
import type { Config } from '../config.ts';
import { loggerOptions } from '../http/plugins/logging.ts';
import { startServer } from '../http/server.ts';
import { openEngine } from './open-engine.ts';

/** Resolves once the first data set is served; the returned function closes everything. */
export async function startService(config: Config): Promise<() => Promise<void>> {
  const log = pino(loggerOptions(config.LOG_LEVEL));
  const opened = await openEngine(config, log);
  return startServer(config, { ...opened, log });
}
