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
import { errors, type Client, type estypes } from '@elastic/elasticsearch';
import { AppError } from '../errors.ts';
import {
  VersionNotLoadedError,
  type IndexRef,
  type Readiness,
  type SearchBody,
  type SearchEngine,
  type SearchHit,
  type SearchResult,
} from './engine.ts';
import { createElasticsearchClient, SERVING_CLIENT } from './elasticsearch/client.ts';
import {
  asServiceError,
  isIndexMissing,
  isSearchContextMissing,
  unavailableReason,
} from './elasticsearch/cluster-errors.ts';
import { cacheState, readClusterState } from './elasticsearch/cluster-state.ts';
import { aliasName, DEFAULT_INDEX_PREFIX, prefixProblem } from './elasticsearch/naming.ts';

/** How long the loaded versions and the catalog are trusted before the cluster is asked again. */
export const STATE_CACHE_MS = 5_000;

/**
 * How long a point in time of a walk (an export) stays open after each of its searches: the time
 * a client may take to read one chunk. One not closed (a process killed mid-export) frees itself
 * after this.
 */
export const WALK_KEEP_ALIVE = '5m';

/** The size of a search's page when its body gives none, as Elasticsearch has it. */
const DEFAULT_SIZE = 10;

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

/**
 * Shards that failed (a node lost, an index removed mid-search) would make a partial answer look
 * complete: its totals and pages would be wrong, so it is not served.
 */
function whole<T>(result: SearchResult<T>): SearchResult<T> {
  if ((result._shards?.failed ?? 0) > 0) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'Service unavailable: the search cluster answered from part of the index only; try again shortly',
    );
  }
  return result;
}

/** A walk's point in time expired: what it read so far cannot be continued. */
function dataChanged(cause: unknown): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'Service unavailable: the data was reloaded during the export; export again',
    undefined,
    { cause },
  );
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

  async function searchPointInTime<T>(
    id: string,
    body: SearchBody,
    after: estypes.SortResults | undefined,
  ): Promise<SearchResult<T>> {
    try {
      const pit = { id, keep_alive: WALK_KEEP_ALIVE };
      return whole(await client.search<T>({ ...body, pit, ...(after && { search_after: after }) }));
    } catch (error) {
      // The point in time expired (the client did not read for `WALK_KEEP_ALIVE`). An index
      // deleted under it (a load's swap) makes the cluster answer 503: unavailable, as any other.
      if (isSearchContextMissing(error)) throw dataChanged(error);
      throw asServiceError(error);
    }
  }

  /** Best effort: a point in time that cannot be closed now frees itself after its keep-alive. */
  async function closePointInTime(id: string): Promise<void> {
    try {
      await client.closePointInTime({ id });
    } catch {
      // nothing to do: the cluster is away or the point in time already gone
    }
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
      return whole(result);
    },
    /**
     * A point in time opened on the alias (so on the index it points at then), each chunk the
     * body with the point in time and `search_after` the last hit's sort values (the cluster adds
     * its own tiebreaker to the sort), never `from`. The point in time is closed when the walk
     * ends, fails or is stopped; only a normal end waits for the close.
     */
    async *walk<T>(ref: IndexRef, body: SearchBody): AsyncGenerator<SearchHit<T>[], void, undefined> {
      let id: string;
      try {
        ({ id } = await client.openPointInTime({
          index: aliasName(prefix, ref.kind, ref.version),
          keep_alive: WALK_KEEP_ALIVE,
        }));
      } catch (error) {
        throw isIndexMissing(error) ? await missingIndex(ref) : asServiceError(error);
      }
      const size = body.size ?? DEFAULT_SIZE;
      let ended = false;
      try {
        let after: estypes.SortResults | undefined;
        for (;;) {
          const result = await searchPointInTime<T>(id, body, after);
          id = result.pit_id ?? id;
          const { hits } = result.hits;
          yield hits;
          if (hits.length < size) break;
          after = hits[hits.length - 1]!.sort;
        }
        ended = true;
      } finally {
        const closing = closePointInTime(id);
        if (ended) await closing;
      }
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
