import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createResponseCache } from '../../src/http/answers/response-cache.ts';
import { loadInto } from '../../src/runtime/open-engine.ts';
import type { EmbeddedEngine } from '../../src/index/embedded-engine.ts';
import type { Catalog } from '../../src/taxon/catalog.ts';
import { buildTestApp } from '../helpers/app.ts';
import { fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';

/** The app over the fixture checklist, counting the searches its engine runs. */
async function countingApp(answerCacheBytes?: number) {
  const { app, engine } = await buildTestApp(answerCacheBytes === undefined ? {} : { answerCacheBytes });
  const counted = { searches: 0 };
  const search = engine.search.bind(engine);
  engine.search = (ref, body) => {
    counted.searches++;
    return search(ref, body);
  };
  return { app, engine, counted };
}

describe('the answer cache', () => {
  let app: FastifyInstance;
  let engine: EmbeddedEngine;
  let counted: { searches: number };
  beforeAll(async () => {
    ({ app, engine, counted } = await countingApp());
  });
  afterAll(async () => {
    await app.close();
    await removeTempDirs();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: string) =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

  /** The answer to `send()`, and whether sending it again searched again. */
  async function twice(send: () => ReturnType<typeof get>) {
    const first = await send();
    const searched = counted.searches;
    const again = await send();
    return { first, again, searchedAgain: counted.searches > searched };
  }

  it('sends a repeated request the same bytes without searching again', async () => {
    const { first, again, searchedAgain } = await twice(() => get('/taxa/search?query=susi'));
    expect(first.headers['x-cache']).toBe('MISS');
    expect(again.headers['x-cache']).toBe('HIT');
    expect(searchedAgain).toBe(false);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(again.json().results[0]).toMatchObject({ matchingName: 'susi', id: 'MX.46549' });
  });

  it('keeps the answers of pages, trees, taxa and the legacy interface too', async () => {
    for (const url of [
      '/taxa?pageSize=3',
      '/taxa/MX.37600/children',
      '/taxa/MX.46549/parents',
      '/taxa/MX.46549',
      '/taxa/aggregate?aggregateBy=taxonRank',
      '/v0/taxa/MX.46549',
    ]) {
      const { first, again, searchedAgain } = await twice(() => get(url));
      expect(first.statusCode, url).toBe(200);
      expect(again.body, url).toBe(first.body);
      expect(again.headers['x-cache'], url).toBe('HIT');
      expect(searchedAgain, url).toBe(false);
    }
  });

  it('knows a request by its value: parameters in any order, defaults written or not, body keys in any order', async () => {
    await get('/taxa/search?query=kettu&limit=5&matchType=exact');
    const reordered = await get('/taxa/search?matchType=exact&query=kettu&limit=5');
    expect(reordered.headers['x-cache']).toBe('HIT');
    await get('/taxa?pageSize=4');
    const defaulted = await get('/taxa?pageSize=4&page=1');
    expect(defaulted.headers['x-cache']).toBe('HIT');
    const body = await post('/taxa?pageSize=2', '{"finnish": true, "taxonRank": "MX.species"}');
    expect(body.statusCode).toBe(200);
    const sameBody = await post('/taxa?pageSize=2', '{ "taxonRank":"MX.species","finnish":true }');
    expect(sameBody.headers['x-cache']).toBe('HIT');
    expect(sameBody.body).toBe(body.body);
    const otherBody = await post('/taxa?pageSize=2', '{"finnish": false, "taxonRank": "MX.species"}');
    expect(otherBody.headers['x-cache']).toBe('MISS');
    expect(otherBody.body).not.toBe(body.body);
  });

  it('keeps answers apart by path, method, parameters and response language', async () => {
    const english = (await get('/taxa/search?query=huuhkaja')).json().results[0];
    const finnish = await get('/taxa/search?query=huuhkaja', { 'accept-language': 'fi' });
    expect(finnish.headers['x-cache']).toBe('MISS');
    expect(english.vernacularName).not.toBe(finnish.json().results[0].vernacularName);
    expect(finnish.json().results[0].vernacularName).toBe('huuhkaja');
    const autocomplete = (await get('/autocomplete/taxa?query=huuhkaja')).json().results[0];
    expect(autocomplete).toMatchObject({ key: 'MX.28965', value: 'huuhkaja' });
    const limited = (await get('/taxa/search?query=huuhkaja&selectedFields=id')).json().results[0];
    expect(limited).toEqual({ id: 'MX.28965' });
    const viaGet = await get('/taxa?pageSize=2');
    const viaPost = await post('/taxa?pageSize=2', '{}');
    expect(viaPost.headers['x-cache']).toBe('MISS');
    expect(viaPost.json()).toEqual(viaGet.json());
  });

  it('keeps no errors: a bad request is checked every time', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await get('/taxa/search?query=susi&limit=0');
      expect(response.statusCode).toBe(422);
      expect(response.json().details).toHaveProperty(['/query/limit']);
      const missing = await get('/taxa/MX.0');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-cache']).toBe('MISS');
    }
  });

  it('keeps no streamed export, and says nothing of routes outside its scope', async () => {
    const url = '/taxa/changes/export?from=MR.424&to=current&format=csv';
    const { first, again } = await twice(() => get(url));
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['x-cache']).toBeUndefined();
    expect((await get('/health/ready')).headers['x-cache']).toBeUndefined();
  });

  it('is emptied when the data changes', async () => {
    expect((await get('/taxa/search?query=susi')).json().results).toHaveLength(1);
    await loadInto(
      engine,
      await fixtureCopy({ 'MR.424.ndjson': null, 'current.ndjson': '{"id": "MX.1", "nameAccordingTo": "MR.1"}\n' }),
    );
    const searched = counted.searches;
    const after = await get('/taxa/search?query=susi');
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.json().results).toEqual([]);
    expect(counted.searches).toBeGreaterThan(searched);
  });
});

describe('without an answer cache', () => {
  it('searches every time when the bound is 0, and says nothing of a cache', async () => {
    const { app, counted } = await countingApp(0);
    const first = await app.inject({ method: 'GET', url: '/taxa/search?query=susi' });
    const searched = counted.searches;
    const again = await app.inject({ method: 'GET', url: '/taxa/search?query=susi' });
    expect(again.body).toBe(first.body);
    expect(again.headers['x-cache']).toBeUndefined();
    expect(counted.searches).toBe(2 * searched);
    await app.close();
  });
});

describe('createResponseCache', () => {
  const catalog = (): Catalog => ({ informalTaxonGroups: [], checklistVersions: [] });

  it('lets the least recently used answers go past its bound in bytes', () => {
    // Each entry is 2 × (1 + 99) = 200 bytes: three fit in 600.
    const cache = createResponseCache(600);
    const under = catalog();
    for (const key of 'abcd') cache.set(under, key, key.repeat(99));
    expect(cache.get(under, 'a')).toBeUndefined();
    expect(cache.get(under, 'd')).toBe('d'.repeat(99));
    expect(cache.get(under, 'b')).toBe('b'.repeat(99));
  });

  it('does not keep an answer larger than its bound, and forgets everything under a new catalog', () => {
    const cache = createResponseCache(100);
    const first = catalog();
    cache.set(first, 'big', 'x'.repeat(100));
    expect(cache.get(first, 'big')).toBeUndefined();
    cache.set(first, 'k', 'small');
    expect(cache.get(first, 'k')).toBe('small');
    expect(cache.get(catalog(), 'k')).toBeUndefined();
    expect(cache.get(first, 'k')).toBeUndefined();
  });
});
