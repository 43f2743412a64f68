/** Small helpers shared by the benchmark scripts: data, timing, percentiles, printing. */
import { DEFAULT_ANSWER_CACHE_BYTES } from '../src/http/plugins/answer-cache.ts';
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSyntheticDataDirectory } from '../generate/index.ts';
import type { QueryCacheCounts } from '../src/index/embedded/index.ts';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/**
 * The fewest samples a p99 is read from: with fewer, ten or fewer samples lie beyond it and one
 * stall moves it. `measure` times at least this many calls; `tail` prints a lower percentile
 * where a script has fewer.
 */
export const P99_SAMPLES = 1000;

export interface Latency {
  p50: number;
  p99: number;
  runs: number;
  /** the timed calls' time together, in seconds (the warm-up left out) */
  seconds: number;
}

/**
 * Runs `fn` over `inputs` round-robin for `runs` timed calls (at least `P99_SAMPLES`), after a
 * warm-up of 200 calls over `warmUp` (by default `inputs`); milliseconds. With `runs` equal to
 * `inputs.length`, each input is timed once, in order.
 */
export async function measure<T>(
  inputs: T[],
  runs: number,
  fn: (input: T) => unknown,
  warmUp: T[] = inputs,
): Promise<Latency> {
  const count = Math.max(runs, P99_SAMPLES);
  // What building the data left behind is collected, and swept, before the measurement.
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (let i = 0; i < 200; i++) await fn(warmUp[i % warmUp.length]!);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const input = inputs[i % inputs.length]!;
    const start = performance.now();
    await fn(input);
    times.push(performance.now() - start);
  }
  const seconds = times.reduce((sum, time) => sum + time, 0) / 1000;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), runs: count, seconds };
}

/**
 * The tail of `sorted` (ascending) as text: `p99 …` from `P99_SAMPLES` samples or more; from
 * fewer, the p90 (from 100 or more) and why it is not the p99; from fewer than 100, only why.
 */
export function tail(sorted: number[], format: (value: number) => string): string {
  if (sorted.length >= P99_SAMPLES) return `p99 ${format(percentile(sorted, 99))}`;
  const why = `p99 needs ${P99_SAMPLES.toLocaleString('en')} samples`;
  return sorted.length >= 100 ? `p90 ${format(percentile(sorted, 90))} (${why})` : `no p99 (${why.slice(4)})`;
}

export const ms = (value: number) => `${value.toFixed(3)} ms`;
export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

export function line(label: string, value: string, target = ''): void {
  process.stdout.write(`${label.padEnd(44)} ${value.padEnd(28)} ${target}\n`);
}

/** A target's bound: the value must be at most, or at least, this. */
export type Bound = { atMost: number } | { atLeast: number };

const missed: string[] = [];

/**
 * A line with a target: `label`, `shown` and `text` printed as `line` prints them, and `value`
 * checked against `bound`; a value out of bound (or not a number) is recorded as missed, for
 * `checkTargets`.
 *
 * @example
 * target('in process, exact: p50 / p99', latency.p99, `${ms(latency.p50)} / ${ms(latency.p99)}`, { atMost: 5 }, 'target p99 ≤ 5 ms');
 */
export function target(label: string, value: number, shown: string, bound: Bound, text: string): void {
  line(label, shown, text);
  checked(label, value, shown, bound, text);
}

/** `target` without the line, for a script that prints its figures in its own rows. */
export function checked(label: string, value: number, shown: string, bound: Bound, text: string): void {
  const met = 'atMost' in bound ? value <= bound.atMost : value >= bound.atLeast;
  if (!met) missed.push(`${label}: ${shown} (${text})`);
}

/**
 * With `check` (a script's `--check`), the targets missed so far are listed and the exit code is
 * 1 if there are any; without, nothing.
 */
export function checkTargets(check: boolean | undefined): void {
  if (!check) return;
  if (missed.length === 0) {
    process.stdout.write('check: every target met\n');
    return;
  }
  process.stdout.write(`check: ${missed.length} target(s) missed\n${missed.map((miss) => `  ${miss}\n`).join('')}`);
  process.exitCode = 1;
}

/** The generator's sources, hashed: a checklist written by another revision of the generator is not reused. */
function generatorRevision(): string {
  const dir = fileURLToPath(new URL('../generate/', import.meta.url));
  const hash = createHash('sha1');
  for (const file of readdirSync(dir).sort()) hash.update(file).update(readFileSync(join(dir, file)));
  return hash.digest('hex').slice(0, 8);
}

/**
 * A generated checklist of `taxa` taxa (and `versions`, default `current` only), written once to a
 * temporary folder and reused while the generator is the same.
 */
export async function syntheticDataDirectory(
  taxa: number,
  seed: number,
  versions: readonly string[] = ['current'],
): Promise<string> {
  const name = `taxa-bench-${taxa}-${seed}${versions.length > 1 ? `-${versions.length}v` : ''}-${generatorRevision()}`;
  const dir = join(tmpdir(), name);
  if (!existsSync(join(dir, 'current.ndjson'))) {
    const started = performance.now();
    await writeSyntheticDataDirectory(dir, { taxa, seed, versions: [...versions] });
    line('generate (not part of the load)', `${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return dir;
}

/** A port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * `taxa serve` of `dir` on `port` as a child process, rate limit and answer cache off (one
 * address makes all of a benchmark's traffic), snapshots off (no snapshot written while it is
 * measured; `TAXA_SNAPSHOT_DIR` in `env` names one); `env` adds to its environment.
 */
export function serveChild(
  dir: string,
  port: number,
  env: Record<string, string>,
  stdout: 'inherit' | 'pipe',
): ChildProcess {
  return spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'src/cli/main.ts', 'serve'], {
    env: {
      ...process.env,
      TAXA_DATA_DIR: dir,
      PORT: String(port),
      RATE_LIMIT_PER_MINUTE: '0',
      ANSWER_CACHE_MB: '0',
      TAXA_SNAPSHOT_DIR: 'off',
      ...env,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
}

/**
 * `measure(base, label)` against a `taxa serve` child of `dir` with the answer cache at its
 * default bound, then against one with it off, each child killed after.
 */
export async function servedWithAndWithoutAnswerCache(
  dir: string,
  measure: (base: string, label: string) => Promise<void>,
): Promise<void> {
  for (const [label, cacheMb] of [
    ['answer cache on', String(DEFAULT_ANSWER_CACHE_BYTES / 1024 / 1024)],
    ['answer cache off', '0'],
  ] as const) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = serveChild(dir, port, { LOG_LEVEL: 'warn', ANSWER_CACHE_MB: cacheMb }, 'inherit');
    try {
      await untilReady(child, base);
      await measure(base, label);
    } finally {
      child.kill('SIGKILL');
    }
  }
}

/** Waits until `taxa serve` at `base` is ready (`/health/ready`), failing if the child exits or takes over `minutes`. */
export async function untilReady(child: ChildProcess, base: string, minutes = 15): Promise<void> {
  for (const end = performance.now() + minutes * 60_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (performance.now() > end) throw new Error(`the server was not ready in ${minutes} minutes`);
    if ((await fetch(`${base}/health/ready`).catch(() => undefined))?.status === 200) return;
  }
}

/**
 * The embedded engine's query cache between two counts (`queryCacheCounts`, warm-ups included):
 * the share of plans and of matches found kept, of how many asked.
 */
export function cacheHits(before: QueryCacheCounts, after: QueryCacheCounts): string {
  const share = (kind: 'plans' | 'matches') => {
    const hits = after[kind].hits - before[kind].hits;
    const asked = hits + after[kind].misses - before[kind].misses;
    return `${kind} ${asked === 0 ? '-' : `${((100 * hits) / asked).toFixed(0)} %`} of ${asked}`;
  };
  return `${share('plans')}, ${share('matches')}`;
}
