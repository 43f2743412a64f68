import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DATA_DIR } from '../../src/config.ts';
import { createApp } from '../../src/http/app.ts';
import { searchParamsOf } from '../../src/http/routes/search.ts';
import { searchQuery } from '../../src/http/schemas/search.ts';
import { coalesced } from '../../src/runtime/reload.ts';
import { createWorkerEngine, MAX_QUEUED_SEARCHES, type WorkerEngine } from '../../src/runtime/worker-engine.ts';
import { AppError } from '../../src/errors.ts';
import { DataLoadError } from '../../loaders/problems.ts';
import { buildTestApp } from '../helpers/app.ts';
import { fixtureCopy, FIXTURE_DIR, removeTempDirs } from '../helpers/data-dir.ts';
import type { LoadPhase } from '../../src/runtime/thread-protocol.ts';

let engine: WorkerEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
  await removeTempDirs();
});

const taxaTotal = async (app: Awaited<ReturnType<typeof createApp>>) =>
  (await app.inject({ method: 'GET', url: '/taxa' })).json().total;

/** The reasons of the promises that were rejected, in order. */
function refusals(settled: PromiseSettledResult<unknown>[]): unknown[] {
  return settled.filter((s) => s.status === 'rejected').map((s) => (s as PromiseRejectedResult).reason);
}

describe('the engine in its own thread', () => {
  it('is not ready while the first load runs, and answers as the in-process engine does after it', async () => {
    engine = createWorkerEngine();
    const app = await createApp({ engine });
    const loading = engine.load(FIXTURE_DIR);
    expect(await engine.ready!()).toEqual({ ready: false, reason: 'loading' });
    const early = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(early.statusCode).toBe(503);
    expect(early.json()).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE', message: 'Not ready: loading' });
    expect((await app.inject({ method: 'GET', url: '/taxa' })).statusCode).toBe(503);
    await loading;
    expect(await engine.ready!()).toEqual({ ready: true });
    expect(await taxaTotal(app)).toBe(35);
    expect(await engine.versions()).toEqual(['current', 'MR.424']);
  });

  it('keeps answering from the old data while a reload runs, then from the new data', async () => {
    engine = createWorkerEngine();
    const app = await createApp({ engine });
    await engine.load(FIXTURE_DIR);
    let reloaded = false;
    const reload = engine.load(DEFAULT_DATA_DIR).then(() => (reloaded = true));
    const during = await taxaTotal(app);
    expect(reloaded).toBe(false);
    expect(during).toBe(35);
    await reload;
    expect(await taxaTotal(app)).toBeGreaterThan(35);
  });

  it('refuses bad data with every problem and keeps serving what it served', async () => {
    engine = createWorkerEngine();
    const app = await createApp({ engine });
    await engine.load(FIXTURE_DIR);
    const bad = await fixtureCopy({ 'current.ndjson': '{"id": "MX.1"}\n{"id": "MX.2", "isPartOf": "MX.3"}\n' });
    const error = await engine.load(bad).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DataLoadError);
    expect((error as DataLoadError).problems).toContainEqual(
      expect.objectContaining({ file: 'current.ndjson', line: 2, message: "parent 'MX.3' does not exist" }),
    );
    expect(await taxaTotal(app)).toBe(35);
  });

  it('reads the loaded versions from the thread: another one is a 400 naming them', async () => {
    engine = createWorkerEngine();
    const app = await createApp({ engine });
    await engine.load(FIXTURE_DIR);
    const response = await app.inject({ method: 'GET', url: '/taxa?checklistVersion=MR.999' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'UNKNOWN_CHECKLIST_VERSION',
      message: "Unknown checklistVersion 'MR.999'; loaded versions: current, MR.424",
    });
  });
  it('warms a reload with the fields the served data was asked about, before serving it', async () => {
    engine = createWorkerEngine();
    const app = await createApp({ engine });
    await engine.load(FIXTURE_DIR);
    const field = 'primaryHabitat.habitat';
    expect((await engine.builtFields()).taxa).not.toContain(field);
    const filtered = await app.inject({ method: 'POST', url: '/taxa', payload: { [field]: 'MKV.habitatM' } });
    expect(filtered.statusCode).toBe(200);
    expect((await engine.builtFields()).taxa).toContain(field);
    await engine.load(FIXTURE_DIR);
    // No search has reached the new thread yet.
    expect((await engine.builtFields()).taxa).toContain(field);
  });

  it('builds the change pairs the served data kept before a reload serves, so no request waits for them', async () => {
    const phases: LoadPhase[] = [];
    engine = createWorkerEngine({ onPhase: (phase) => phases.push(phase) });
    const app = await createApp({ engine });
    await engine.load(FIXTURE_DIR);
    expect(await engine.keptChangeIndices()).toEqual([]);
    const url = '/taxa/changes?from=MR.424&to=current&pageSize=50';
    const before = await app.inject({ url });
    expect(before.statusCode).toBe(200);
    expect(await engine.keptChangeIndices()).toEqual([{ version: 'current', since: 'MR.424' }]);
    phases.length = 0;
    await engine.load(FIXTURE_DIR);
    // Built by the new thread while it loaded, before its data was served.
    expect(phases).toContainEqual(
      expect.objectContaining({ phase: 'index', version: 'current', kind: 'changes', since: 'MR.424' }),
    );
    expect(await engine.keptChangeIndices()).toEqual([{ version: 'current', since: 'MR.424' }]);
    expect((await app.inject({ url })).json()).toEqual(before.json());
  });

  it('refuses searches beyond its queue at once with a 503 instead of queueing them without bound', async () => {
    engine = createWorkerEngine();
    await engine.load(FIXTURE_DIR);
    const ref = { version: 'current', kind: 'taxa' } as const;
    const settled = await Promise.allSettled(
      Array.from({ length: MAX_QUEUED_SEARCHES + 10 }, () =>
        engine!.search(ref, { query: { match_all: {} }, size: 1 }),
      ),
    );
    const refused = refusals(settled);
    expect(refused).toHaveLength(10);
    expect(refused[0]).toBeInstanceOf(AppError);
    expect(refused[0]).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE', statusCode: 503 });
    expect((await engine.search(ref, { query: { match_all: {} }, size: 1 })).hits.total).toEqual({
      value: 39,
      relation: 'eq',
    });
  });
  it('holds its thread to the heap it is given, and says when the data does not fit in it', async () => {
    engine = createWorkerEngine({ heapMb: 8 });
    await expect(engine.load(FIXTURE_DIR)).rejects.toThrow(/did not fit in the memory allowed to the engine/);
    await engine.close();
    engine = createWorkerEngine({ heapMb: 256 });
    await engine.load(FIXTURE_DIR);
    expect(await engine.versions()).toEqual(['current', 'MR.424']);
  });
});

describe('name search in the engine thread', () => {
  /** Exact, partial (one stream and two), likely, an id, a version by id, the legacy routes, errors. */
  const NAME_SEARCHES = [
    '/taxa/search?query=susi',
    '/taxa/search?query=vulp',
    '/taxa/search?query=picea%20ab&matchType=partial',
    '/taxa/search?query=laulujoutsenn',
    '/taxa/search?query=keltaagnelma&limit=3',
    '/taxa/search?query=kuusi&lang=fi&selectedFields=id,matchingName,vernacularName',
    '/taxa/search?query=MX.46549',
    '/taxa/search?query=x',
    '/taxa/search?query=Canis&checklistVersion=MR.424',
    '/taxa/search?query=Thalictrum&checklist=MR.2&checklistVersion=%20current%20',
    '/autocomplete/taxa?query=kett',
    '/v0/taxa/search?query=susi',
    '/v0/autocomplete/taxon?q=kett&includePayload=true',
    '/taxa/search?query=susi&checklistVersion=MR.999',
    '/autocomplete/taxa?query=kett&checklistVersion=current2',
    '/taxa/search?query=susi&limit=0',
  ];

  it('answers byte for byte as the in-process engine does, each name search one message to the thread', async () => {
    const inProcess = await buildTestApp({ answerCacheBytes: 0 });
    engine = createWorkerEngine();
    await engine.load(FIXTURE_DIR);
    const searches = vi.spyOn(engine, 'search');
    const nameSearches = vi.spyOn(engine, 'nameSearch');
    const app = await createApp({ engine, answerCacheBytes: 0, checkAnswers: true });
    try {
      for (const url of NAME_SEARCHES) {
        const [expected, answered] = await Promise.all([inProcess.app.inject({ url }), app.inject({ url })]);
        expect(answered.statusCode, url).toBe(expected.statusCode);
        expect(answered.headers['content-type'], url).toBe(expected.headers['content-type']);
        expect(answered.body, url).toBe(expected.body);
      }
      expect(searches).not.toHaveBeenCalled();
      // All but the one refused by its schema (limit=0) reached the thread.
      expect(nameSearches).toHaveBeenCalledTimes(NAME_SEARCHES.length - 1);
    } finally {
      await inProcess.app.close();
    }
  });

  it('refuses name searches beyond its queue with a 503, and fails those under way with a 503 when the thread ends', async () => {
    engine = createWorkerEngine();
    await engine.load(FIXTURE_DIR);
    const params = searchParamsOf(searchQuery.parse({ query: 'kettu' }));
    const queued = await Promise.allSettled(
      Array.from({ length: MAX_QUEUED_SEARCHES + 10 }, () => engine!.nameSearch('current', params)),
    );
    expect(refusals(queued)).toHaveLength(10);
    expect(refusals(queued)[0]).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE', statusCode: 503 });
    const underWay = Array.from({ length: 100 }, () => engine!.nameSearch('current', params));
    await engine.close();
    const ended = refusals(await Promise.allSettled(underWay));
    expect(ended.length).toBeGreaterThan(0);
    for (const error of ended) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE', statusCode: 503 });
    }
  });
});

describe('coalesced reloads', () => {
  it('runs one at a time and makes one more run of any number asked for during a run', async () => {
    let running = 0;
    let runs = 0;
    let overlapped = false;
    const reload = coalesced(async () => {
      running += 1;
      overlapped ||= running > 1;
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
    });
    await Promise.all(Array.from({ length: 10 }, () => reload()));
    expect(runs).toBe(2);
    expect(overlapped).toBe(false);
    await reload();
    expect(runs).toBe(3);
  });
});
