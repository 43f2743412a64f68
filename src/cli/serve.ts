import { ConfigError, loadConfig } from '../config.ts';
import { EngineStartError } from '../runtime/open-engine.ts';
import { startService } from '../runtime/serve.ts';
import { DataLoadError, formatProblem } from '../../loaders/problems.ts';

/**
 * `taxa serve`: refuses to start on a bad environment, bad data (listing every problem) or a
 * cluster that cannot serve.
 */
export async function runServe(argv: string[]): Promise<number> {
  if (argv.includes('--help')) {
    process.stdout.write(
      'usage: taxa serve\n\nConfiguration comes from the environment: PORT, HOST, TAXA_ENGINE, TAXA_DATA_DIR, ELASTICSEARCH_URL, ELASTICSEARCH_INDEX_PREFIX, ACCESS_TOKENS, RATE_LIMIT_PER_MINUTE, LOG_LEVEL, CORS_ORIGINS, ANSWER_CACHE_MB, CHANGES_KEPT_RECORDS, ENGINE_HEAP_MB, MAX_LINE_BYTES, MAX_GZIP_RATIO, MAX_EXPORTS, MAX_EXPORTS_PER_CLIENT, SHUTDOWN_TIMEOUT_MS, REQUEST_TIMEOUT_MS, ANSWER_DEADLINE_MS.\n',
    );
    return 0;
  }
  try {
    await startService(loadConfig());
    return 0;
  } catch (error) {
    if (error instanceof DataLoadError) {
      for (const problem of error.problems) process.stderr.write(`${formatProblem(problem)}\n`);
      process.stderr.write(`loader: the data directory was refused with ${error.problems.length} problem(s)\n`);
      return 1;
    }
    if (error instanceof ConfigError || error instanceof EngineStartError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
