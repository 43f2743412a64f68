/**
 * The fixture checklist in a memory cluster, loaded by the real loader (`taxa load`'s), and the
 * app served from it by the Elasticsearch engine over the mock connection.
 */
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../src/http/app.ts';
import {
  createElasticsearchClient,
  LOADING_CLIENT,
  SERVING_CLIENT,
  type ClientSettings,
} from '../../src/index/elasticsearch/client.ts';
import { createElasticsearchEngine, type ElasticsearchEngine } from '../../src/index/elasticsearch-engine.ts';
import { loadIntoElasticsearch } from '../../loaders/elasticsearch-load.ts';
import { FIXTURE_DIR } from './data-dir.ts';
import { createMockConnection, type MockConnection } from './elasticsearch-mock.ts';
import { MemoryCluster } from './memory-cluster.ts';

/** The address the mocked clients are given; nothing listens there. */
export const MOCK_URL = 'http://es.test:9200';

export interface FixtureCluster {
  cluster: MemoryCluster;
  mock: MockConnection;
}

/** How the fixture is loaded: the loader's batches (its defaults otherwise), and what the cluster does meanwhile. */
export interface FixtureLoad {
  batchSize?: number;
  concurrency?: number;
  /** puts intercepts in front of the cluster for the load (they are removed after it) */
  intercept?(fixture: FixtureCluster): void;
}

/** A memory cluster holding the fixture checklist under `prefix`; the load's requests are cleared. */
export async function fixtureCluster(prefix = 'taxa', load: FixtureLoad = {}): Promise<FixtureCluster> {
  const cluster = new MemoryCluster();
  const mock = createMockConnection(cluster.handle);
  const client = createElasticsearchClient(MOCK_URL, LOADING_CLIENT, mock.Connection);
  load.intercept?.({ cluster, mock });
  const { batchSize, concurrency } = load;
  await loadIntoElasticsearch(FIXTURE_DIR, { client, prefix, batchSize, concurrency });
  await client.close();
  mock.clearIntercepts();
  mock.requests.length = 0;
  return { cluster, mock };
}

export interface ElasticsearchTestApp extends FixtureCluster {
  app: FastifyInstance;
  engine: ElasticsearchEngine;
  close(): Promise<void>;
}

/**
 * The app on the Elasticsearch engine over the fixture cluster. `client` overrides the serving
 * client's settings (a short timeout keeps timeout tests fast); `cacheMs` the state cache; `load`
 * how the fixture is loaded.
 */
export async function buildElasticsearchTestApp(
  options: {
    client?: Partial<ClientSettings>;
    cacheMs?: number;
    accessTokens?: string[];
    load?: FixtureLoad;
    /** the app's answer cache bound (`AppDependencies.answerCacheBytes`; 0: every request reaches the engine) */
    answerCacheBytes?: number;
  } = {},
): Promise<ElasticsearchTestApp> {
  const fixture = await fixtureCluster('taxa', options.load);
  const client = createElasticsearchClient(MOCK_URL, { ...SERVING_CLIENT, ...options.client }, fixture.mock.Connection);
  const engine = createElasticsearchEngine(
    { client },
    options.cacheMs === undefined ? {} : { cacheMs: options.cacheMs },
  );
  const app = await createApp({
    engine,
    accessTokens: options.accessTokens ?? [],
    checkAnswers: true,
    ...(options.answerCacheBytes === undefined ? {} : { answerCacheBytes: options.answerCacheBytes }),
  });
  await app.ready();
  return {
    ...fixture,
    app,
    engine,
    close: async () => {
      await app.close();
      await client.close();
    },
  };
}
