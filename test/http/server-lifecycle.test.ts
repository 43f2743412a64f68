/**
 * `taxa serve` as a process: start-up phases, reloads by SIGHUP, graceful shutdown by SIGTERM.
 * The server runs the bundled sample, whose load takes long enough to signal during it.
 */
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../../src/config.ts';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';
import { startServe, type ServeProcess } from '../helpers/serve-process.ts';

let server: ServeProcess | undefined;
afterEach(async () => {
  server?.child.kill('SIGKILL');
  server = undefined;
  await removeTempDirs();
});

const loaded = (line: { msg: string }) => line.msg === 'data loaded';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  return socket;
}

/** Splits raw HTTP/1.1 responses (with Content-Length) read from a socket. */
function parseResponses(raw: Buffer): { status: number; headers: Record<string, string>; body: string }[] {
  const responses = [];
  let rest = raw;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    const [statusLine, ...headerLines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      headerLines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    const length = Number(headers['content-length']);
    const body = rest.subarray(end + 4, end + 4 + length);
    responses.push({ status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('utf8') });
    rest = rest.subarray(end + 4 + length);
  }
  return responses;
}

describe('taxa serve', () => {
  it('listens before the data is loaded and logs each phase of the load with its time', async () => {
    server = await startServe({ TAXA_DATA_DIR: DEFAULT_DATA_DIR });
    await server.logged(loaded);
    const messages = server.logs.map((line) => line.msg);
    expect(messages.indexOf('engine opened')).toBeLessThan(messages.indexOf('data loaded'));
    for (const version of ['current', 'MR.424', 'MR.425', 'MR.426', 'MR.427', 'MR.428', 'MR.484']) {
      expect(server.logs.find((line) => line.msg === `read ${version}`)).toMatchObject({
        phase: 'read',
        version,
        seconds: expect.any(Number),
      });
      for (const kind of ['taxa', 'names']) {
        const built = server.logs.find((line) => line.msg === `indexed ${version} ${kind}`);
        expect(built).toMatchObject({
          phase: 'index',
          version,
          kind,
          documents: expect.any(Number),
          seconds: expect.any(Number),
        });
      }
    }
    // The heap is compacted before the data is served, and reported once its pages are given back.
    await server.logged((line) => line.msg === 'compacted the heap');
    const after = server.logs.map((line) => line.msg);
    const compacted = after.indexOf('compacted the heap');
    expect(compacted).toBeGreaterThan(after.indexOf('data loaded'));
    expect(server.logs[compacted]).toMatchObject({
      phase: 'compact',
      seconds: expect.any(Number),
      residentBefore: expect.any(Number),
      residentAfter: expect.any(Number),
    });
    const ready = await fetch(`${server.url}/health/ready`);
    expect(await ready.json()).toEqual({ ready: true, engine: 'embedded' });
  });

  it('runs reloads one at a time: ten SIGHUPs during a reload make one more, never two at once', async () => {
    server = await startServe({ TAXA_DATA_DIR: DEFAULT_DATA_DIR });
    await server.logged(loaded);
    for (let i = 0; i < 10; i++) {
      server.child.kill('SIGHUP');
      await sleep(30);
    }
    await server.logged((line) => line.msg === 'data loaded' && server!.logs.filter(loaded).length === 3, 60_000);
    await sleep(1500);
    const loads = server.logs
      .filter((line) => line.msg === 'loading' || line.msg === 'data loaded')
      .map((line) => line.msg);
    expect(loads).toEqual(['loading', 'data loaded', 'loading', 'data loaded', 'loading', 'data loaded']);
    expect((await fetch(`${server.url}/taxa?pageSize=1`)).status).toBe(200);
  }, 90_000);

  it('keeps serving the data it has when a reload meets a crafted file, and stays up', async () => {
    const dir = await fixtureCopy();
    server = await startServe({ TAXA_DATA_DIR: dir, MAX_LINE_BYTES: '65536' });
    await server.logged(loaded);
    const total = async () => (await (await fetch(`${server!.url}/taxa?pageSize=1`)).json()).total;
    const before = await total();
    // One line of 1 MiB in a file of about a kilobyte, past the 64 KiB limit.
    await rm(`${dir}/MR.424.ndjson`);
    await writeFile(`${dir}/MR.424.ndjson.gz`, gzipSync(Buffer.alloc(1024 * 1024, 'a')));
    server.child.kill('SIGHUP');
    const refused = await server.logged((line) => line.msg.startsWith('reload refused'));
    expect(JSON.stringify(refused.err)).toContain('MR.424.ndjson.gz:1: line longer than 65536 bytes');
    expect(await total()).toBe(before);
    // 64 MiB of blank lines in 64 KB: refused within seconds by MAX_GZIP_RATIO, the line named.
    await writeFile(`${dir}/MR.424.ndjson.gz`, gzipSync(Buffer.alloc(64 * 1024 * 1024, '\n')));
    server.child.kill('SIGHUP');
    const expanded = await server.logged(
      (line) => line.msg.startsWith('reload refused') && JSON.stringify(line.err).includes('MAX_GZIP_RATIO'),
      10_000,
    );
    expect(JSON.stringify(expanded.err)).toMatch(
      /MR\.424\.ndjson\.gz:\d+: the file expands to more than 100 times its compressed size/,
    );
    expect(await total()).toBe(before);
    expect(server.child.exitCode).toBe(null);
  });

  it('on SIGTERM finishes the answer under way, answers a pipelined request with Connection: close, and exits 0', async () => {
    server = await startServe({ TAXA_DATA_DIR: DEFAULT_DATA_DIR });
    await server.logged(loaded);
    const socket = await openSocket(server.url);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.write(
      'GET /taxa?pageSize=1000&includeMedia=true&includeDescriptions=true HTTP/1.1\r\nHost: x\r\nAccept-Language: multi\r\n\r\n',
    );
    await once(socket, 'data');
    socket.pause();
    server.child.kill('SIGTERM');
    await server.logged((line) => line.msg === 'shutting down');
    socket.write('GET /taxa?pageSize=1 HTTP/1.1\r\nHost: x\r\n\r\n');
    await sleep(300);
    socket.resume();
    await once(socket, 'end');
    const [big, next] = parseResponses(Buffer.concat(chunks));
    expect(big!.status).toBe(200);
    expect(JSON.parse(big!.body).results).toHaveLength(1000);
    expect(next!.status).toBe(200);
    expect(next!.headers.connection).toBe('close');
    expect(JSON.parse(next!.body).results).toHaveLength(1);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('gets the signal through npm start, and closes gracefully', async () => {
    server = await startServe({ TAXA_DATA_DIR: DEFAULT_DATA_DIR }, ['npm', 'start', '--silent']);
    await server.logged(loaded);
    server.child.kill('SIGTERM');
    await server.logged((line) => line.msg === 'closed');
    expect((await server.exited).signal).toBe(null);
  });

  it('answers a request left unfinished with a 408 once REQUEST_TIMEOUT_MS has passed, and logs it', async () => {
    server = await startServe({ TAXA_DATA_DIR: DEFAULT_DATA_DIR, REQUEST_TIMEOUT_MS: '500' });
    const socket = await openSocket(server.url);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const started = Date.now();
    socket.write('GET /taxa HTTP/1.1\r\n');
    await once(socket, 'close');
    expect(Date.now() - started).toBeLessThan(5_000);
    const [answer] = parseResponses(Buffer.concat(chunks));
    expect(answer!.status).toBe(408);
    expect(answer!.headers.connection).toBe('close');
    expect(JSON.parse(answer!.body)).toMatchObject({ errorCode: 'REQUEST_TIMEOUT' });
    await server.logged((line) => line.msg === 'request not received in time: answered 408');
  });

  it("reloads on SIGHUP to the process of the command line docs/running.md gives a supervisor, npm start's own", async () => {
    const running = await readFile('docs/running.md', 'utf8');
    const section = running.slice(running.indexOf('### Under a supervisor'));
    const commandLine = /```sh\n(node [^\n]+)\n```/.exec(section)![1]!;
    expect(/^ExecStart=\/usr\/bin\/(node .+)$/m.exec(section)![1]).toBe(commandLine);
    const start = JSON.parse(await readFile('package.json', 'utf8')).scripts.start as string;
    expect(`exec ${commandLine}`).toBe(start);
    const [, ...args] = commandLine.split(' ');
    server = await startServe({ TAXA_DATA_DIR: DEFAULT_DATA_DIR }, [process.execPath, ...args]);
    await server.logged(loaded);
    server.child.kill('SIGHUP');
    await server.logged((line) => line.msg === 'data loaded' && server!.logs.filter(loaded).length === 2);
    expect(server.logs.filter((line) => line.msg === 'loading')).toHaveLength(2);
    expect((await fetch(`${server.url}/taxa?pageSize=1`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('exits once SHUTDOWN_TIMEOUT_MS has passed, even with a client that never finishes its request', async () => {
    server = await startServe({ TAXA_DATA_DIR: DEFAULT_DATA_DIR, SHUTDOWN_TIMEOUT_MS: '500' });
    await server.logged(loaded);
    const slow = await openSocket(server.url);
    slow.write('GET /taxa HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const started = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    slow.destroy();
  });
});
