import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createElasticsearchClient, LOADING_CLIENT } from '../../src/index/elasticsearch/client.ts';
import {
  ElasticsearchLoadError,
  loadIntoElasticsearch,
  type ElasticsearchLoadOptions,
} from '../../loaders/elasticsearch-load.ts';
import { DataLoadError } from '../../loaders/problems.ts';
import { FIXTURE_DIR, fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';
import { MOCK_URL } from '../helpers/elasticsearch-fixture.ts';
import { createMockConnection, errorAnswer, type RecordedRequest } from '../helpers/elasticsearch-mock.ts';
import { MemoryCluster } from '../helpers/memory-cluster.ts';

afterAll(removeTempDirs);

const mappingFile = (kind: string) =>
  JSON.parse(readFileSync(new URL(`../../mappings/${kind}.json`, import.meta.url), 'utf8'));
const STAMP = '\\d{17}';
const INDICES = ['taxa-current', 'names-current', 'changes-current', 'taxa-mr.424', 'names-mr.424', 'changes-mr.424'];

function setup(options: { requestTimeout?: number } = {}) {
  const cluster = new MemoryCluster();
  const mock = createMockConnection(cluster.handle);
  const client = createElasticsearchClient(MOCK_URL, { ...LOADING_CLIENT, ...options }, mock.Connection);
  const load = (extra: Partial<ElasticsearchLoadOptions> = {}, dir = FIXTURE_DIR) =>
    loadIntoElasticsearch(dir, { client, retryDelayMs: 1, ...extra });
  const step = (r: RecordedRequest) => `${r.method} ${r.path.replace(/\d{17}/, '<stamp>')}`;
  return { cluster, mock, client, load, step };
}

const isBulk = (r: RecordedRequest) => r.path.endsWith('/_bulk');
const aliasRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.path === '/_aliases');

describe('loadIntoElasticsearch', () => {
  it('creates, fills, refreshes and counts every index, writes the catalog, then swaps all aliases in one request', async () => {
    const { cluster, mock, load, step } = setup();
    const stats = await load({ shards: 3, replicas: 2, batchSize: 100 });

    const perIndex = (name: string, bulks: number) => [
      `PUT /taxa-${name}-<stamp>`,
      ...Array(bulks).fill(`POST /taxa-${name}-<stamp>/_bulk`),
      `GET /taxa-${name}-<stamp>/_refresh`,
      `GET /taxa-${name}-<stamp>/_count`,
    ];
    expect(mock.requests.map(step)).toEqual([
      'GET /',
      'GET /taxa-*',
      ...perIndex('taxa-current', 1),
      ...perIndex('names-current', 2),
      ...perIndex('changes-current', 1),
      ...perIndex('taxa-mr.424', 1),
      ...perIndex('names-mr.424', 2),
      ...perIndex('changes-mr.424', 1),
      'PUT /taxa-catalog-<stamp>',
      'PUT /taxa-catalog-<stamp>/_doc/catalog',
      'GET /_alias/taxa-taxa-*,taxa-names-*,taxa-changes-*,taxa-catalog',
      'POST /_aliases',
    ]);
    expect(stats).toMatchObject({
      versions: ['current', 'MR.424'],
      documents: { taxa: 74, names: 241, changes: 12 },
      replaced: [],
      leftovers: [],
    });
    expect(stats.seconds).toBeGreaterThanOrEqual(0);
    expect(stats.docsPerSecond).toBeGreaterThan(0);

    // The index bodies: the mapping files with the shard counts overridden, every other setting kept.
    const taxa = mappingFile('taxa');
    // Each index carries the load's marker (`leftovers.ts`).
    const marker = {
      load: { prefix: 'taxa', stamp: expect.stringMatching(/^\d{17}$/), heartbeat: expect.any(String) },
    };
    expect(mock.requests[2]!.body).toEqual({
      settings: { ...taxa.settings, number_of_shards: 3, number_of_replicas: 2 },
      mappings: { ...taxa.mappings, _meta: marker },
    });
    expect(taxa.settings.max_result_window).toBe(1_000_000);
    const catalogCreate = mock.requests.find((r) => /^\/taxa-catalog-\d+$/.test(r.path))!;
    expect(catalogCreate.body).toEqual({
      settings: { number_of_shards: 1, number_of_replicas: 2 },
      mappings: { enabled: false, _meta: marker },
    });

    // Bulk bodies: an index action with _id = the document's id before each document.
    const bulk = mock.requests.find(isBulk)!.body as Record<string, any>[];
    expect(bulk).toHaveLength(2 * 39);
    for (let n = 0; n < bulk.length; n += 2) expect(bulk[n]).toEqual({ index: { _id: bulk[n + 1]!.id } });

    // One swap: an add for every alias, nothing to remove on a fresh cluster.
    const [swap] = aliasRequests(mock.requests);
    expect((swap!.body as { actions: object[] }).actions).toEqual([
      ...INDICES.map((name) => ({ add: { index: stats.indices[INDICES.indexOf(name)], alias: `taxa-${name}` } })),
      { add: { index: expect.stringMatching(new RegExp(`^taxa-catalog-${STAMP}$`)), alias: 'taxa-catalog' } },
    ]);
    expect([...cluster.aliases.keys()].sort()).toEqual(
      ['taxa-catalog', ...INDICES.map((name) => `taxa-${name}`)].sort(),
    );
  });

  it('replaces a served data set: the swap removes the indices the aliases pointed at', async () => {
    const { cluster, mock, load } = setup();
    const first = await load();
    mock.requests.length = 0;
    const second = await load({ prefix: 'taxa' });
    const swaps = aliasRequests(mock.requests);
    expect(swaps).toHaveLength(1);
    const actions = (swaps[0]!.body as { actions: Record<string, { index: string }>[] }).actions;
    expect(
      actions
        .filter((a) => a.remove_index)
        .map((a) => a.remove_index!.index)
        .sort(),
    ).toEqual([...first.indices].sort());
    expect(actions.filter((a) => a.add)).toHaveLength(7);
    expect(second.replaced.sort()).toEqual([...first.indices].sort());
    expect([...cluster.indices.keys()].sort()).toEqual([...second.indices].sort());
  });

  it('sends documents in batches of batchSize', async () => {
    const { mock, load } = setup();
    await load({ batchSize: 10, concurrency: 3 });
    const bulks = mock.requests.filter((r) => isBulk(r) && r.path.startsWith('/taxa-taxa-current-'));
    expect(bulks.map((r) => (r.body as object[]).length / 2)).toEqual([10, 10, 10, 9]);
  });

  it('sends a bulk request refused with 429 again', async () => {
    const { mock, load } = setup();
    mock.intercept(isBulk, errorAnswer(429, 'es_rejected_execution_exception', 'queue full'), 1);
    await load();
    const bulks = mock.requests.filter(isBulk);
    expect(bulks[1]!.body).toEqual(bulks[0]!.body);
    expect(aliasRequests(mock.requests)).toHaveLength(1);
  });

  it('sends again only the documents refused with 429 in a bulk answer', async () => {
    const { cluster, mock, load } = setup();
    mock.intercept(
      isBulk,
      (request) => {
        const lines = request.body as Record<string, any>[];
        const answer = cluster.handle({ ...request, body: lines.slice(2) }) as { body: { items: object[] } };
        const refused = {
          index: {
            _index: 'x',
            _id: lines[0]!.index._id,
            status: 429,
            error: { type: 'es_rejected_execution_exception', reason: 'queue full' },
          },
        };
        return { body: { took: 1, errors: true, items: [refused, ...answer.body.items] } };
      },
      1,
    );
    await load();
    const [first, retry] = mock.requests.filter(isBulk);
    expect(retry!.body).toEqual((first!.body as object[]).slice(0, 2));
    expect(aliasRequests(mock.requests)).toHaveLength(1);
  });

  it('gives up on 429 after the retries, deleting what it created', async () => {
    const { cluster, mock, load } = setup();
    mock.intercept(isBulk, errorAnswer(429, 'es_rejected_execution_exception', 'queue full'));
    await expect(load({ retries: 2 })).rejects.toThrow(
      /still refused 39 document\(s\) with 429 \(too many requests\) after 2 retries/,
    );
    expect(mock.requests.filter(isBulk)).toHaveLength(3);
    expect(aliasRequests(mock.requests)).toHaveLength(0);
    expect(cluster.indices.size).toBe(0);
  });
});

describe('loadIntoElasticsearch when a step fails', () => {
  /**
   * Runs a load that fails over a cluster already serving the fixture; checks that the aliases
   * and indices are as they were and that no swap was asked for (but the one a test refuses).
   */
  async function failingLoad(
    arrange: (context: ReturnType<typeof setup>) => void,
    extra: Partial<ElasticsearchLoadOptions> = {},
    swaps = 0,
  ) {
    const context = setup();
    const served = await context.load();
    const aliases = new Map(context.cluster.aliases);
    context.mock.requests.length = 0;
    arrange(context);
    const error = await context.load(extra).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ElasticsearchLoadError);
    expect(aliasRequests(context.mock.requests)).toHaveLength(swaps);
    expect(context.cluster.aliases).toEqual(aliases);
    expect([...context.cluster.indices.keys()].sort()).toEqual([...served.indices].sort());
    return { message: (error as Error).message, requests: context.mock.requests };
  }

  it('stops on a bulk item error, naming the document and the reason', async () => {
    const { message, requests } = await failingLoad(({ mock }) => {
      mock.intercept(
        isBulk,
        (request) => {
          const id = (request.body as Record<string, any>[])[4]!.index._id;
          return {
            body: {
              took: 1,
              errors: true,
              items: [
                {
                  index: {
                    _index: 'x',
                    _id: id,
                    status: 400,
                    error: {
                      type: 'document_parsing_exception',
                      reason: '[1:20] failed to parse field [depth] of type [integer]',
                    },
                  },
                },
              ],
            },
          };
        },
        1,
      );
    });
    expect(message).toMatch(
      /^loader: taxa-taxa-current-\d+: document 'MX\.\d+' was refused: document_parsing_exception: \[1:20\] failed to parse field \[depth\]/,
    );
    expect(message).toMatch(/The aliases were not changed; the 1 new index\(es\) were deleted\.$/);
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      expect.stringMatching(/^\/taxa-taxa-current-\d+$/),
    ]);
  });

  it('stops when an index does not count what was sent', async () => {
    const { message } = await failingLoad(({ mock }) => {
      mock.intercept((r) => r.path.startsWith('/taxa-names-current-') && r.path.endsWith('/_count'), {
        body: { count: 240 },
      });
    });
    expect(message).toMatch(/^loader: taxa-names-current-\d+ holds 240 documents after the load, but 124 were sent/);
    expect(message).toMatch(/the 2 new index\(es\) were deleted/);
  });

  it('stops when an index cannot be created', async () => {
    const { message } = await failingLoad(({ mock }) => {
      mock.intercept(
        (r) => r.method === 'PUT' && r.path.startsWith('/taxa-taxa-mr.424-'),
        errorAnswer(
          400,
          'validation_exception',
          'this action would add [2] shards, but this cluster currently has [1000]/[1000] maximum normal shards open',
        ),
      );
    });
    expect(message).toMatch(
      /^loader: creating index taxa-taxa-mr\.424-\d+ failed: status 400, validation_exception: this action would add \[2\] shards/,
    );
    expect(message).toMatch(/the 4 new index\(es\) were deleted/);
  });

  it('stops when the swap is refused, leaving the aliases as they were', async () => {
    const { message } = await failingLoad(
      ({ mock }) => {
        mock.intercept((r) => r.path === '/_aliases', errorAnswer(500, 'null_pointer_exception', 'boom'));
      },
      {},
      1,
    );
    expect(message).toMatch(
      /^loader: swapping the aliases failed: status 500, null_pointer_exception: boom\nThe aliases were not changed; the 7 new index\(es\) were deleted\./,
    );
  });

  it('stops when interrupted, before the swap', async () => {
    const interrupt = new AbortController();
    const { message } = await failingLoad(
      ({ mock, cluster }) => {
        mock.intercept(
          isBulk,
          (request) => {
            interrupt.abort('SIGINT');
            return cluster.handle(request);
          },
          1,
        );
      },
      { signal: interrupt.signal },
    );
    expect(message).toMatch(/^loader: interrupted \(SIGINT\) while indexing into taxa-taxa-current-\d+/);
  });

  it('reports a cluster it cannot reach without creating anything', async () => {
    const { message, requests } = await failingLoad(({ mock }) => mock.intercept(() => true, { fault: 'refused' }));
    expect(message).toMatch(
      /^loader: reaching the cluster failed: the search cluster cannot be reached \(connect ECONNREFUSED es\.test:9200\)\nNothing was changed in the cluster\.$/,
    );
    expect(requests.every((r) => r.path === '/')).toBe(true);
  });
});

describe('loadIntoElasticsearch edge cases', () => {
  it('counts a swap whose answer timed out but which took effect as done', async () => {
    const { cluster, mock, load } = setup({ requestTimeout: 100 });
    mock.intercept(
      (r) => r.path === '/_aliases',
      (request) => {
        cluster.handle(request);
        return { fault: 'timeout' };
      },
      1,
    );
    const stats = await load();
    expect(cluster.aliases.get('taxa-catalog')).toEqual(new Set([stats.indices[6]]));
    expect(mock.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('refuses a bad directory before any request, listing every problem', async () => {
    const { mock, load } = setup();
    const dir = await fixtureCopy({ 'current.ndjson': '{"id": "MX.1"}\n{"id": "MX.2", "isPartOf": "MX.3"}\n' });
    await expect(load({}, dir)).rejects.toBeInstanceOf(DataLoadError);
    expect(mock.requests).toHaveLength(0);
  });

  it('refuses bad options before any I/O, naming them', async () => {
    const { mock, load } = setup();
    await expect(load({ shards: 0 })).rejects.toThrow('loader: shards must be an integer from 1 to 1024, got 0');
    await expect(load({ batchSize: 2.5 })).rejects.toThrow(
      'loader: batchSize must be an integer from 1 to 100000, got 2.5',
    );
    await expect(load({ prefix: 'Taxa' })).rejects.toThrow(/^loader: prefix: 'Taxa' is not a valid index prefix/);
    expect(mock.requests).toHaveLength(0);
  });

  it('refuses versions that cannot name indices', async () => {
    const { mock, load } = setup();
    const versions = JSON.stringify([{ id: 'current' }, { id: 'MR.424' }, { id: 'Mr.424' }]);
    const dir = await fixtureCopy({
      'checklist-versions.json': versions,
      'Mr.424.ndjson': readFileSync(`${FIXTURE_DIR}/MR.424.ndjson`, 'utf8'),
    });
    await expect(load({}, dir)).rejects.toThrow(
      "loader: checklist versions 'MR.424' and 'Mr.424' differ only in case; index names are lower case",
    );
    expect(mock.requests).toHaveLength(0);
  });
});
