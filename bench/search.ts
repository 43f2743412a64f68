/**
 * Benchmark of the name search (docs/api.md, "Name search"; docs/targets.md), on a generated
 * checklist with over a million name entries:
 *
 *   npm run bench:search                      # 400,000 taxa, ~1.2 M names
 *   npm run bench:search -- --taxa 100000 --seconds 4
 *   npm run bench:search -- --check           # exit code 1 if a target is missed
 *
 * Prints in-process p50/p99 of a realistic query mix per match type (prefixes typed letter by
 * letter, infixes, typos, ids), as served (with the engine's query cache) and beside it by a second
 * engine over the same data with the cache off (`queryCache: false`); then the names index's
 * memory (heap and array buffers) once every search has run; then one list of `--runs` queries
 * (at least 1,000: a typed prefix, an infix and a typo in turn) that our engine, with and without
 * the cache, and MiniSearch and FlexSearch configured for prefix + fuzzy search each run once
 * through in the same order after the same warm-up (their p50/p99, the time the list took, and
 * our ratio to them); and HTTP throughput of /taxa/search, with its answer cache and without,
 * beside bare Fastify routes (one answering a fixed page, one running the same search without the
 * route's schema and shaping); and the same typed prefixes as served by `taxa serve` (a child
 * process, the engine in its own thread), answer cache on and off. With `--check`, the targets
 * missed are listed at the end and the exit code is 1. A script, not a test.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import FlexSearch from 'flexsearch';
import MiniSearch from 'minisearch';
import { engineDataOf } from '../loaders/engine-data.ts';
import { loadDataDirectory } from '../loaders/load-data-dir.ts';
import { nameEntriesOf } from '../loaders/name-entries.ts';
import { createApp } from '../src/http/app.ts';
import { createEmbeddedEngine } from '../src/index/embedded-engine.ts';
import { queryCacheCounts } from '../src/index/embedded/index.ts';
import type { EngineData } from '../src/index/engine.ts';
import type { NameEntry } from '../src/search/name-entry.ts';
import { createSearchService, type SearchService } from '../src/service/search-service.ts';
import { createVersions } from '../src/service/versions.ts';
import { interleaved, nameSearch, nameSearchCases, type QueryMix, queryMix } from './mixes.ts';
import {
  checkTargets,
  type Latency,
  line,
  measure,
  mib,
  ms,
  P99_SAMPLES,
  cacheHits,
  servedWithAndWithoutAnswerCache,
  syntheticDataDirectory,
  target,
} from './stats.ts';

const { values: args } = parseArgs({
  options: {
    taxa: { type: 'string', default: '400000' },
    seed: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '6' },
    runs: { type: 'string', default: '2000' },
    check: { type: 'boolean', default: false },
  },
});
const taxa = Number(args.taxa);
/** Timed searches per case, and the length of the list every engine runs once through. */
const runs = Math.max(P99_SAMPLES, Number(args.runs));

/** The JS heap and the array buffers (posting lists, doc values) outside it. */
function memoryUsed(): number {
  globalThis.gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

const p50p99 = (latency: Latency) => `${ms(latency.p50)} / ${ms(latency.p99)}`;
const took = (latency: Latency) => `${latency.runs} searches in ${latency.seconds.toFixed(1)} s`;

/** Ours with its query cache and without, then each library beside them, with their p99 ratios. */
function report(
  label: string,
  ours: { cached: Latency; uncached: Latency },
  others: { name: string; latency: Latency }[],
) {
  target(`${label}: ours p50 / p99`, ours.cached.p99, p50p99(ours.cached), { atMost: 5 }, 'target p99 ≤ 5 ms');
  line(`${label}: ours, no query cache, p50 / p99`, p50p99(ours.uncached), took(ours.uncached));
  for (const other of others) {
    line(`${label}: ${other.name} p50 / p99`, p50p99(other.latency), took(other.latency));
    const ratio = other.latency.p99 / ours.cached.p99;
    target(`${label}: ${other.name} p99 / ours p99`, ratio, `${ratio.toFixed(1)}×`, { atLeast: 10 }, 'target ≥ 10×');
    line(
      `${label}: ${other.name} p99 / ours p99, no query cache`,
      `${(other.latency.p99 / ours.uncached.p99).toFixed(1)}×`,
    );
  }
}

async function main() {
  const dir = await syntheticDataDirectory(taxa, Number(args.seed));
  const { dataSet } = await loadDataDirectory(dir);
  const data = engineDataOf(dataSet);
  const current = dataSet.versions.find((v) => v.id === 'current')!;
  const engine = createEmbeddedEngine();
  engine.replaceData({ ...data, shared: {}, versions: [{ id: 'current', indices: { taxa: current.documents } }] });
  const taxaOnly = memoryUsed();
  // The benchmark keeps the query mixes, not the entries: the index holds what it needs of them.
  // The literals for the libraries are derived again once ours is measured.
  let entries: NameEntry[] | undefined = nameEntriesOf(current.documents);
  const mix = queryMix(entries, 400);
  // The list every engine is timed on, once through in order: typed prefixes, infixes and typos in
  // turn, drawn with another seed than the per-case queries, which make the warm-up.
  const same = interleaved(queryMix(entries, Math.ceil(runs / 3), 11), runs);
  const warmUp = interleaved(mix, 200);
  target(
    'taxa / name entries',
    entries.length,
    `${current.documents.length} / ${entries.length}`,
    { atLeast: 1_000_000 },
    'target ≥ 1,000,000 names',
  );
  // The names index as served: from the entries the versions share (here, one version's).
  const served = { ...data, versions: [{ id: 'current', indices: { taxa: current.documents } }] };
  engine.replaceData(served);
  entries = undefined;
  const search = createSearchService({ versions: createVersions(engine) });
  const ours = await inProcess(served, search, mix, same, warmUp);
  // Once every search of the benchmark has run, so that every field they build on first use is
  // built, and the engine without the query cache dropped.
  const namesIndex = memoryUsed() - taxaOnly;
  target(
    'names index heap + array buffers (entries, keys, postings, fields the searches built, query cache, working memory)',
    namesIndex,
    mib(namesIndex),
    { atMost: 1024 ** 3 },
    'target ≤ 1 GiB',
  );

  // Each library is built after ours is measured and dropped before the next is built, so no
  // one's measurement pays for collecting another's index. Each runs the same list as ours, once
  // through, after the same warm-up.
  const names = nameEntriesOf(current.documents).map((entry) => entry.name);
  const miniLatency = await (async () => {
    const mini = new MiniSearch<{ id: number; name: string }>({ fields: ['name'], idField: 'id' });
    mini.addAll(names.map((name, id) => ({ id, name })));
    return measure(same, same.length, (q) => mini.search(q, { prefix: true, fuzzy: 0.2 }).slice(0, 10), warmUp);
  })();
  const flexLatency = await (async () => {
    const flex = new FlexSearch.Index({ tokenize: 'forward', encoder: FlexSearch.Charset.LatinBalance });
    for (const [i, name] of names.entries()) flex.add(i, name);
    return measure(same, same.length, (q) => flex.search(q, { limit: 10, suggest: true }), warmUp);
  })();
  line('same mix: one list, prefix, infix, typo in turn', `${same.length} queries, each engine once through`);
  report('same mix (prefix, infix, typo)', ours, [
    { name: 'MiniSearch', latency: miniLatency },
    { name: 'FlexSearch', latency: flexLatency },
  ]);

  await httpThroughput(engine, search, mix.prefix);
  await servedThroughput(dir, mix.prefix);
  checkTargets(args.check);
}

/**
 * The in-process figures: each case of the mix, and then the list every engine runs (`same`, once
 * through after `warmUp`), as served (`search`) and by a second engine over the same data without
 * the query cache (`queryCache: false`: every search evaluated afresh), printed side by side. The
 * second engine is dropped on return.
 */
async function inProcess(
  served: EngineData,
  search: SearchService,
  mix: QueryMix,
  same: string[],
  warmUp: string[],
): Promise<{ cached: Latency; uncached: Latency }> {
  const uncachedEngine = createEmbeddedEngine({ queryCache: false });
  uncachedEngine.replaceData(served);
  const uncached = createSearchService({ versions: createVersions(uncachedEngine) });
  for (const { label, queries, matchType } of nameSearchCases(mix)) {
    const before = queryCacheCounts();
    const cachedLatency = await measure(queries, runs, nameSearch(search, matchType));
    line(`in process, ${label}: query cache hits`, cacheHits(before, queryCacheCounts()));
    const uncachedLatency = await measure(queries, runs, nameSearch(uncached, matchType));
    target(
      `in process, ${label}: p50 / p99`,
      cachedLatency.p99,
      p50p99(cachedLatency),
      { atMost: 5 },
      'target p99 ≤ 5 ms',
    );
    line(`in process, ${label}, no query cache: p50 / p99`, p50p99(uncachedLatency));
  }
  const before = queryCacheCounts();
  const cached = await measure(same, same.length, nameSearch(search), warmUp);
  line('same mix, in process: query cache hits', cacheHits(before, queryCacheCounts()));
  return { cached, uncached: await measure(same, same.length, nameSearch(uncached), warmUp) };
}

async function httpThroughput(
  engine: ReturnType<typeof createEmbeddedEngine>,
  search: SearchService,
  prefixes: string[],
) {
  const app = await createApp({ engine });
  const uncached = await createApp({ engine, answerCacheBytes: 0 });
  const bare = Fastify({ logger: false });
  const sample = (
    await app.inject({ method: 'GET', url: `/taxa/search?query=${encodeURIComponent(prefixes[3]!)}` })
  ).json();
  bare.get('/same', async () => sample);
  bare.get('/empty', async () => ({}));
  // The same search with none of the route's schema, shaping, translation or cache: what HTTP adds.
  bare.get('/taxa/search', async (request) => ({
    results: await nameSearch(search)((request.query as { query: string }).query),
  }));
  const [appUrl, uncachedUrl, bareUrl] = [
    await app.listen({ port: 0 }),
    await uncached.listen({ port: 0 }),
    await bare.listen({ port: 0 }),
  ];
  const requests = typedPrefixes(prefixes);
  const empty = await run(`${bareUrl}/empty`);
  const same = await run(`${bareUrl}/same`);
  const ours = await run(appUrl, { requests });
  const oursUncached = await run(uncachedUrl, { requests });
  const bareSearch = await run(bareUrl, { requests });
  line('HTTP bare route answering {}', `${empty.toFixed(0)} req/s`);
  line('HTTP bare route answering a search page', `${same.toFixed(0)} req/s`);
  line('HTTP /taxa/search, 200 typed prefixes repeated (cache)', `${ours.toFixed(0)} req/s`);
  target('HTTP ratio to bare, same answer', ours / same, (ours / same).toFixed(2), { atLeast: 0.5 }, 'target ≥ 0.5');
  line('HTTP /taxa/search, cache off (every request searched)', `${oursUncached.toFixed(0)} req/s`);
  line('HTTP ratio to bare, same answer, cache off', (oursUncached / same).toFixed(2));
  line('HTTP bare route running the same search', `${bareSearch.toFixed(0)} req/s`);
  line('HTTP ratio to bare, same search, cache off', (oursUncached / bareSearch).toFixed(2));
  await Promise.all([app.close(), uncached.close(), bare.close()]);
}

/**
 * 200 typed prefixes asked in turn, again and again: after the first round a service with an
 * answer cache answers them from it, as it does the first letters many users type.
 */
function typedPrefixes(prefixes: string[]) {
  return prefixes
    .slice(0, 200)
    .map((q) => ({ method: 'GET' as const, path: `/taxa/search?query=${encodeURIComponent(q)}` }));
}

/** Requests a second for `seconds` of 16 connections. */
async function run(url: string, options: Partial<autocannon.Options> = {}): Promise<number> {
  return (await autocannon({ url, connections: 16, duration: Number(args.seconds), workers: 1, ...options })).requests
    .average;
}

/**
 * The same typed prefixes as served: `taxa serve` of the same data directory as a child process,
 * the engine in its own thread, each request over HTTP, with the answer cache (the default
 * `ANSWER_CACHE_MB`) and without it, each after one round of the requests (as the in-process
 * engine was warmed). The in-process figures above share the engine's thread.
 */
async function servedThroughput(dir: string, prefixes: string[]) {
  const requests = typedPrefixes(prefixes);
  await servedWithAndWithoutAnswerCache(dir, async (base, label) => {
    // Warmed as the in-process engine was: the fields a search builds on first use are built.
    for (const { path } of requests) await (await fetch(`${base}${path}`)).arrayBuffer();
    const served = await run(base, { requests });
    line(`served (taxa serve): /taxa/search, 200 typed prefixes, ${label}`, `${served.toFixed(0)} req/s`);
  });
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
