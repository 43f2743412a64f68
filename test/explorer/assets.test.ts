import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_DIR } from '../../src/http/routes/explorer.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

/** The explorer's page and assets, with access tokens configured: open, while the API is not. */
describe('the explorer page', () => {
  let built: TestApp;
  beforeAll(async () => {
    built = await buildTestApp({ accessTokens: ['secret-1'] });
  });
  afterAll(async () => built.app.close());

  const get = (url: string, headers: Record<string, string> = {}) => built.app.inject({ method: 'GET', url, headers });
  /** The answer to `url`, a 200 of `type`. */
  const asset = async (url: string, type: string) => {
    const answer = await get(url);
    expect(answer.statusCode, url).toBe(200);
    expect(answer.headers['content-type'], url).toBe(type);
    expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
    return answer;
  };

  it('serves the page at / without a token, loading its module and stylesheet from /explorer', async () => {
    const page = await asset('/', 'text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.body).toContain('<script type="module" src="/explorer/main.js"></script>');
    expect(page.body).toContain('<link rel="stylesheet" href="/explorer/explorer.css">');
    expect((await get('/taxa')).statusCode).toBe(401);
  });

  it('serves every asset with its content type, without a token', async () => {
    expect((await asset('/explorer/main.js', 'text/javascript; charset=utf-8')).body).toContain("from './api.js'");
    expect((await asset('/explorer/explorer.css', 'text/css; charset=utf-8')).body).toContain('.suggestions');
    const files = readdirSync(join(PUBLIC_DIR, 'explorer'));
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) {
      const type = file.endsWith('.css') ? 'text/css' : 'text/javascript';
      await asset(`/explorer/${file}`, `${type}; charset=utf-8`);
    }
  });

  it('imports only modules it serves: every relative import of a module is one of the assets', async () => {
    const files = new Set(readdirSync(join(PUBLIC_DIR, 'explorer')));
    for (const file of [...files].filter((name) => name.endsWith('.js'))) {
      const source = (await get(`/explorer/${file}`)).body;
      for (const [, imported] of source.matchAll(/from '\.\/([^']+)'/g))
        expect(files, `${file} → ${imported}`).toContain(imported);
    }
  });

  it('answers a repeated request whose ETag matches with a 304', async () => {
    const first = await get('/explorer/api.js');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/explorer/api.js', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/explorer/api.js', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('answers an unknown asset, without a token, with the 404 error object of unknown routes', async () => {
    for (const url of ['/explorer/missing.js', '/explorer/..%2Fpackage.json', '/explorer/__proto__']) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toEqual({
        errorCode: 'NOT_FOUND',
        message: expect.stringContaining('not found'),
        localized: true,
      });
    }
  });

  it('keeps the page out of the OpenAPI document', async () => {
    const document = (await get('/openapi')).json();
    expect(Object.keys(document.paths).filter((path) => path === '/' || path.startsWith('/explorer'))).toEqual([]);
  });
});
