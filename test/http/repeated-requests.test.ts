import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.ts';
import { createEmbeddedEngine } from '../../src/index/embedded-engine.ts';
import { loadInto } from '../../src/runtime/open-engine.ts';
import { FIXTURE_DIR } from '../helpers/data-dir.ts';

/**
 * Repeated requests are recognised (bodies kept parsed under their text, page requests kept per
 * query and body, compiled bodies kept per page request): each must still answer by its own
 * query and body, as a request seen for the first time does.
 */
describe('repeated page requests', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const engine = createEmbeddedEngine();
    await loadInto(engine, FIXTURE_DIR);
    app = await createApp({ engine, checkAnswers: true });
  });
  afterAll(() => app.close());

  const BODIES = [
    { finnish: true },
    { informalTaxonGroups: 'MVL.1' },
    { finnish: true, taxonRank: '!MX.species' },
    { id: ['MX.37600', 'MX.37602'] },
  ];
  const URLS = ['/taxa?pageSize=5&selectedFields=id,scientificName', '/taxa/species?pageSize=3&page=2'];
  let unique = 0;
  /** The body's text padded with spaces never sent before: never recognised. */
  const fresh = (body: object) => `${JSON.stringify(body)}${' '.repeat(++unique)}`;

  it('answer by their own query and body, interleaved and repeated, as a first request does', async () => {
    const totals = new Set<number>();
    for (let round = 0; round < 3; round++) {
      for (const url of URLS) {
        for (const body of BODIES) {
          const post = { method: 'POST' as const, url, headers: { 'content-type': 'application/json' } };
          const repeated = await app.inject({ ...post, payload: JSON.stringify(body) });
          const first = await app.inject({ ...post, payload: fresh(body) });
          expect(repeated.statusCode, `${url} ${JSON.stringify(body)}`).toBe(200);
          expect(repeated.body, `${url} ${JSON.stringify(body)} round ${round}`).toBe(first.body);
          totals.add(repeated.json().total);
        }
      }
    }
    // The bodies select different sets: a request answered with another's page would show.
    expect(totals.size).toBeGreaterThanOrEqual(BODIES.length);
  });

  it('answer GET pages by their own query string, interleaved and repeated', async () => {
    const urls = ['/taxa?pageSize=2&finnish=true', '/taxa?pageSize=2&invasiveSpecies=true', '/taxa?pageSize=2'];
    const first = await Promise.all(urls.map((url) => app.inject({ method: 'GET', url })));
    expect(new Set(first.map((answer) => answer.json().total)).size).toBe(urls.length);
    for (let round = 0; round < 2; round++)
      for (const [i, url] of urls.entries())
        expect((await app.inject({ method: 'GET', url })).body, url).toBe(first[i]!.body);
  });

  it('refuse a repeated bad body each time, naming its place', async () => {
    for (let round = 0; round < 2; round++) {
      const answer = await app.inject({
        method: 'POST',
        url: '/taxa',
        headers: { 'content-type': 'application/json' },
        payload: '{"noSuchField": 1}',
      });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().details).toEqual({ '/body/noSuchField': ["Unknown filter 'noSuchField'"] });
    }
  });
});
