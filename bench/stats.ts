/** Small helpers shared by the benchmark scripts: data, timing, percentiles, printing. */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSyntheticDataDirectory } from '../generate/index.ts';
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export interface Latency {
  p50: number;
  p99: number;
  runs: number;
}

/** Runs `fn` over `inputs` round-robin for `runs` timed calls after a warm-up; milliseconds. */
export async function measure<T>(inputs: T[], runs: number, fn: (input: T) => unknown): Promise<Latency> {
  // What building the data left behind is collected, and swept, before the measurement.
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (let i = 0; i < Math.min(200, runs); i++) await fn(inputs[i % inputs.length]!);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const input = inputs[i % inputs.length]!;
    const start = performance.now();
    await fn(input);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), runs };
}

export const ms = (value: number) => `${value.toFixed(3)} ms`;
export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

export function line(label: string, value: string, target = ''): void {
  process.stdout.write(`${label.padEnd(44)} ${value.padEnd(28)} ${target}\n`);
}

/** A generated checklist of `taxa` taxa (and `versions`, default `current` only), written once to a temporary folder and reused. */
export async function syntheticDataDirectory(
  taxa: number,
  seed: number,
  versions: readonly string[] = ['current'],
): Promise<string> {
  const dir = join(tmpdir(), `taxa-bench-${taxa}-${seed}${versions.length > 1 ? `-${versions.length}v` : ''}`);
  if (!existsSync(join(dir, 'current.ndjson'))) {
    const started = performance.now();
    await writeSyntheticDataDirectory(dir, { taxa, seed, versions: [...versions] });
    line('generate (not part of the load)', `${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return dir;
}
