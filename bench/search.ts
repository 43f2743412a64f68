/**
 * Benchmark of the name search (docs/api.md, "Name search"; docs/targets.md), on a generated
 * checklist with over a million name entries:
 *
 *   npm run bench:search                      # 400,000 taxa, ~1.2 M names
 *   npm run bench:search -- --taxa 100000 --seconds 4
 *
 * Prints the names index's memory (heap and array buffers), in-process p50/p99 of a realistic
 * query mix per match type (prefixes typed letter by letter, infixes, typos, ids), the same
 * queries against MiniSearch and FlexSearch configured for prefix + fuzzy search (their p50/p99
 * and our ratio to them), and HTTP throughput of /taxa/search, with its answer cache and without,
 * beside bare Fastify routes (one answering a fixed page, one running the same search without the
 * route's schema and shaping). A script, not a test.
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
import type { NameEntry } from '../src/search/name-entry.ts';
import { createSearchService } from '../src/service/search-service.ts';
import { createVersions } from '../src/service/versions.ts';
import { nameSearch, nameSearchCases, queryMix } from './mixes.ts';
import { line, measure, mib, ms, type Latency, syntheticDataDirectory } from './stats.ts';

const { values: args } = parseArgs({
  options: {
    taxa: { type: 'string', default: '400000' },
    seed: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '6' },
    runs: { type: 'string', default: '2000' },
  },
});
const taxa = Number(args.taxa);

/** The JS heap and the array buffers (posting lists, doc values) outside it. */
function memoryUsed(): number {
  globalThis.gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

function report(label: string, ours: Latency, others: { name: string; latency: Latency }[]) {
  line(`${label}: ours p50 / p99`, `${ms(ours.p50)} / ${ms(ours.p99)}`, 'target p99 ≤ 5 ms');
  for (const other of others) {
    line(`${label}: ${other.name} p50 / p99`, `${ms(other.latency.p50)} / ${ms(other.latency.p99)}`);
    line(`${label}: ${other.name} p99 / ours p99`, `${(other.latency.p99 / ours.p99).toFixed(1)}×`, 'target ≥ 10×');
  }
}

async function main() {
  const { dataSet } = await loadDataDirectory(await syntheticDataDirectory(taxa, Number(args.seed)));
  const data = engineDataOf(dataSet);
  const current = dataSet.versions.find((v) => v.id === 'current')!;
  const engine = createEmbeddedEngine();
  engine.replaceData({ ...data, shared: {}, versions: [{ id: 'current', indices: { taxa: current.documents } }] });
  const taxaOnly = memoryUsed();
  // The benchmark keeps the query mix, not the entries: the index holds what it needs of them.
  // The literals for the libraries are derived again once ours is measured.
  let entries: NameEntry[] | undefined = nameEntriesOf(current.documents);
  const mix = queryMix(entries, 400);
  line('taxa / name entries', `${current.documents.length} / ${entries.length}`, 'target ≥ 1,000,000 names');
  // The names index as served: from the entries the versions share (here, one version's).
  engine.replaceData({ ...data, versions: [{ id: 'current', indices: { taxa: current.documents } }] });
  entries = undefined;
  const runs = Number(args.runs);
  const search = createSearchService({ versions: createVersions(engine) });
  // Field indices build on first use: warm them before measuring and count their heap.
  for (const q of [mix.prefix[5]!, mix.infix[0]!, mix.typo[0]!]) await nameSearch(search)(q);
  line(
    'names index heap + array buffers (entries, keys, postings, working memory)',
    mib(memoryUsed() - taxaOnly),
    'target ≤ 1 GiB',
  );

  for (const { label, queries, matchType } of nameSearchCases(mix)) {
    const latency = await measure(queries, runs, nameSearch(search, matchType));
    line(`in process, ${label}: p50 / p99`, `${ms(latency.p50)} / ${ms(latency.p99)}`, 'target p99 ≤ 5 ms');
  }

  // Each library is built after ours is measured and dropped before the next is built, so no
  // one's measurement pays for collecting another's index.
  const queries = [...mix.prefix, ...mix.infix, ...mix.typo];
  const oursSame = await measure(queries, runs, nameSearch(search));
  const names = nameEntriesOf(current.documents).map((entry) => entry.name);
  const miniLatency = await (async () => {
    const mini = new MiniSearch<{ id: number; name: string }>({ fields: ['name'], idField: 'id' });
    mini.addAll(names.map((name, id) => ({ id, name })));
    return measure(queries, Math.min(runs, 300), (q) => mini.search(q, { prefix: true, fuzzy: 0.2 }).slice(0, 10));
  })();
  const flexLatency = await (async () => {
    const flex = new FlexSearch.Index({ tokenize: 'forward', encoder: FlexSearch.Charset.LatinBalance });
    for (const [i, name] of names.entries()) flex.add(i, name);
    return measure(queries, runs, (q) => flex.search(q, { limit: 10, suggest: true }));
  })();
  report('same mix (prefix, infix, typo)', oursSame, [
    { name: 'MiniSearch', latency: miniLatency },
    { name: 'FlexSearch', latency: flexLatency },
  ]);

  await httpThroughput(engine, search, mix.prefix);
}

async function httpThroughput(
  engine: ReturnType<typeof createEmbeddedEngine>,
  search: ReturnType<typeof createSearchService>,
  prefixes: string[],
) {
  const app = await createApp({ engine });
  const uncached = await createApp({ engine, searchCacheBytes: 0 });
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
  // 200 typed prefixes asked in turn, again and again: after the first round the app answers
  // them from its cache, as it does the first letters many users type.
  const requests = prefixes
    .slice(0, 200)
    .map((q) => ({ method: 'GET' as const, path: `/taxa/search?query=${encodeURIComponent(q)}` }));
  const run = async (url: string, options: Partial<autocannon.Options> = {}) =>
    (await autocannon({ url, connections: 16, duration: Number(args.seconds), workers: 1, ...options })).requests
      .average;
  const empty = await run(`${bareUrl}/empty`);
  const same = await run(`${bareUrl}/same`);
  const ours = await run(appUrl, { requests });
  const oursUncached = await run(uncachedUrl, { requests });
  const bareSearch = await run(bareUrl, { requests });
  line('HTTP bare route answering {}', `${empty.toFixed(0)} req/s`);
  line('HTTP bare route answering a search page', `${same.toFixed(0)} req/s`);
  line('HTTP /taxa/search, 200 typed prefixes repeated (cache)', `${ours.toFixed(0)} req/s`);
  line('HTTP ratio to bare, same answer', (ours / same).toFixed(2), 'target ≥ 0.5');
  line('HTTP /taxa/search, cache off (every request searched)', `${oursUncached.toFixed(0)} req/s`);
  line('HTTP ratio to bare, same answer, cache off', (oursUncached / same).toFixed(2));
  line('HTTP bare route running the same search', `${bareSearch.toFixed(0)} req/s`);
  line('HTTP ratio to bare, same search, cache off', (oursUncached / bareSearch).toFixed(2));
  await Promise.all([app.close(), uncached.close(), bare.close()]);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
