import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.ts';
import { createEmbeddedEngine } from '../../src/index/embedded-engine.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

describe('health routes', () => {
  let built: TestApp;
  beforeAll(async () => {
    built = await buildTestApp({ accessTokens: ['secret'] });
  });
  afterAll(async () => built.app.close());

  it('GET /health/live and /health/ready answer without an access token', async () => {
    const live = await built.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ live: true });
    const ready = await built.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, engine: 'embedded' });
    // Every other route still needs one.
    expect((await built.app.inject({ method: 'GET', url: '/taxa' })).statusCode).toBe(401);
    expect((await built.app.inject({ method: 'GET', url: '/health/nothing' })).statusCode).toBe(401);
  });

  it('GET /health/ready is a 503 error object while no version is loaded', async () => {
    const app = await createApp({ engine: createEmbeddedEngine() });
    const response = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      errorCode: 'SERVICE_UNAVAILABLE',
      message: 'Not ready: no checklist version is loaded',
    });
    await app.close();
  });

  it('appears in the OpenAPI document', async () => {
    const openapi = (await built.app.inject({ method: 'GET', url: '/openapi?access_token=secret' })).json();
    expect(openapi.paths['/health/ready'].get.summary).toMatch(/Readiness/);
    expect(openapi.paths['/health/live'].get.summary).toMatch(/Liveness/);
    expect(openapi.paths['/taxa'].get.responses['503']).toBeDefined();
  });
});
