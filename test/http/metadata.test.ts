/**
 * The metadata routes: `/metadata/alts`, `/metadata/alts/{alt}` and the legacy
 * `/v0/metadata/ranges/{range}`, held to the answers the real API gave (recorded by a client of
 * it, written out here: the keys of the answer and of its values, their number and order, some
 * labels), in each language, with the access tokens every data route asks for.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.ts';

const TOKEN = 'metadata-token';
let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp({ accessTokens: [TOKEN] }));
});
afterAll(async () => app.close());

async function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}`, ...headers } });
  return { status: response.statusCode, body: response.json() };
}

/**
 * What the recordings of `/metadata/alts/{alt}` (`lang` multi) say of each enumeration: how many
 * values, the first and the last, and the keys its values have besides `id` and `value`.
 */
const RECORDED = [
  { alt: 'MX.taxonRankEnum', count: 58, first: 'MX.superdomain', last: 'MX.grex', keys: [] },
  { alt: 'MX.iucnStatuses', count: 11, first: 'MX.iucnEX', last: 'MX.iucnNE', keys: [] },
  {
    alt: 'MX.adminStatusEnum',
    count: 64,
    first: 'MX.finlex160_1997_appendix4_2021',
    last: undefined,
    keys: [],
  },
  { alt: 'MX.typeOfOccurrenceEnum', count: 45, first: 'MX.doesNotOccur', last: undefined, keys: [] },
  { alt: 'MKV.habitatEnum', count: 94, first: 'MKV.habitatM', last: undefined, keys: ['altParent'] },
  { alt: 'MKV.habitatSpecificTypeEnum', count: 10, first: 'MKV.habitatSpecificTypeV', last: undefined, keys: [] },
  { alt: 'MX.secureLevels', count: 9, first: 'MX.secureLevelNone', last: 'MX.secureLevelNoShow', keys: [] },
  {
    alt: 'MX.threatenedStatusEnum',
    count: 4,
    first: 'MX.threatenedStatusStatutoryProtected',
    last: 'MX.threatenedStatusOther',
    keys: [],
  },
];

describe('GET /metadata/alts/{alt}', () => {
  it.each(RECORDED)('answers $alt as recorded: {results, @context}, $count values in order', async (recorded) => {
    const { status, body } = await get(`/metadata/alts/${recorded.alt}?lang=multi`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['results', '@context']);
    expect(body['@context']).toBe('https://api.laji.fi/context/metadata-alt-multi');
    const ids = body.results.map((value: { id: string }) => value.id);
    expect(ids).toHaveLength(recorded.count);
    expect(ids[0]).toBe(recorded.first);
    if (recorded.last) expect(ids.at(-1)).toBe(recorded.last);
    const keys = new Set(body.results.flatMap((value: object) => Object.keys(value)));
    expect([...keys].sort()).toEqual(['id', 'value', ...recorded.keys].sort());
    for (const value of body.results) expect(Object.keys(value).slice(0, 2)).toEqual(['id', 'value']);
  });

  it('answers the labels in the language of lang, else of Accept-Language, else English', async () => {
    const endangered = (body: any) => body.results.find((value: { id: string }) => value.id === 'MX.iucnEN').value;
    const fi = await get('/metadata/alts/MX.iucnStatuses?lang=fi');
    expect(endangered(fi.body)).toBe('EN – Erittäin uhanalaiset');
    expect(fi.body['@context']).toBe('https://api.laji.fi/context/metadata-alt-fi');
    const sv = await get('/metadata/alts/MX.iucnStatuses', { 'accept-language': 'sv-FI, en;q=0.5' });
    expect(endangered(sv.body)).toBe('EN – Starkt hotad');
    expect(endangered((await get('/metadata/alts/MX.iucnStatuses')).body)).toBe('EN – Endangered');
    expect(endangered((await get('/metadata/alts/MX.iucnStatuses?lang=multi')).body)).toEqual({
      fi: 'EN – Erittäin uhanalaiset',
      sv: 'EN – Starkt hotad',
      en: 'EN – Endangered',
    });
    // The real API's own test: a rank in Finnish.
    const ranks = (await get('/metadata/alts/MX.taxonRankEnum?lang=fi')).body.results;
    expect(ranks.find((value: { id: string }) => value.id === 'MX.species')).toEqual({
      id: 'MX.species',
      value: 'laji',
    });
  });

  it('falls back where a language is missing', async () => {
    const ranks = (await get('/metadata/alts/MX.taxonRankEnum?lang=sv')).body.results;
    expect(ranks.find((value: { id: string }) => value.id === 'MX.cultivar').value).toBe('cultivar');
  });

  it('answers an unknown enumeration with the 404 error object, a wrong lang with a 422', async () => {
    const { status, body } = await get('/metadata/alts/MX.noSuchEnum?lang=fi');
    expect(status).toBe(404);
    expect(body).toEqual({ errorCode: 'NOT_FOUND', message: 'Ei löytynyt', localized: true });
    expect((await get('/metadata/alts/MX.noSuchEnum')).body.message).toBe("Alt 'MX.noSuchEnum' not found");
    expect((await get('/metadata/alts/__proto__')).status).toBe(404);
    expect((await get('/metadata/alts/MX.iucnStatuses?lang=de')).status).toBe(422);
  });

  it('asks for an access token, as every data route', async () => {
    for (const url of ['/metadata/alts', '/metadata/alts/MX.iucnStatuses', '/v0/metadata/ranges/MX.iucnStatuses']) {
      const refused = await app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(401);
    }
  });
});

describe('GET /metadata/alts', () => {
  it('answers every enumeration by name, each as /metadata/alts/{alt} answers its values, the context last', async () => {
    const { status, body } = await get('/metadata/alts?lang=fi');
    expect(status).toBe(200);
    const names = Object.keys(body);
    expect(names.at(-1)).toBe('@context');
    expect(body['@context']).toBe('https://api.laji.fi/context/metadata-alt');
    expect(names).toEqual(expect.arrayContaining(RECORDED.map(({ alt }) => alt)));
    for (const alt of names.slice(0, -1))
      expect(body[alt], alt).toEqual((await get(`/metadata/alts/${alt}?lang=fi`)).body.results);
    expect((await get('/metadata/alts?lang=multi')).body['MX.iucnStatuses'][4].value).toEqual({
      fi: 'EN – Erittäin uhanalaiset',
      sv: 'EN – Starkt hotad',
      en: 'EN – Endangered',
    });
  });

  it('is in the OpenAPI document with its parameters and answers', async () => {
    const document = (await get('/openapi')).body;
    for (const path of ['/metadata/alts', '/metadata/alts/{alt}']) {
      const operation = document.paths[path]?.get;
      expect(operation?.tags, path).toEqual(['metadata']);
      expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toContain('lang');
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '404']));
    }
  });
});

describe('GET /v0/metadata/ranges/{range}', () => {
  it('answers a bare array of the values, as recorded with lang=multi', async () => {
    const { status, body } = await get('/v0/metadata/ranges/MKV.habitatEnum?lang=multi');
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(94);
    expect(body[1]).toEqual({
      id: 'MKV.habitatMk',
      value: { fi: 'Mk – kangasmetsät', sv: 'Mk – moskogar', en: 'Mk – heath forests' },
      altParent: 'MKV.habitatM',
    });
    expect(body).toEqual((await get('/metadata/alts/MKV.habitatEnum?lang=multi')).body.results);
  });

  it('answers English by default, and leaves a missing label out with langFallback=false', async () => {
    expect((await get('/v0/metadata/ranges/MX.secureLevels')).body[0]).toEqual({
      id: 'MX.secureLevelNone',
      value: 'None',
    });
    const ranks = (await get('/v0/metadata/ranges/MX.taxonRankEnum?lang=sv&langFallback=false')).body;
    expect(ranks.find((value: { id: string }) => value.id === 'MX.cultivar')).toEqual({ id: 'MX.cultivar' });
  });

  it('answers an unknown range with the legacy error object, and is in the Swagger document', async () => {
    const { status, body } = await get('/v0/metadata/ranges/MX.noSuchEnum');
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ statusCode: 404, name: 'Error', code: 'NOT_FOUND' });
    const swagger = (await get('/v0/swagger.json')).body;
    expect(swagger.paths['/metadata/ranges/{range}'].get.tags).toEqual(['Metadata']);
  });
});
