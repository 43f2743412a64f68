/**
 * The embedded engine builds a pair's change records on the pair's first search; an engine given
 * every version's records at load (as a cluster is) answers every change route the same.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineDataOf } from '../../loaders/engine-data.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { createApp } from '../../src/http/app.ts';
import { createEmbeddedEngine } from '../../src/index/embedded-engine.ts';

const SAMPLE = 'data/sample';

const builtKinds = new Map<boolean, Set<string>>();

async function appOf(pairByPair: boolean): Promise<FastifyInstance> {
  const { dataSet } = await loadDataDirectory(SAMPLE);
  const engine = createEmbeddedEngine();
  const data = engineDataOf(dataSet);
  const kinds = new Set<string>();
  engine.replaceData(pairByPair ? data : { ...data, changesBetween: undefined }, (built) => kinds.add(built.kind));
  builtKinds.set(pairByPair, kinds);
  const app = await createApp({ engine, accessTokens: [], checkAnswers: true });
  await app.ready();
  return app;
}

describe('change records built pair by pair', () => {
  let lazy: FastifyInstance;
  let eager: FastifyInstance;
  let versions: string[];
  beforeAll(async () => {
    [lazy, eager] = await Promise.all([appOf(true), appOf(false)]);
    versions = (await eager.inject({ url: '/checklist-versions' })).json().results.map((v: { id: string }) => v.id);
  });
  afterAll(async () => Promise.all([lazy?.close(), eager?.close()]));

  const same = async (request: { url: string; method?: 'GET' | 'POST'; payload?: object }) => {
    const [a, b] = await Promise.all([lazy.inject(request), eager.inject(request)]);
    expect(a.statusCode, request.url).toBe(b.statusCode);
    expect(a.json(), request.url).toEqual(b.json());
    return b;
  };

  it('are not built at load', () => {
    expect(builtKinds.get(true)).toEqual(new Set(['taxa', 'names']));
    expect(builtKinds.get(false)).toEqual(new Set(['taxa', 'names', 'changes']));
  });

  it('answer histories as records loaded at once do', async () => {
    const page = (await same({ url: '/taxa/changes?from=MR.427&to=current&pageSize=50' })).json();
    expect(page.results.length).toBeGreaterThan(0);
    for (const { id } of page.results.slice(0, 10)) await same({ url: `/taxa/${id}/history` });
  });

  it('answer pages and aggregations of every pair as records loaded at once do', async () => {
    expect(versions.length).toBeGreaterThan(2);
    for (const from of versions) {
      for (const to of versions) {
        const pair = `from=${from}&to=${to}`;
        await same({ url: `/taxa/changes?${pair}&pageSize=1000` });
        await same({ url: `/taxa/changes?${pair}&changeType=renamed,moved&pageSize=5&page=2` });
        await same({ url: `/taxa/changes/aggregate?${pair}&aggregateBy=changeTypes;to.taxonRank` });
        await same({
          url: `/taxa/changes?${pair}`,
          method: 'POST',
          payload: { 'to.latestRedListStatusFinland.status': ['MX.iucnLC', 'MX.iucnNT'], changeTypes: '!added' },
        });
      }
    }
  });
});
