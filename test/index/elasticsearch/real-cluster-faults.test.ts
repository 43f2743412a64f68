/**
 * The Elasticsearch engine against a real Elasticsearch 9 (docs/versions-and-loading.md, "Into
 * Elasticsearch"): exports walk a point in time and leave none open; a cluster that stops, or
 * answers too slowly, makes the service answer 503 in time and come back by itself when the
 * cluster does. Skipped with the reason where no cluster is available (`cluster-suite.ts`).
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errors, type Client } from '@elastic/elasticsearch';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeSyntheticDataDirectory } from '../../../generate/index.ts';
import { createApp } from '../../../src/http/app.ts';
import { createElasticsearchClient, LOADING_CLIENT, SERVING_CLIENT } from '../../../src/index/elasticsearch/client.ts';
import { createElasticsearchEngine, type ElasticsearchEngine } from '../../../src/index/elasticsearch-engine.ts';
import { loadIntoElasticsearch } from '../../../loaders/elasticsearch-load.ts';
import { buildTestApp, type TestApp } from '../../helpers/app.ts';
import { FIXTURE_DIR } from '../../helpers/data-dir.ts';
import { deleteIndices, describeOnCluster, eventually, openContexts } from '../../helpers/cluster-suite.ts';
import { findElasticsearch, suitePlan, type RunningElasticsearch } from '../../helpers/elasticsearch-availability.ts';
import { startServe, type ServeProcess } from '../../helpers/serve-process.ts';
import { startTcpProxy, type TcpProxy } from '../../helpers/tcp-proxy.ts';

/** More taxa than one export chunk (1,000) and than the lowered result window. */
const TAXA = 2_500;
const VERSIONS = ['current', 'MR.424'];
/** The result window the test's indices get: a chunk fits, a second page by `from` would not. */
const RESULT_WINDOW = 1_000;
const SETUP_MS = 120_000;

const plan = suitePlan(await findElasticsearch());

interface Loaded {
  cluster: RunningElasticsearch;
  admin: Client;
  prefix: string;
  dir: string;
}

/** A generated directory loaded under a fresh prefix; `release` deletes both. */
async function loadGenerated(cluster: RunningElasticsearch): Promise<Loaded> {
  const dir = await mkdtemp(join(tmpdir(), 'taxa-faults-'));
  await writeSyntheticDataDirectory(dir, { taxa: TAXA, seed: 5, versions: VERSIONS });
  const prefix = `faults-${randomUUID().slice(0, 8)}`;
  const admin = createElasticsearchClient(cluster.url, LOADING_CLIENT);
  await loadIntoElasticsearch(dir, { client: admin, prefix });
  await admin.indices.putSettings({ index: `${prefix}-*`, settings: { 'index.max_result_window': RESULT_WINDOW } });
  return { cluster, admin, prefix, dir };
}

async function release(loaded: Loaded | undefined): Promise<void> {
  if (!loaded) return;
  try {
    await deleteIndices(loaded.admin, `${loaded.prefix}-*`);
    if (loaded.dir !== '') await rm(loaded.dir, { recursive: true, force: true });
  } finally {
    await loaded.admin.close();
    await loaded.cluster.stop();
  }
}

/** The 503 error object of the cluster away, with no internals. */
function expectUnavailable(status: number, body: unknown, reason: RegExp) {
  expect(status).toBe(503);
  expect(body).toEqual({ errorCode: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(reason), localized: true });
  expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|faults-|exception|ECONNREFUSED|timed out/);
}

describeOnCluster('exports on a real cluster: a point in time, no page past the result window', plan, (source) => {
  let loaded: Loaded | undefined;
  let embedded: TestApp;
  let app: FastifyInstance;
  let client: Client;
  /** the bodies of the searches the engine sent, in order */
  const sent: Record<string, unknown>[] = [];
  /** what the next search of a point in time does first (a test holds or fails it) */
  let beforePitSearch: (n: number) => Promise<void> = async () => {};
  let pitSearches = 0;
  let root = '';

  beforeAll(async () => {
    loaded = await loadGenerated(await source.start());
    embedded = await buildTestApp({ dataDir: loaded.dir });
    client = createElasticsearchClient(loaded.cluster.url, SERVING_CLIENT);
    const search = client.search.bind(client);
    client.search = (async (params: Record<string, unknown>, options?: object) => {
      sent.push(params);
      if (params.pit !== undefined) await beforePitSearch(++pitSearches);
      return search(params, options);
    }) as typeof client.search;
    const engine = createElasticsearchEngine({ client }, { prefix: loaded.prefix });
    app = await createApp({ engine, accessTokens: [], checkAnswers: true });
    await app.ready();
    root = JSON.parse((await embedded.app.inject({ method: 'GET', url: '/taxa?pageSize=1' })).body).results[0].id;
  }, SETUP_MS);
  afterAll(async () => {
    await app?.close();
    await client?.close();
    await embedded?.app.close();
    await release(loaded);
  });

  const contexts = () => openContexts(loaded!.admin, `${loaded!.prefix}-*`);

  const EXPORTS = () => [
    { method: 'GET' as const, url: '/taxa/export?includeHidden=true' },
    { method: 'GET' as const, url: '/taxa/export?format=ndjson&includeHidden=true' },
    { method: 'POST' as const, url: '/taxa/export?format=json', payload: { finnish: true } },
    { method: 'GET' as const, url: '/taxa/species/export?format=ndjson&includeHidden=true' },
    { method: 'POST' as const, url: '/taxa/species/export', payload: {} },
    { method: 'GET' as const, url: `/taxa/${root}/species/export?format=json&includeHidden=true` },
    { method: 'POST' as const, url: `/taxa/${root}/species/export?format=ndjson`, payload: {} },
    { method: 'GET' as const, url: '/taxa/changes/export?from=MR.424&format=ndjson' },
    { method: 'POST' as const, url: '/taxa/changes/export?from=MR.424', payload: {} },
  ];

  it('answers every export route with the bytes the embedded engine writes, leaving no point in time open', async () => {
    let largest = 0;
    for (const request of EXPORTS()) {
      sent.length = 0;
      const expected = await embedded.app.inject(request);
      const answered = await app.inject(request);
      expect(answered.statusCode, request.url).toBe(200);
      expect(answered.headers['content-type'], request.url).toBe(expected.headers['content-type']);
      expect(answered.body === expected.body, `${request.method} ${request.url}: the same bytes`).toBe(true);
      const walked = sent.filter((body) => body.pit !== undefined);
      expect(walked.length, request.url).toBeGreaterThan(0);
      for (const body of sent) expect(body.from ?? 0, request.url).toBe(0);
      largest = Math.max(largest, walked.length);
      expect(await contexts(), `${request.url}: points in time open after it`).toBe(0);
    }
    // The largest export took several chunks, each after the last one's sort values.
    expect(largest).toBeGreaterThanOrEqual(3);
    expect(sent.length).toBeGreaterThan(0);
  });

  it('pages by search_after only: the same export by from and size is refused past the result window', async () => {
    sent.length = 0;
    await app.inject({ method: 'GET', url: '/taxa/export?format=ndjson&includeHidden=true' });
    const afters = sent.filter((body) => body.search_after !== undefined);
    expect(afters.length).toBeGreaterThanOrEqual(2);
    // The index really refuses a page by `from` past the window, so the walk did not use one.
    const paging = client.search({ index: `${loaded!.prefix}-taxa-current`, from: RESULT_WINDOW, size: 10 });
    await expect(paging).rejects.toThrow(/result window is too large/i);
  });

  it('closes the point in time when the client goes away mid-export', async () => {
    let let_go: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      let_go = resolve;
    });
    pitSearches = 0;
    beforePitSearch = async (n) => {
      if (n >= 2) await held;
    };
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      sent.length = 0;
      let received = 0;
      const request = httpRequest(`${address}/taxa/export?format=json&includeHidden=true`, (response) => {
        response.on('data', (data: Buffer) => {
          received += data.length;
        });
      });
      request.on('error', () => undefined);
      request.end();
      // The first chunk is written and the walk waits on its second search, its point in time open.
      const searches = async () => pitSearches;
      const read = async () => received;
      expect(await eventually(searches, (n) => n >= 2)).toBeGreaterThanOrEqual(2);
      expect(await eventually(read, (n) => n > 0)).toBeGreaterThan(0);
      expect(await contexts(), 'the walk holds its point in time while the client reads').toBe(1);
      request.destroy();
      let_go();
      expect(await eventually(contexts, (n) => n === 0)).toBe(0);
    } finally {
      let_go();
      beforePitSearch = async () => {};
    }
  });

  it('closes the point in time when a search of the walk fails, and the answer is cut short', async () => {
    pitSearches = 0;
    beforePitSearch = async (n) => {
      if (n >= 2) throw new errors.ConnectionError('connection reset');
    };
    try {
      const answer = app.inject({ method: 'GET', url: '/taxa/export?format=ndjson&includeHidden=true' });
      await expect(answer).rejects.toThrow(/destroyed before completion/);
      expect(pitSearches).toBe(2);
      expect(await eventually(contexts, (n) => n === 0)).toBe(0);
    } finally {
      beforePitSearch = async () => {};
    }
  });
});

/** The fixture loaded under a fresh prefix, with a proxy in front of the cluster. */
async function proxiedFixture(cluster: RunningElasticsearch): Promise<Loaded & { proxy: TcpProxy }> {
  const prefix = `faults-${randomUUID().slice(0, 8)}`;
  const admin = createElasticsearchClient(cluster.url, LOADING_CLIENT);
  await loadIntoElasticsearch(FIXTURE_DIR, { client: admin, prefix });
  return { cluster, admin, prefix, dir: '', proxy: await startTcpProxy(cluster.url) };
}

/** A GET through the network, timed. */
async function timedGet(base: string, path: string) {
  const started = performance.now();
  const response = await fetch(new URL(path, base));
  const text = await response.text();
  const body: unknown = response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text;
  return { status: response.status, body, ms: Math.round(performance.now() - started) };
}

/**
 * Routes that search the cluster on every request, three ways each (the `n`-th asks nothing
 * asked before: name searches answered before are answered again from the response cache, and
 * the catalog routes from the state cache, for a few seconds).
 */
const OUTAGE_ROUTES = [
  ['/taxa?pageSize=2', '/taxa?pageSize=3', '/taxa?pageSize=4'],
  ['/taxa/MX.46587', '/taxa/MX.46587?includeMedia=true', '/taxa/MX.46587?selectedFields=id'],
  ['/taxa/search?query=susi', '/taxa/search?query=karhu', '/taxa/search?query=kuusi'],
  [
    '/taxa/aggregate?aggregateBy=taxonRank',
    '/taxa/aggregate?aggregateBy=finnish',
    '/taxa/aggregate?aggregateBy=invasiveSpecies',
  ],
  ['/taxa/export?format=ndjson', '/taxa/export?format=csv', '/taxa/export?format=json'],
];

const freshly = (n: number) => OUTAGE_ROUTES.map((ways) => ways[n]!);

describeOnCluster('the cluster stopped while the service runs (taxa serve through a proxy)', plan, (source) => {
  let loaded: (Loaded & { proxy: TcpProxy }) | undefined;
  let serve: ServeProcess;

  beforeAll(async () => {
    loaded = await proxiedFixture(await source.start());
    serve = await startServe({
      TAXA_ENGINE: 'elasticsearch',
      ELASTICSEARCH_URL: loaded.proxy.url,
      ELASTICSEARCH_INDEX_PREFIX: loaded.prefix,
    });
  }, SETUP_MS);
  afterAll(async () => {
    serve?.child.kill('SIGTERM');
    await serve?.exited;
    await loaded?.proxy.stop();
    await release(loaded);
  });

  it('answers 503 with the error object at once, says not ready, stays up, and recovers without a restart', async () => {
    for (const path of freshly(0)) expect((await timedGet(serve.url, path)).status, path).toBe(200);
    await loaded!.proxy.refuse();

    const times: number[] = [];
    for (const path of freshly(1)) {
      const answer = await timedGet(serve.url, path);
      expectUnavailable(answer.status, answer.body, /^Service unavailable: the search cluster cannot be reached/);
      times.push(answer.ms);
    }
    // Refused connections are retried twice, 0.1–0.2 s apart: far below the 5 s request timeout.
    expect(Math.max(...times)).toBeLessThan(SERVING_CLIENT.requestTimeout);
    const ready = await timedGet(serve.url, '/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ message: 'Not ready: the search cluster cannot be reached' });
    expect((await timedGet(serve.url, '/health/live')).status).toBe(200);
    expect(serve.child.exitCode).toBeNull();

    await loaded!.proxy.accept();
    const back = performance.now();
    const recovered = await eventually(
      () => timedGet(serve.url, '/taxa?pageSize=5'),
      (answer) => answer.status === 200,
      10_000,
    );
    expect(recovered.status).toBe(200);
    console.info(
      `cluster stopped: 503 in ${Math.min(...times)}–${Math.max(...times)} ms; ` +
        `served again ${Math.round(performance.now() - back)} ms after the cluster came back`,
    );
    for (const path of [...freshly(2), '/health/ready'])
      expect((await timedGet(serve.url, path)).status, path).toBe(200);
    expect(serve.child.exitCode).toBeNull();
  });
});

/** The engine's request timeout in the slow-cluster test, and how much later the proxy answers. */
const SHORT_TIMEOUT_MS = 500;
const DELAY_MS = 3_000;
/**
 * What a request may take past the timeout: the HTTP client's timers tick every half second
 * (undici), so a 500 ms timeout fires between 0.5 and 1 s.
 */
const TIMER_SLACK_MS = 600;

describeOnCluster('a cluster slower than the request timeout', plan, (source) => {
  let loaded: (Loaded & { proxy: TcpProxy }) | undefined;
  let app: FastifyInstance;
  let client: Client;
  let engine: ElasticsearchEngine;

  beforeAll(async () => {
    loaded = await proxiedFixture(await source.start());
    client = createElasticsearchClient(loaded.proxy.url, { ...SERVING_CLIENT, requestTimeout: SHORT_TIMEOUT_MS });
    engine = createElasticsearchEngine({ client }, { prefix: loaded.prefix });
    app = await createApp({ engine, accessTokens: [], checkAnswers: true });
    await app.ready();
  }, SETUP_MS);
  afterAll(async () => {
    await app?.close();
    await client?.close();
    await loaded?.proxy.stop();
    await release(loaded);
  });

  it('answers 503 with the error object within the timeout, not hanging, and serves again when it speeds up', async () => {
    for (const url of [...freshly(0), '/health/ready'])
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    loaded!.proxy.delayMs = DELAY_MS;
    const times: number[] = [];
    for (const path of [...freshly(1), '/checklist-versions']) {
      // The state cache as it is when it has run out: every request meets the slow cluster at its first step.
      engine.dropCaches();
      const started = performance.now();
      const answer = await app.inject({ method: 'GET', url: path });
      times.push(Math.round(performance.now() - started));
      expectUnavailable(
        answer.statusCode,
        answer.json(),
        /^Service unavailable: the search cluster did not answer in time/,
      );
    }
    // A timeout is not retried, and the steps of a request meet one failure: one request timeout
    // and a little, well before the slow answer would come.
    expect(Math.min(...times)).toBeGreaterThanOrEqual(SHORT_TIMEOUT_MS - 50);
    expect(Math.max(...times)).toBeLessThan(SHORT_TIMEOUT_MS + TIMER_SLACK_MS);
    const ready = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toBe('Not ready: the search cluster did not answer in time');
    console.info(
      `slow cluster: 503 in ${Math.min(...times)}–${Math.max(...times)} ms (timeout ${SHORT_TIMEOUT_MS} ms)`,
    );

    loaded!.proxy.delayMs = 0;
    engine.dropCaches();
    for (const url of [...freshly(2), '/health/ready'])
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  });
});
