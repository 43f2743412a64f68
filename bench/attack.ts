/**
 * Attack: can one client stop `taxa serve` answering everyone else? A script, not a test: it
 * prints what it saw (docs/development.md, "Benchmarks").
 *
 *   npm run attack                               # 100,000 taxa × 7 versions, every attack
 *   npm run attack -- --taxa 3000 --only pipelined,v0-trees
 *   npm run attack -- --data data/sample
 *
 * `taxa serve` runs as a child process (rate limit and answer cache off: one address makes all
 * the traffic). Beside each attack a probe in its own thread asks `GET /health/live` every 20 ms on
 * one kept-alive connection, and the server's RSS is read every 100 ms. Each attack prints the
 * probe's p50, p99 (p90 from fewer than 1,000 probes) and maximum latency, the RSS growth (peak
 * during the attack over the RSS before it) and what its own requests got. Targets: probe max
 * ≤ 100 ms, RSS growth ≤ 500 MB; with `--check`, those missed are listed at the end and the exit
 * code is 1.
 * Every attack is bounded in requests and time, and everything goes to 127.0.0.1.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { KNOWN_VERSIONS } from '../generate/index.ts';
import {
  checked,
  checkTargets,
  freePort,
  percentile,
  serveChild,
  syntheticDataDirectory,
  tail,
  untilReady,
} from './stats.ts';

const { values: args } = parseArgs({
  options: {
    taxa: { type: 'string', default: '100000' },
    data: { type: 'string' },
    only: { type: 'string' },
    hold: { type: 'string', default: '20', description: 'seconds a slow or idle client is held' },
    check: { type: 'boolean', default: false },
  },
});
const holdMs = Number(args.hold) * 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dir = args.data ?? (await syntheticDataDirectory(Number(args.taxa), 1, KNOWN_VERSIONS));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = serveChild(dir, port, { LOG_LEVEL: 'warn' }, 'inherit');
const killChild = () => child.exitCode === null && child.kill('SIGKILL');
process.on('exit', killChild);
const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

await untilReady(child, base);

/** The probe: its own thread, so that the attack's clients in this one do not delay it. */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const times = []; let failed = 0; let stopped = false;
parentPort.on('message', () => { stopped = true; });
const ask = () => new Promise((resolve) => {
  const t = performance.now();
  const req = http.get(workerData.url, { agent, timeout: 60000 }, (res) => {
    res.resume();
    res.on('end', () => { if (res.statusCode !== 200) failed++; times.push(performance.now() - t); resolve(); });
  });
  req.on('error', () => { failed++; times.push(performance.now() - t); resolve(); });
  req.on('timeout', () => req.destroy());
});
(async () => {
  while (!stopped) { const t = performance.now(); await ask(); const rest = 20 - (performance.now() - t); if (rest > 0) await new Promise((r) => setTimeout(r, rest)); }
  parentPort.postMessage({ times, failed });
})();
`;

interface Watched {
  times: number[];
  failed: number;
  peakMiB: number;
  beforeMiB: number;
}

function watch(): () => Promise<Watched> {
  const beforeMiB = rssMiB();
  let peakMiB = beforeMiB;
  const rss = setInterval(() => {
    if (child.exitCode === null) peakMiB = Math.max(peakMiB, rssMiB());
  }, 100);
  const probe = new Worker(PROBE, { eval: true, workerData: { url: `${base}/health/live` } });
  const result = new Promise<{ times: number[]; failed: number }>((resolve) => probe.once('message', resolve));
  return async () => {
    probe.postMessage('stop');
    const { times, failed } = await result;
    await probe.terminate();
    clearInterval(rss);
    return { times: times.sort((a, b) => a - b), failed, peakMiB, beforeMiB };
  };
}

/** What one HTTP request got: its status (or the error) and the bytes of its body. */
interface Got {
  status: number | string;
  bytes: number;
  ms: number;
}

/** One request, read to its end (or, with `bytesPerSecond`, read at about that pace until `holdMs`). */
function get(path: string, options: { bytesPerSecond?: number; method?: string; body?: string } = {}): Promise<Got> {
  const started = performance.now();
  return new Promise((resolve) => {
    let bytes = 0;
    const done = (status: number | string) => resolve({ status, bytes, ms: performance.now() - started });
    const req = httpRequest(
      `${base}${path}`,
      {
        method: options.method ?? 'GET',
        headers: options.body ? { 'content-type': 'application/json' } : {},
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        res.on('error', () => done(`${status}, cut`));
        res.on('end', () => done(status));
        res.on('close', () => {
          if (!res.complete) done(`${status}, cut`);
        });
        if (options.bytesPerSecond === undefined) {
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          return;
        }
        // Slow: a few bytes every 100 ms, for `holdMs`, then hang up.
        res.pause();
        const slice = Math.max(1, Math.round(options.bytesPerSecond / 10));
        const timer = setInterval(() => {
          let chunk: Buffer | null;
          let taken = 0;
          while (taken < slice && (chunk = res.read(Math.min(slice - taken, res.readableLength || slice))) !== null)
            taken += chunk.length;
          bytes += taken;
        }, 100);
        setTimeout(() => {
          clearInterval(timer);
          done(`${status}, slow reader hung up`);
          res.destroy();
        }, holdMs);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    req.end(options.body);
  });
}

/**
 * `count` sockets that each send `text` and then read nothing for `holdMs`; then each reads
 * again, and those the server had closed meanwhile end within a second (a paused socket does
 * not see the end until it reads).
 */
async function neverRead(count: number, text: string): Promise<string> {
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i++) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      socket.write(text);
      socket.pause();
    });
    sockets.push(socket);
  }
  await sleep(holdMs);
  let closed = 0;
  for (const socket of sockets) {
    socket.on('close', () => (closed += 1));
    socket.on('data', () => undefined);
    socket.resume();
  }
  await sleep(1_000);
  for (const socket of sockets) socket.destroy();
  return `${count} sockets: ${closed} had been closed by the server after ${holdMs / 1000} s without reading, ${count - closed} were open`;
}

/** `GET /\r\n`-style requests that never finish: what the server sends back, and when. */
async function incomplete(texts: string[]): Promise<string> {
  const outcomes = await Promise.all(
    texts.map(
      (text) =>
        new Promise<string>((resolve) => {
          const started = performance.now();
          let answer = '';
          const socket = connect(port, '127.0.0.1', () => socket.write(text));
          socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
          socket.on('error', () => undefined);
          socket.on('close', () => {
            const status = /^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 'no answer';
            resolve(`${status} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
          });
          setTimeout(() => socket.destroy(), 70_000);
        }),
    ),
  );
  return outcomes.join('; ');
}

function tally(results: Got[]): string {
  const by = new Map<string, number>();
  for (const r of results) by.set(String(r.status), (by.get(String(r.status)) ?? 0) + 1);
  const mb = results.reduce((sum, r) => sum + r.bytes, 0) / 1e6;
  const slowest = Math.max(...results.map((r) => r.ms)) / 1000;
  return `${[...by].map(([s, n]) => `${n}× ${s}`).join(', ')}; ${mb.toFixed(1)} MB read; slowest ${slowest.toFixed(1)} s`;
}

const times = <T>(n: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));
const versions = KNOWN_VERSIONS.filter((v) => v !== 'current');
/** The taxon with the most descendants that a nested `/v0` answer may still hold (5,000 at most). */
function largestTreeThatFits(): { id: string; size: number } {
  const parentOf = new Map<string, string>();
  for (const line of readFileSync(`${dir}/current.ndjson`, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const taxon = JSON.parse(line) as { id: string; isPartOf?: string };
    if (taxon.isPartOf) parentOf.set(taxon.id, taxon.isPartOf);
  }
  const below = new Map<string, number>();
  for (let id of parentOf.keys())
    for (let parent = parentOf.get(id); parent; id = parent, parent = parentOf.get(id))
      below.set(parent, (below.get(parent) ?? 0) + 1);
  const [id, size] = [...below].filter(([, n]) => n < 5_000).sort((a, b) => b[1] - a[1])[0]!;
  return { id, size };
}
const tree = largestTreeThatFits();
const exportRequest = 'GET /taxa/export?format=ndjson HTTP/1.1\r\nHost: x\r\n\r\n';

const ATTACKS: Record<string, () => Promise<string>> = {
  'exports-2-ndjson': async () => tally(await times(2, () => get('/taxa/export?format=ndjson'))),
  'exports-4-ndjson': async () => tally(await times(4, () => get('/taxa/export?format=ndjson'))),
  'exports-5-json-multi': async () => tally(await times(5, () => get('/taxa/export?format=json&lang=multi'))),
  'changes-exports-3': async () =>
    tally(await times(3, () => get(`/taxa/changes/export?from=${versions[3]}&to=current&format=ndjson`))),
  pipelined: async () => neverRead(1, exportRequest.repeat(300)),
  'v0-trees': async () =>
    `${tree.id}, ${tree.size} taxa under it: ${tally(
      await times(8, () =>
        get(
          `/v0/taxa/${tree.id}/children?maxLevel=10&lang=multi&includeMedia=true&includeDescriptions=true&includeRedListEvaluations=true`,
        ),
      ),
    )}`,
  'slow-readers-50': async () =>
    tally(await times(50, () => get('/taxa/export?format=ndjson', { bytesPerSecond: 20_000 }))),
  'idle-readers-100': async () => neverRead(100, exportRequest),
  'change-pairs': async () => {
    const pairs = KNOWN_VERSIONS.flatMap((from) => KNOWN_VERSIONS.filter((to) => to !== from).map((to) => [from, to]));
    const got: Got[] = [];
    for (let i = 0; i < pairs.length; i += 6)
      got.push(
        ...(await times(Math.min(6, pairs.length - i), (j) =>
          get(`/taxa/changes?from=${pairs[i + j]![0]}&to=${pairs[i + j]![1]}&pageSize=1`),
        )),
      );
    return `${pairs.length} pairs: ${tally(got)}`;
  },
  incomplete: async () =>
    incomplete([
      'GET /\r\n',
      'POST /taxa HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    ]),
};

const chosen = args.only ? args.only.split(',') : Object.keys(ATTACKS);
const row = (label: string, value: string) => process.stdout.write(`${label.padEnd(22)} ${value}\n`);
row('data', `${dir}, ready; RSS at rest ${rssMiB().toFixed(0)} MiB`);
for (const name of chosen) {
  const attack = ATTACKS[name];
  if (!attack) throw new Error(`attack: no attack '${name}' (known: ${Object.keys(ATTACKS).join(', ')})`);
  await sleep(3_000);
  const stop = watch();
  const started = performance.now();
  const outcome = await attack();
  const seconds = (performance.now() - started) / 1000;
  const w = await stop();
  if (child.exitCode !== null) throw new Error(`attack: the server exited with code ${child.exitCode} during ${name}`);
  row(
    name,
    `${seconds.toFixed(1)} s; probe ${w.times.length} asked, ${w.failed} failed, p50 ${percentile(w.times, 50).toFixed(1)} ms, ${tail(w.times, (v) => `${v.toFixed(1)} ms`)}, max ${w.times.at(-1)?.toFixed(0)} ms; RSS +${(w.peakMiB - w.beforeMiB).toFixed(0)} MiB (peak ${w.peakMiB.toFixed(0)}, after ${rssMiB().toFixed(0)})`,
  );
  row('', outcome);
  const max = w.times.at(-1) ?? Number.NaN;
  checked(`${name}: probe max`, max, `${max.toFixed(0)} ms`, { atMost: 100 }, 'target ≤ 100 ms');
  const growth = w.peakMiB - w.beforeMiB;
  checked(`${name}: RSS growth`, growth * 2 ** 20, `${growth.toFixed(0)} MiB`, { atMost: 500e6 }, 'target ≤ 500 MB');
}
killChild();
checkTargets(args.check);
