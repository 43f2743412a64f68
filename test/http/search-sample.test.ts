import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

/** The sample's groups file lists subgroups before some of their parents; hits list them from the root down. */
describe('GET /taxa/search on the sample', () => {
  let built: TestApp;
  beforeAll(async () => {
    built = await buildTestApp({ dataDir: 'data/sample' });
  });
  afterAll(async () => built?.app.close());

  it("lists a hit's informal groups from the broadest down, as the real API answers the red algae", async () => {
    const response = await built.app.inject({ url: '/taxa/search?query=Rhodophyta&matchType=exact&limit=1' });
    expect(response.statusCode).toBe(200);
    const [hit] = response.json().results;
    expect(hit.id).toBe('MX.70088');
    expect(hit.informalGroups.map((group: { id: string }) => group.id)).toEqual(['MVL.22', 'MVL.82', 'MVL.542']);
    const legacy = await built.app.inject({ url: '/v0/taxa/search?query=Rhodophyta&matchType=exact&limit=1' });
    expect(legacy.json()[0].informalGroups.map((group: { id: string }) => group.id)).toEqual([
      'MVL.22',
      'MVL.82',
      'MVL.542',
    ]);
  });
});

describe('GET /taxa/search on the sample, the names’ fields derived in a worker thread', () => {
  let inThread: TestApp;
  let inWorker: TestApp;
  beforeAll(async () => {
    inThread = await buildTestApp({ dataDir: 'data/sample' });
    inWorker = await buildTestApp({ dataDir: 'data/sample', engine: { deriveInWorkerFrom: 1 } });
  });
  afterAll(async () => {
    await inThread?.app.close();
    await inWorker?.app.close();
  });

  it('answers every match type as when they are derived in the engine’s own thread', async () => {
    const urls = [
      '/taxa/search?query=kaki',
      '/taxa/search?query=käki&matchType=exact',
      '/taxa/search?query=parus%20m&matchType=partial&limit=20',
      '/taxa/search?query=metsäkaurs&matchType=likely',
      '/taxa/search?query=Cucul&matchType=partial&checklistVersion=MR.424',
      '/taxa/search?query=rödräv&limit=5',
      '/v0/taxa/search?query=susi&matchType=partial',
    ];
    for (const url of urls) {
      const expected = await inThread.app.inject({ url });
      expect(expected.statusCode, url).toBe(200);
      const answer = await inWorker.app.inject({ url });
      expect(answer.json(), url).toEqual(expected.json());
    }
    const hits = (await inWorker.app.inject({ url: '/taxa/search?query=kaki' })).json().results;
    expect(hits.length).toBeGreaterThan(0);
  });
});
