import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findJava, findMaven, javaRelease, MIN_JAVA } from '../../src/cli/local-elasticsearch/java.ts';
import { runCli } from '../helpers/cli.ts';

const BIN = fileURLToPath(new URL('../../bin/taxa.mjs', import.meta.url));
const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'taxa-es-'));
  temps.push(dir);
  return dir;
}

function listening(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });
}

describe('taxa elasticsearch: arguments and tools', () => {
  it('explains itself in --help and refuses bad options with exit 2', () => {
    const help = runCli(['elasticsearch', '--help']);
    expect(help.code).toBe(0);
    for (const text of [
      '--port N',
      '--dir DIR',
      '--heap SIZE',
      'Maven',
      `JDK\n${MIN_JAVA}`,
      'TAXA_ENGINE=elasticsearch',
    ])
      expect(help.stdout.replace(/\s+/g, ' ')).toContain(text.replace('\n', ' '));
    const port = runCli(['elasticsearch', '--port', '70000']);
    expect(port.code).toBe(2);
    expect(port.stderr).toMatch(/^taxa elasticsearch: --port must be an integer from 1 to 65535, got '70000'/);
    expect(runCli(['elasticsearch', '--heap', 'lots']).stderr).toMatch(
      /--heap must be a size such as 512m or 2g, got 'lots'/,
    );
    expect(runCli(['elasticsearch', '--colour']).code).toBe(2);
  });

  it('reads the Java release from any style of version banner', () => {
    expect(javaRelease('openjdk version "17.0.15" 2025-04-15')).toBe(17);
    expect(javaRelease('openjdk version "25" 2025-09-16')).toBe(25);
    expect(javaRelease('java version "1.8.0_402"')).toBe(8);
    expect(javaRelease('no java here')).toBeUndefined();
  });

  it('names what is missing when no JDK is new enough', async () => {
    // A fake JDK whose java reports release 17, the only one there.
    const jvm = tempDir();
    const bin = join(jvm, 'old-jdk', 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'java'), '#!/bin/sh\necho \'openjdk version "17.0.1" 2021-10-19\' >&2\n');
    chmodSync(join(bin, 'java'), 0o755);
    const found = await findJava({ PATH: '' }, jvm);
    expect(found).toEqual({
      missing: expect.stringMatching(
        new RegExp(
          `^no Java ${MIN_JAVA} or newer was found \\(.*old-jdk/bin/java is Java 17[;)].*\\. Install a JDK ${MIN_JAVA} or newer`,
        ),
      ),
    });
  });

  it('refuses a port in use before starting anything', async () => {
    const { server, port } = await listening();
    try {
      const busy = runCli(['elasticsearch', '--port', String(port), '--dir', tempDir()]);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toBe(
        `taxa elasticsearch: port ${port} on 127.0.0.1 is in use: stop what listens there or choose another with --port N\n`,
      );
    } finally {
      server.close();
    }
  });
});

/** Java and Maven here, or why the node cannot be started (then the test says so and is skipped). */
const java = await findJava();
const maven = await findMaven();
const missing = 'missing' in java ? java.missing : 'missing' in maven ? maven.missing : undefined;
const required = ['1', 'true'].includes((process.env.REQUIRE_ELASTICSEARCH ?? '').toLowerCase());
if (missing) console.warn(`taxa elasticsearch (a real node) skipped: ${missing}`);

describe.skipIf(missing !== undefined && !required)(
  `taxa elasticsearch: a real node${missing ? `: skipped — ${missing}` : ''}`,
  () => {
    it('starts a node that answers, keeps its data and log in --dir, and stops cleanly on SIGTERM', async () => {
      expect(missing, 'REQUIRE_ELASTICSEARCH is set: Java and Maven must be here').toBeUndefined();
      const dir = tempDir();
      const { server, port } = await listening();
      await new Promise((resolve) => server.close(resolve));
      const child = spawn(process.execPath, [
        BIN,
        'elasticsearch',
        '--port',
        String(port),
        '--dir',
        dir,
        '--heap',
        '512m',
      ]);
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.stderr.on('data', (chunk) => {
        out += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      try {
        const started = Date.now();
        while (!out.includes('listening on') && child.exitCode === null && Date.now() - started < 240_000)
          await new Promise((wait) => setTimeout(wait, 200));
        expect(out).toMatch(new RegExp(`Elasticsearch 9\\.\\d+\\.\\d+ listening on http://127\\.0\\.0\\.1:${port}`));
        const info = (await (await fetch(`http://127.0.0.1:${port}/`)).json()) as { version: { number: string } };
        expect(info.version.number).toMatch(/^9\./);
        const health = await fetch(`http://127.0.0.1:${port}/_cluster/health`);
        expect(await health.json()).toMatchObject({ number_of_nodes: 1 });
        // A second node on the same port is refused by name.
        const again = runCli(['elasticsearch', '--port', String(port), '--dir', tempDir()]);
        expect(again.stderr).toContain(`port ${port} on 127.0.0.1 is in use`);
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(out).toContain('stopped');
        await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
        expect(out).toContain(join(dir, 'logs', 'taxa-local.log'));
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    }, 300_000);
  },
);
