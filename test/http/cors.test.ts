/** Cross-origin requests (docs/running.md): any origin by default, a preflight outside the rate limit and the token check. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createApp } from '../../src/http/app.ts';
import { createEmbeddedEngine, type EmbeddedEngine } from '../../src/index/embedded-engine.ts';
import { loadInto } from '../../src/runtime/open-engine.ts';
import { FIXTURE_DIR } from '../helpers/data-dir.ts';

let engine: EmbeddedEngine;
beforeAll(async () => {
  engine = createEmbeddedEngine();
  await loadInto(engine, FIXTURE_DIR);
});
afterAll(() => engine.close());

const page = 'https://example.org';
const preflight = (url: string) => ({
  method: 'OPTIONS' as const,
  url,
  headers: {
    origin: page,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'content-type, authorization',
  },
});

describe('CORS', () => {
  it('answers a preflight with a 204 allowing any origin, without a token and outside the rate limit', async () => {
    const app = await createApp({ engine, accessTokens: ['secret'], rateLimitPerMinute: 2 });
    for (let i = 0; i < 4; i++) {
      const response = await app.inject(preflight('/taxa'));
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-methods']).toContain('POST');
      expect(response.headers['access-control-allow-headers']).toBe('content-type, authorization');
      expect(response.body).toBe('');
    }
    const answered = await app.inject({
      method: 'POST',
      url: '/taxa?pageSize=1',
      headers: { origin: page, authorization: 'Bearer secret' },
      payload: {},
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['access-control-allow-origin']).toBe('*');
    await app.close();
  });

  it('allows any origin on answers and on refusals alike, and lets a page read the headers it needs', async () => {
    const app = await createApp({ engine, accessTokens: ['secret'] });
    const refused = await app.inject({ method: 'GET', url: '/taxa', headers: { origin: page } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.headers['access-control-expose-headers']).toContain('WWW-Authenticate');
    await app.close();
    const open = await createApp({ engine });
    const missing = await open.inject({ method: 'GET', url: '/nowhere', headers: { origin: page } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    await open.close();
  });

  it('allows only the origins CORS_ORIGINS names when it names some', async () => {
    const origins = loadConfig({ CORS_ORIGINS: ' https://laji.fi , https://example.org' }).CORS_ORIGINS;
    expect(origins).toEqual(['https://laji.fi', 'https://example.org']);
    expect(loadConfig({}).CORS_ORIGINS).toEqual(['*']);
    const app = await createApp({ engine, corsOrigins: origins });
    const allowed = await app.inject({
      method: 'GET',
      url: '/taxa?pageSize=1',
      headers: { origin: 'https://laji.fi' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://laji.fi');
    expect(allowed.headers.vary).toContain('Origin');
    const other = await app.inject({
      method: 'GET',
      url: '/taxa?pageSize=1',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });

  it('still answers another method on a route with a 405 and Allow', async () => {
    const app = await createApp({ engine });
    const response = await app.inject({ method: 'DELETE', url: '/taxa', headers: { origin: page } });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    await app.close();
  });
});
