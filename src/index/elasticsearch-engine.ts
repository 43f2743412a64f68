/**
 * The Elasticsearch engine: the compiler's request bodies sent unchanged to the alias of a
 * version's index in a cluster loaded by `taxa load` (see `elasticsearch/naming.ts`). The
 * engine holds no data, only a few seconds' cache of what is loaded, so any number of service
 * instances can stand in front of one cluster and a reload (an alias swap) is seen by all.
 *
 * @example
 *   const engine = createElasticsearchEngine({ node: 'http://localhost:9200' }, { prefix: 'taxa' });
 *   await engine.search({ version: 'current', kind: 'taxa' }, { query: { match_all: {} }, size: 1 });
 */
import { errors, type Client } from '@elastic/elasticsearch';
import { AppError } from '../errors.ts';
import {
  VersionNotLoadedError,
  type IndexRef,
  type Readiness,
  type SearchBody,
  type SearchEngine,
  type SearchResult,
} from './engine.ts';
import { createElasticsearchClient, SERVING_CLIENT } from './elasticsearch/client.ts';
import { asServiceError, isIndexMissing, unavailableReason } from './elasticsearch/cluster-errors.ts';
import { cacheState, readClusterState } from './elasticsearch/cluster-state.ts';
import { aliasName, DEFAULT_INDEX_PREFIX, prefixProblem } from './elasticsearch/naming.ts';

/** How long the loaded versions and the catalog are trusted before the cluster is asked again. */
export const STATE_CACHE_MS = 5_000;

/** A client to use, or the address of a cluster to connect to with `SERVING_CLIENT`'s settings. */
export type ElasticsearchConnection = { client: Client } | { node: string };

export interface ElasticsearchEngineOptions {
  /** index prefix (default `taxa`) */
  prefix?: string;
  /** lifetime of the cache of versions and catalog in milliseconds (default `STATE_CACHE_MS`) */
  cacheMs?: number;
}

export interface ElasticsearchEngine extends SearchEngine {
  /** Asks the cluster now: ready when it answers and has at least one version loaded. */
  ready(): Promise<Readiness>;
  /** Forgets the cached versions and catalog (SIGHUP); the next request reads them anew. */
  dropCaches(): void;
}

export function createElasticsearchEngine(
  connection: ElasticsearchConnection,
  options: ElasticsearchEngineOptions = {},
): ElasticsearchEngine {
  const prefix = options.prefix ?? DEFAULT_INDEX_PREFIX;
  const problem = prefixProblem(prefix);
  if (problem) throw new Error(`engine: ${problem}`);
  const owned = !('client' in connection);
  const client =
    'client' in connection ? connection.client : createElasticsearchClient(connection.node, SERVING_CLIENT);
  const state = cacheState(() => readClusterState(client, prefix), options.cacheMs ?? STATE_CACHE_MS);

  async function current() {
    try {
      return await state.get();
    } catch (error) {
      throw asServiceError(error);
    }
  }

  /**
   * The alias of a version the service believed loaded is gone (a reload dropped the version):
   * the version is not loaded, and the versions are read anew. A version still listed has lost
   * only one of its indices, which only a new load repairs.
   */
  async function missingIndex(ref: IndexRef): Promise<Error> {
    state.drop();
    if (!(await current()).versions.includes(ref.version)) return new VersionNotLoadedError(ref.version);
    return new AppError(
      'SERVICE_UNAVAILABLE',
      `Service unavailable: the ${ref.kind} index of checklist version '${ref.version}' is not loaded`,
    );
  }

  return {
    kind: 'elasticsearch',
    async versions() {
      return (await current()).versions;
    },
    async catalog() {
      return (await current()).catalog;
    },
    async search<T>(ref: IndexRef, body: SearchBody): Promise<SearchResult<T>> {
      let result: SearchResult<T>;
      try {
        result = await client.search<T>({ index: aliasName(prefix, ref.kind, ref.version), ...body });
      } catch (error) {
        throw isIndexMissing(error) ? await missingIndex(ref) : asServiceError(error);
      }
      // Shards that failed (a node lost, an index removed mid-search) would make a partial answer
      // look complete: its totals and pages would be wrong, so it is not served.
      if ((result._shards?.failed ?? 0) > 0) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Service unavailable: the search cluster answered from part of the index only; try again shortly',
        );
      }
      return result;
    },
    async ready() {
      try {
        const { versions } = await state.refresh();
        return versions.length > 0
          ? { ready: true }
          : { ready: false, reason: `no checklist version is loaded under the index prefix '${prefix}'` };
      } catch (error) {
        if (!(error instanceof errors.ElasticsearchClientError)) throw error;
        return { ready: false, reason: unavailableReason(error) ?? 'the search cluster refused the request' };
      }
    },
    dropCaches: () => state.drop(),
    async close() {
      if (owned) await client.close();
    },
  };
}
