/**
 * Benchmark of the Elasticsearch engine beside the embedded engine (docs/engine-contract.md, docs/targets.md), on a
 * generated checklist, when a cluster is available: `ELASTICSEARCH_URL`, or a container of the
 * official Elasticsearch 9 image that testcontainers starts when a container runtime answers.
 *
 *   npm run bench:elasticsearch                       # 100,000 taxa, in a container
 *   ELASTICSEARCH_URL=http://localhost:9200 npm run bench:elasticsearch -- --taxa 500000
 *
 * Prints the load into the cluster by `taxa load`'s loader (documents of taxa and names, seconds,
 * documents per second) beside the embedded engine's load of the same directory, then p50/p99 of
 * the browse mix (filtered page: three filters, taxonomic sort, page size 20; nested
 * aggregation) and of the name search mix per match type, through each engine in the same run.
 * The cluster's shard request cache is turned off on the benchmark's indices, so a repeated
 * aggregation is computed again, as the embedded engine computes it. The indices live under a
 * prefix of their own and are deleted at the end. Without a cluster it prints one line saying
 * why and exits 0. A script, not a test: figures depend on the machine and the cluster.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { engineDataOf } from '../loaders/engine-data.ts';
import { loadIntoElasticsearch } from '../loaders/elasticsearch-load.ts';
import { loadDataDirectory } from '../loaders/load-data-dir.ts';
import { nameEntriesOf } from '../loaders/name-entries.ts';
import { createElasticsearchClient, LOADING_CLIENT } from '../src/index/elasticsearch/client.ts';
import { createElasticsearchEngine } from '../src/index/elasticsearch-engine.ts';
import { createEmbeddedEngine } from '../src/index/embedded-engine.ts';
import type { SearchBody, SearchEngine } from '../src/index/engine.ts';
import { createSearchService } from '../src/service/search-service.ts';
import { createVersions } from '../src/service/versions.ts';
import { deletePrefixIndices, findElasticsearch } from '../test/helpers/elasticsearch-availability.ts';
import { filterBodies, filteredPages, nameSearch, nameSearchCases, nestedAggregations, queryMix } from './mixes.ts';
import { line, measure, ms, type Latency, syntheticDataDirectory } from './stats.ts';

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

function report(label: string, engine: string, latency: Latency) {
  line(`${label}, ${engine} p50 / p99`, `${ms(latency.p50)} / ${ms(latency.p99)}`);
}

/** The browse mix through each engine: filtered pages, then nested aggregations. */
async function browseMix(engines: Engines) {
  const groups = (await engines.embedded.catalog()).informalTaxonGroups.map((group) => group.id);
  const ref = { version: 'current', kind: 'taxa' } as const;
  const mixes: [string, SearchBody[], number][] = [
    ['page (3 filters)', filteredPages(filterBodies(groups)), runs],
    ['nested aggregation', nestedAggregations(), Math.max(100, runs / 10)],
  ];
  for (const [label, bodies, count] of mixes) {
    for (const name of ENGINES)
      report(label, name, await measure(bodies, count, (body) => engines[name].search(ref, body)));
  }
}

/** The name search mix through each engine, per match type, drawn from the current version's names. */
async function nameSearchMix(engines: Engines, names: ReturnType<typeof nameEntriesOf>) {
  const mix = queryMix(names, 400);
  const serviceOf = (engine: SearchEngine) => createSearchService({ versions: createVersions(engine) });
  const services = { Elasticsearch: serviceOf(engines.Elasticsearch), embedded: serviceOf(engines.embedded) };
  for (const { label, queries, matchType } of nameSearchCases(mix)) {
    for (const name of ENGINES)
      report(`search ${label}`, name, await measure(queries, runs, nameSearch(services[name], matchType)));
  }
}

async function main() {
  const found = await findElasticsearch();
  if ('skipped' in found) {
    line('bench:elasticsearch skipped', found.skipped);
    // A container runtime that never answered may still hold a socket open: do not wait for it.
    process.exit(0);
  }
  const dir = await syntheticDataDirectory(taxa, Number(args.seed));
  line('cluster', found.via);
  const cluster = await found.start();
  const prefix = `bench-${randomUUID().slice(0, 8)}`;
  const admin = createElasticsearchClient(cluster.url, LOADING_CLIENT);
  const elasticsearch = createElasticsearchEngine({ node: cluster.url }, { prefix });
  try {
    const stats = await loadIntoElasticsearch(dir, { client: admin, prefix });
    line('taxa / names documents', `${stats.documents.taxa} / ${stats.documents.names}`);
    line('load into Elasticsearch (taxa load)', `${stats.seconds.toFixed(1)} s, ${stats.docsPerSecond} documents/s`);
    await admin.indices.putSettings({ index: stats.indices, settings: { 'index.requests.cache.enable': false } });

    const embedded = createEmbeddedEngine();
    const started = performance.now();
    const { dataSet } = await loadDataDirectory(dir);
    embedded.replaceData(engineDataOf(dataSet));
    const seconds = (performance.now() - started) / 1000;
    const documents = stats.documents.taxa + stats.documents.names;
    line('load into the embedded engine', `${seconds.toFixed(1)} s, ${Math.round(documents / seconds)} documents/s`);

    const engines: Engines = { Elasticsearch: elasticsearch, embedded };
    await browseMix(engines);
    await nameSearchMix(
      engines,
      nameEntriesOf(dataSet.versions.find((version) => version.id === 'current')!.documents),
    );
    await embedded.close();
  } finally {
    try {
      await elasticsearch.close();
      await deletePrefixIndices(admin, prefix);
    } finally {
      await admin.close();
      await cluster.stop();
    }
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
