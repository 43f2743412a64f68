/**
 * Bulk export (`/taxa/export`, `/taxa/species/export`, `/taxa/{id}/species/export`,
 * `/taxa/changes/export`): the same set, order and values as the page routes, in CSV, NDJSON and
 * JSON; refusals; access tokens; and a client that goes away stops the searches.
 */
import { request as httpRequest } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticDataDirectory } from '../../generate/index.ts';
import { createApp } from '../../src/http/app.ts';
import { DEFAULT_CHANGE_COLUMNS } from '../../src/http/routes/taxa/changes.ts';
import { DEFAULT_TAXON_COLUMNS } from '../../src/http/routes/taxa/export.ts';
import { createEmbeddedEngine } from '../../src/index/embedded-engine.ts';
import type { SearchEngine } from '../../src/index/engine.ts';
import { loadInto } from '../../src/runtime/open-engine.ts';
import { buildTestApp } from '../helpers/app.ts';
import { FIXTURE_DIR, fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';

const SAMPLE = 'data/sample';

type Json = Record<string, any>;

const ndjsonOf = (body: string): Json[] =>
  body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Json);

const csvOf = (body: string): string[][] => parse(body, { relax_column_count: false }) as string[][];

/** A download over a socket: its status, its body, and whether it arrived whole. */
function download(url: string): Promise<{ status: number; body: string; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const client = httpRequest(url, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => {
        body += text;
      });
      response.on('close', () => resolve({ status: response.statusCode!, body, complete: response.complete }));
    });
    client.on('error', reject);
    client.end();
  });
}

/** Every result of a page route, page after page (1,000 a page). */
async function allPages(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
): Promise<{ total: number; results: Json[] }> {
  const results: Json[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const separator = url.includes('?') ? '&' : '?';
    const response = await app.inject({
      method,
      url: `${url}${separator}page=${page}&pageSize=1000`,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    total = answer.total;
    results.push(...answer.results);
    if (answer.nextPage === undefined) return { total, results };
  }
}

describe('bulk export of the sample checklist', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildTestApp({ dataDir: SAMPLE }));
  });
  afterAll(async () => app.close());

  it('answers CSV by default: the default columns, every taxon of the page route in its order, as an attachment', async () => {
    const response = await app.inject({ method: 'GET', url: '/taxa/export' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="taxa-current.csv"');
    const [header, ...rows] = csvOf(response.body);
    expect(header).toEqual(DEFAULT_TAXON_COLUMNS);
    expect(rows.find((row) => row[0] === 'MX.53118')).toEqual([
      'MX.53118',
      'Esox lucius',
      'Linnaeus, 1758',
      'MX.species',
      'Northern Pike',
      'true',
      'MVL.27|MVL.1284',
      'Esociformes',
      'Esocidae',
      'MX.iucnLC',
    ]);
    const pages = await allPages(app, 'GET', '/taxa?selectedFields=id');
    expect(pages.total).toBeGreaterThan(1000);
    expect(rows).toHaveLength(pages.total);
    expect(rows.map((row) => row[0])).toEqual(pages.results.map((taxon) => taxon.id));
  });

  it('writes the values of the JSON answers in the request language, lists joined with |, commas quoted', async () => {
    const url =
      '/taxa/export?selectedFields=id,vernacularName,informalTaxonGroups,scientificNameAuthorship,parent.family.scientificName';
    for (const [language, name] of [
      ['fi', 'hauki'],
      ['sv', 'gädda'],
      ['en', 'Northern Pike'],
    ] as const) {
      const byHeader = await app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
      const byParameter = await app.inject({ method: 'GET', url: `${url}&lang=${language}` });
      expect(byParameter.body).toBe(byHeader.body);
      const [header, ...rows] = csvOf(byHeader.body);
      expect(header).toEqual([
        'id',
        'vernacularName',
        'informalTaxonGroups',
        'scientificNameAuthorship',
        'parent.family.scientificName',
      ]);
      const pike = rows.find((row) => row[0] === 'MX.53118');
      expect(pike).toEqual(['MX.53118', name, 'MVL.27|MVL.1284', 'Linnaeus, 1758', 'Esocidae']);
    }
    const raw = (await app.inject({ method: 'GET', url })).body;
    expect(raw).toContain('MX.53118,Northern Pike,MVL.27|MVL.1284,"Linnaeus, 1758",Esocidae\n');
  });

  it("answers NDJSON and JSON: the page route's taxa, whole or with the fields selected", async () => {
    for (const selection of ['', '&selectedFields=id,scientificName,vernacularName,parent.genus']) {
      const pages = await allPages(app, 'GET', `/taxa?lang=fi${selection}`);
      const ndjson = await app.inject({ method: 'GET', url: `/taxa/export?format=ndjson&lang=fi${selection}` });
      expect(ndjson.statusCode).toBe(200);
      expect(ndjson.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
      expect(ndjson.headers['content-disposition']).toBe('attachment; filename="taxa-current.ndjson"');
      expect(ndjsonOf(ndjson.body)).toEqual(pages.results);
      const json = await app.inject({ method: 'GET', url: `/taxa/export?format=json&lang=fi${selection}` });
      expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(json.headers['content-disposition']).toBe('attachment; filename="taxa-current.json"');
      expect(JSON.parse(json.body)).toEqual(pages.results);
    }
  });

  it('takes the POST filter body and the GET filters of the page routes, and another version', async () => {
    const body = { 'latestRedListStatusFinland.status': ['MX.iucnEN', 'MX.iucnVU', 'MX.iucnNT'], finnish: true };
    const pages = await allPages(app, 'POST', '/taxa?selectedFields=id&checklistVersion=MR.424', body);
    expect(pages.total).toBeGreaterThan(10);
    const exported = await app.inject({
      method: 'POST',
      url: '/taxa/export?format=ndjson&selectedFields=id&checklistVersion=MR.424',
      payload: body,
    });
    expect(exported.headers['content-disposition']).toBe('attachment; filename="taxa-MR.424.ndjson"');
    expect(ndjsonOf(exported.body)).toEqual(pages.results);

    const get = '?informalTaxonGroups=MVL.1&parentTaxonId=MX.37580&selectedFields=id';
    const byGet = await allPages(app, 'GET', `/taxa${get}`);
    expect(byGet.total).toBeGreaterThan(10);
    const csv = csvOf((await app.inject({ method: 'GET', url: `/taxa/export${get}` })).body);
    expect(csv).toEqual([['id'], ...byGet.results.map((taxon) => [taxon.id])]);
  });

  it('exports the species, and the species under a taxon, as their page routes list them', async () => {
    for (const [page, exported, file] of [
      ['/taxa/species', '/taxa/species/export', 'species-current.csv'],
      ['/taxa/MX.37580/species', '/taxa/MX.37580/species/export', 'species-MX.37580-current.csv'],
    ] as const) {
      const pages = await allPages(app, 'GET', `${page}?selectedFields=id,scientificName`);
      expect(pages.total).toBeGreaterThan(50);
      const response = await app.inject({ method: 'GET', url: `${exported}?selectedFields=id,scientificName` });
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
      const [header, ...rows] = csvOf(response.body);
      expect(header).toEqual(['id', 'scientificName']);
      expect(rows).toEqual(pages.results.map((taxon) => [taxon.id, taxon.scientificName]));
    }
    const filtered = { 'latestRedListStatusFinland.status': '!MX.iucnLC' };
    const pages = await allPages(app, 'POST', '/taxa/MX.37580/species?selectedFields=id', filtered);
    const response = await app.inject({
      method: 'POST',
      url: '/taxa/MX.37580/species/export?format=json&selectedFields=id',
      payload: filtered,
    });
    expect(JSON.parse(response.body)).toEqual(pages.results);
  });

  it('exports the change records between two versions as /taxa/changes pages them', async () => {
    for (const [from, to] of [
      ['MR.424', 'current'],
      ['MR.427', 'MR.428'],
    ]) {
      const query = `from=${from}&to=${to}&lang=sv`;
      const pages = await allPages(app, 'GET', `/taxa/changes?${query}`);
      expect(pages.total).toBeGreaterThan(5);
      const ndjson = await app.inject({ method: 'GET', url: `/taxa/changes/export?format=ndjson&${query}` });
      expect(ndjson.headers['content-disposition']).toBe(`attachment; filename="changes-${from}-${to}.ndjson"`);
      expect(ndjsonOf(ndjson.body)).toEqual(pages.results);
      const csv = await app.inject({ method: 'GET', url: `/taxa/changes/export?${query}` });
      const [header, ...rows] = csvOf(csv.body);
      expect(header).toEqual(DEFAULT_CHANGE_COLUMNS);
      expect(rows).toEqual(
        pages.results.map((record) => [
          record.id,
          record.changeTypes.join('|'),
          record.fields.join('|'),
          record.from?.scientificName ?? '',
          record.to?.scientificName ?? '',
          record.from?.taxonRank ?? '',
          record.to?.taxonRank ?? '',
          record.differences.map((difference: object) => JSON.stringify(difference)).join('|'),
        ]),
      );
    }
    const renamed = { changeTypes: 'renamed' };
    const url = '/taxa/changes/export?from=MR.424&format=json&selectedFields=changeTypes,to.scientificName';
    const response = await app.inject({ method: 'POST', url, payload: renamed });
    expect(JSON.parse(response.body)).toEqual([
      { id: 'MX.230561', changeTypes: expect.arrayContaining(['renamed']), to: { scientificName: expect.any(String) } },
      { id: 'MX.38676', changeTypes: expect.arrayContaining(['renamed']), to: { scientificName: expect.any(String) } },
    ]);
  });

  it('answers an empty set with the CSV header alone, an empty JSON array and no NDJSON line', async () => {
    const none = { id: 'MX.0' };
    const answers = await Promise.all(
      ['csv', 'json', 'ndjson'].map((format) =>
        app.inject({
          method: 'POST',
          url: `/taxa/export?format=${format}&selectedFields=id,scientificName`,
          payload: none,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.body)).toEqual(['id,scientificName\n', '[]\n', '']);
  });

  it('refuses a bad format, filter, version or field with the error object at the parameter', async () => {
    const cases: [method: 'GET' | 'POST', url: string, payload: object | undefined, status: number, pointer: string][] =
      [
        ['GET', '/taxa/export?format=xlsx', undefined, 400, '/query/format'],
        ['GET', '/taxa/changes/export?from=MR.424&format=', undefined, 400, '/query/format'],
        ['POST', '/taxa/export?format=ndjson', { 'no.such.field': 'x' }, 422, '/body/no.such.field'],
        ['POST', '/taxa/species/export', { taxonRank: '' }, 422, '/body/taxonRank'],
        ['GET', '/taxa/export?checklistVersion=MR.999', undefined, 400, '/query/checklistVersion'],
        ['GET', '/taxa/export?selectedFields=id,a..b', undefined, 422, '/query/selectedFields'],
        ['GET', '/taxa/changes/export?from=MR.999', undefined, 400, '/query/from'],
        ['GET', '/taxa/changes/export', undefined, 422, '/query/from'],
      ];
    for (const [method, url, payload, status, pointer] of cases) {
      const response = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-disposition'], url).toBeUndefined();
      const answer = response.json();
      expect(answer, url).toMatchObject({
        errorCode: expect.any(String),
        message: expect.any(String),
        localized: true,
      });
      expect(Object.keys(answer.details), url).toEqual([pointer]);
    }
  });

  it('describes every export route in the OpenAPI document with its three content types', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi' })).json();
    for (const path of ['/taxa/export', '/taxa/species/export', '/taxa/{id}/species/export', '/taxa/changes/export']) {
      for (const method of ['get', 'post']) {
        const operation = document.paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(Object.keys(operation.responses['200'].content).sort()).toEqual([
          'application/json',
          'application/x-ndjson',
          'text/csv',
        ]);
        expect(operation.parameters.map((p: { name: string }) => p.name)).toContain('format');
        expect(operation.parameters.map((p: { name: string }) => p.name)).not.toContain('pageSize');
      }
    }
  });
});

describe('bulk export: CSV escaping and access tokens', () => {
  let app: FastifyInstance;
  const awkward = 'Smith, "the elder" | Jones\nJr.';
  beforeAll(async () => {
    const current = await readFile(join(FIXTURE_DIR, 'current.ndjson'), 'utf8');
    const edited = current
      .split('\n')
      .map((line) => {
        if (!line.includes('"MX.46587"')) return line;
        return JSON.stringify({ ...JSON.parse(line), scientificNameAuthorship: awkward });
      })
      .join('\n');
    const dir = await fixtureCopy({ 'current.ndjson': edited });
    ({ app } = await buildTestApp({ dataDir: dir, accessTokens: ['export-token'] }));
  });
  afterAll(async () => {
    await app.close();
    await removeTempDirs();
  });

  it('quotes a value holding commas, quotes and a line break, which reads back whole', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/taxa/export?selectedFields=id,scientificNameAuthorship,alternativeVernacularName&lang=fi',
      headers: { authorization: 'Bearer export-token' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('MX.46587,"Smith, ""the elder"" | Jones\nJr.",repolainen\n');
    const fox = csvOf(response.body).find((row) => row[0] === 'MX.46587');
    expect(fox).toEqual(['MX.46587', awkward, 'repolainen']);
  });

  it('asks for an access token as every data route does', async () => {
    for (const [method, url] of [
      ['GET', '/taxa/export'],
      ['POST', '/taxa/species/export'],
      ['GET', '/taxa/changes/export?from=MR.424'],
    ] as const) {
      const refused = await app.inject({ method, url });
      expect(refused.statusCode, url).toBe(401);
      expect(refused.json()).toMatchObject({ errorCode: 'UNAUTHORIZED', localized: true });
      const allowed = await app.inject({
        method,
        url: `${url}${url.includes('?') ? '&' : '?'}access_token=export-token`,
      });
      expect(allowed.statusCode, url).toBe(200);
    }
  });
});

describe('bulk export of a generated checklist', () => {
  const TAXA = 20_000;
  let engine: ReturnType<typeof createEmbeddedEngine>;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'taxa-export-'));
    await writeSyntheticDataDirectory(dir, { taxa: TAXA, seed: 3 });
    engine = createEmbeddedEngine();
    await loadInto(engine, dir);
  }, 120_000);
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  /** The loaded engine, its searches made by `search`. */
  const searchingWith = (search: SearchEngine['search']): SearchEngine => ({
    kind: engine.kind,
    versions: () => engine.versions(),
    catalog: () => engine.catalog(),
    close: async () => {},
    search,
  });

  it('counts an export against the rate limit as one request', async () => {
    const app = await createApp({ engine, rateLimitPerMinute: 2 });
    const url = '/taxa/export?selectedFields=id';
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.inject({ method: 'GET', url })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await app.inject({ method: 'POST', url: '/taxa/changes/export?from=MR.424' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });
    expect(limited.headers['retry-after']).toBeDefined();
    await app.close();
  });

  it('takes an empty selectedFields as none: the default columns', async () => {
    const app = await createApp({ engine });
    const response = await app.inject({ method: 'GET', url: '/taxa/export?selectedFields=&parentTaxonId=MX.0' });
    expect(response.body).toBe(`${DEFAULT_TAXON_COLUMNS.join(',')}\n`);
    await app.close();
  });

  it('cuts the answer short, and goes on serving, when a search fails after the answer has begun', async () => {
    let searches = 0;
    const app = await createApp({
      engine: searchingWith(async (index, body) => {
        if (index.kind === 'taxa' && ++searches === 3) throw new Error('the engine went away');
        return engine.search(index, body);
      }),
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const outcome = await download(`${address}/taxa/export?selectedFields=id`);
    expect(outcome.status).toBe(200);
    expect(outcome.complete).toBe(false);
    expect(outcome.body.length).toBeGreaterThan(2 * 1000 * 'MX.1\n'.length);
    expect(searches).toBe(3);
    const after = await fetch(`${address}/taxa?pageSize=1&selectedFields=id`);
    expect(after.status).toBe(200);
    await app.close();
  });

  it('reads the set chunk after chunk: the count and order of the pages, for a filter that thins it', async () => {
    const app = await createApp({ engine });
    const body = { finnish: true, taxonRank: '!MX.genus' };
    const pages = await allPages(app, 'POST', '/taxa?selectedFields=id', body);
    expect(pages.total).toBeGreaterThan(3000);
    const response = await app.inject({ method: 'POST', url: '/taxa/export?selectedFields=id', payload: body });
    const [, ...rows] = csvOf(response.body);
    expect(rows.map(([id]) => id)).toEqual(pages.results.map((taxon) => taxon.id));
    await app.close();
  });

  it('cuts the answer short when the data is reloaded between two chunks, rather than mixing two data sets', async () => {
    const sample = createEmbeddedEngine();
    await loadInto(sample, SAMPLE);
    let searches = 0;
    const app = await createApp({
      engine: {
        kind: sample.kind,
        versions: () => sample.versions(),
        catalog: () => sample.catalog(),
        close: async () => {},
        async search(index, body) {
          if (index.kind === 'taxa' && ++searches === 2) await loadInto(sample, SAMPLE);
          return sample.search(index, body);
        },
      },
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const cut = await download(`${address}/taxa/export?format=ndjson&selectedFields=id&includeHidden=true`);
    expect(cut.status).toBe(200);
    expect(cut.complete).toBe(false);
    expect(ndjsonOf(cut.body)).toHaveLength(1000);
    expect(searches).toBe(2);
    // Once reloaded, an export reads the new data whole.
    const whole = await download(`${address}/taxa/export?format=ndjson&selectedFields=id&includeHidden=true`);
    expect(whole.complete).toBe(true);
    expect(ndjsonOf(whole.body).length).toBeGreaterThan(1000);
    await app.close();
  });

  it('stops searching when the client goes away in the middle of the answer', async () => {
    let searches = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // From the third chunk on, searches wait until the test lets them go.
    const app = await createApp({
      engine: searchingWith(async (index, body) => {
        if (index.kind === 'taxa') searches++;
        if (searches >= 3) await held;
        return engine.search(index, body);
      }),
    });
    const streamClosed = new Promise<void>((resolve) => {
      app.addHook('onSend', async (_request, _reply, payload) => {
        if (payload instanceof Readable) payload.on('close', () => resolve());
        return payload;
      });
    });
    const responseClosed = new Promise<void>((resolve) => {
      app.server.on('request', (_request, response) => response.on('close', () => resolve()));
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const firstBytes = await new Promise<string>((resolve, reject) => {
      const client = httpRequest(`${address}/taxa/export?includeHidden=true`, (response) => {
        response.once('data', (data: Buffer) => {
          client.destroy();
          resolve(data.toString('utf8'));
        });
      });
      client.on('error', (error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
      });
      client.end();
    });
    expect(firstBytes.startsWith('id,scientificName,')).toBe(true);

    await responseClosed;
    const atDisconnect = searches;
    release();
    await streamClosed;
    // The search under way when the client left is the last: the whole set needs 20.
    expect(searches).toBeLessThanOrEqual(Math.max(atDisconnect, 3));
    expect(searches).toBeLessThan(TAXA / 1000);
    await app.close();
  });
});
