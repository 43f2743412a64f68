/**
 * Where the real-cluster suites and the benchmark get an Elasticsearch from, and what the suites
 * do without one: the decision, the bounded runtime probe, the REQUIRE_ELASTICSEARCH guard and
 * the clean-up of a prefix. Runs with no cluster and no container runtime.
 */
import { describe, expect, it } from 'vitest';
import { createElasticsearchClient, LOADING_CLIENT } from '../../../src/index/elasticsearch/client.ts';
import { loadIntoElasticsearch } from '../../../loaders/elasticsearch-load.ts';
import { FIXTURE_DIR } from '../../helpers/data-dir.ts';
import {
  containerRuntimeProblem,
  deletePrefixIndices,
  ELASTICSEARCH_IMAGE,
  findElasticsearch,
  suitePlan,
  type ElasticsearchSource,
} from '../../helpers/elasticsearch-availability.ts';
import { fixtureCluster, MOCK_URL } from '../../helpers/elasticsearch-fixture.ts';

const NO_RUNTIME = 'Could not find a working container runtime strategy';

describe('findElasticsearch', () => {
  it('without ELASTICSEARCH_URL and without a container runtime, answers why', async () => {
    const found = await findElasticsearch({ env: {}, runtimeProblem: async () => NO_RUNTIME });
    expect(found).toEqual({
      skipped: `no ELASTICSEARCH_URL ('npm run elasticsearch' starts a local node) and no container runtime (${NO_RUNTIME})`,
    });
  });

  it('takes ELASTICSEARCH_URL as given, without asking for a runtime, and keeps its credentials out of `via`', async () => {
    const url = 'http://elastic:secret@es.test:9200';
    const found = await findElasticsearch({
      env: { ELASTICSEARCH_URL: url },
      runtimeProblem: () => Promise.reject(new Error('the runtime must not be asked')),
    });
    const source = found as ElasticsearchSource;
    expect(source.via).toBe('ELASTICSEARCH_URL (http://es.test:9200)');
    const cluster = await source.start();
    expect(cluster.url).toBe(url);
    await cluster.stop();
  });

  it('refuses an ELASTICSEARCH_URL that is not an http(s) URL, without echoing it', async () => {
    for (const url of ['elastic:secret@es', 'es.test:9200', 'not a url']) {
      await expect(findElasticsearch({ env: { ELASTICSEARCH_URL: url } }), url).rejects.toThrow(
        'ELASTICSEARCH_URL is not an http(s) URL: give http(s)://[user:password@]host:port',
      );
    }
  });

  it('with a runtime that answers, offers a container of the official Elasticsearch 9 image (not started yet)', async () => {
    const found = await findElasticsearch({ env: { ELASTICSEARCH_URL: '' }, runtimeProblem: async () => undefined });
    expect((found as ElasticsearchSource).via).toBe(`a container of ${ELASTICSEARCH_IMAGE} (testcontainers)`);
    expect(ELASTICSEARCH_IMAGE).toMatch(/^docker\.elastic\.co\/elasticsearch\/elasticsearch:9\./);
  });
});

describe('containerRuntimeProblem', () => {
  it('counts a runtime that never answers as absent once the bound has passed', async () => {
    const started = performance.now();
    const problem = await containerRuntimeProblem(50, () => new Promise(() => {}));
    expect(problem).toBe('the container runtime did not answer within 0.05 s');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("passes on the detection's own reason", async () => {
    expect(await containerRuntimeProblem(1_000, () => Promise.reject(new Error(NO_RUNTIME)))).toBe(NO_RUNTIME);
    expect(await containerRuntimeProblem(1_000, async () => ({}))).toBeUndefined();
  });

  it("asks testcontainers' detection and settles within its bound, whatever this machine has", async () => {
    const started = performance.now();
    const problem = await containerRuntimeProblem(2_000);
    // Loading testcontainers is not bounded (it cannot hang); asking the runtime is.
    expect(performance.now() - started).toBeLessThan(8_000);
    if (problem !== undefined) expect(problem).not.toBe('');
  });
});

describe('suitePlan: the guard of the Elasticsearch suites', () => {
  const absent = {
    skipped: `no ELASTICSEARCH_URL ('npm run elasticsearch' starts a local node) and no container runtime (${NO_RUNTIME})`,
  };

  it('skips with the reason when no cluster is available', () => {
    expect(suitePlan(absent, {})).toEqual({ skip: absent.skipped });
    expect(suitePlan(absent, { REQUIRE_ELASTICSEARCH: '0' })).toEqual({ skip: absent.skipped });
  });

  it('fails, saying why and what to do, under REQUIRE_ELASTICSEARCH=1', () => {
    expect(suitePlan(absent, { REQUIRE_ELASTICSEARCH: '1' })).toEqual({
      fail:
        `REQUIRE_ELASTICSEARCH=1 but no Elasticsearch is available: ${absent.skipped}. ` +
        'Set ELASTICSEARCH_URL to a cluster, or make a container runtime (Docker) available to testcontainers.',
    });
    expect(suitePlan(absent, { REQUIRE_ELASTICSEARCH: 'true' })).toHaveProperty('fail');
  });

  it('runs on the cluster when there is one, required or not', () => {
    const source: ElasticsearchSource = {
      via: 'ELASTICSEARCH_URL (http://es.test:9200)',
      start: () => Promise.reject(new Error('not started here')),
    };
    expect(suitePlan(source, { REQUIRE_ELASTICSEARCH: '1' })).toEqual({ run: source });
    expect(suitePlan(source, {})).toEqual({ run: source });
  });
});

describe('deletePrefixIndices', () => {
  it("deletes, by name, every index the prefix's aliases point at, and nothing of another prefix", async () => {
    const { cluster, mock } = await fixtureCluster('test-a');
    const client = createElasticsearchClient(MOCK_URL, LOADING_CLIENT, mock.Connection);
    await loadIntoElasticsearch(FIXTURE_DIR, { client, prefix: 'other' });
    const before = [...cluster.indices.keys()];
    mock.requests.length = 0;

    await deletePrefixIndices(client, 'test-a');

    const deleted = before.filter((index) => !cluster.indices.has(index));
    expect(deleted.length).toBeGreaterThanOrEqual(3);
    expect(deleted.every((index) => index.startsWith('test-a-'))).toBe(true);
    expect([...cluster.indices.keys()].every((index) => index.startsWith('other-'))).toBe(true);
    const deletes = mock.requests.filter((request) => request.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.path).not.toContain('*');
    await deletePrefixIndices(client, 'test-a');
    expect(mock.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    await client.close();
  });
});
