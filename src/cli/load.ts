/**
 * `taxa load`: indexes a data directory into Elasticsearch and swaps it in atomically (see
 * `loaders/elasticsearch-load.ts`).
 *
 *   taxa load <dir> [--url U] [--prefix P] [--shards N] [--replicas N] [--concurrency N] [--batch N] [--stale-after S]
 */
import { parseArgs } from 'node:util';
import { createElasticsearchClient, LOADING_CLIENT } from '../index/elasticsearch/client.ts';
import { DEFAULT_INDEX_PREFIX, prefixProblem } from '../index/elasticsearch/naming.ts';
import {
  ElasticsearchLoadError,
  LOAD_NUMBERS,
  loadIntoElasticsearch,
  type ElasticsearchLoadStats,
} from '../../loaders/elasticsearch-load.ts';
import { HEARTBEAT_MS } from '../../loaders/elasticsearch/leftovers.ts';
import { DataLoadError, formatProblem } from '../../loaders/problems.ts';

/** `--stale-after` in seconds: `LOAD_NUMBERS.staleAfterMs`'s range. */
const STALE_AFTER = {
  min: LOAD_NUMBERS.staleAfterMs.min / 1000,
  max: LOAD_NUMBERS.staleAfterMs.max / 1000,
  default: LOAD_NUMBERS.staleAfterMs.default / 1000,
};

export const LOAD_USAGE = `usage: taxa load <data-dir> [options]

Loads a data directory into Elasticsearch. What it does, in order:
  1. validates the directory with the same loader as the embedded engine (every problem is
     listed with file and line, and nothing is sent to the cluster);
  2. for every checklist version and index kind (taxa, names), creates a new index
     <prefix>-<kind>-<version>-<timestamp> from mappings/<kind>.json, with --shards and
     --replicas instead of the file's counts;
  3. bulk-indexes its documents (_id = the document's id) in batches of --batch, --concurrency
     requests at a time; documents refused with 429 (too many requests) are sent again after an
     exponential backoff, any other refusal stops the load naming the document;
  4. refreshes the index and checks that its document count is the number sent;
  5. creates the catalog index <prefix>-catalog-<timestamp> (informal groups, versions);
  6. swaps every alias of the prefix (<prefix>-<kind>-<version>, <prefix>-catalog) to the new
     indices in one atomic request that also removes the indices they pointed at. The loaded
     directory replaces the served data set whole: a version it lacks is no longer served.
Any failure or Ctrl-C before step 6 deletes the new indices and leaves the aliases untouched:
the service goes on serving the previous data (a second Ctrl-C quits without cleaning up).
A load killed outright leaves its indices behind; each carries a marker (prefix, load, heartbeat
renewed every ${HEARTBEAT_MS / 1000} s while it builds) in its mapping's _meta, and before step 2 a load deletes
the indices of its prefix that carry the marker, that no alias points at, and whose heartbeat is
older than --stale-after.
Running services see the new data within seconds (their cache), or at once on SIGHUP.

options:
  --url URL              the cluster (default: $ELASTICSEARCH_URL)
  --prefix P             index prefix (default: $ELASTICSEARCH_INDEX_PREFIX, else ${DEFAULT_INDEX_PREFIX})
  --shards N             primary shards per index, ${LOAD_NUMBERS.shards.min}-${LOAD_NUMBERS.shards.max} (default: the mapping file's, 1)
  --replicas N           replicas of each shard, ${LOAD_NUMBERS.replicas.min}-${LOAD_NUMBERS.replicas.max} (default: the mapping file's, 0)
  --concurrency N        bulk requests in flight, ${LOAD_NUMBERS.concurrency.min}-${LOAD_NUMBERS.concurrency.max} (default ${LOAD_NUMBERS.concurrency.default})
  --batch N              documents per bulk request, ${LOAD_NUMBERS.batchSize.min}-${LOAD_NUMBERS.batchSize.max} (default ${LOAD_NUMBERS.batchSize.default})
  --stale-after S        seconds without a heartbeat before a load's unaliased indices count as
                         left behind, ${STALE_AFTER.min}-${STALE_AFTER.max} (default ${STALE_AFTER.default})
  -h, --help             show this help

exit status: 0 loaded and swapped; 1 refused or failed (nothing swapped); 2 bad arguments;
130 interrupted.
`;

interface LoadArgs {
  dir: string;
  url: string;
  prefix: string;
  shards: number | undefined;
  replicas: number | undefined;
  concurrency: number | undefined;
  batchSize: number | undefined;
  staleAfterMs: number | undefined;
}

class UsageError extends Error {}

function integerOption(
  flag: string,
  value: string | undefined,
  range: { min: number; max: number },
): number | undefined {
  if (value === undefined) return undefined;
  const parsed = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < range.min || parsed > range.max) {
    throw new UsageError(`--${flag} must be an integer from ${range.min} to ${range.max}, got '${value}'`);
  }
  return parsed;
}

function secondsOption(flag: string, value: string | undefined, range: { min: number; max: number }) {
  const seconds = integerOption(flag, value, range);
  return seconds === undefined ? undefined : seconds * 1000;
}

function urlOption(value: string | undefined): string {
  if (value === undefined || value.trim() === '')
    throw new UsageError('--url URL is required (or set ELASTICSEARCH_URL)');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--url must be an http(s) URL, got '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--url must be an http(s) URL, got '${value}'`);
  return value;
}

function parse(argv: string[], env: NodeJS.ProcessEnv): LoadArgs | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      prefix: { type: 'string' },
      shards: { type: 'string' },
      replicas: { type: 'string' },
      concurrency: { type: 'string' },
      batch: { type: 'string' },
      'stale-after': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const [dir, extra] = positionals;
  if (dir === undefined) throw new UsageError('the data directory is required');
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
  const prefix = values.prefix ?? env.ELASTICSEARCH_INDEX_PREFIX ?? DEFAULT_INDEX_PREFIX;
  const problem = prefixProblem(prefix);
  if (problem) throw new UsageError(`--prefix: ${problem}`);
  return {
    dir,
    url: urlOption(values.url ?? env.ELASTICSEARCH_URL),
    prefix,
    shards: integerOption('shards', values.shards, LOAD_NUMBERS.shards),
    replicas: integerOption('replicas', values.replicas, LOAD_NUMBERS.replicas),
    concurrency: integerOption('concurrency', values.concurrency, LOAD_NUMBERS.concurrency),
    batchSize: integerOption('batch', values.batch, LOAD_NUMBERS.batchSize),
    staleAfterMs: secondsOption('stale-after', values['stale-after'], STALE_AFTER),
  };
}

function parseOrReport(argv: string[]): LoadArgs | 'help' | undefined {
  try {
    return parse(argv, process.env);
  } catch (error) {
    // parseArgs throws TypeErrors naming the option (unknown option, missing value).
    if (error instanceof UsageError || error instanceof TypeError) {
      process.stderr.write(`taxa load: ${error.message}\n\n${LOAD_USAGE}`);
      return undefined;
    }
    throw error;
  }
}

function summary(args: LoadArgs, stats: ElasticsearchLoadStats): string {
  return (
    `loaded ${args.dir} into ${args.url} (prefix ${args.prefix}): ${stats.versions.join(', ')}; ` +
    `${stats.documents.taxa} taxa, ${stats.documents.names} names and ${stats.documents.changes} change records in ${stats.seconds} s (${stats.docsPerSecond} documents/s); ` +
    `aliases swapped, ${stats.replaced.length} old index(es) removed` +
    (stats.leftovers.length > 0 ? `; removed ${stats.leftovers.length} index(es) left by earlier loads` : '') +
    `\n${JSON.stringify(stats)}\n`
  );
}

/** Runs `taxa load`; returns the exit code (0 loaded, 1 refused or failed, 2 bad arguments, 130 interrupted). */
export async function runLoad(argv: string[]): Promise<number> {
  const args = parseOrReport(argv);
  if (args === undefined) return 2;
  if (args === 'help') {
    process.stdout.write(LOAD_USAGE);
    return 0;
  }
  const client = createElasticsearchClient(args.url, LOADING_CLIENT);
  const interrupt = new AbortController();
  const onSigint = () => {
    process.stderr.write('\ntaxa load: interrupted; deleting the new indices (Ctrl-C again to quit at once)\n');
    interrupt.abort('SIGINT');
  };
  process.once('SIGINT', onSigint);
  try {
    const stats = await loadIntoElasticsearch(args.dir, { ...args, client, progress: true, signal: interrupt.signal });
    if (interrupt.signal.aborted)
      process.stderr.write('taxa load: the interrupt came once the swap had begun; the load completed\n');
    process.stdout.write(summary(args, stats));
    return 0;
  } catch (error) {
    if (error instanceof DataLoadError) {
      for (const problem of error.problems) process.stderr.write(`${formatProblem(problem)}\n`);
      process.stderr.write(`taxa load: ${args.dir}: ${error.problems.length} problem(s); nothing was loaded\n`);
      return 1;
    }
    if (!(error instanceof ElasticsearchLoadError)) throw error;
    process.stderr.write(`taxa load: ${error.message}\n`);
    return interrupt.signal.aborted ? 130 : 1;
  } finally {
    process.off('SIGINT', onSigint);
    await client.close();
  }
}
