/**
 * Benchmark of the Elasticsearch engine beside the embedded engine (docs/engine-contract.md, docs/targets.md), on a
 * generated checklist of seven versions, when a cluster is available: `ELASTICSEARCH_URL`, or a
 * container of the official Elasticsearch 9 image that testcontainers starts when a container
 * runtime answers. Figures seen: docs/elasticsearch-benchmark.md.
 *
 *   npm run bench:elasticsearch                       # 100,000 taxa, in a container
 *   ELASTICSEARCH_URL=http://localhost:9200 npm run bench:elasticsearch -- --taxa 500000
 *
 * Prints the server's version; the load into the cluster by `taxa load`'s loader (every version's
 * taxa, names and change records behind aliases: documents, seconds, documents per second) and the
 * store size of its indices (`_cat/indices`), beside the embedded engine's load of the same
 * directory and the heap it holds after a full collection; then p50/p99 of the browse mix
 * (filtered page: three filters, taxonomic sort, page size 20; nested aggregation), of the name
 * search mix per match type and of a page of change records between two versions (`--runs`
 * timed requests each, at least 1,000), through each engine in the same run, with the ratio
 * Elasticsearch / embedded. The cluster's shard request cache is turned off on the benchmark's
 * indices, so a repeated request is computed again, as the embedded engine computes it. Last,
 * the store size and documents of each index, once the merges after the load have had the run's
 * time to go on. The indices live under a prefix of their own and are deleted at the end. Without
 * a cluster it prints one line saying why and exits 0. A script, not a test: figures depend on the
 * machine and the cluster.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Client } from '@elastic/elasticsearch';
import { engineDataOf } from '../loaders/engine-data.ts';
import { loadIntoElasticsearch, type ElasticsearchLoadStats } from '../loaders/elasticsearch-load.ts';
import { loadDataDirectory } from '../loaders/load-data-dir.ts';
import { nameEntriesOf } from '../loaders/name-entries.ts';
import { createElasticsearchClient, LOADING_CLIENT } from '../src/index/elasticsearch/client.ts';
import { createElasticsearchEngine } from '../src/index/elasticsearch-engine.ts';
import { createEmbeddedEngine, type EmbeddedEngine } from '../src/index/embedded-engine.ts';
import type { IndexRef, SearchBody, SearchEngine } from '../src/index/engine.ts';
import { createSearchService } from '../src/service/search-service.ts';
import { createVersions } from '../src/service/versions.ts';
import { deletePrefixIndices, findElasticsearch } from '../test/helpers/elasticsearch-availability.ts';
import {
  changesPages,
  filterBodies,
  filteredPages,
  nameSearch,
  nameSearchCases,
  nestedAggregations,
  queryMix,
  type QueryMix,
} from './mixes.ts';
import { line, measure, mib, ms, type Latency, syntheticDataDirectory } from './stats.ts';

/** The versions `taxa generate` writes for the benchmark, and the pair whose change records are paged. */
const VERSIONS = ['current', 'MR.424', 'MR.425', 'MR.426', 'MR.427', 'MR.428', 'MR.484'];
const CHANGES = { since: 'MR.427', version: 'current' };

const { values: args } = parseArgs({
  options: {
    taxa: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '1000' },
  },
});
const taxa = Number(args.taxa);
const runs = Number(args.runs);

const ENGINES = ['Elasticsearch', 'embedded'] as const;
type Engines = Record<(typeof ENGINES)[number], SearchEngine>;
type Latencies = Record<(typeof ENGINES)[number], Latency>;

const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
const signedMib = (bytes: number) => `${bytes < 0 ? '−' : '+'}${mib(Math.abs(bytes))}`;

/** Each engine's p50 / p99, then Elasticsearch's over the embedded engine's. */
function report(label: string, latencies: Latencies) {
  for (const name of ENGINES) {
    line(`${label}, ${name} p50 / p99`, `${ms(latencies[name].p50)} / ${ms(latencies[name].p99)}`);
  }
  const { Elasticsearch: es, embedded } = latencies;
  line(`${label}, ES / embedded p50 / p99`, `${ratio(es.p50, embedded.p50)} / ${ratio(es.p99, embedded.p99)}`);
}

/** `bodies` through each engine at `ref`, `count` timed runs each. */
async function compare(label: string, engines: Engines, ref: IndexRef, bodies: SearchBody[], count: number) {
  const latencies = {} as Latencies;
  for (const name of ENGINES) latencies[name] = await measure(bodies, count, (body) => engines[name].search(ref, body));
  report(label, latencies);
}

/** The browse mix through each engine: filtered pages, then nested aggregations. */
async function browseMix(engines: Engines) {
  const groups = (await engines.embedded.catalog()).informalTaxonGroups.map((group) => group.id);
  const ref = { version: 'current', kind: 'taxa' } as const;
  await compare('page (3 filters)', engines, ref, filteredPages(filterBodies(groups)), runs);
  await compare('nested aggregation', engines, ref, nestedAggregations(), runs);
}

/** The name search mix through each engine, per match type, drawn from the current version's names. */
async function nameSearchMix(engines: Engines, mix: QueryMix) {
  const serviceOf = (engine: SearchEngine) => createSearchService({ versions: createVersions(engine) });
  const services = { Elasticsearch: serviceOf(engines.Elasticsearch), embedded: serviceOf(engines.embedded) };
  for (const { label, queries, matchType } of nameSearchCases(mix)) {
    const latencies = {} as Latencies;
    for (const name of ENGINES) latencies[name] = await measure(queries, runs, nameSearch(services[name], matchType));
    report(`search ${label}`, latencies);
  }
}

/**
 * Pages of the change records from `CHANGES.since` into `CHANGES.version` through each engine. The
 * embedded engine builds a pair's records on its first search, the cluster loaded them: that first
 * page is timed apart, before the measured ones.
 */
async function changesMix(engines: Engines) {
  const ref = { version: CHANGES.version, kind: 'changes', since: CHANGES.since } as const;
  const bodies = changesPages(CHANGES.since);
  for (const name of ENGINES) {
    const started = performance.now();
    const first = await engines[name].search(ref, bodies[0]!);
    const total = typeof first.hits.total === 'number' ? first.hits.total : first.hits.total?.value;
    line(
      `changes: first page, ${name}`,
      `${ms(performance.now() - started)}, ${total} records ${CHANGES.since}→${CHANGES.version}`,
    );
  }
  await compare('changes page', engines, ref, bodies, runs);
}

/** The heap (and the memory outside it: typed arrays, buffers) in use after a full collection. */
function collected(): { heap: number; external: number } | undefined {
  if (!globalThis.gc) return undefined;
  globalThis.gc();
  const { heapUsed, external } = process.memoryUsage();
  return { heap: heapUsed, external };
}

/**
 * Loads `dir` into a new embedded engine, timed as the load into the cluster is (read, validate,
 * index; a pair's change records are built on its first search); answers the engine and the name
 * search mix of the current version, so that nothing else of the data read outlives the load.
 */
async function loadEmbedded(dir: string, clusterSeconds: number): Promise<{ engine: EmbeddedEngine; mix: QueryMix }> {
  const engine = createEmbeddedEngine();
  const started = performance.now();
  const { dataSet } = await loadDataDirectory(dir);
  engine.replaceData(engineDataOf(dataSet));
  const seconds = (performance.now() - started) / 1000;
  line('load into the embedded engine', `${seconds.toFixed(1)} s`);
  line('load, Elasticsearch / embedded', ratio(clusterSeconds, seconds));
  const current = dataSet.versions.find((version) => version.id === 'current')!;
  return { engine, mix: queryMix(nameEntriesOf(current.documents), 400) };
}

/** What the embedded engine holds after the load: the process's heap after a full collection, and what the load added. */
function reportHeap(before: ReturnType<typeof collected>) {
  const after = collected();
  if (!before || !after) {
    line('embedded engine memory', 'not measured (run node with --expose-gc)');
    return;
  }
  line(
    'embedded: heap used after load (full GC)',
    `${mib(after.heap)}, ${signedMib(after.heap - before.heap)} by the load`,
  );
  line(
    'embedded: external after load (full GC)',
    `${mib(after.external)}, ${signedMib(after.external - before.external)} by the load`,
  );
}

/** Loads `dir` into the cluster, reports it, and turns the request cache off on its indices. */
async function loadCluster(dir: string, admin: Client, prefix: string): Promise<ElasticsearchLoadStats> {
  const stats = await loadIntoElasticsearch(dir, { client: admin, prefix });
  const { taxa: t, names, changes } = stats.documents;
  line('versions', stats.versions.join(', '));
  line('taxa / names / changes documents', `${t} / ${names} / ${changes}`);
  line('load into Elasticsearch (taxa load)', `${stats.seconds.toFixed(1)} s, ${stats.docsPerSecond} documents/s`);
  await admin.indices.putSettings({ index: stats.indices, settings: { 'index.requests.cache.enable': false } });
  return stats;
}

/** The rows of `_cat/indices` of `indices`, sizes in bytes, by name. */
async function storeRows(admin: Client, indices: string[]) {
  const rows = await admin.cat.indices({ index: indices, format: 'json', bytes: 'b' });
  return [...rows].sort((a, b) => String(a.index).localeCompare(String(b.index)));
}

/** The store size of every index `indices` name, summed (`_cat/indices`). */
async function reportStoreTotal(admin: Client, indices: string[], when: string) {
  const bytes = (await storeRows(admin, indices)).reduce((sum, row) => sum + Number(row['store.size']), 0);
  line(`store, every index, ${when}`, `${bytes} B (${mib(bytes)})`);
}

/**
 * The store size and documents of each index, once the searches are done: the merges the cluster
 * runs in the background after a load shrink a fresh index, by two fifths within minutes for a
 * names index, so the size right after the load is a passing one (and the last index loaded may
 * not have merged yet even then).
 */
async function reportStore(admin: Client, indices: string[]) {
  for (const row of await storeRows(admin, indices)) {
    line(`store ${row.index}`, `${row['store.size']} B, ${row['docs.count']} docs`);
  }
  await reportStoreTotal(admin, indices, 'at the end');
}

async function bench(url: string, dir: string) {
  const prefix = `bench-${randomUUID().slice(0, 8)}`;
  const admin = createElasticsearchClient(url, LOADING_CLIENT);
  const elasticsearch = createElasticsearchEngine({ node: url }, { prefix });
  try {
    line('Elasticsearch version', (await admin.info()).version.number);
    const stats = await loadCluster(dir, admin, prefix);
    await reportStoreTotal(admin, stats.indices, 'after the load');
    const before = collected();
    const { engine: embedded, mix } = await loadEmbedded(dir, stats.seconds);
    reportHeap(before);
    const engines: Engines = { Elasticsearch: elasticsearch, embedded };
    await browseMix(engines);
    await nameSearchMix(engines, mix);
    await changesMix(engines);
    await reportStore(admin, stats.indices);
    await embedded.close();
  } finally {
    try {
      await elasticsearch.close();
      await deletePrefixIndices(admin, prefix);
    } finally {
      await admin.close();
    }
  }
}

async function main() {
  const found = await findElasticsearch();
  if ('skipped' in found) {
    line('bench:elasticsearch skipped', found.skipped);
    // A container runtime that never answered may still hold a socket open: do not wait for it.
    process.exit(0);
  }
  const dir = await syntheticDataDirectory(taxa, Number(args.seed), VERSIONS);
  line('cluster', found.via);
  const cluster = await found.start();
  try {
    await bench(cluster.url, dir);
  } finally {
    await cluster.stop();
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
