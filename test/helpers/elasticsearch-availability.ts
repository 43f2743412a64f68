/**
 * Where the suites and the benchmark that need a real Elasticsearch 9 get one (docs/architecture.md, "Tests"): the
 * cluster at `ELASTICSEARCH_URL` when it is set, otherwise a container started through
 * testcontainers when a container runtime answers, otherwise none, with the reason. The decision
 * is cheap and bounded (a runtime that does not answer counts as absent after a few seconds);
 * starting the container is a separate, slow step. Also the test-side verdict on an absence
 * (skip, or fail under `REQUIRE_ELASTICSEARCH=1`) and the removal of a prefix's indices.
 *
 * @example
 *   const found = await findElasticsearch();
 *   if ('skipped' in found) console.log(`skipped: ${found.skipped}`);
 *   else { const cluster = await found.start(); …; await cluster.stop(); }
 */
import type { Client } from '@elastic/elasticsearch';
import { aliasBindings } from '../../src/index/elasticsearch/aliases.ts';
import { ownedAliases } from '../../loaders/elasticsearch/swap.ts';

/** The official image the container runs; the version the engine and the loader target. */
export const ELASTICSEARCH_IMAGE = 'docker.elastic.co/elasticsearch/elasticsearch:9.5.3';

/** How long a container runtime may take to answer before it counts as absent. */
export const RUNTIME_PROBE_MS = 3_000;

/**
 * How long the suite may take to get a cluster and load the fixture: pulling the image (about
 * 700 MB) on a cold CI machine, plus the container's own 120 s startup limit, plus the load.
 */
export const CLUSTER_SETUP_MS = 600_000;

/** A cluster to use; `stop` stops what `start` started (nothing for `ELASTICSEARCH_URL`). */
export interface RunningElasticsearch {
  /** the address for the client, with credentials when the cluster needs them */
  url: string;
  stop(): Promise<void>;
}

/** Where a cluster comes from, before it is started. */
export interface ElasticsearchSource {
  /** the cluster in a few words, without credentials (for the benchmark's output) */
  via: string;
  start(): Promise<RunningElasticsearch>;
}

export type ElasticsearchAvailability = ElasticsearchSource | { skipped: string };

export interface FindOptions {
  /** the environment to read `ELASTICSEARCH_URL` from (default `process.env`) */
  env?: NodeJS.ProcessEnv;
  /** why no container runtime can be used, or undefined when one answers (default `containerRuntimeProblem`) */
  runtimeProblem?: () => Promise<string | undefined>;
}

function withinMs<T>(work: Promise<T>, ms: number, onTimeout: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Asks testcontainers' own runtime detection (the strategies it would start a container with:
 * `~/.testcontainers.properties`, `DOCKER_HOST`, the Docker sockets, rootless ones included)
 * whether a container runtime answers. Undefined when one does, otherwise why not; a
 * runtime that has not answered within `timeoutMs` counts as absent.
 *
 * @param detect the detection to bound (tests give one that fails or never settles)
 */
export async function containerRuntimeProblem(
  timeoutMs = RUNTIME_PROBE_MS,
  detect?: () => Promise<unknown>,
): Promise<string | undefined> {
  const probe = detect ?? (await import('testcontainers')).getContainerRuntimeClient;
  const answer = probe().then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  return withinMs(answer, timeoutMs, () => `the container runtime did not answer within ${timeoutMs / 1000} s`);
}

/** The cluster at `url` as given: nothing to start or stop. */
function urlSource(url: string): ElasticsearchSource {
  const address = URL.canParse(url) ? new URL(url) : undefined;
  if (address?.protocol !== 'http:' && address?.protocol !== 'https:') {
    throw new Error('ELASTICSEARCH_URL is not an http(s) URL: give http(s)://[user:password@]host:port');
  }
  return {
    via: `ELASTICSEARCH_URL (${address.origin})`,
    start: async () => ({ url, stop: async () => {} }),
  };
}

/** A single-node container of `ELASTICSEARCH_IMAGE`, with the module's credentials in the URL. */
function containerSource(): ElasticsearchSource {
  return {
    via: `a container of ${ELASTICSEARCH_IMAGE} (testcontainers)`,
    async start() {
      const { ElasticsearchContainer } = await import('@testcontainers/elasticsearch');
      const container = await new ElasticsearchContainer(ELASTICSEARCH_IMAGE)
        // CI disks are often past the 85–95 % watermarks, which would leave shards unassigned or
        // the indices read-only; one throwaway node has no other node to move shards to anyway.
        .withEnvironment({ 'cluster.routing.allocation.disk.threshold_enabled': 'false' })
        .start();
      const address = new URL(container.getHttpUrl());
      address.username = container.getUsername();
      address.password = container.getPassword();
      return {
        url: address.href,
        stop: async () => {
          await container.stop();
        },
      };
    },
  };
}

/**
 * Decides, without starting anything, where a cluster would come from: `ELASTICSEARCH_URL`,
 * else a container when a runtime answers, else `{ skipped }` with the reason.
 */
export async function findElasticsearch(options: FindOptions = {}): Promise<ElasticsearchAvailability> {
  const url = (options.env ?? process.env).ELASTICSEARCH_URL;
  if (url) return urlSource(url);
  const problem = await (options.runtimeProblem ?? (() => containerRuntimeProblem()))();
  if (problem === undefined) return containerSource();
  return {
    skipped: `no ELASTICSEARCH_URL ('npm run elasticsearch' starts a local node) and no container runtime (${problem})`,
  };
}

/** What a suite that needs a cluster does: run on it, be skipped with the reason, or fail with it. */
export type SuitePlan = { run: ElasticsearchSource } | { skip: string } | { fail: string };

/**
 * The guard of the Elasticsearch suites: no cluster is a skip with the reason, unless
 * `REQUIRE_ELASTICSEARCH` is `1` (or `true`), where it is a failure that says why (CI that
 * must not pass without having run them).
 */
export function suitePlan(found: ElasticsearchAvailability, env: NodeJS.ProcessEnv = process.env): SuitePlan {
  if (!('skipped' in found)) return { run: found };
  const required = ['1', 'true'].includes((env.REQUIRE_ELASTICSEARCH ?? '').toLowerCase());
  if (!required) return { skip: found.skipped };
  return {
    fail:
      `REQUIRE_ELASTICSEARCH=${env.REQUIRE_ELASTICSEARCH} but no Elasticsearch is available: ${found.skipped}. ` +
      'Set ELASTICSEARCH_URL to a cluster, or make a container runtime (Docker) available to testcontainers.',
  };
}

/**
 * Deletes every index the aliases of `prefix` point at (taxa and names of each version, the
 * catalog). Named one by one: Elasticsearch 9 refuses a delete by wildcard
 * (`action.destructive_requires_name`).
 */
export async function deletePrefixIndices(client: Client, prefix: string): Promise<void> {
  const indices = [...new Set((await aliasBindings(client, ownedAliases(prefix))).map((binding) => binding.index))];
  if (indices.length > 0) await client.indices.delete({ index: indices, ignore_unavailable: true });
}
