/**
 * A single-node Elasticsearch on 127.0.0.1, run from Elasticsearch's own server jars on Maven
 * Central in one JVM (docs/elasticsearch.md): no Docker, no download outside the package
 * registries. `tools/elasticsearch-node/` is a small Maven project that names the jars and holds
 * the node's main class; Maven resolves them once into its local repository, and the assembled
 * class path is kept under the project's `target/` until the project changes.
 *
 * @example
 *   const node = await startLocalNode({ java, home: '.elasticsearch', port: 9200, heap: '1g' });
 *   console.log(node.url, node.version); // http://127.0.0.1:9200 9.5.3
 *   await node.stop();
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, statSync, closeSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Java } from './java.ts';

const run = promisify(execFile);

/** The Maven project of the node. */
export const NODE_PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../tools/elasticsearch-node');
const JAR = join(NODE_PROJECT, 'target', 'elasticsearch-node-1.jar');
const CLASS_PATH = join(NODE_PROJECT, 'target', 'classpath.txt');
const MAIN_CLASS = 'taxa.node.SingleNode';

/** How long a node may take from the JVM's start to a cluster that answers. */
export const READY_TIMEOUT_MS = 180_000;
/** How long a stopping node may take to close before it is killed. */
export const STOP_TIMEOUT_MS = 30_000;

export class LocalNodeError extends Error {}

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'target') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** The assembled class path when it is still valid: built after the project last changed, every jar there. */
function cachedClassPath(): string | undefined {
  if (!existsSync(JAR) || !existsSync(CLASS_PATH)) return undefined;
  if (statSync(JAR).mtimeMs < newestChange(NODE_PROJECT)) return undefined;
  const jars = readFileSync(CLASS_PATH, 'utf8').trim().split(':');
  if (!jars.every((jar) => existsSync(jar))) return undefined;
  return [JAR, ...jars].join(':');
}

/**
 * The node's class path, built with Maven when there is none yet or the project changed (the
 * first build downloads about 60 MB of jars; later ones take seconds). `onBuild` is told before
 * Maven runs.
 */
export async function nodeClassPath(java: Java, mvn: () => Promise<string>, onBuild?: () => void): Promise<string> {
  const cached = cachedClassPath();
  if (cached) return cached;
  onBuild?.();
  const args = ['-q', '-B', '-f', join(NODE_PROJECT, 'pom.xml'), 'package', 'dependency:build-classpath'];
  args.push(`-Dmdep.outputFile=${CLASS_PATH}`, '-DincludeScope=runtime');
  try {
    await run(await mvn(), args, { env: { ...process.env, JAVA_HOME: java.home }, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const output = error && typeof error === 'object' && 'stdout' in error ? String(error.stdout) : '';
    throw new LocalNodeError(
      `building the node with Maven failed:\n${output.trim().split('\n').slice(-20).join('\n')}`,
    );
  }
  const built = cachedClassPath();
  if (!built) throw new LocalNodeError(`Maven ran but ${JAR} or ${CLASS_PATH} is missing`);
  return built;
}

/** Refuses a port something already listens on, before the JVM starts. */
export function assertPortFree(port: number): Promise<void> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new LocalNodeError(
          error.code === 'EADDRINUSE'
            ? `port ${port} on 127.0.0.1 is in use: stop what listens there or choose another with --port N`
            : `port ${port} on 127.0.0.1 cannot be used: ${error.message}`,
        ),
      );
    });
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolvePort()));
  });
}

export interface LocalNodeOptions {
  java: Java;
  classPath: string;
  /** the node's directory: data under `data/`, logs under `logs/` */
  home: string;
  port: number;
  /** the JVM heap, both initial and maximum (`512m`, `1g`) */
  heap: string;
}

export interface LocalNode {
  url: string;
  /** the server's version as it reports it */
  version: string;
  pid: number;
  /** the node's own log; the JVM's output is beside it in `jvm.log` */
  log: string;
  /** resolves with the JVM's exit code when it ends, for whatever reason */
  exited: Promise<number | null>;
  /** stops the node (SIGTERM, then SIGKILL after `STOP_TIMEOUT_MS`) and waits for it */
  stop(): Promise<void>;
}

function jvmArguments(options: LocalNodeOptions): string[] {
  const args = [`-Xms${options.heap}`, `-Xmx${options.heap}`, '-XX:+UseG1GC', '-XX:+ExitOnOutOfMemoryError'];
  args.push('--enable-native-access=ALL-UNNAMED', `-Djava.io.tmpdir=${join(options.home, 'tmp')}`);
  // Netty reaches for sun.misc.Unsafe, which Java 24 and later warn about on every start.
  if (options.java.release >= 24) args.push('--sun-misc-unsafe-memory-access=allow');
  return [...args, '-cp', options.classPath, MAIN_CLASS, options.home, String(options.port)];
}

function tail(path: string, lines = 15): string {
  if (!existsSync(path)) return '';
  return readFileSync(path, 'utf8').trim().split('\n').slice(-lines).join('\n');
}

async function clusterAnswers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/_cluster/health`, { signal: AbortSignal.timeout(2_000) });
    if (!response.ok) return false;
    const { status } = (await response.json()) as { status?: string };
    return status === 'green' || status === 'yellow';
  } catch {
    return false;
  }
}

async function serverVersion(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  const info = (await response.json()) as { version?: { number?: string } };
  return info.version?.number ?? 'unknown';
}

/** Starts the node and waits until the cluster answers; a JVM that ends first is reported with its log. */
export async function startLocalNode(options: LocalNodeOptions): Promise<LocalNode> {
  await assertPortFree(options.port);
  const home = resolve(options.home);
  for (const dir of ['logs', 'tmp']) mkdirSync(join(home, dir), { recursive: true });
  const jvmLog = join(home, 'logs', 'jvm.log');
  const log = join(home, 'logs', 'taxa-local.log');
  const out = openSync(jvmLog, 'a');
  const child = spawn(options.java.java, jvmArguments({ ...options, home }), { stdio: ['ignore', out, out] });
  closeSync(out);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (ended) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await clusterAnswers(url))) {
    if (ended || Date.now() > deadline) {
      await stop();
      const why = ended
        ? 'the node stopped before it was ready'
        : `the node was not ready within ${READY_TIMEOUT_MS / 1000} s`;
      throw new LocalNodeError(`${why}; the end of ${log}:\n${tail(log) || tail(jvmLog)}`);
    }
    await new Promise((wait) => setTimeout(wait, 300));
  }
  return { url, version: await serverVersion(url), pid: child.pid ?? 0, log, exited, stop };
}
