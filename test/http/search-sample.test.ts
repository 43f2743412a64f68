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
