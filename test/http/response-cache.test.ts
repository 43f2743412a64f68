import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createResponseCache } from '../../src/http/answers/response-cache.ts';
import { loadInto } from '../../src/runtime/open-engine.ts';
import type { EmbeddedEngine } from '../../src/index/embedded-engine.ts';
import type { Catalog } from '../../src/taxon/catalog.ts';
import { buildTestApp } from '../helpers/app.ts';
import { fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';

/** The app over the fixture checklist, counting the searches its engine runs. */
async function countingApp(searchCacheBytes?: number) {
  const { app, engine } = await buildTestApp(searchCacheBytes === undefined ? {} : { searchCacheBytes });
  const counted = { searches: 0 };
  const search = engine.search.bind(engine);
  engine.search = (ref, body) => {
    counted.searches++;
    return search(ref, body);
  };
  return { app, engine, counted };
}

describe('the name-search answer cache', () => {
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

  it('sends a repeated request the same bytes without searching again', async () => {
    const first = await get('/taxa/search?query=susi');
    const searched = counted.searches;
    expect(searched).toBeGreaterThan(0);
    const again = await get('/taxa/search?query=susi');
    expect(counted.searches).toBe(searched);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(again.json().results[0]).toMatchObject({ matchingName: 'susi', id: 'MX.46549' });
  });

  it('keeps answers apart by path, parameters and response language', async () => {
    const english = (await get('/taxa/search?query=huuhkaja')).json().results[0];
    const finnish = (await get('/taxa/search?query=huuhkaja', { 'accept-language': 'fi' })).json().results[0];
    expect(english.vernacularName).not.toBe(finnish.vernacularName);
    expect(finnish.vernacularName).toBe('huuhkaja');
    const autocomplete = (await get('/autocomplete/taxa?query=huuhkaja')).json().results[0];
    expect(autocomplete).toMatchObject({ key: 'MX.28965', value: 'huuhkaja' });
    const limited = (await get('/taxa/search?query=huuhkaja&selectedFields=id')).json().results[0];
    expect(limited).toEqual({ id: 'MX.28965' });
  });

  it('keeps no errors: a bad request is checked every time', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await get('/taxa/search?query=susi&limit=0');
      expect(response.statusCode).toBe(422);
      expect(response.json().details).toHaveProperty(['/query/limit']);
    }
  });

  it('is emptied when the data changes', async () => {
    expect((await get('/taxa/search?query=susi')).json().results).toHaveLength(1);
    await loadInto(
      engine,
      await fixtureCopy({ 'MR.424.ndjson': null, 'current.ndjson': '{"id": "MX.1", "nameAccordingTo": "MR.1"}\n' }),
    );
    const searched = counted.searches;
    expect((await get('/taxa/search?query=susi')).json().results).toEqual([]);
    expect(counted.searches).toBeGreaterThan(searched);
  });
});

describe('the name search without an answer cache', () => {
  it('searches every time when the bound is 0', async () => {
    const { app, counted } = await countingApp(0);
    const first = await app.inject({ method: 'GET', url: '/taxa/search?query=susi' });
    const searched = counted.searches;
    const again = await app.inject({ method: 'GET', url: '/taxa/search?query=susi' });
    expect(again.body).toBe(first.body);
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
