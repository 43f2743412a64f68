/**
 * Change pairs under `taxa serve`: does a data request wait while a pair's change records are
 * built, what do the pairs cost in memory, and what happens under a small engine heap and after
 * a reload? A script, not a test: it prints what it saw (docs/versions-and-loading.md,
 * "Comparing versions").
 *
 *   npm run bench:change-pairs                          # 100,000 taxa × 7 versions
 *   npm run bench:change-pairs -- --heap-mb 1500        # the engine thread's heap limited
 *   npm run bench:change-pairs -- --taxa 20000 --rounds 2
 *
 * `taxa serve` runs as a child process. While a pair is asked for, a data request (`POST
 * /taxa?pageSize=20`) is sent every 20 ms, one at a time, and its latencies are printed: what a
 * request waits behind the pair. Steps: the first pair; every one of the 42 ordered pairs once,
 * with the resident memory before and after; the 42 again (`--rounds`); a reload (SIGHUP), the
 * data request probed until the new data serves, then the first pair again.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { parseArgs } from 'node:util';
import { KNOWN_VERSIONS } from '../generate/index.ts';
import { freePort, percentile, serveChild, syntheticDataDirectory, tail } from './stats.ts';

const { values: args } = parseArgs({
  options: {
    taxa: { type: 'string', default: '100000' },
    data: { type: 'string' },
    'heap-mb': { type: 'string' },
    rounds: { type: 'string', default: '2', description: 'times the 42 pairs are asked for in turn' },
  },
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dir = args.data ?? (await syntheticDataDirectory(Number(args.taxa), 1, KNOWN_VERSIONS));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = serveChild(
  dir,
  port,
  { LOG_LEVEL: 'info', ...(args['heap-mb'] ? { ENGINE_HEAP_MB: args['heap-mb'] } : {}) },
  'pipe',
);
const killChild = () => child.exitCode === null && child.kill('SIGKILL');
process.on('exit', killChild);
let loads = 0;
let logTail = '';
child.stdout!.on('data', (chunk: Buffer) => {
  const text = logTail + chunk.toString('utf8');
  const lines = text.split('\n');
  logTail = lines.pop()!;
  for (const line of lines) if (line.includes('"msg":"data loaded"')) loads++;
});
const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function until(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
  for (const end = performance.now() + 15 * 60_000; !(await done()); await sleep(200)) {
    if (child.exitCode !== null) throw new Error(`change-pairs: the server exited with code ${child.exitCode}`);
    if (performance.now() > end) throw new Error(`change-pairs: ${what} not done in 15 minutes`);
  }
}

/** One request: its status and time. */
function ask(path: string, body?: string): Promise<{ status: number | string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: number | string) => resolve({ status, ms: performance.now() - started });
    const req = httpRequest(
      `${base}${path}`,
      { method: body ? 'POST' : 'GET', headers: body ? { 'content-type': 'application/json' } : {}, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    req.end(body);
  });
}

const dataRequest = () => ask('/taxa?pageSize=20', '{}');

/** Data requests one after another, 20 ms apart, until `stop` resolves: their latencies. */
async function probeWhile<T>(work: Promise<T>): Promise<{ result: T; times: number[]; failed: number }> {
  let stopped = false;
  const times: number[] = [];
  let failed = 0;
  const probe = (async () => {
    while (!stopped) {
      const { status, ms } = await dataRequest();
      times.push(ms);
      if (status !== 200) failed++;
      await sleep(Math.max(0, 20 - ms));
    }
  })();
  const result = await work;
  stopped = true;
  await probe;
  return { result, times: times.sort((a, b) => a - b), failed };
}

const row = (label: string, value: string) => process.stdout.write(`${label.padEnd(30)} ${value}\n`);
const waits = ({ times, failed }: { times: number[]; failed: number }) =>
  `data request: ${times.length} asked, ${failed} failed, p50 ${percentile(times, 50).toFixed(0)} ms, ${tail(times, (v) => `${v.toFixed(0)} ms`)}, max ${(times.at(-1) ?? 0).toFixed(0)} ms`;
const tally = (statuses: (number | string)[]) => {
  const by = new Map<string, number>();
  for (const s of statuses) by.set(String(s), (by.get(String(s)) ?? 0) + 1);
  return [...by].map(([s, n]) => `${n}× ${s}`).join(', ');
};

const started = performance.now();
await until('the first load', async () => (await fetch(`${base}/health/ready`).catch(() => undefined))?.status === 200);
row('data', `${dir}${args['heap-mb'] ? `, ENGINE_HEAP_MB=${args['heap-mb']}` : ''}`);
row('ready', `${((performance.now() - started) / 1000).toFixed(1)} s; RSS ${rssMiB().toFixed(0)} MiB`);
for (let i = 0; i < 20; i++) await dataRequest();
const idle = await probeWhile(sleep(2_000));
row('at rest', waits(idle));

const FIRST = ['MR.428', 'MR.427'] as const;
const pairPath = (from: string, to: string) => `/taxa/changes?from=${from}&to=${to}&pageSize=1`;
const first = await probeWhile(ask(pairPath(...FIRST)));
row(`first pair ${FIRST.join('→')}`, `${first.result.status} in ${(first.result.ms / 1000).toFixed(2)} s`);
row('', waits(first));

const pairs = KNOWN_VERSIONS.flatMap((from) => KNOWN_VERSIONS.filter((to) => to !== from).map((to) => [from, to]));
for (let round = 1; round <= Number(args.rounds); round++) {
  const before = rssMiB();
  let peak = before;
  const rss = setInterval(() => (peak = Math.max(peak, rssMiB())), 100);
  const each: number[] = [];
  const statuses: (number | string)[] = [];
  const all = await probeWhile(
    (async () => {
      for (const [from, to] of pairs) {
        const { status, ms } = await ask(pairPath(from!, to!));
        each.push(ms);
        statuses.push(status);
      }
    })(),
  );
  clearInterval(rss);
  each.sort((a, b) => a - b);
  row(
    `${pairs.length} pairs in turn, round ${round}`,
    `${tally(statuses)}; ${(each.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s, a pair p50 ${percentile(each, 50).toFixed(0)} ms, max ${(each.at(-1)! / 1000).toFixed(2)} s; RSS ${before.toFixed(0)} → ${rssMiB().toFixed(0)} MiB (peak ${peak.toFixed(0)})`,
  );
  row('', waits(all));
}

const loadsBefore = loads;
const reloaded = await probeWhile(
  (async () => {
    child.kill('SIGHUP');
    await until('the reload', () => loads > loadsBefore);
  })(),
);
row('reload', `${((performance.now() - started) / 1000).toFixed(1)} s since start; RSS ${rssMiB().toFixed(0)} MiB`);
row('', waits(reloaded));
const again = await probeWhile(ask(pairPath(...FIRST)));
row(`after reload ${FIRST.join('→')}`, `${again.result.status} in ${(again.result.ms / 1000).toFixed(2)} s`);
row('', waits(again));
const later = await probeWhile(
  (async () => {
    const statuses: (number | string)[] = [];
    let slowest = 0;
    for (const [from, to] of pairs) {
      const { status, ms } = await ask(pairPath(from!, to!));
      statuses.push(status);
      slowest = Math.max(slowest, ms);
    }
    return `${tally(statuses)}; slowest ${(slowest / 1000).toFixed(2)} s`;
  })(),
);
row(`after reload, ${pairs.length} pairs`, `${later.result}; RSS ${rssMiB().toFixed(0)} MiB`);
row('', waits(later));
killChild();
