import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

const errorObject = (errorCode: string) => ({
  errorCode,
  message: expect.any(String),
  localized: true,
});

describe('access tokens', () => {
  let built: TestApp;
  beforeAll(async () => {
    built = await buildTestApp({ accessTokens: ['secret-1', 'secret-2'] });
  });
  afterAll(async () => built.app.close());

  it('refuses a request without a token with a 401 error object', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/taxa/MX.46587' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      errorCode: 'UNAUTHORIZED',
      message: 'An access token is required',
      localized: true,
    });
  });

  it('asks the legacy routes for the same tokens (personToken or access_token), refusing with the legacy error object', async () => {
    const refused = await built.app.inject({ method: 'GET', url: '/v0/taxa/MX.46587' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(refused.json()).toEqual({
      error: { statusCode: 401, name: 'Error', message: 'An access token is required', code: 'UNAUTHORIZED' },
    });
    const wrong = await built.app.inject({ method: 'GET', url: '/v0/taxa/search?query=kettu&personToken=nope' });
    expect(wrong.json().error.message).toBe('The access token is not valid');
    for (const url of ['/v0/taxa/MX.46587?personToken=secret-1', '/v0/taxa/search?query=kettu&access_token=secret-2'])
      expect((await built.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    // the legacy Swagger document is open, as /openapi is
    expect((await built.app.inject({ method: 'GET', url: '/v0/swagger.json' })).statusCode).toBe(200);
  });

  it('refuses a wrong token', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/taxa?access_token=nope' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('The access token is not valid');
  });

  it('accepts a token in the query or as a bearer header', async () => {
    expect((await built.app.inject({ method: 'GET', url: '/taxa/MX.46587?access_token=secret-2' })).statusCode).toBe(
      200,
    );
    const bearer = await built.app.inject({
      method: 'POST',
      url: '/taxa',
      headers: { authorization: 'Bearer secret-1' },
      payload: {},
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('takes the bearer scheme in any case, and personToken in the query', async () => {
    for (const authorization of ['bearer secret-1', 'BEARER secret-2', 'Bearer  secret-1 ']) {
      expect(
        (await built.app.inject({ method: 'GET', url: '/taxa?pageSize=1', headers: { authorization } })).statusCode,
        authorization,
      ).toBe(200);
    }
    expect((await built.app.inject({ method: 'GET', url: '/taxa?pageSize=1&personToken=secret-2' })).statusCode).toBe(
      200,
    );
  });

  it('answers a 401 with WWW-Authenticate: Bearer', async () => {
    const missing = await built.app.inject({ method: 'GET', url: '/taxa' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="taxa"');
    const wrong = await built.app.inject({
      method: 'GET',
      url: '/taxa',
      headers: { authorization: 'Bearer secret-3' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="taxa", error="invalid_token"');
    expect(wrong.json()).toEqual({ ...errorObject('UNAUTHORIZED'), message: 'The access token is not valid' });
  });

  it('leaves the health checks and the OpenAPI document open, and the document says so', async () => {
    expect((await built.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    const openapi = await built.app.inject({ method: 'GET', url: '/openapi' });
    expect(openapi.statusCode).toBe(200);
    const document = openapi.json();
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['accessToken', 'bearer']);
    expect(document.paths['/taxa'].get.security).toEqual([{ bearer: [] }, { accessToken: [] }]);
    expect(document.paths['/health/live'].get.security).toEqual([]);
  });
});
