/**
 * What an attacker or a careless client can send the HTTP front: tokens stay out of the logs,
 * requests are rate-limited per token or address, overload and every refusal answer with the
 * error object, and requests the HTTP parser refuses too.
 */
import { connect } from 'node:net';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createApp, FASTIFY_OPTIONS } from '../../src/http/app.ts';
import { loggerOptions } from '../../src/http/plugins/logging.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

const errorObject = (errorCode: string) => ({
  errorCode,
  message: expect.any(String),
  localized: expect.any(Boolean),
});

describe('logs', () => {
  it('never hold an access token, valid or not, from the query or the headers', async () => {
    const { engine } = await buildTestApp();
    let logged = '';
    const stream = new Writable({
      write: (chunk, _encoding, done) => {
        logged += String(chunk);
        done();
      },
    });
    const app = await buildApp(Fastify({ ...FASTIFY_OPTIONS, logger: { ...loggerOptions('info'), stream } }), {
      engine,
      accessTokens: ['secret-valid-1'],
    });
    await app.inject({ method: 'GET', url: '/taxa?pageSize=1&access_token=secret-valid-1' });
    await app.inject({ method: 'GET', url: '/taxa?access_token=secret-guess-2&pageSize=1' });
    await app.inject({ method: 'GET', url: '/taxa/MX.1?personToken=secret-person-3' });
    await app.inject({ method: 'GET', url: '/taxa?access%5Ftoken=secret-encoded-5' });
    await app.inject({ method: 'GET', url: '/nowhere?access_token=secret-valid-1' });
    await app.inject({ method: 'GET', url: '/taxa', headers: { authorization: 'Bearer secret-header-4' } });
    await app.inject({ method: 'GET', url: '/taxa', headers: { authorization: 'Bearer secret-valid-1' } });
    // Under names the service does not read, a token is still a value not to log.
    for (const query of [
      'accessToken=secret-6',
      'token=secret-7',
      'access_token[]=secret-8',
      'a=b;access_token=secret-9',
    ])
      await app.inject({ method: 'GET', url: `/taxa?${query}&pageSize=1` });
    await app.inject({ method: 'GET', url: '/v0/taxa?apiKey=secret-10&pageSize=10' });
    await app.close();
    expect(logged).toContain('incoming request');
    expect(logged).toContain('access_token=[redacted]&pageSize=1');
    expect(logged).toContain('token=[redacted]&pageSize=1');
    expect(logged).toContain('access_token[]=[redacted]&pageSize=1');
    expect(logged).toContain('apiKey=[redacted]&pageSize=10');
    expect(logged).not.toMatch(/secret-/);
  });
});

describe('rate limits', () => {
  it('count per valid token, and wrong-token guesses per client address, with a 429 error object and Retry-After', async () => {
    const { engine } = await buildTestApp();
    const app = await createApp({ engine, accessTokens: ['token-a', 'token-b'], rateLimitPerMinute: 3 });
    const get = (url: string) => app.inject({ method: 'GET', url });
    for (let i = 0; i < 3; i++) expect((await get('/taxa?pageSize=1&access_token=token-a')).statusCode).toBe(200);
    const limited = await get('/taxa?pageSize=1&access_token=token-a');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(errorObject('TOO_MANY_REQUESTS'));
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('/taxa?pageSize=1&access_token=token-b')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await get(`/taxa?access_token=guess-${i}`)).statusCode).toBe(401);
    expect((await get('/taxa?access_token=guess-4')).statusCode).toBe(429);
    for (let i = 0; i < 10; i++) expect((await get('/health/live')).statusCode).toBe(200);
    await app.close();
  });

  it('give guesses a hundredth of the allowance (at least 10), apart from the valid tokens', async () => {
    const { engine } = await buildTestApp();
    const app = await createApp({ engine, accessTokens: ['token-a'], rateLimitPerMinute: 1_000 });
    const get = (url: string) => app.inject({ method: 'GET', url });
    for (let i = 0; i < 10; i++) expect((await get(`/taxa?access_token=guess-${i}`)).statusCode).toBe(401);
    expect((await get('/taxa?access_token=guess-10')).statusCode).toBe(429);
    expect((await get('/taxa')).statusCode).toBe(429);
    expect((await get('/taxa?pageSize=1&access_token=token-a')).statusCode).toBe(200);
    await app.close();
  });

  it('count per client address when no tokens are configured', async () => {
    const { engine } = await buildTestApp();
    const app = await createApp({ engine, rateLimitPerMinute: 2 });
    const from = (remoteAddress: string) => app.inject({ method: 'GET', url: '/taxa?pageSize=1', remoteAddress });
    expect((await from('10.0.0.1')).statusCode).toBe(200);
    expect((await from('10.0.0.1')).statusCode).toBe(200);
    expect((await from('10.0.0.1')).statusCode).toBe(429);
    expect((await from('10.0.0.2')).statusCode).toBe(200);
    await app.close();
  });
});

describe('overload', () => {
  it('refuses requests at once with a 503 error object and Retry-After, while the health checks answer', async () => {
    const { engine } = await buildTestApp();
    // A heap bound no process stays under: every request after the first sample is refused.
    const app = await createApp({ engine, overload: { maxEventLoopDelayMs: 1_000, maxHeapShare: 1e-6 } });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const refused = await app.inject({ method: 'GET', url: '/taxa' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(errorObject('SERVICE_UNAVAILABLE'));
    expect(refused.headers['retry-after']).toBe('5');
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('every refusal is the error object', () => {
  let built: TestApp;
  let url: URL;
  beforeAll(async () => {
    built = await buildTestApp();
    url = new URL(await built.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => built.app.close());

  it('answers another method on an existing route with a 405 and Allow', async () => {
    const put = await built.app.inject({ method: 'PUT', url: '/taxa' });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, POST');
    expect(put.json()).toEqual(errorObject('METHOD_NOT_ALLOWED'));
    const remove = await built.app.inject({ method: 'DELETE', url: '/taxa/MX.46587' });
    expect(remove.statusCode).toBe(405);
    expect(remove.headers.allow).toBe('GET, HEAD');
    expect((await built.app.inject({ method: 'PATCH', url: '/nowhere' })).statusCode).toBe(404);
    const trace = await built.app.inject({ method: 'TRACE', url: '/taxa' });
    expect(trace.statusCode).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD, POST');
    expect(trace.json()).toEqual(errorObject('METHOD_NOT_ALLOWED'));
  });

  it('answers a JSON body declared in another charset than UTF-8 with a 415, under /v0 in its shape', async () => {
    const post = (url: string, charset: string) =>
      built.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': `application/json; charset=${charset}` },
        payload: '{}',
      });
    for (const charset of ['utf-16', 'ISO-8859-1', '"latin1"']) {
      const refused = await post('/taxa', charset);
      expect(refused.statusCode, charset).toBe(415);
      expect(refused.json()).toEqual(errorObject('UNSUPPORTED_MEDIA_TYPE'));
    }
    for (const charset of ['utf-8', 'UTF-8', 'utf8', '"utf-8"'])
      expect((await post('/taxa', charset)).statusCode, charset).toBe(200);
    const legacy = await post('/v0/taxa', 'utf-16');
    expect(legacy.statusCode).toBe(415);
    expect(legacy.json()).toMatchObject({ error: { statusCode: 415 } });
  });

  it('answers a path segment past the router bound with a 414', async () => {
    const long = await built.app.inject({ method: 'GET', url: `/taxa/MX.${'1'.repeat(200)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual(errorObject('URI_TOO_LONG'));
  });

  it('answers a body over the limit with a 413', async () => {
    const big = await built.app.inject({
      method: 'POST',
      url: '/taxa',
      headers: { 'content-type': 'application/json' },
      payload: `{"id": "${'x'.repeat(1_100_000)}"}`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual(errorObject('PAYLOAD_TOO_LARGE'));
  });

  async function raw(request: string): Promise<{ status: number; headers: string; body: unknown }> {
    const socket = connect(Number(url.port), url.hostname);
    await once(socket, 'connect');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.write(request);
    await once(socket, 'close');
    const text = Buffer.concat(chunks).toString('utf8');
    const end = text.indexOf('\r\n\r\n');
    return { status: Number(text.split(' ')[1]), headers: text.slice(0, end), body: JSON.parse(text.slice(end + 4)) };
  }

  it('answers what the HTTP parser refuses: headers over 16 KB (431), a URL over 16 KB (414), a malformed request (400)', async () => {
    const headers = await raw(`GET /taxa HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(headers.status).toBe(431);
    expect(headers.body).toEqual(errorObject('REQUEST_HEADER_FIELDS_TOO_LARGE'));
    expect(headers.headers).toMatch(/connection: close/i);
    const long = await raw(`GET /taxa?q=${'b'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(long.status).toBe(414);
    expect(long.body).toEqual(errorObject('URI_TOO_LONG'));
    // Under /v0, in the legacy error shape its clients read.
    const legacyLong = await raw(`GET /v0/taxa?q=${'b'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(legacyLong.status).toBe(414);
    expect(legacyLong.body).toMatchObject({ error: { statusCode: 414, message: expect.any(String) } });
    const legacyHeaders = await raw(`GET /v0/taxa HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(legacyHeaders.status).toBe(431);
    expect(legacyHeaders.body).toMatchObject({ error: { statusCode: 431 } });
    const malformed = await raw('HELLO THERE\r\n\r\n');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(errorObject('BAD_REQUEST'));
    const hostless = await raw('GET /taxa HTTP/1.1\r\n\r\n');
    expect(hostless.status).toBe(400);
    expect(hostless.body).toEqual({
      ...errorObject('BAD_REQUEST'),
      message: 'An HTTP/1.1 request needs a Host header',
    });
  });
});
