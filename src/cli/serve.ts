import { ConfigError, loadConfig } from '../config.ts';
import { startServer } from '../http/server.ts';
import { DataLoadError } from '../../loaders/problems.ts';

export async function runServe(argv: string[]): Promise<number> {
  if (argv.includes('--help')) {
    process.stdout.write('usage: taxa serve\n\nConfiguration comes from the environment: PORT, HOST, TAXA_ENGINE, TAXA_DATA_DIR, ELASTICSEARCH_URL, ACCESS_TOKENS, LOG_LEVEL.\n');
    return 0;
  }
  try {
    await startServer(loadConfig());
    return 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataLoadError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
