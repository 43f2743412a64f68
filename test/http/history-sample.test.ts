import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

/** The sample's seven versions carry dates: a history runs through them in time. */
describe('GET /taxa/{id}/history on the sample', () => {
  let built: TestApp;
  beforeAll(async () => {
    built = await buildTestApp({ dataDir: 'data/sample' });
  });
  afterAll(async () => built?.app.close());

  it("runs oldest first, by the versions' dates, current last", async () => {
    const response = await built.app.inject({ url: '/taxa/MX.38676/history' });
    expect(response.statusCode).toBe(200);
    const steps = response.json().history as {
      version: string;
      taxon?: { scientificName: string };
      change?: { changeTypes: string[] };
    }[];
    expect(steps.map((step) => step.version)).toEqual([
      'MR.427',
      'MR.426',
      'MR.425',
      'MR.424',
      'MR.484',
      'MR.428',
      'current',
    ]);
    // Trientalis europaea becomes Lysimachia europaea in the 2021 checklist (data/sample/README.md).
    expect(steps.map((step) => step.taxon?.scientificName)).toEqual([
      ...Array(5).fill('Trientalis europaea'),
      'Lysimachia europaea',
      'Lysimachia europaea',
    ]);
    expect(steps.map((step) => step.change?.changeTypes)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      ['renamed', 'moved', 'changed'],
      undefined,
    ]);
  });
});
