/**
 * Suites that need a real Elasticsearch 9 (docs/architecture.md, "Tests"): run on the cluster
 * `findElasticsearch` finds, otherwise skipped with the reason, or failed with it under
 * `REQUIRE_ELASTICSEARCH=1` (`suitePlan`). Also what such a suite asks the cluster about itself.
 */
import { randomUUID } from 'node:crypto';
import type { Client } from '@elastic/elasticsearch';
import { describe, it } from 'vitest';
import { createElasticsearchClient, LOADING_CLIENT } from '../../src/index/elasticsearch/client.ts';
import { createElasticsearchEngine, type ElasticsearchEngine } from '../../src/index/elasticsearch-engine.ts';
import { deletePrefixIndices, type ElasticsearchSource, type SuitePlan } from './elasticsearch-availability.ts';

/**
 * A suite defined by `define` on the plan's cluster; otherwise skipped with the reason (also
 * printed: the default reporter lists no test names of a file that did not fail), or failed
 * with it.
 */
export function describeOnCluster(name: string, plan: SuitePlan, define: (source: ElasticsearchSource) => void): void {
  if ('run' in plan) describe(name, () => define(plan.run));
  else if ('skip' in plan) {
    console.warn(`${name} skipped: ${plan.skip}`);
    describe.skip(`${name} (${plan.skip})`, () => {
      it('runs on a real Elasticsearch', () => undefined);
    });
  } else {
    describe(name, () => {
      it('has an Elasticsearch to run against (REQUIRE_ELASTICSEARCH)', () => {
        throw new Error(plan.fail);
      });
    });
  }
}

/** The indices matching `pattern` (a prefix's: `<prefix>-*`), sorted; none is none. */
export async function indicesOf(client: Client, pattern: string): Promise<string[]> {
  const rows = await client.cat.indices({ index: pattern, h: 'index', format: 'json', expand_wildcards: 'all' });
  return rows.map((row) => row.index!).sort();
}

/** Deletes every index matching `pattern`, named one by one (the cluster refuses wildcards). */
export async function deleteIndices(client: Client, pattern: string): Promise<void> {
  const names = await indicesOf(client, pattern);
  if (names.length > 0) await client.indices.delete({ index: names, ignore_unavailable: true });
}

/** The search contexts (scrolls, points in time) open on the indices matching `pattern`. */
export async function openContexts(client: Client, pattern: string): Promise<number> {
  const stats = await client.indices.stats({ index: pattern, metric: 'search' });
  return stats._all.total?.search?.open_contexts ?? 0;
}

/** Polls `read` until `done` accepts its value or `timeoutMs` passes; answers the last value. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A cluster to load into and serve from under a prefix of its own (`clusterUnderPrefix`). */
export interface PrefixedCluster {
  /** a client with the loader's settings */
  admin: Client;
  /** the Elasticsearch engine on the cluster, under `prefix` */
  engine: ElasticsearchEngine;
  prefix: string;
  /** closes the engine, deletes the prefix's indices and stops what `start` started */
  release(): Promise<void>;
}

/**
 * Starts the source's cluster and picks a fresh prefix `<stem>-xxxxxxxx`, so suites share a
 * cluster without seeing each other's indices.
 */
export async function clusterUnderPrefix(source: ElasticsearchSource, stem: string): Promise<PrefixedCluster> {
  const cluster = await source.start();
  const prefix = `${stem}-${randomUUID().slice(0, 8)}`;
  const admin = createElasticsearchClient(cluster.url, LOADING_CLIENT);
  const engine = createElasticsearchEngine({ node: cluster.url }, { prefix });
  const release = async () => {
    try {
      await engine.close();
      await deletePrefixIndices(admin, prefix);
    } finally {
      await admin.close();
      await cluster.stop();
    }
  };
  return { admin, engine, prefix, release };
}
