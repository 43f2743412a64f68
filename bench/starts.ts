/**
 * How `taxa serve` starts, measured where the service runs: a child process from its start until
 * it logs `data loaded`, loading the data files (snapshots off, as before snapshots) against
 * opening the snapshot of the same data (docs/snapshots.md), in turn, and its resident memory at
 * rest once the heap is compacted (and, for a load that writes one, once the snapshot is written).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, line, mib, percentile, serveChild, target } from './stats.ts';

interface Start {
  readySeconds: number;
  rest: number;
  opened: boolean;
}

/** Seconds after its start at which the child logged each message, until `until` is logged. */
function logTimes(
  child: ChildProcess,
  started: number,
  until: (times: ReadonlyMap<string, number>) => boolean,
): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`taxa serve exited with code ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (text) => {
      let msg: string;
      try {
        msg = (JSON.parse(text) as { msg: string }).msg;
      } catch {
        return;
      }
      if (!times.has(msg)) times.set(msg, (performance.now() - started) / 1000);
      if (until(times)) resolve(times);
    });
  });
}

const residentOf = (pid: number) =>
  1024 * Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

/** One start of `taxa serve` on `dir` with `TAXA_SNAPSHOT_DIR=snapshots`. */
async function start(dir: string, snapshots: string): Promise<Start> {
  const started = performance.now();
  const child = serveChild(dir, await freePort(), { LOG_LEVEL: 'info', TAXA_SNAPSHOT_DIR: snapshots }, 'pipe');
  try {
    const writes = snapshots !== 'off';
    const wasOpened = (times: ReadonlyMap<string, number>) =>
      [...times.keys()].some((msg) => msg.startsWith('opened the snapshot'));
    const times = await logTimes(
      child,
      started,
      (times) => times.has('compacted the heap') && (!writes || wasOpened(times) || [...times.keys()].some(isWritten)),
    );
    // What an idle service settles at: a moment after its last phase.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return { readySeconds: times.get('data loaded')!, rest: residentOf(child.pid!), opened: wasOpened(times) };
  } finally {
    child.kill('SIGKILL');
  }
}

const isWritten = (msg: string) => msg.startsWith('wrote the snapshot') || msg.startsWith('no snapshot written');

async function bytesUnder(dir: string): Promise<number> {
  let bytes = 0;
  for (const name of await readdir(dir, { recursive: true })) {
    const info = await stat(join(dir, String(name)));
    if (info.isFile()) bytes += info.size;
  }
  return bytes;
}

/**
 * Prints, for `dir` (`label`): a load that writes the snapshot, then `rounds` pairs of a load of
 * the data files and an opening of the snapshot, in turn; their medians and the targets
 * (`readyAtMost` seconds from a snapshot, resident memory at rest at most 60 % of a load's).
 * Returns the snapshots' directory (`TAXA_SNAPSHOT_DIR`), for the caller to measure and remove.
 */
export async function reportStarts(label: string, dir: string, rounds: number, readyAtMost: number): Promise<string> {
  const snapshots = join(dir, '.snapshot-bench');
  await rm(snapshots, { recursive: true, force: true });
  const writing = await start(dir, snapshots);
  const cold: Start[] = [];
  const opened: Start[] = [];
  for (let round = 0; round < rounds; round++) {
    cold.push(await start(dir, 'off'));
    opened.push(await start(dir, snapshots));
  }
  if (opened.some((each) => !each.opened)) throw new Error(`${label}: the snapshot was not opened`);
  const median = (starts: Start[], key: 'readySeconds' | 'rest') =>
    percentile(
      starts.map((each) => each[key]).sort((a, b) => a - b),
      50,
    );
  const spread = (starts: Start[]) => starts.map((each) => each.readySeconds.toFixed(1)).join(', ');
  line(
    `${label}: served, ready loading the data (snapshots off)`,
    `${median(cold, 'readySeconds').toFixed(1)} s`,
    spread(cold),
  );
  line(`${label}: served, ready loading the data and writing a snapshot`, `${writing.readySeconds.toFixed(1)} s`);
  const fromSnapshot = median(opened, 'readySeconds');
  target(
    `${label}: served, ready from the snapshot`,
    fromSnapshot,
    `${fromSnapshot.toFixed(1)} s`,
    { atMost: readyAtMost },
    `target ≤ ${readyAtMost} s; ${spread(opened)}`,
  );
  line(`${label}: snapshot on disk`, mib(await bytesUnder(snapshots)));
  const [restCold, restOpened] = [median(cold, 'rest'), median(opened, 'rest')];
  line(`${label}: resident at rest, loaded / written too`, `${mib(restCold)} / ${mib(writing.rest)}`);
  target(
    `${label}: resident at rest from the snapshot`,
    restOpened / restCold,
    `${mib(restOpened)} (${((100 * restOpened) / restCold).toFixed(0)} % of loaded)`,
    { atMost: 0.6 },
    'target ≤ 60 % of loaded',
  );
  return snapshots;
}
