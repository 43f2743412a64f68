/**
 * One client cannot hold the service, nor be left without a word: a request that does not arrive
 * in time gets a 408, an answer that does not start in time a 503, each with the error object
 * and a log line; an answer under way is not cut. The server is the one `taxa serve` listens
 * with (`createServerInstance`), with its timeouts made short, over an engine whose searches wait
 * as long as a test says.
 */
import { once } from 'node:events';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { loggerOptions } from '../../src/http/plugins/logging.ts';
import { createServerInstance } from '../../src/http/server.ts';
import { createEmbeddedEngine, type EmbeddedEngine } from '../../src/index/embedded-engine.ts';
import type { SearchEngine } from '../../src/index/engine.ts';
import { loadInto } from '../../src/runtime/open-engine.ts';

const REQUEST_TIMEOUT_MS = 600;
const ANSWER_DEADLINE_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const errorObject = (errorCode: string) => ({
  errorCode,
  message: expect.any(String),
  localized: expect.any(Boolean),
});

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

let sample: EmbeddedEngine;
beforeAll(async () => {
  sample = createEmbeddedEngine();
  await loadInto(sample, 'data/sample');
});

/** How long each search waits, by its number (from 1); searches so far. */
let delayOf: (search: number) => number = () => 0;
let searches = 0;

/** The sample without `walk`, so that an export searches once a chunk, each search delayed. */
const slowEngine = (): SearchEngine => ({
  kind: sample.kind,
  versions: () => sample.versions(),
  catalog: () => sample.catalog(),
  close: async () => {},
  async search(index, body) {
    await sleep(delayOf(++searches));
    return sample.search(index, body);
  },
});

let app: FastifyInstance | undefined;
let port = 0;
let logs: LogLine[] = [];

async function serve(): Promise<void> {
  logs = [];
  const stream = new Writable({
    write: (chunk, _encoding, done) => {
      for (const line of String(chunk).split('\n')) if (line !== '') logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  app = createServerInstance({ REQUEST_TIMEOUT_MS, ANSWER_DEADLINE_MS }, pino(loggerOptions('info'), stream));
  await buildApp(app, { engine: slowEngine(), answerDeadlineMs: ANSWER_DEADLINE_MS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
}

afterEach(async () => {
  await app?.close();
  app = undefined;
  delayOf = () => 0;
  searches = 0;
});
afterAll(async () => sample.close());

/** Writes `text` on a new connection and reads until the server closes it, or for `ms` at most. */
async function rawExchange(
  text: string,
  ms = 5_000,
): Promise<{ text: string; closedAfterMs: number | undefined; status: number }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {});
  const started = performance.now();
  socket.write(text);
  const closed = await Promise.race([once(socket, 'close').then(() => true), sleep(ms).then(() => false)]);
  socket.destroy();
  const received = Buffer.concat(chunks).toString('utf8');
  return {
    text: received,
    closedAfterMs: closed ? performance.now() - started : undefined,
    status: Number(received.split(' ')[1]),
  };
}

const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as unknown;

/** Two requests, one after the other, on one kept-alive connection. */
async function twoOnOneConnection(first: string, second: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string; socket: unknown }>(
      (resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port, path, agent }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (text: string) => {
            body += text;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode!, headers: response.headers, body, socket: request.socket }),
          );
        });
        request.on('error', reject);
        request.end();
      },
    );
  const one = await get(first);
  const two = await get(second);
  agent.destroy();
  return [one, two] as const;
}

describe('a request that does not arrive in time', () => {
  beforeEach(() => serve());

  it('is answered with a 408 error object and Connection: close, and logged: a request line left unfinished', async () => {
    const answer = await rawExchange('GET /\r\n');
    expect(answer.status).toBe(408);
    expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(bodyOf(answer.text)).toEqual(errorObject('REQUEST_TIMEOUT'));
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(answer.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1_000);
    expect(logs.find((line) => line.msg === 'request not received in time: answered 408')).toMatchObject({
      level: 30,
      remoteAddress: '127.0.0.1',
    });
  });

  it('is answered with a 408 when its body stops short of its Content-Length, past the answer deadline too', async () => {
    const answer = await rawExchange(
      'POST /taxa HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    expect(answer.status).toBe(408);
    expect(bodyOf(answer.text)).toEqual(errorObject('REQUEST_TIMEOUT'));
    expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
    // The answer deadline passed while the body was arriving: the request timeout answers it.
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(logs.some((line) => line.msg.includes('answered 503'))).toBe(false);
  });

  it('does not get a 408 when it has arrived whole and its answer takes longer than the request timeout', async () => {
    delayOf = () => REQUEST_TIMEOUT_MS + 300;
    const answer = await rawExchange('GET /health/ready HTTP/1.1\r\nHost: x\r\n\r\n', REQUEST_TIMEOUT_MS + 1_000);
    expect(answer.status).toBe(200);
    expect(bodyOf(answer.text)).toEqual({ ready: true, engine: 'embedded' });
  });
});

describe('an answer that does not start by the deadline', () => {
  beforeEach(() => serve());

  it('is a 503 error object with Retry-After, logged with its route and wait; the late answer is dropped and the connection stays usable', async () => {
    delayOf = (search) => (search === 1 ? 1_000 : 0);
    const started = performance.now();
    const [late, next] = await twoOnOneConnection('/taxa?pageSize=1', '/taxa?pageSize=2');
    const waited = performance.now() - started;
    expect(late.status).toBe(503);
    expect(late.headers['retry-after']).toBe('2');
    expect(JSON.parse(late.body)).toEqual(errorObject('SERVICE_UNAVAILABLE'));
    expect(next.status).toBe(200);
    expect(JSON.parse(next.body).results).toHaveLength(2);
    expect(waited).toBeLessThan(1_000);
    expect(logs.find((line) => line.msg === 'no answer by the deadline: answered 503')).toMatchObject({
      level: 40,
      route: 'GET /taxa',
      deadlineMs: ANSWER_DEADLINE_MS,
      waitedMs: expect.any(Number),
    });
    const warned = logs.find((line) => line.msg === 'no answer by the deadline: answered 503')!;
    expect(warned.waitedMs).toBeGreaterThanOrEqual(ANSWER_DEADLINE_MS);
    expect(warned.waitedMs).toBeLessThan(ANSWER_DEADLINE_MS + 200);
    // The handler finishes later: its answer goes nowhere, without an error or a 500.
    await sleep(1_000);
    expect(logs.find((line) => line.msg === 'late answer dropped')).toMatchObject({ route: 'GET /taxa' });
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
    expect(logs.filter((line) => /already sent/i.test(JSON.stringify(line)))).toEqual([]);
    const completed = logs.filter((line) => line.msg === 'request completed').map((line) => line.res);
    expect(completed).toEqual([{ statusCode: 503 }, { statusCode: 200 }]);
  });

  it('does not cut an export whose answer has started, however long it then takes', async () => {
    delayOf = (search) => (search === 2 ? ANSWER_DEADLINE_MS + 200 : 0);
    const started = performance.now();
    const [whole] = await twoOnOneConnection(
      '/taxa/export?format=ndjson&selectedFields=id&includeHidden=true',
      '/health/live',
    );
    expect(performance.now() - started).toBeGreaterThan(ANSWER_DEADLINE_MS + 200);
    expect(whole.status).toBe(200);
    expect(searches).toBeGreaterThan(1);
    expect(whole.body.trim().split('\n').length).toBeGreaterThan(1_000);
    expect(logs.some((line) => line.msg.includes('answered 503'))).toBe(false);
  });

  it('is a 503 for an export whose first chunk comes late, and the late export stops reading', async () => {
    delayOf = (search) => (search === 1 ? 600 : 0);
    const [late] = await twoOnOneConnection('/taxa/export?format=ndjson&includeHidden=true', '/health/live');
    expect(late.status).toBe(503);
    expect(JSON.parse(late.body)).toEqual(errorObject('SERVICE_UNAVAILABLE'));
    await sleep(800);
    expect(logs.find((line) => line.msg === 'late answer dropped')).toMatchObject({ route: 'GET /taxa/export' });
    // The dropped stream was destroyed: the walk over the taxa stopped after its first chunk.
    expect(searches).toBe(1);
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('answers under /v0 in the legacy error shape', async () => {
    delayOf = () => 600;
    const [late] = await twoOnOneConnection('/v0/taxa?pageSize=10', '/health/live');
    expect(late.status).toBe(503);
    expect(JSON.parse(late.body)).toMatchObject({ error: { statusCode: 503 } });
    await sleep(600);
  });
});
