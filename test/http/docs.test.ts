import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

describe('GET /docs', () => {
  let built: TestApp;
  beforeAll(async () => {
    built = await buildTestApp({ accessTokens: ['secret-1'] });
  });
  afterAll(async () => built.app.close());

  it('serves interactive documentation of the OpenAPI document, open like the document', async () => {
    const page = await built.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui');
    const script = await built.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    const described = await built.app.inject({ method: 'GET', url: '/docs/json' });
    const document = await built.app.inject({ method: 'GET', url: '/openapi' });
    expect(described.json()).toEqual(document.json());
    expect((await built.app.inject({ method: 'GET', url: '/taxa' })).statusCode).toBe(401);
  });

  it('serves a valid OpenAPI 3.0 document, as the real API does', async () => {
    const document = (await built.app.inject({ method: 'GET', url: '/openapi' })).json();
    expect(document.openapi).toMatch(/^3\.0\./);
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.0');
  });

  it('serves a valid Swagger 2.0 document of the legacy interface', async () => {
    const document = (await built.app.inject({ method: 'GET', url: '/v0/swagger.json' })).json();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('2.0');
  });
});
