import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

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
      errorCode: 'UNAUTHORIZED', message: 'An access token is required',
      localized: { en: 'Access token is missing or invalid', fi: 'Käyttöavain puuttuu tai on virheellinen', sv: 'Åtkomstnyckeln saknas eller är ogiltig' },
    });
  });

  it('refuses a wrong token', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/taxa?access_token=nope' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('The access token is not valid');
  });

  it('accepts a token in the query or as a bearer header', async () => {
    expect((await built.app.inject({ method: 'GET', url: '/taxa/MX.46587?access_token=secret-2' })).statusCode).toBe(200);
    const bearer = await built.app.inject({ method: 'POST', url: '/taxa', headers: { authorization: 'Bearer secret-1' }, payload: {} });
    expect(bearer.statusCode).toBe(200);
  });
});
