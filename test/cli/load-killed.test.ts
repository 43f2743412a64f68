/**
 * `taxa load` killed (SIGKILL) in the middle of its bulk requests, on a real Elasticsearch 9: the
 * aliases keep pointing at the previous complete load, which the service goes on serving, and the
 * next load deletes the half-built indices (docs/versions-and-loading.md, "Into Elasticsearch").
 * Skipped with the reason where no cluster is available.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@elastic/elasticsearch';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeSyntheticDataDirectory } from '../../generate/index.ts';
import { createApp } from '../../src/http/app.ts';
import { aliasBindings } from '../../src/index/elasticsearch/aliases.ts';
import { createElasticsearchClient, LOADING_CLIENT } from '../../src/index/elasticsearch/client.ts';
import { createElasticsearchEngine } from '../../src/index/elasticsearch-engine.ts';
import { loadMarker } from '../../loaders/elasticsearch/leftovers.ts';
import { ownedAliases } from '../../loaders/elasticsearch/swap.ts';
import { runCli } from '../helpers/cli.ts';
import { deleteIndices, describeOnCluster, indicesOf } from '../helpers/cluster-suite.ts';
import { FIXTURE_DIR } from '../helpers/data-dir.ts';
import { findElasticsearch, suitePlan, type RunningElasticsearch } from '../helpers/elasticsearch-availability.ts';

const BIN = fileURLToPath(new URL('../../bin/taxa.mjs', import.meta.url));
/** Big enough that the load is still sending bulk requests well after its first index fills. */
const TAXA = 20_000;
/** The `--stale-after` of the load that cleans up, in seconds. */
const STALE_AFTER_S = 3;

const plan = suitePlan(await findElasticsearch());

/** The served bindings, alias → index, sorted. */
async function served(client: Client, prefix: string): Promise<string[]> {
  return (await aliasBindings(client, ownedAliases(prefix))).map((b) => `${b.alias} → ${b.index}`).sort();
}

/** Documents indexed into `index` so far, refreshed or not. */
async function indexed(client: Client, index: string): Promise<number> {
  const stats = await client.indices.stats({ index, metric: 'indexing' });
  return stats._all.total?.indexing?.index_total ?? 0;
}

describeOnCluster('taxa load killed in the middle of its bulk requests (real cluster)', plan, (source) => {
  let cluster: RunningElasticsearch;
  let admin: Client;
  let dir: string;
  const prefix = `killed-${randomUUID().slice(0, 8)}`;
  const load = (from: string, ...args: string[]) =>
    runCli(['load', from, '--url', cluster.url, '--prefix', prefix, ...args]);

  beforeAll(async () => {
    cluster = await source.start();
    admin = createElasticsearchClient(cluster.url, LOADING_CLIENT);
    dir = await mkdtemp(join(tmpdir(), 'taxa-killed-'));
    await writeSyntheticDataDirectory(dir, { taxa: TAXA, seed: 2, versions: ['current', 'MR.424'] });
  }, 60_000);
  afterAll(async () => {
    await deleteIndices(admin, `${prefix}-*`).catch(() => undefined);
    await admin?.close();
    await cluster?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('leaves the aliases on the previous load, which is served, and the next load deletes what it left', async () => {
    const first = load(FIXTURE_DIR);
    expect(first.code, first.stderr).toBe(0);
    const before = await served(admin, prefix);
    const previous = new Set(await indicesOf(admin, `${prefix}-*`));

    const engine = createElasticsearchEngine({ node: cluster.url }, { prefix, cacheMs: 0 });
    const app = await createApp({ engine, accessTokens: [] });
    const answers = async () => ({
      total: (await app.inject({ method: 'GET', url: '/taxa?pageSize=1' })).json().total as number,
      taxon: (await app.inject({ method: 'GET', url: '/taxa/MX.46587' })).statusCode,
      ready: (await app.inject({ method: 'GET', url: '/health/ready' })).statusCode,
    });
    const expected = await answers();
    expect(expected).toMatchObject({ taxon: 200, ready: 200 });

    // The second load, killed as soon as one of its indices has taken documents.
    const child = spawn(process.execPath, [BIN, 'load', dir, '--url', cluster.url, '--prefix', prefix], {
      stdio: 'ignore',
    });
    const exited = once(child, 'exit');
    const started = performance.now();
    let filling: { index: string; documents: number } | undefined;
    while (filling === undefined && child.exitCode === null && performance.now() - started < 90_000) {
      for (const index of await indicesOf(admin, `${prefix}-*`)) {
        const documents = previous.has(index) ? 0 : await indexed(admin, index);
        if (documents > 0) filling = { index, documents };
      }
      if (filling === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill('SIGKILL');
    const [, signal] = await exited;
    expect(filling, 'the load was killed while it filled an index').toBeDefined();
    expect(signal).toBe('SIGKILL');
    console.info(
      `killed after ${Math.round(performance.now() - started)} ms, ${filling!.index} holding ${filling!.documents} documents`,
    );

    const left = (await indicesOf(admin, `${prefix}-*`)).filter((index) => !previous.has(index));
    expect(left).toContain(filling!.index);
    expect(await served(admin, prefix)).toEqual(before);
    expect(await answers()).toEqual(expected);

    // A load in progress elsewhere: its index carries a heartbeat renewed a moment ago.
    const live = `${prefix}-taxa-current-99999999999999999`;
    await admin.indices.create({ index: live, mappings: { _meta: { ...loadMarker(prefix, '99999999999999999') } } });
    const beat = async () =>
      admin.indices.putMapping({ index: live, _meta: { ...loadMarker(prefix, '99999999999999999') } });
    const beating = setInterval(() => void beat().catch(() => undefined), 500);
    // The killed load's last heartbeat is now older than --stale-after.
    await new Promise((resolve) => setTimeout(resolve, STALE_AFTER_S * 1000 + 200));
    try {
      const third = load(FIXTURE_DIR, '--stale-after', String(STALE_AFTER_S));
      expect(third.code, third.stderr).toBe(0);
      expect(third.stdout).toContain(`removed ${left.length} index(es) left by earlier loads`);
    } finally {
      clearInterval(beating);
    }
    const now = await indicesOf(admin, `${prefix}-*`);
    const servedNow = new Set((await aliasBindings(admin, ownedAliases(prefix))).map((b) => b.index));
    expect(now.filter((index) => !servedNow.has(index))).toEqual([live]);
    expect(now.some((index) => left.includes(index) || previous.has(index))).toBe(false);
    expect(await answers()).toEqual(expected);
    await app.close();
    await engine.close();
  }, 180_000);
});
