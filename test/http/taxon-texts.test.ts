import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../src/http/app.ts';
import { createEmbeddedEngine, type EmbeddedEngine } from '../../src/index/embedded-engine.ts';
import { loadInto } from '../../src/runtime/open-engine.ts';
import { FIXTURE_DIR, fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';

/** The app over the fixture checklist, keeping the texts of taxa or not; answers are checked. */
async function appKeeping(taxonTextsBytes?: number): Promise<{ app: FastifyInstance; engine: EmbeddedEngine }> {
  const engine = createEmbeddedEngine();
  await loadInto(engine, FIXTURE_DIR);
  const app = await createApp({
    engine,
    checkAnswers: true,
    ...(taxonTextsBytes === undefined ? {} : { taxonTextsBytes }),
  });
  await app.ready();
  return { app, engine };
}

const PAGES = [
  { method: 'GET', url: '/taxa?pageSize=50' },
  { method: 'GET', url: '/taxa?pageSize=7&page=2&sortOrder=scientificName%20desc' },
  {
    method: 'GET',
    url: '/taxa?selectedFields=scientificName,vernacularNameMultiLang,parent.family&includeHidden=true',
  },
  { method: 'GET', url: '/taxa?selectedFields=id,vernacularName&includeMedia=true&includeDescriptions=true' },
  { method: 'POST', url: '/taxa/species', payload: { finnish: true } },
  { method: 'GET', url: '/taxa/MX.37602/species?pageSize=3' },
] as const;
const LANGUAGES = ['en', 'fi', 'sv', 'multi'];

describe('pages of taxa written from kept texts', () => {
  let kept: FastifyInstance;
  let keptEngine: EmbeddedEngine;
  let plain: FastifyInstance;
  beforeAll(async () => {
    ({ app: kept, engine: keptEngine } = await appKeeping());
    ({ app: plain } = await appKeeping(0));
  });
  afterAll(async () => {
    await Promise.all([kept.close(), plain.close()]);
    await removeTempDirs();
  });

  it('are the bytes of the same pages serialised whole, first and later times, in every language', async () => {
    for (let round = 0; round < 2; round++) {
      for (const page of PAGES) {
        for (const language of LANGUAGES) {
          const request = { ...page, headers: { 'accept-language': language } };
          const [a, b] = await Promise.all([kept.inject(request), plain.inject(request)]);
          expect(a.statusCode, page.url).toBe(200);
          expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(a.body, `${page.url} ${language}`).toBe(b.body);
          expect(a.json().results.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('answer the new data after a reload', async () => {
    const before = (await kept.inject({ method: 'GET', url: '/taxa?selectedFields=id,scientificName' })).json();
    expect(before.results).toContainEqual({ id: 'MX.37600', scientificName: 'Biota' });
    const reloaded =
      '{"id": "MX.37600", "nameAccordingTo": "MR.1", "scientificName": "Renamed", "taxonRank": "MX.superdomain"}\n';
    await loadInto(keptEngine, await fixtureCopy({ 'MR.424.ndjson': null, 'current.ndjson': reloaded }));
    const after = (await kept.inject({ method: 'GET', url: '/taxa?selectedFields=id,scientificName' })).json();
    expect(after.results).toEqual([{ id: 'MX.37600', scientificName: 'Renamed' }]);
  });
});
