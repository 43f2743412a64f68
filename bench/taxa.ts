/**
 * Benchmark of the taxa browse and filter path (docs/targets.md), on a generated checklist:
 *
 *   npm run bench                      # 500,000 taxa
 *   npm run bench -- --taxa 100000 --seconds 5
 *   npm run bench -- --check           # exit code 1 if a target is missed
 *
 * Prints load time and peak RSS (after the taxa, and with the names index once the in-process
 * searches have built the fields they use: the one with the target), in-process p50/p99 of a
 * filtered page (three filters, taxonomic sort, page size 20) and of a nested aggregation (at least
 * 1,000 timed runs each), and HTTP throughput of POST /taxa beside a bare Fastify route in the same
 * run, and of the same requests as served by `taxa serve` (a child process, the engine in its own
 * thread), loaded from the data files and opened from their snapshot, with the start of each
 * and a repeated mix of field and browsing traffic with the answer cache on and off (`served-mix.ts`),
 * (`starts.ts`: ready seconds, resident memory at rest, the snapshot's size). With `--check`, the targets missed are listed at the end and the exit code is 1. A script,
 * not a test: figures depend on the machine.
 *
 * The in-process figures are printed twice: as served, with the engine's query cache (the mix
 * repeats its bodies, so their plans and the matches of their queries are kept after the first
 * round, and a page costs ordering and hits), and with the cache off (`queryCache: false`, a
 * second engine over the same documents), which evaluates every query afresh: the evaluation
 * cost, kept visible.
 */
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createApp } from '../src/http/app.ts';
import { engineDataOf, taxaOnly } from '../loaders/engine-data.ts';
import { loadDataDirectory } from '../loaders/load-data-dir.ts';
import { createEmbeddedEngine, type EmbeddedEngine } from '../src/index/embedded-engine.ts';
import { queryCacheCounts } from '../src/index/embedded/index.ts';
import { filterBodies, filteredPages, nestedAggregations } from './mixes.ts';
import {
  cacheHits,
  checkTargets,
  freePort,
  line,
  measure,
  mib,
  ms,
  serveChild,
  servedWithAndWithoutAnswerCache,
  syntheticDataDirectory,
  target,
  untilReady,
} from './stats.ts';
import { reportStarts } from './starts.ts';
import { servedMix } from './served-mix.ts';

const { values: args } = parseArgs({
  options: {
    taxa: { type: 'string', default: '500000' },
    seed: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '8' },
    runs: { type: 'string', default: '3000' },
    check: { type: 'boolean', default: false },
  },
});
const taxa = Number(args.taxa);
const seconds = Number(args.seconds);
const runs = Number(args.runs);

/** The process's peak resident memory so far, in bytes. */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

/** Requests per second; the load generator runs in a worker thread, off the server's event loop. */
async function throughput(url: string, options: Partial<autocannon.Options>) {
  const result = await autocannon({ url, connections: 16, duration: seconds, workers: 1, ...options });
  return result.requests.average;
}

async function main() {
  const dir = await syntheticDataDirectory(taxa, Number(args.seed));
  const engine = createEmbeddedEngine();
  const loadStarted = performance.now();
  const { dataSet, stats } = await loadDataDirectory(dir);
  const data = engineDataOf(dataSet);
  engine.replaceData(taxaOnly(data));
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  line('taxa loaded', `${stats.indexed}`);
  target(
    'load of the taxa (read, validate, derive, index)',
    loadSeconds,
    `${loadSeconds.toFixed(1)} s`,
    { atMost: 20 },
    'target ≤ 20 s',
  );
  line('peak RSS after the taxa', mib(peakRss()));
  const namesStarted = performance.now();
  engine.replaceData(data);
  line('then the names index of the name search', `${((performance.now() - namesStarted) / 1000).toFixed(1)} s`);

  const groups = (await engine.catalog()).informalTaxonGroups.map((g) => g.id);
  const bodies = filterBodies(groups);
  const pages = filteredPages(bodies);
  const ref = { version: 'current', kind: 'taxa' } as const;
  const aggregations = nestedAggregations();
  const timed = async (served: EmbeddedEngine) => ({
    page: await measure(pages, runs, (body) => served.search(ref, body)),
    aggregate: await measure(aggregations, runs / 3, (body) => served.search(ref, body)),
  });
  // The engine as served is measured first: its memory counts the fields its searches build on
  // first use, and not the second engine's.
  const before = queryCacheCounts();
  const cached = await timed(engine);
  line('query cache hits, filtered pages and aggregations', cacheHits(before, queryCacheCounts()));
  const peak = peakRss();
  target(
    'peak RSS, taxa and names indices, fields the searches built',
    peak,
    mib(peak),
    { atMost: 3 * 1000 ** 3 },
    'target ≤ 3 GB',
  );
  const uncached = createEmbeddedEngine({ queryCache: false });
  uncached.replaceData(taxaOnly(data));
  for (const [{ page, aggregate }, label] of [
    [cached, ''],
    [await timed(uncached), ', no query cache'],
  ] as const) {
    target(
      `filtered page in process (3 filters${label}) p50`,
      page.p50,
      ms(page.p50),
      { atMost: 1 },
      'target p50 ≤ 1 ms',
    );
    line(`filtered page in process (3 filters${label}) p99`, ms(page.p99));
    line(`nested aggregation in process${label} p50`, ms(aggregate.p50));
    line(`nested aggregation in process${label} p99`, ms(aggregate.p99));
  }

  await httpThroughput(engine, bodies, dir);
  checkTargets(args.check);
}

/**
 * POST /taxa against bare Fastify routes in the same run: one answering the very same page (a
 * precomputed object, so it pays the same JSON serialisation and bytes), one answering `{}`.
 * Both with full documents (20 per page) and with a field selection; the app as configured by
 * default (a repeated request is answered from the answer cache), and with the answer cache off
 * (every request searched, shaped and serialised).
 */
async function httpThroughput(engine: EmbeddedEngine, bodies: object[], dir: string) {
  const app = await createApp({ engine });
  const uncached = await createApp({ engine, answerCacheBytes: 0 });
  const body = JSON.stringify(bodies.find((b, i) => i > 0 && b) ?? bodies[0]);
  const post = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body };
  const pages = ['/taxa?pageSize=20', '/taxa?pageSize=20&selectedFields=id,scientificName,vernacularName,taxonRank'];
  const answers = await Promise.all(
    pages.map(async (url) => (await app.inject({ ...post, url, payload: body })).json()),
  );
  const bare = Fastify({ logger: false });
  for (const [i, answer] of answers.entries()) bare.post(`/same-page/${i}`, async () => answer);
  bare.post('/empty', async () => ({}));
  const [appUrl, uncachedUrl, bareUrl] = [
    await app.listen({ port: 0 }),
    await uncached.listen({ port: 0 }),
    await bare.listen({ port: 0 }),
  ];
  const emptyRps = await throughput(`${bareUrl}/empty`, post);
  line('HTTP bare route answering {}', `${emptyRps.toFixed(0)} req/s`);
  for (const [i, page] of pages.entries()) {
    const label = i === 0 ? 'full taxa' : 'selected fields';
    line(`page of ${label}: results, bytes`, `${answers[i].results.length}, ${JSON.stringify(answers[i]).length}`);
    const bareRps = await throughput(`${bareUrl}/same-page/${i}`, post);
    const taxaRps = await throughput(`${appUrl}${page}`, post);
    line(`HTTP bare route, same page (${label})`, `${bareRps.toFixed(0)} req/s`);
    line(`HTTP POST /taxa (${label})`, `${taxaRps.toFixed(0)} req/s`);
    const ratio = taxaRps / bareRps;
    target(`HTTP ratio to bare same page (${label})`, ratio, ratio.toFixed(2), { atLeast: 0.5 }, 'target ≥ 0.5');
    line(`HTTP ratio to bare {} (${label})`, (taxaRps / emptyRps).toFixed(2));
    const uncachedRps = await throughput(`${uncachedUrl}${page}`, post);
    line(`HTTP POST /taxa (${label}), answer cache off`, `${uncachedRps.toFixed(0)} req/s`);
    line(`HTTP ratio to bare same page (${label}), answer cache off`, (uncachedRps / bareRps).toFixed(2));
  }
  // The same page request repeated is answered from the answer cache, and with it off its plan
  // is kept by the engine; the mix of every filter body, pages 1 to 3, shows the cost of
  // requests that vary (answer cache off).
  const mixed = bodies.map((filter, i) => ({
    ...post,
    path: `${pages[1]}&page=${1 + (i % 3)}`,
    body: JSON.stringify(filter),
  }));
  const mixedRps = await throughput(`${uncachedUrl}/`, { requests: mixed });
  line(
    `HTTP POST /taxa (selected fields, ${mixed.length} bodies in turn), answer cache off`,
    `${mixedRps.toFixed(0)} req/s`,
  );
  await Promise.all([app.close(), uncached.close(), bare.close()]);
  await servedThroughput(dir, post, pages, mixed);
  await servedRepeatedMix(dir);
  // Started from the snapshot of the same data: how fast it starts, and that it answers as fast.
  const snapshots = await reportStarts(`${taxa} taxa`, dir, 1, 3);
  await servedThroughput(dir, post, pages, mixed, snapshots);
  await rm(snapshots, { recursive: true, force: true });
}

/**
 * The same requests as served: `taxa serve` of the same data directory as a child process, the
 * engine in its own thread, after one round of every request (as the in-process engine was
 * warmed by its measurements).
 */
async function servedThroughput(
  dir: string,
  post: { method: 'POST'; headers: Record<string, string>; body: string },
  pages: string[],
  mixed: { path: string; body: string }[],
  /** the snapshots' directory to open the data from; none: the data files are loaded */
  snapshots?: string,
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { LOG_LEVEL: 'warn', ...(snapshots === undefined ? {} : { TAXA_SNAPSHOT_DIR: snapshots }) };
  const child = serveChild(dir, port, env, 'inherit');
  const served = snapshots === undefined ? 'served (taxa serve)' : 'served from a snapshot';
  try {
    await untilReady(child, base);
    for (const { path, body } of [...pages.map((path) => ({ path, body: post.body })), ...mixed])
      await (await fetch(`${base}${path}`, { ...post, body })).arrayBuffer();
    for (const [i, page] of pages.entries()) {
      const rps = await throughput(`${base}${page}`, post);
      line(
        `${served}: POST /taxa (${i === 0 ? 'full taxa' : 'selected fields'}), answer cache off`,
        `${rps.toFixed(0)} req/s`,
      );
    }
    const mixedRps = await throughput(`${base}/`, { requests: mixed.map((request) => ({ ...post, ...request })) });
    line(
      `${served}: POST /taxa (selected fields, ${mixed.length} bodies in turn), answer cache off`,
      `${mixedRps.toFixed(0)} req/s`,
    );
  } finally {
    child.kill('SIGKILL');
  }
}

/**
 * The repeated mix of field and browsing traffic (`served-mix.ts`) as served, with the answer
 * cache at its default bound and with it off, after one round of warm-up each.
 */
async function servedRepeatedMix(dir: string) {
  await servedWithAndWithoutAnswerCache(dir, async (base, label) => {
    await servedMix(base, `served (taxa serve), ${label}, warm-up`, { count: 2_000, seed: 2 });
    await servedMix(base, `served (taxa serve), ${label}`);
  });
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
