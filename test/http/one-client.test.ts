/**
 * One client cannot take the service from the others (docs/running.md, "Abuse and failures"):
 * pipelined requests are handled one at a time, a connection that never reads holds one answer,
 * exports are bounded in all and per client address, and nested /v0 trees are sent piece by piece.
 */
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.ts';
import { SLICE_LENGTH } from '../../src/http/answers/json-text.ts';
import { MAX_WAITING } from '../../src/http/plugins/one-at-a-time.ts';
import { createEmbeddedEngine, type EmbeddedEngine } from '../../src/index/embedded-engine.ts';
import type { SearchEngine } from '../../src/index/engine.ts';
import { loadInto } from '../../src/runtime/open-engine.ts';
import { DEFAULT_DATA_DIR as SAMPLE_DIR } from '../../src/config.ts';

let engine: EmbeddedEngine;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  engine = createEmbeddedEngine();
  await loadInto(engine, SAMPLE_DIR);
});
afterEach(async () => {
  await app?.close();
  app = undefined;
});
afterAll(() => engine.close());

/** The sample's engine, its taxa searches counted and held while `gate` says so. */
function counted(gate: { held: Promise<void> | undefined }) {
  const counts = { started: 0, running: 0, mostAtOnce: 0 };
  const wrapped: SearchEngine = {
    kind: engine.kind,
    versions: () => engine.versions(),
    catalog: () => engine.catalog(),
    close: async () => {},
    async search(index, body) {
      if (index.kind !== 'taxa') return engine.search(index, body);
      counts.started += 1;
      counts.running += 1;
      counts.mostAtOnce = Math.max(counts.mostAtOnce, counts.running);
      try {
        await gate.held;
        return await engine.search(index, body);
      } finally {
        counts.running -= 1;
      }
    },
  };
  return { engine: wrapped, counts };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `text` on a new connection; resolves with what came back when the server closed it or `ms` passed. */
function rawExchange(port: number, text: string, options: { read: boolean; ms: number }) {
  return new Promise<{ received: string }>((resolve) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(text);
      if (!options.read) socket.pause();
    });
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    const end = () => resolve({ received });
    socket.on('close', end);
    setTimeout(() => {
      socket.destroy();
      end();
    }, options.ms);
  });
}

const listen = async (made: FastifyInstance) => {
  app = made;
  await made.listen({ port: 0, host: '127.0.0.1' });
  return (made.server.address() as { port: number }).port;
};

describe('pipelined requests', () => {
  it('are handled one at a time, each answered in order', async () => {
    const gate = { held: undefined as Promise<void> | undefined };
    const { engine: slow, counts } = counted(gate);
    const port = await listen(await createApp({ engine: slow }));
    const ids = ['MX.37600', 'MX.37602', 'MX.9000001'];
    const text = ids.map((id) => `GET /taxa/${id}?selectedFields=id HTTP/1.1\r\nHost: x\r\n\r\n`).join('');
    const { received } = await rawExchange(port, text, { read: true, ms: 3_000 });
    expect(received.match(/HTTP\/1\.1 200/g)).toHaveLength(3);
    expect([...received.matchAll(/"id":"(MX\.\d+)"/g)].map((m) => m[1])).toEqual(ids);
    expect(counts.started).toBeGreaterThanOrEqual(3);
    expect(counts.mostAtOnce).toBe(1);
  });

  it('from a client that never reads: one answer is made, not one a request', async () => {
    const { engine: counting, counts } = counted({ held: undefined });
    // Export slots enough for every request: what bounds them here is the connection.
    const port = await listen(await createApp({ engine: counting, exportLimits: { total: 100, perClient: 100 } }));
    // Each whole export of the sample is about 2 MB: more than the socket's buffers take.
    const request = 'GET /taxa/export?format=json&lang=multi HTTP/1.1\r\nHost: x\r\n\r\n';
    await rawExchange(port, request.repeat(40), { read: false, ms: 1_500 });
    const oneExport = Math.ceil(7_000 / 1_000) + 1;
    expect(counts.started).toBeGreaterThan(0);
    expect(counts.started).toBeLessThanOrEqual(2 * oneExport);
  });

  it('many at once: only the first is handled while its answer is not done', async () => {
    const gate = { held: new Promise<void>(() => {}) as Promise<void> | undefined };
    const { engine: held } = counted(gate);
    const made = await createApp({ engine: held });
    let seen = 0;
    made.addHook('onRequest', async () => {
      seen += 1;
    });
    const port = await listen(made);
    const text = 'GET /taxa/MX.37600 HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(MAX_WAITING + 2);
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('error', () => undefined);
    await sleep(300);
    // All were parsed from the one write, but only the first is being handled.
    expect(seen).toBe(1);
    socket.destroy();
  });
});

describe('exports at once', () => {
  const exportOf = (port: number) =>
    rawExchange(port, 'GET /taxa/export?format=ndjson HTTP/1.1\r\nHost: x\r\n\r\n', { read: true, ms: 2_000 });

  it('past the limit per client, a 503 error object with Retry-After; a finished export gives its slot back', async () => {
    let release = () => {};
    const gate = { held: new Promise<void>((resolve) => (release = resolve)) as Promise<void> | undefined };
    const { engine: held } = counted(gate);
    const made = await createApp({ engine: held, exportLimits: { total: 10, perClient: 2 } });
    const port = await listen(made);
    const waiting = [exportOf(port), exportOf(port)];
    await sleep(200);
    const refused = await made.inject({ method: 'GET', url: '/taxa/export' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json()).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE' });
    expect(refused.json().message).toContain('at most 2 from one client');
    release();
    await Promise.all(waiting);
    await sleep(100);
    const again = await made.inject({ method: 'GET', url: '/taxa/export?format=ndjson&selectedFields=id' });
    expect(again.statusCode).toBe(200);
  });

  it('past the limit in all, a 503 whatever the client', async () => {
    const gate = { held: new Promise<void>(() => {}) as Promise<void> | undefined };
    const { engine: held } = counted(gate);
    const made = await createApp({ engine: held, exportLimits: { total: 1, perClient: 5 } });
    const port = await listen(made);
    const waiting = exportOf(port);
    await sleep(200);
    const refused = await made.inject({
      method: 'GET',
      url: '/taxa/changes/export?from=MR.424',
      remoteAddress: '10.0.0.9',
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toContain('at most 1 in all');
    gate.held = undefined;
    await waiting;
  });

  it('a refused export (an unknown version) gives its slot back at once', async () => {
    const made = await createApp({ engine, exportLimits: { total: 1, perClient: 1 } });
    app = made;
    for (let i = 0; i < 3; i++) {
      const response = await made.inject({ method: 'GET', url: '/taxa/export?checklistVersion=MR.999' });
      expect(response.statusCode).toBe(400);
    }
    const unknownFilter = await made.inject({ method: 'POST', url: '/taxa/export', payload: { 'no.such': 1 } });
    expect(unknownFilter.statusCode).toBe(422);
    expect((await made.inject({ method: 'GET', url: '/taxa/export?selectedFields=id' })).statusCode).toBe(200);
  });
});

describe('a client that stops reading', () => {
  it('is disconnected once nothing of its streamed answer has left for a while, and its export slot freed', async () => {
    const made = await createApp({ engine, stalledReaderMs: 400, exportLimits: { total: 1, perClient: 1 } });
    const port = await listen(made);
    const serverSide = new Promise<Socket>((resolve) => made.server.once('connection', resolve));
    // Whole exports one after the other on one connection (2 MB each): more than the socket
    // buffers of both ends take, so the server is left with bytes it cannot send.
    const request = 'GET /taxa/export?format=json&lang=multi HTTP/1.1\r\nHost: x\r\n\r\n';
    const client = connect(port, '127.0.0.1', () => client.write(request.repeat(40)));
    client.pause();
    client.on('error', () => undefined);
    const socket = await serverSide;
    const closed = await new Promise<boolean>((resolve) => {
      socket.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 15_000);
    });
    client.destroy();
    expect(closed).toBe(true);
    // The slot comes back as the cut reaches the stream, within a few turns.
    let status = 0;
    for (let tries = 0; tries < 20 && status !== 200; tries++, await sleep(50))
      status = (await made.inject({ method: 'GET', url: '/taxa/export?format=ndjson&selectedFields=id' })).statusCode;
    expect(status).toBe(200);
  });

  it('is not cut while it reads steadily', async () => {
    const made = await createApp({ engine, stalledReaderMs: 400 });
    const port = await listen(made);
    const complete = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          'GET /taxa/export?format=ndjson&selectedFields=id,scientificName HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        ),
      );
      socket.pause();
      let text = '';
      const reading = setInterval(() => {
        const chunk = socket.read(16 * 1024) ?? socket.read();
        if (chunk) text += chunk.toString('latin1');
      }, 100);
      socket.on('close', () => {
        clearInterval(reading);
        resolve(text.endsWith('0\r\n\r\n'));
      });
    });
    expect(complete).toBe(true);
  });
});

describe('nested /v0 trees', () => {
  it('are sent in slices, and the text is the nested answer', async () => {
    const made = await createApp({ engine });
    const port = await listen(made);
    const response = await fetch(`http://127.0.0.1:${port}/v0/taxa/MX.37600/children?maxLevel=10&lang=multi`);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const text = await response.text();
    expect(text.length).toBeGreaterThan(4 * SLICE_LENGTH);
    const tree = JSON.parse(text) as { id: string; children: unknown[] }[];
    const count = (nodes: { children?: unknown[] }[]): number =>
      nodes.reduce((sum, node) => sum + 1 + count((node.children ?? []) as { children?: unknown[] }[]), 0);
    const first = await made.inject({ method: 'GET', url: '/v0/taxa/MX.37600/children?selectedFields=id' });
    expect(tree.map((node) => node.id)).toEqual(first.json().map((node: { id: string }) => node.id));
    expect(count(tree)).toBeGreaterThan(1_000);
    // Its levels are read a page at a time: no taxon twice.
    const idsIn = (nodes: { id: string; children?: unknown[] }[]): string[] =>
      nodes.flatMap((node) => [node.id, ...idsIn((node.children ?? []) as { id: string }[])]);
    expect(new Set(idsIn(tree)).size).toBe(count(tree));
    expect(Object.keys(tree[0]!).at(-1)).toBe('children');
  });
});
