/**
 * Soak: `taxa serve` as a child process under saturation load while it reloads, then shut down
 * under load. A script, not a test: it prints what it saw.
 *
 *   npm run soak                             # 100,000 taxa, 30 s of load
 *   npm run soak -- --taxa 500000 --seconds 240 --hups 2
 *   npm run soak -- --data data/sample --seconds 10
 *
 * Load: autocannon on the name search (typed prefixes, the answer cache off so each is searched),
 * filtered pages (POST /taxa) and nested aggregations, all at once; SIGHUPs spread over the run;
 * `/health/live` asked every 50 ms on its own connection; the server's RSS read every 200 ms.
 * Then a last burst, SIGTERM in its middle, and the time the server takes to exit and its code.
 * The rate limit is off (one client address makes all the traffic); everything goes to
 * 127.0.0.1 and stops by itself.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, P99_SAMPLES, percentile, serveChild, syntheticDataDirectory, tail } from './stats.ts';

const { values: args } = parseArgs({
  options: {
    taxa: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '30' },
    hups: { type: 'string', default: '2' },
    connections: { type: 'string', default: '8' },
    data: { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;

const dir = args.data ?? (await syntheticDataDirectory(Number(args.taxa), 1));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const started = performance.now();
const child = serveChild(dir, port, { LOG_LEVEL: 'info' }, 'pipe');
const killChild = () => child.exitCode === null && child.kill('SIGKILL');
process.on('exit', killChild);
const events = { loaded: 0, refused: 0 };
createInterface({ input: child.stdout! }).on('line', (text) => {
  if (text.includes('"msg":"data loaded"')) events.loaded += 1;
  if (text.includes('"msg":"reload refused')) events.refused += 1;
});
const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
  child.on('exit', (code) => resolve({ code, at: performance.now() })),
);

const rssKiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);

async function until(test: () => Promise<boolean>, limitMs: number): Promise<void> {
  const end = performance.now() + limitMs;
  while (performance.now() < end) {
    if (child.exitCode !== null) throw new Error(`soak: the server exited with code ${child.exitCode}`);
    if (await test().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`soak: gave up after ${limitMs / 1000} s`);
}

await until(async () => (await fetch(`${base}/health/ready`)).status === 200, 15 * 60_000);
const readySeconds = (performance.now() - started) / 1000;
await sleep(2_000);
const restKiB = rssKiB();

const PREFIXES = [
  'pa',
  'par',
  'paru',
  'ket',
  'kett',
  'kot',
  'kotk',
  'sus',
  'lin',
  'linn',
  'pö',
  'pöl',
  'ka',
  'käk',
  'ma',
  'maa',
  'vu',
  'vul',
  'ta',
  'tal',
  'ha',
  'hau',
  'ko',
  'kuu',
  'ku',
  'mus',
  'sa',
  'sam',
  'pi',
  'pik',
];
const FILTERS = [
  { 'latestRedListStatusFinland.status': ['MX.iucnEN', 'MX.iucnVU'], finnish: true },
  { informalTaxonGroups: 'MVL.1', taxonRank: 'MX.species' },
  { 'primaryHabitat.habitat': 'MKV.habitatM', invasiveSpecies: false },
];
const AGGREGATIONS = [
  'informalTaxonGroups,latestRedListStatusFinland.status',
  'taxonRank',
  'primaryHabitat.habitat;taxonRank',
];
const MIXES: Record<string, autocannon.Request[]> = {
  search: PREFIXES.map((prefix, i) => ({
    method: 'GET',
    path: `/taxa/search?query=${encodeURIComponent(prefix)}&limit=${5 + (i % 3) * 5}`,
  })),
  filter: FILTERS.flatMap((body) =>
    [1, 2, 3].map(
      (page) =>
        ({
          method: 'POST',
          path: `/taxa?pageSize=20&page=${page}`,
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        }) as autocannon.Request,
    ),
  ),
  aggregate: AGGREGATIONS.map((by) => ({
    method: 'GET',
    path: `/taxa/aggregate?aggregateBy=${encodeURIComponent(by)}`,
  })),
};

function load(kind: string, durationS: number) {
  return autocannon({ url: base, connections, duration: durationS, requests: MIXES[kind]!, timeout: 30 });
}

/** `/health/live` every 50 ms on its own, and the RSS every 200 ms, until `stop`. */
function watch() {
  const live: number[] = [];
  let liveFailed = 0;
  let peakKiB = rssKiB();
  let stopped = false;
  const probing = (async () => {
    while (!stopped) {
      const t = performance.now();
      const ok = await fetch(`${base}/health/live`).then(
        (r) => r.ok,
        () => false,
      );
      live.push(performance.now() - t);
      if (!ok) liveFailed += 1;
      await sleep(50);
    }
  })();
  const rss = setInterval(() => (peakKiB = Math.max(peakKiB, rssKiB())), 200);
  return async () => {
    stopped = true;
    clearInterval(rss);
    await probing;
    return { live: live.sort((a, b) => a - b), liveFailed, peakKiB };
  };
}

const hups = Number(args.hups);
const stopWatching = watch();
const hupTimers = Array.from({ length: hups }, (_, i) =>
  setTimeout(() => child.kill('SIGHUP'), ((i + 1) * seconds * 1000) / (hups + 1)),
);
const results = await Promise.all(Object.keys(MIXES).map(async (kind) => [kind, await load(kind, seconds)] as const));
hupTimers.forEach(clearTimeout);
const watched = await stopWatching();
await until(async () => events.loaded + events.refused >= 1 + hups, 15 * 60_000).catch(() => undefined);

// Shutdown under load: a burst, SIGTERM in its middle.
const burst = load('filter', 4);
await sleep(1_500);
const termAt = performance.now();
child.kill('SIGTERM');
const burstResult = await burst;
const exit = await Promise.race([exited, sleep(60_000).then(() => ({ code: null, at: Number.NaN }))]);

const row = (label: string, value: string) => process.stdout.write(`${label.padEnd(46)} ${value}\n`);
/** autocannon's latency tail: its p99 from 1,000 requests or more, else its p90 and why. */
const autocannonTail = (result: autocannon.Result) =>
  result.requests.total >= P99_SAMPLES
    ? `p99 ${result.latency.p99} ms`
    : `p90 ${result.latency.p90} ms (p99 needs ${P99_SAMPLES.toLocaleString('en')} samples)`;
row('data', `${dir} (ready after ${readySeconds.toFixed(1)} s)`);
row('load', `${seconds} s, ${connections} connections per kind, ${hups} SIGHUP(s)`);
for (const [kind, result] of results) {
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, s]) => `${status}: ${s.count}`)
    .join(', ');
  row(
    `${kind}`,
    `${result.requests.total} requests (${result.requests.average.toFixed(0)}/s), errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, p50 ${result.latency.p50} ms, ${autocannonTail(result)} [${statuses}]`,
  );
}
row(
  '/health/live during the load',
  `${watched.live.length} asked, failed ${watched.liveFailed}, p50 ${percentile(watched.live, 50).toFixed(1)} ms, ${tail(watched.live, (v) => `${v.toFixed(1)} ms`)}, max ${watched.live.at(-1)?.toFixed(1)} ms`,
);
row('reloads', `${events.loaded - 1} done, ${events.refused} refused`);
row(
  'RSS',
  `at rest ${mb(restKiB)}, peak under load and reloads ${mb(watched.peakKiB)} (${(watched.peakKiB / restKiB).toFixed(2)}×)`,
);
row(
  'shutdown under load',
  `exit code ${exit.code}, ${((exit.at - termAt) / 1000).toFixed(2)} s after SIGTERM; the burst: ${burstResult.requests.total} requests, ${burstResult['2xx']} 2xx, errors ${burstResult.errors} (refused once closed), non-2xx ${burstResult.non2xx}`,
);
killChild();
