/**
 * Loads a data directory into Elasticsearch, atomically (docs/versions-and-loading.md): the directory is
 * validated by the same loader as the embedded engine's; every version and index kind gets a
 * new physical index, filled by bulk requests, refreshed and counted; then the catalog index;
 * and only then one alias swap makes the new data set the served one. Any failure or
 * interruption before the swap deletes what the load created and leaves the aliases alone; the
 * indices of a load killed outright are deleted by the next load (`elasticsearch/leftovers.ts`).
 *
 * @example
 *   const client = createElasticsearchClient('http://localhost:9200', LOADING_CLIENT);
 *   const stats = await loadIntoElasticsearch('data/sample', { client, replicas: 1 });
 */
import type { Client } from '@elastic/elasticsearch';
import type { AliasBinding } from '../src/index/elasticsearch/aliases.ts';
import { describeClusterError } from '../src/index/elasticsearch/cluster-errors.ts';
import {
  aliasName,
  CATALOG_DOCUMENT_ID,
  catalogAlias,
  DEFAULT_INDEX_PREFIX,
  loadStamp,
  physicalIndexName,
  prefixProblem,
  versionProblem,
} from '../src/index/elasticsearch/naming.ts';
import { INDEX_KINDS, versionDocuments, type EngineData, type IndexKind } from '../src/index/engine.ts';
import { withDerivedFields } from '../src/index/derived-fields.ts';
import { bulkIndex } from './elasticsearch/bulk.ts';
import { catalogIndexBody, indexBody, type IndexBody } from './elasticsearch/index-bodies.ts';
import { findLeftovers, HEARTBEAT_MS, loadMarker, renewHeartbeat, STALE_AFTER_MS } from './elasticsearch/leftovers.ts';
import { ElasticsearchLoadError } from './elasticsearch/load-error.ts';
import { abandonLoad, swapAliases } from './elasticsearch/swap.ts';
import { engineDataOf } from './engine-data.ts';
import { loadDataDirectory } from './load-data-dir.ts';
import { createProgress, type Progress } from './progress.ts';

export { ElasticsearchLoadError } from './elasticsearch/load-error.ts';

/** The options with a number, their defaults and the ranges they are checked against. */
export const LOAD_NUMBERS = {
  shards: { min: 1, max: 1024 },
  replicas: { min: 0, max: 100 },
  concurrency: { min: 1, max: 64, default: 4 },
  batchSize: { min: 1, max: 100_000, default: 1000 },
  retries: { min: 0, max: 100, default: 8 },
  retryDelayMs: { min: 0, max: 60_000, default: 500 },
  staleAfterMs: { min: 0, max: 7 * 24 * 3_600_000, default: STALE_AFTER_MS },
} as const;

type NumberOption = keyof typeof LOAD_NUMBERS;

export interface ElasticsearchLoadOptions {
  client: Client;
  /** index prefix (default `taxa`) */
  prefix?: string;
  /** primary shards and replicas of each index; the mapping files' (1 and 0) when undefined */
  shards?: number;
  replicas?: number;
  /** bulk requests in flight at once (default 4) */
  concurrency?: number;
  /** documents per bulk request (default 1000) */
  batchSize?: number;
  /** times documents refused with 429 are sent again (default 8), after `retryDelayMs` doubling (default 500) */
  retries?: number;
  retryDelayMs?: number;
  /**
   * the indices of the prefix's loads that no alias points at and whose load has not renewed its
   * heartbeat for this long (default 60 s) are deleted before the load builds its own
   */
  staleAfterMs?: number;
  /** the index bodies to create, by kind (default `MAPPING_FILES`, the project's `mappings/*.json`) */
  mappingFiles?: Partial<Record<IndexKind, URL>>;
  /** a progress bar on a terminal */
  progress?: boolean;
  /** aborting it (SIGINT) stops the load before the swap and deletes what it created */
  signal?: AbortSignal;
}

export interface ElasticsearchLoadStats {
  versions: string[];
  documents: Record<IndexKind, number>;
  /** the physical indices now served, and those the swap removed */
  indices: string[];
  replaced: string[];
  /** indices left behind by earlier loads (killed ones), deleted before this one built its own */
  leftovers: string[];
  seconds: number;
  docsPerSecond: number;
}

interface Settings {
  client: Client;
  prefix: string;
  shards: number | undefined;
  replicas: number | undefined;
  concurrency: number;
  batchSize: number;
  retries: number;
  retryDelayMs: number;
  staleAfterMs: number;
  progress: boolean;
  signal: AbortSignal | undefined;
  /** the load's stamp: the suffix of its indices' names and their marker's */
  stamp: string;
}

function checkedNumber(name: NumberOption, value: number | undefined): number | undefined {
  const range = LOAD_NUMBERS[name];
  const chosen = value ?? ('default' in range ? range.default : undefined);
  if (chosen !== undefined && (!Number.isInteger(chosen) || chosen < range.min || chosen > range.max)) {
    throw new ElasticsearchLoadError(
      `loader: ${name} must be an integer from ${range.min} to ${range.max}, got ${chosen}`,
    );
  }
  return chosen;
}

/** Checks every option before any I/O; a bad one is named with its range. */
function settingsOf(options: ElasticsearchLoadOptions): Settings {
  const prefix = options.prefix ?? DEFAULT_INDEX_PREFIX;
  const problem = prefixProblem(prefix);
  if (problem) throw new ElasticsearchLoadError(`loader: prefix: ${problem}`);
  return {
    client: options.client,
    prefix,
    shards: checkedNumber('shards', options.shards),
    replicas: checkedNumber('replicas', options.replicas),
    concurrency: checkedNumber('concurrency', options.concurrency)!,
    batchSize: checkedNumber('batchSize', options.batchSize)!,
    retries: checkedNumber('retries', options.retries)!,
    retryDelayMs: checkedNumber('retryDelayMs', options.retryDelayMs)!,
    staleAfterMs: checkedNumber('staleAfterMs', options.staleAfterMs)!,
    progress: options.progress ?? false,
    signal: options.signal,
    stamp: loadStamp(new Date()),
  };
}

/** Runs one step against the cluster; a failure says which step, and an abort says so. */
async function step<T>(what: string, signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> {
  signal?.throwIfAborted();
  try {
    return await run();
  } catch (error) {
    if (signal?.aborted)
      throw new ElasticsearchLoadError(`loader: interrupted (${String(signal.reason)}) while ${what}`, {
        cause: error,
      });
    if (error instanceof ElasticsearchLoadError) throw error;
    throw new ElasticsearchLoadError(`loader: ${what} failed: ${describeClusterError(error)}`, { cause: error });
  }
}

async function fillIndex(
  index: string,
  body: IndexBody,
  docs: object[],
  settings: Settings,
  progress: Progress,
  created: string[],
) {
  const { client, signal } = settings;
  const options = { signal };
  // Recorded before the request: a create that times out may still have created the index.
  created.push(index);
  await step(`creating index ${index}`, signal, () => client.indices.create(marked(index, body, settings), options));
  progress.start(index, docs.length);
  try {
    await step(`indexing into ${index}`, signal, () =>
      bulkIndex(client, index, docs, { ...settings, onIndexed: (n) => progress.advance(n) }),
    );
  } finally {
    progress.stop();
  }
  await step(`refreshing ${index}`, signal, () => client.indices.refresh({ index }, options));
  const { count } = await step(`counting ${index}`, signal, () => client.count({ index }, options));
  if (count !== docs.length) {
    throw new ElasticsearchLoadError(
      `loader: ${index} holds ${count} documents after the load, but ${docs.length} were sent`,
    );
  }
}

/** The request that creates `index` from `body`, with the load's marker in its mapping's `_meta`. */
function marked(index: string, body: IndexBody, settings: Settings) {
  return { index, ...body, mappings: { ...body.mappings, _meta: { ...loadMarker(settings.prefix, settings.stamp) } } };
}

/** Deletes the indices earlier loads of the prefix left behind (`leftovers.ts`); answers them. */
async function removeLeftovers(settings: Settings): Promise<string[]> {
  const { client, signal } = settings;
  await step('reaching the cluster', signal, () => client.info({}, { signal }));
  return step('removing indices left by earlier loads', signal, async () => {
    const left = await findLeftovers(client, settings.prefix, settings.staleAfterMs);
    if (left.length > 0) await client.indices.delete({ index: left, ignore_unavailable: true }, { signal });
    return left;
  });
}

/**
 * Renews the heartbeat of the indices created so far every `HEARTBEAT_MS` until stopped, so that
 * another load does not take them for leftovers. A renewal that fails is tried again next time.
 */
function keepAlive(settings: Settings, created: readonly string[]): () => void {
  const timer = setInterval(() => {
    renewHeartbeat(settings.client, created, settings.prefix, settings.stamp).catch(() => undefined);
  }, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Builds every new index; answers the alias each is to be served under. */
async function buildIndices(
  data: EngineData,
  bodies: Record<IndexKind, IndexBody>,
  settings: Settings,
  created: string[],
  documents: Record<IndexKind, number>,
): Promise<AliasBinding[]> {
  const progress = createProgress(settings.progress, 'documents');
  const bindings: AliasBinding[] = [];
  for (const version of data.versions) {
    for (const kind of INDEX_KINDS) {
      const alias = aliasName(settings.prefix, kind, version.id);
      const index = physicalIndexName(alias, settings.stamp);
      const docs = [...withDerivedFields(kind, versionDocuments(data, version.id, kind) ?? [])];
      await fillIndex(index, bodies[kind], docs, settings, progress, created);
      documents[kind] += docs.length;
      bindings.push({ alias, index });
    }
  }
  const alias = catalogAlias(settings.prefix);
  const index = physicalIndexName(alias, settings.stamp);
  const { client, signal } = settings;
  created.push(index);
  const body = catalogIndexBody(bodies.taxa.settings.number_of_replicas);
  await step(`creating index ${index}`, signal, () => client.indices.create(marked(index, body, settings), { signal }));
  await step(`writing the catalog into ${index}`, signal, () =>
    client.index({ index, id: CATALOG_DOCUMENT_ID, document: data.catalog, refresh: true }, { signal }),
  );
  signal?.throwIfAborted();
  return [...bindings, { alias, index }];
}

/**
 * Loads `dir` into the cluster of `options.client` and swaps it in. Throws `DataLoadError`
 * (every problem of the directory) before touching the cluster, or `ElasticsearchLoadError`
 * saying which step failed and that the new indices were deleted.
 */
export async function loadIntoElasticsearch(
  dir: string,
  options: ElasticsearchLoadOptions,
): Promise<ElasticsearchLoadStats> {
  const settings = settingsOf(options);
  const started = performance.now();
  const bodies = {} as Record<IndexKind, IndexBody>;
  for (const kind of INDEX_KINDS) bodies[kind] = await indexBody(kind, settings, options.mappingFiles?.[kind]);
  const { dataSet } = await loadDataDirectory(dir, { progress: settings.progress });
  const data = engineDataOf(dataSet);
  const versions = data.versions.map((version) => version.id);
  const problem = versionProblem(versions);
  if (problem) throw new ElasticsearchLoadError(`loader: ${problem}`);

  const created: string[] = [];
  const documents = Object.fromEntries(INDEX_KINDS.map((kind) => [kind, 0])) as Record<IndexKind, number>;
  let bindings: AliasBinding[];
  let leftovers: string[];
  const stopBeating = keepAlive(settings, created);
  try {
    leftovers = await removeLeftovers(settings);
    bindings = await buildIndices(data, bodies, settings, created, documents);
  } catch (error) {
    stopBeating();
    const failure =
      error instanceof ElasticsearchLoadError
        ? error
        : new ElasticsearchLoadError(
            `loader: ${settings.signal?.aborted ? `interrupted (${String(settings.signal.reason)})` : (error as Error).message}`,
            { cause: error },
          );
    throw await abandonLoad(settings.client, created, failure);
  }
  let replaced: string[];
  try {
    replaced = await swapAliases(settings.client, settings.prefix, bindings, created);
  } finally {
    stopBeating();
  }
  const seconds = Math.round((performance.now() - started) / 10) / 100;
  const total = INDEX_KINDS.reduce((sum, kind) => sum + documents[kind], 0);
  return {
    versions,
    documents,
    indices: bindings.map((b) => b.index),
    replaced,
    leftovers,
    seconds,
    docsPerSecond: Math.round(total / Math.max(seconds, 0.01)),
  };
}
