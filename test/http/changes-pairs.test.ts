/**
 * The embedded engine builds a pair's change records on the pair's first search, and keeps them
 * within a budget of records; an engine given every version's records at load (as a cluster is)
 * answers every change route the same, whatever the budget drops and builds again.
 */
import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineDataOf } from '../../loaders/engine-data.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { createApp } from '../../src/http/app.ts';
import {
  CHANGE_RECORD_BYTES,
  createEmbeddedEngine,
  type EmbeddedEngine,
  type EmbeddedEngineOptions,
} from '../../src/index/embedded-engine.ts';

const SAMPLE = 'data/sample';

const builtKinds = new Map<boolean, Set<string>>();
/** A budget far below the records of all pairs of the sample (some thousands): most are dropped. */
const SMALL_BUDGET = 40;
/** The least recently searched dropped whenever another needs the room, however recently searched. */
const DROP_ANY = { keptChangesProtectedMs: 0 };

async function appOf(
  pairByPair: boolean,
  keptChangeRecords?: number | (() => number),
  options: EmbeddedEngineOptions = {},
): Promise<[FastifyInstance, EmbeddedEngine]> {
  const { dataSet } = await loadDataDirectory(SAMPLE);
  const engine = createEmbeddedEngine({ keptChangeRecords, ...options });
  const data = engineDataOf(dataSet);
  const kinds = new Set<string>();
  engine.replaceData(pairByPair ? data : { ...data, changesBetween: undefined }, (built) => kinds.add(built.kind));
  builtKinds.set(pairByPair, kinds);
  const app = await createApp({ engine, accessTokens: [], checkAnswers: true });
  await app.ready();
  return [app, engine];
}

describe('change records built pair by pair', () => {
  let lazy: FastifyInstance;
  let eager: FastifyInstance;
  let budgeted: FastifyInstance;
  let budgetedEngine: EmbeddedEngine;
  let versions: string[];
  beforeAll(async () => {
    [[lazy], [eager], [budgeted, budgetedEngine]] = await Promise.all([
      appOf(true),
      appOf(false),
      appOf(true, SMALL_BUDGET, DROP_ANY),
    ]);
    // current, the default, first; then the versions listed.
    const listed = (await eager.inject({ url: '/checklist-versions' })).json().results.map((v: { id: string }) => v.id);
    versions = ['current', ...listed];
  });
  afterAll(async () => Promise.all([lazy?.close(), eager?.close(), budgeted?.close()]));

  const same = async (request: { url: string; method?: 'GET' | 'POST'; payload?: object }) => {
    const [a, b, c] = await Promise.all([lazy.inject(request), eager.inject(request), budgeted.inject(request)]);
    expect(a.statusCode, request.url).toBe(b.statusCode);
    expect(a.json(), request.url).toEqual(b.json());
    expect(c.statusCode, request.url).toBe(b.statusCode);
    expect(c.json(), request.url).toEqual(b.json());
    // Past the budget only one index is kept, the one just searched.
    const kept = budgetedEngine.keptChanges();
    if (kept.records > SMALL_BUDGET) expect(kept.indices, request.url).toBe(1);
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
    let records = 0;
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
        if (from !== to) records += (await eager.inject({ url: `/taxa/changes?${pair}` })).json().total;
      }
    }
    // The pairs' records together are far more than the budget kept.
    expect(records).toBeGreaterThan(10 * SMALL_BUDGET);
    expect(budgetedEngine.keptChanges().records).toBeLessThanOrEqual(records / 10);
  });

  it('are kept by default within a budget sized, once, to the heap free when the first is built', async () => {
    const [app, engine] = await appOf(true);
    let asked = 0;
    const [sized, sizedEngine] = await appOf(true, () => {
      asked++;
      return SMALL_BUDGET;
    });
    try {
      expect(engine.keptChanges()).toEqual({ indices: 0, records: 0, budget: undefined });
      for (const from of versions.slice(1)) {
        await app.inject({ url: `/taxa/changes?from=${from}&pageSize=1` });
        await sized.inject({ url: `/taxa/changes?from=${from}&pageSize=1` });
      }
      const { budget, indices } = engine.keptChanges();
      expect(budget).toBeGreaterThanOrEqual(10_000);
      expect(budget).toBeLessThanOrEqual(v8.getHeapStatistics().heap_size_limit / 2 / CHANGE_RECORD_BYTES);
      expect(indices).toBe(versions.length - 1);
      expect(asked).toBe(1);
      expect(sizedEngine.keptChanges().budget).toBe(SMALL_BUDGET);
    } finally {
      await Promise.all([app.close(), sized.close()]);
    }
  });

  it('are not built whole for a history, which asks for one taxon of each pair', async () => {
    const [app, engine] = await appOf(true);
    try {
      const page = (await eager.inject({ url: '/taxa/changes?from=MR.424&to=current&pageSize=20' })).json();
      const removed = (
        await eager.inject({ url: '/taxa/changes?from=MR.424&to=current&changeType=removed&pageSize=5' })
      ).json();
      expect(removed.results.length).toBeGreaterThan(0);
      for (const { id } of [...page.results, ...removed.results]) {
        const [ours, loadedAtOnce] = await Promise.all([
          app.inject({ url: `/taxa/${id}/history` }),
          eager.inject({ url: `/taxa/${id}/history` }),
        ]);
        expect(ours.json(), id).toEqual(loadedAtOnce.json());
      }
      expect(page.results.length).toBeGreaterThan(5);
      expect(engine.keptChanges()).toMatchObject({ indices: 0, records: 0 });
    } finally {
      await app.close();
    }
  });

  it('keep within the budget the indices searched last, and drop the others', async () => {
    const [app, engine] = await appOf(true, SMALL_BUDGET, DROP_ANY);
    try {
      const sizes = new Map<string, number>();
      for (const from of versions.slice(1)) {
        const pair = `from=${from}&to=${versions[0]}`;
        sizes.set(pair, (await app.inject({ url: `/taxa/changes?${pair}&pageSize=1` })).json().total);
        const kept = engine.keptChanges();
        expect(kept.records <= SMALL_BUDGET || kept.indices === 1, pair).toBe(true);
      }
      // Some were dropped, and the last one searched is kept whole.
      const kept = engine.keptChanges();
      expect(kept.indices).toBeLessThan(sizes.size);
      expect(kept.records).toBeGreaterThanOrEqual([...sizes.values()].at(-1)!);
    } finally {
      await app.close();
    }
  });

  it('let a data search through while a pair is being built', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let pauses = 0;
    let paused = () => {};
    const pausedOnce = new Promise<void>((resolve) => (paused = resolve));
    // Every step of the build is a slice; the first pause holds the build until released.
    const [app] = await appOf(true, undefined, {
      changesSliceMs: 0,
      changesPause: () => {
        pauses++;
        paused();
        return gate;
      },
    });
    try {
      // One of the larger pairs of the sample (295 records): built in several steps.
      const url = '/taxa/changes?from=MR.427&to=MR.484&pageSize=50';
      let answered = false;
      const pair = app.inject({ url }).then((response) => {
        answered = true;
        return response;
      });
      // A build that held its thread would answer the pair before ever pausing.
      await Promise.race([pausedOnce, pair]);
      expect(pauses).toBe(1);
      const data = await app.inject({ method: 'POST', url: '/taxa?pageSize=20', payload: {} });
      expect(data.statusCode).toBe(200);
      expect(data.json().results).toHaveLength(20);
      const history = await app.inject({ url: `/taxa/${data.json().results[0].id}/history` });
      expect(history.statusCode).toBe(200);
      expect(answered).toBe(false);
      release();
      const answer = await pair;
      expect(pauses).toBeGreaterThan(1);
      expect(answer.json()).toEqual((await eager.inject({ url })).json());
    } finally {
      release();
      await app.close();
    }
  });

  it('refuse a pair that does not fit beside pairs searched lately, rather than drop them', async () => {
    const [app, engine] = await appOf(true, SMALL_BUDGET, { keptChangesProtectedMs: 3_600_000 });
    try {
      // Pairs of the sample larger than the budget (186 and 194 records).
      const first = '/taxa/changes?from=MR.425&to=current&pageSize=1';
      expect((await app.inject({ url: first })).statusCode).toBe(200);
      const kept = engine.keptChanges();
      expect(kept).toMatchObject({ indices: 1 });
      expect(kept.records).toBeGreaterThan(SMALL_BUDGET);
      const other = await app.inject({ url: '/taxa/changes?from=MR.426&to=current&pageSize=1' });
      expect(other.statusCode).toBe(503);
      expect(other.json()).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE' });
      expect(other.json().message).toContain('from MR.426 to current');
      // Nothing was dropped or built for it: the pair kept still answers from the kept index.
      expect(engine.keptChanges()).toEqual(kept);
      expect((await app.inject({ url: first })).statusCode).toBe(200);
      // A history still answers: it compares one taxon's two documents, and keeps nothing.
      const id = (await eager.inject({ url: first })).json().results[0].id;
      expect((await app.inject({ url: `/taxa/${id}/history` })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
