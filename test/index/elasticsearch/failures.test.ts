import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/http/app.ts';
import { createElasticsearchClient, SERVING_CLIENT } from '../../../src/index/elasticsearch/client.ts';
import { createElasticsearchEngine } from '../../../src/index/elasticsearch-engine.ts';
import { loadIntoElasticsearch } from '../../../loaders/elasticsearch-load.ts';
import { fixtureCopy, removeTempDirs } from '../../helpers/data-dir.ts';
import { buildElasticsearchTestApp, MOCK_URL, type ElasticsearchTestApp } from '../../helpers/elasticsearch-fixture.ts';
import { createMockConnection, errorAnswer, type MockAnswer } from '../../helpers/elasticsearch-mock.ts';
import { MemoryCluster } from '../../helpers/memory-cluster.ts';

const REQUEST_TIMEOUT = 300;
/** What "quickly" means here: the retries' backoff and one request timeout, with room to spare. */
const QUICK_MS = 2_000;

const FAULTS: [string, MockAnswer][] = [
  ['a refused connection', { fault: 'refused' }],
  ['a timeout', { fault: 'timeout' }],
  ['a 500', errorAnswer(500, 'null_pointer_exception', 'boom at org.elasticsearch.Node(es-node-1:9300)')],
  ['a 503', errorAnswer(503, 'cluster_block_exception', 'blocked by: [SERVICE_UNAVAILABLE/1/state not recovered]')],
  [
    'a 429',
    errorAnswer(
      429,
      'es_rejected_execution_exception',
      'rejected execution of search on es-node-1 (queue capacity 1000)',
    ),
  ],
];

const ROUTES = [
  '/taxa?pageSize=2',
  '/taxa/MX.46587',
  '/taxa/search?query=susi',
  '/checklist-versions',
  '/informal-taxon-groups',
];

function expectUnavailable(response: { statusCode: number; json(): any }) {
  expect(response.statusCode).toBe(503);
  const body = response.json();
  expect(body).toEqual({
    errorCode: 'SERVICE_UNAVAILABLE',
    message: expect.stringMatching(/^Service unavailable: the search cluster/),
    localized: true,
  });
  // No internals: no host, index, exception or client wording.
  expect(body.message).not.toMatch(/es\.test|es-node|taxa-|exception|ECONNREFUSED|Request timed out|9200|9300/);
}

describe('the Elasticsearch engine when the cluster fails', () => {
  let built: ElasticsearchTestApp;
  beforeAll(async () => {
    // No cache: every request asks the cluster, so every step of a request meets the fault.
    built = await buildElasticsearchTestApp({
      client: { requestTimeout: REQUEST_TIMEOUT },
      cacheMs: 0,
      answerCacheBytes: 0,
    });
  });
  afterEach(() => built.mock.clearIntercepts());
  afterAll(async () => built.close());

  for (const [name, fault] of FAULTS) {
    it(`answers ${name} with a 503 error object, quickly, and recovers when the cluster returns`, async () => {
      built.mock.intercept(() => true, fault);
      for (const url of ROUTES) {
        const started = performance.now();
        expectUnavailable(await built.app.inject({ method: 'GET', url }));
        expect(performance.now() - started, url).toBeLessThan(QUICK_MS);
      }
      built.mock.clearIntercepts();
      for (const url of ROUTES) expect((await built.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    });
  }

  it("answers the cluster's too_many_buckets_exception as the embedded engine's limit: a 400 naming aggregateBy", async () => {
    const nested = {
      type: 'too_many_buckets_exception',
      reason: 'Trying to create too many buckets. Must be less than or equal to: [65536].',
    };
    for (const status of [400, 503]) {
      built.mock.intercept(
        (request) => request.path.endsWith('/_search'),
        errorAnswer(status, 'search_phase_execution_exception', 'all shards failed', {
          caused_by: nested,
          root_cause: [nested],
        }),
      );
      const response = await built.app.inject({ method: 'GET', url: '/taxa/aggregate?aggregateBy=taxonRank' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errorCode: 'BAD_REQUEST',
        details: { '/query/aggregateBy': [expect.stringContaining('more than 65536 buckets')] },
      });
      built.mock.clearIntercepts();
    }
  });

  it('answers a failing search with a 503 while the versions are still cached', async () => {
    // The answer cache off: with it, the answer kept would be sent again until the versions are read again.
    const cached = await buildElasticsearchTestApp({
      client: { requestTimeout: REQUEST_TIMEOUT },
      answerCacheBytes: 0,
    });
    expect((await cached.app.inject({ method: 'GET', url: '/taxa' })).statusCode).toBe(200);
    cached.mock.intercept((r) => r.path.endsWith('/_search'), { fault: 'refused' });
    expectUnavailable(await cached.app.inject({ method: 'GET', url: '/taxa' }));
    cached.mock.clearIntercepts();
    expect((await cached.app.inject({ method: 'GET', url: '/taxa' })).statusCode).toBe(200);
    await cached.close();
  });

  it('retries a refused connection and a 502 before giving up', async () => {
    built.mock.intercept((r) => r.path.endsWith('/_search'), { fault: 'refused' }, SERVING_CLIENT.maxRetries);
    expect((await built.app.inject({ method: 'GET', url: '/taxa/MX.46587' })).statusCode).toBe(200);
    built.mock.intercept(
      (r) => r.path.endsWith('/_search'),
      errorAnswer(502, 'bad_gateway', 'proxy'),
      SERVING_CLIENT.maxRetries,
    );
    expect((await built.app.inject({ method: 'GET', url: '/taxa/MX.46587' })).statusCode).toBe(200);
    built.mock.intercept((r) => r.path.endsWith('/_search'), { fault: 'refused' }, SERVING_CLIENT.maxRetries + 1);
    expectUnavailable(await built.app.inject({ method: 'GET', url: '/taxa/MX.46587' }));
  });

  it('does not serve an answer some shards failed to give', async () => {
    built.mock.intercept((r) => r.path.endsWith('/_search'), {
      body: {
        took: 1,
        timed_out: false,
        _shards: { total: 2, successful: 1, skipped: 0, failed: 1 },
        hits: { total: { value: 1, relation: 'eq' }, hits: [] },
      },
    });
    expectUnavailable(await built.app.inject({ method: 'GET', url: '/taxa' }));
  });

  it('answers an export whose point in time expired as the data reloaded, and closes what it opened', async () => {
    built.mock.intercept(
      (r) => r.path === '/_search',
      errorAnswer(404, 'search_context_missing_exception', 'No search context found for id [1]'),
    );
    const response = await built.app.inject({ method: 'GET', url: '/taxa/export?format=ndjson' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      errorCode: 'SERVICE_UNAVAILABLE',
      message: 'Service unavailable: the data was reloaded during the export; export again',
    });
    await expect.poll(() => built.cluster.pits.size).toBe(0);
    expect(built.mock.requests.some((r) => r.method === 'DELETE' && r.path === '/_pit')).toBe(true);
  });

  it('answers a 400 the cluster gives to a search as a logged 500, without internals', async () => {
    built.mock.intercept(
      (r) => r.path.endsWith('/_search'),
      errorAnswer(400, 'parsing_exception', 'unknown query [x] on taxa-taxa-current'),
    );
    const response = await built.app.inject({ method: 'GET', url: '/taxa' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ errorCode: 'INTERNAL_ERROR', message: 'Internal error' });
  });
});

describe('GET /health/ready on the Elasticsearch engine', () => {
  it('is 503 with the reason while the cluster is away, then 200', async () => {
    const built = await buildElasticsearchTestApp({ client: { requestTimeout: REQUEST_TIMEOUT } });
    expect((await built.app.inject({ method: 'GET', url: '/health/ready' })).json()).toEqual({
      ready: true,
      engine: 'elasticsearch',
    });
    built.mock.intercept(() => true, { fault: 'refused' });
    const away = await built.app.inject({ method: 'GET', url: '/health/ready' });
    expect(away.statusCode).toBe(503);
    expect(away.json()).toMatchObject({
      errorCode: 'SERVICE_UNAVAILABLE',
      message: 'Not ready: the search cluster cannot be reached',
    });
    expect((await built.app.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ live: true });
    built.mock.clearIntercepts();
    expect((await built.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    await built.close();
  });

  it('is 503 while no version is loaded', async () => {
    const mock = createMockConnection(new MemoryCluster().handle);
    const engine = createElasticsearchEngine({
      client: createElasticsearchClient(MOCK_URL, SERVING_CLIENT, mock.Connection),
    });
    const app = await createApp({ engine });
    const response = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe("Not ready: no checklist version is loaded under the index prefix 'taxa'");
    await app.close();
  });
});

describe('a reload under a running Elasticsearch engine', () => {
  afterAll(removeTempDirs);

  it('serves the new data set, and a version it dropped is an unknown version (400), not a 500', async () => {
    const built = await buildElasticsearchTestApp({ answerCacheBytes: 0 });
    expect((await built.app.inject({ method: 'GET', url: '/taxa?checklistVersion=MR.424' })).statusCode).toBe(200);
    const smaller = await fixtureCopy({
      'MR.424.ndjson': null,
      'current.ndjson': '{"id": "MX.1", "nameAccordingTo": "MR.1"}\n',
    });
    const loader = createElasticsearchClient(MOCK_URL, SERVING_CLIENT, built.mock.Connection);
    await loadIntoElasticsearch(smaller, { client: loader });

    // The engine still believes MR.424 loaded (its cache): the missing alias tells it otherwise.
    const dropped = await built.app.inject({ method: 'GET', url: '/taxa?checklistVersion=MR.424' });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json()).toMatchObject({
      errorCode: 'UNKNOWN_CHECKLIST_VERSION',
      message: "Unknown checklistVersion 'MR.424'; loaded versions: current",
      details: { '/query/checklistVersion': ['must be one of: current'] },
    });
    expect((await built.app.inject({ method: 'GET', url: '/taxa' })).json().total).toBe(1);
    await built.close();
  });

  it('sends no answer kept from before a load of the same versions with other taxa', async () => {
    const built = await buildElasticsearchTestApp();
    const before = await built.app.inject({ method: 'GET', url: '/taxa?selectedFields=id' });
    expect(before.json().total).toBeGreaterThan(1);
    expect((await built.app.inject({ method: 'GET', url: '/taxa?selectedFields=id' })).headers['x-cache']).toBe('HIT');
    // The same versions, so the same catalog; other taxa in current.
    const other = await fixtureCopy({ 'current.ndjson': '{"id": "MX.1", "nameAccordingTo": "MR.1"}\n' });
    const loader = createElasticsearchClient(MOCK_URL, SERVING_CLIENT, built.mock.Connection);
    await loadIntoElasticsearch(other, { client: loader });
    built.engine.dropCaches();
    const after = await built.app.inject({ method: 'GET', url: '/taxa?selectedFields=id' });
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.json().total).toBe(1);
    await built.close();
  });

  it('answers a 503 when a loaded version has lost one of its indices', async () => {
    const built = await buildElasticsearchTestApp();
    built.cluster.aliases.delete('taxa-names-current');
    const response = await built.app.inject({ method: 'GET', url: '/autocomplete/taxa?query=kuusi' });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(
      "Service unavailable: the names index of checklist version 'current' is not loaded",
    );
    expect((await built.app.inject({ method: 'GET', url: '/taxa/MX.46587' })).statusCode).toBe(200);
    await built.close();
  });

  it('drops the caches on demand (SIGHUP): the next request reads the cluster again', async () => {
    const built = await buildElasticsearchTestApp();
    await built.app.inject({ method: 'GET', url: '/taxa' });
    built.mock.requests.length = 0;
    const kept = await built.app.inject({ method: 'GET', url: '/taxa' });
    expect(kept.headers['x-cache']).toBe('HIT');
    expect(built.mock.requests.filter((r) => r.path.startsWith('/_alias'))).toHaveLength(0);
    built.engine.dropCaches();
    const again = await built.app.inject({ method: 'GET', url: '/taxa' });
    expect(built.mock.requests.filter((r) => r.path.startsWith('/_alias'))).toHaveLength(1);
    // Nothing changed in the cluster: the answer kept is still the answer.
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toBe(kept.body);
    await built.close();
  });
});
