/**
 * Snapshots through the command line: `taxa build` writes the snapshot `taxa serve` opens (in the
 * data directory by default), and a serve whose snapshot cannot be written to the end (the file
 * size limit stands in for a full disk) logs it, leaves nothing behind and serves on.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../../src/config.ts';
import { runCli } from '../helpers/cli.ts';
import { fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';
import { startServe, type ServeProcess } from '../helpers/serve-process.ts';

const BIN = fileURLToPath(new URL('../../bin/taxa.mjs', import.meta.url));
let server: ServeProcess | undefined;

afterEach(async () => {
  server?.child.kill('SIGKILL');
  if (server) await server.exited;
  server = undefined;
});
afterAll(removeTempDirs);

const loaded = (line: { msg: string }) => line.msg === 'data loaded';

describe('taxa build', () => {
  it('writes the snapshot into the data directory, and taxa serve opens it', async () => {
    const dir = await fixtureCopy({}, DEFAULT_DATA_DIR);
    const built = runCli(['build', dir], { TAXA_SNAPSHOT_DIR: '' });
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(built.stdout).toMatch(
      new RegExp(`^${join(dir, '.snapshot')}/[0-9a-f]{32}: [\\d.]+ MB, built in [\\d.]+ s\\n$`),
    );
    server = await startServe({ TAXA_DATA_DIR: dir, TAXA_SNAPSHOT_DIR: '' });
    await server.logged(loaded);
    expect(server.logs.find((line) => line.phase === 'snapshot')).toMatchObject({
      action: 'opened',
      dir: built.stdout.split(':')[0],
    });
    expect(server.logs.some((line) => line.phase === 'read')).toBe(false);
    const response = await fetch(`${server.url}/taxa/MX.53118?selectedFields=id,scientificName`);
    expect(await response.json()).toMatchObject({ id: 'MX.53118', scientificName: 'Esox lucius' });
  });

  it('refuses to build with snapshots off and no directory named', () => {
    const built = runCli(['build', DEFAULT_DATA_DIR], { TAXA_SNAPSHOT_DIR: 'off' });
    expect(built.code).toBe(2);
    expect(built.stderr).toMatch(/^build: TAXA_SNAPSHOT_DIR is off: name a directory with --snapshot-dir\n/);
  });
});

describe('taxa serve, when the snapshot cannot be written to the end', () => {
  it('logs why, leaves no partial snapshot, and serves the data', async () => {
    const dir = await fixtureCopy({}, DEFAULT_DATA_DIR);
    // Files of at most 512 KiB: the documents of the sample's snapshot take about 3 MB.
    const limited = ['bash', '-c', 'ulimit -f 512 && exec "$0" "$@"', process.execPath, BIN, 'serve'];
    server = await startServe({ TAXA_DATA_DIR: dir, TAXA_SNAPSHOT_DIR: '' }, limited);
    await server.logged(loaded);
    const failed = await server.logged((line) => line.phase === 'snapshot');
    expect(failed).toMatchObject({ level: 40, action: 'failed', reason: expect.stringMatching(/EFBIG/) });
    expect(await readdir(join(dir, '.snapshot'))).toEqual([]);
    const response = await fetch(`${server.url}/taxa?pageSize=3&selectedFields=id`);
    expect(response.status).toBe(200);
    await rm(join(dir, '.snapshot'), { recursive: true });
  });
});
