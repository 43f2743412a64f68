/**
 * `taxa elasticsearch`: a local single-node Elasticsearch for trying the Elasticsearch engine and
 * for the test suites, without Docker (see `local-elasticsearch/node.ts`).
 *
 *   taxa elasticsearch [--port N] [--dir DIR] [--heap SIZE]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findJava, findMaven, MIN_JAVA } from './local-elasticsearch/java.ts';
import {
  assertPortFree,
  LocalNodeError,
  NODE_PROJECT,
  nodeClassPath,
  startLocalNode,
} from './local-elasticsearch/node.ts';

export const DEFAULT_PORT = 9200;
export const DEFAULT_HEAP = '1g';
/** The node's directory when `--dir` is not given: beside the project's own files, git-ignored. */
export const DEFAULT_DIR = resolve(NODE_PROJECT, '../../.elasticsearch');

export const ELASTICSEARCH_USAGE = `usage: taxa elasticsearch [options]

Starts a single-node Elasticsearch on 127.0.0.1 and runs it until Ctrl-C or SIGTERM, which stop
it cleanly. It runs Elasticsearch's own jars from Maven Central in one JVM: it needs a JDK
${MIN_JAVA} or newer (JAVA_HOME, or one under /usr/lib/jvm) and Maven ('mvn'), which fetches the jars
the first time and caches them.

options:
  --port N      the HTTP port (default ${DEFAULT_PORT})
  --dir DIR     where the node keeps its data and logs (default ${DEFAULT_DIR})
  --heap SIZE   the JVM heap, e.g. 512m or 2g (default ${DEFAULT_HEAP})
  -h, --help    show this help

Then, in another terminal:
  ELASTICSEARCH_URL=http://127.0.0.1:${DEFAULT_PORT} npm run taxa -- load data/sample
  TAXA_ENGINE=elasticsearch ELASTICSEARCH_URL=http://127.0.0.1:${DEFAULT_PORT} npm start

exit status: 0 stopped on a signal; 1 could not start, or the node ended by itself; 2 bad arguments.
`;

interface NodeArgs {
  port: number;
  dir: string;
  heap: string;
}

class UsageError extends Error {}

export function parseNodeArgs(argv: string[]): NodeArgs | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      dir: { type: 'string' },
      heap: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!/^\d+$/.test(values.port ?? '1') || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new UsageError(`--port must be an integer from 1 to 65535, got '${values.port}'`);
  }
  const heap = values.heap ?? DEFAULT_HEAP;
  if (!/^[1-9]\d{0,5}[mg]$/i.test(heap))
    throw new UsageError(`--heap must be a size such as 512m or 2g, got '${heap}'`);
  return { port, dir: resolve(values.dir ?? DEFAULT_DIR), heap: heap.toLowerCase() };
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** Waits for SIGINT or SIGTERM, or for the node to end by itself (its exit code). */
function untilStopped(exited: Promise<number | null>): Promise<'signal' | number | null> {
  return new Promise((resolveStop) => {
    const onSignal = () => resolveStop('signal');
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    void exited.then(resolveStop);
  });
}

export async function runElasticsearch(argv: string[]): Promise<number> {
  let args: NodeArgs | 'help';
  try {
    args = parseNodeArgs(argv);
  } catch (error) {
    process.stderr.write(`taxa elasticsearch: ${(error as Error).message}\n\n${ELASTICSEARCH_USAGE}`);
    return 2;
  }
  if (args === 'help') {
    process.stdout.write(ELASTICSEARCH_USAGE);
    return 0;
  }
  try {
    await assertPortFree(args.port);
    const java = await findJava();
    if ('missing' in java) throw new LocalNodeError(java.missing);
    const mvn = async () => {
      const found = await findMaven();
      if ('missing' in found) throw new LocalNodeError(found.missing);
      return found.mvn;
    };
    const classPath = await nodeClassPath(java, mvn, () =>
      say('assembling the node with Maven (the first time, this fetches its jars)'),
    );
    say(`starting Elasticsearch on Java ${java.release} (${java.home}), heap ${args.heap}, data in ${args.dir}`);
    const node = await startLocalNode({ java, classPath, home: args.dir, port: args.port, heap: args.heap });
    say(`Elasticsearch ${node.version} listening on ${node.url} (pid ${node.pid}, log ${node.log}); Ctrl-C stops it`);
    const stopped = await untilStopped(node.exited);
    if (stopped !== 'signal') {
      process.stderr.write(`taxa elasticsearch: the node ended by itself (exit code ${stopped}); see ${node.log}\n`);
      return 1;
    }
    say('stopping Elasticsearch');
    await node.stop();
    say('stopped');
    return 0;
  } catch (error) {
    if (!(error instanceof LocalNodeError)) throw error;
    process.stderr.write(`taxa elasticsearch: ${error.message}\n`);
    return 1;
  }
}
