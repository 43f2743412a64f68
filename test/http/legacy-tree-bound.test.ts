/**
 * The bound of a nested tree answer of `/v0` (`maxNestedTaxa`, `MAX_NESTED_TAXA`): a tree of more
 * taxa is a 422 at `maxLevel`, found without reading the whole tree; one that fits is answered
 * whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.ts';
import { MAX_NESTED_TAXA } from '../../src/query/taxa-request.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

/** Every taxon of a nested answer, the top one included. */
function countNested(node: { children?: unknown[] }): number {
  return 1 + (node.children ?? []).reduce<number>((sum, child) => sum + countNested(child as typeof node), 0);
}

describe('GET /v0/taxa/{id} and /children with maxLevel: a bounded tree', () => {
  let fixture: TestApp;
  beforeAll(async () => {
    fixture = await buildTestApp();
  });
  afterAll(async () => fixture.app.close());

  async function appWithBound(maxNestedTaxa: number) {
    const app = await createApp({ engine: fixture.engine, accessTokens: [], checkAnswers: true, maxNestedTaxa });
    await app.ready();
    return app;
  }

  it('answers a tree that fits, and refuses one taxon more with a 422 naming maxLevel and the bound', async () => {
    const url = '/v0/taxa/MX.37600?maxLevel=10&selectedFields=id';
    const whole = await fixture.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    // The taxa below the top one count against the bound.
    const below = countNested(whole.json()) - 1;
    expect(below).toBeGreaterThan(10);
    expect(below).toBeLessThan(MAX_NESTED_TAXA);

    const fits = await appWithBound(below);
    expect((await fits.inject({ url })).json()).toEqual(whole.json());
    await fits.close();

    const tight = await appWithBound(below - 1);
    for (const asked of [url, '/v0/taxa/MX.37600/children?maxLevel=9&selectedFields=id']) {
      const refused = await tight.inject({ url: asked });
      expect(refused.statusCode, asked).toBe(422);
      expect(refused.json().error.details).toEqual({
        '/query/maxLevel': [
          `the tree would hold more than ${below - 1} taxa: ask for fewer levels, or for a taxon lower in the tree`,
        ],
      });
    }
    // A shallower tree under the same bound is answered.
    expect((await tight.inject({ url: '/v0/taxa/MX.37600?maxLevel=1&selectedFields=id' })).statusCode).toBe(200);
    await tight.close();
  });
});
