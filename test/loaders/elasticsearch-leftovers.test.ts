import { describe, expect, it } from 'vitest';
import { createElasticsearchClient, LOADING_CLIENT } from '../../src/index/elasticsearch/client.ts';
import { findLeftovers, loadMarker, STALE_AFTER_MS } from '../../loaders/elasticsearch/leftovers.ts';
import { MOCK_URL } from '../helpers/elasticsearch-fixture.ts';
import { createMockConnection } from '../helpers/elasticsearch-mock.ts';
import { MemoryCluster } from '../helpers/memory-cluster.ts';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms);

describe('findLeftovers', () => {
  it("names the prefix's marked, unaliased indices whose load has stopped beating, and nothing else", async () => {
    const cluster = new MemoryCluster();
    const client = createElasticsearchClient(MOCK_URL, LOADING_CLIENT, createMockConnection(cluster.handle).Connection);
    const create = (index: string, _meta?: object) =>
      client.indices.create({ index, mappings: { dynamic: false, ...(_meta ? { _meta } : {}) } });
    await create('taxa-taxa-current-1', loadMarker('taxa', '1', ago(10 * 60_000)));
    await create('taxa-names-current-1', loadMarker('taxa', '1', ago(10 * 60_000)));
    // a live load: it beat a few seconds ago
    await create('taxa-taxa-current-2', loadMarker('taxa', '2', ago(5_000)));
    // served: an alias points at it, however old its marker
    await create('taxa-taxa-current-0', loadMarker('taxa', '0', ago(24 * 3_600_000)));
    await client.indices.updateAliases({
      actions: [{ add: { index: 'taxa-taxa-current-0', alias: 'taxa-taxa-current' } }],
    });
    // another prefix whose names start alike, and an index made by hand
    await create('taxa-taxa-x-taxa-current-1', loadMarker('taxa-taxa-x', '1', ago(10 * 60_000)));
    await create('taxa-notes');

    expect(await findLeftovers(client, 'taxa', STALE_AFTER_MS, NOW)).toEqual([
      'taxa-names-current-1',
      'taxa-taxa-current-1',
    ]);
    expect(await findLeftovers(client, 'taxa', 1_000, NOW)).toEqual([
      'taxa-names-current-1',
      'taxa-taxa-current-1',
      'taxa-taxa-current-2',
    ]);
    expect(await findLeftovers(client, 'other', 0, NOW)).toEqual([]);
  });
});
