/**
 * A snapshot that cannot be served is never served: truncated, corrupt, of another format or of
 * other data, it is refused with the file and the reason, the data is loaded instead, and a new
 * snapshot replaces it. A snapshot that cannot be written leaves nothing behind and the service
 * serves on. Real files throughout.
 */
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.ts';
import { fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';
import { snapshotEngine, type SnapshotEngine } from '../helpers/snapshot-engine.ts';

let data: string;
let snapshots: string;
const engines: SnapshotEngine[] = [];

/** A load of the data with the snapshots' directory, and what it reported of its snapshot. */
async function load(root = snapshots): Promise<SnapshotEngine> {
  const loaded = snapshotEngine(root);
  engines.push(loaded);
  await loaded.engine.load(data);
  return loaded;
}

/** The path of a file of the one snapshot there. */
async function snapshotFile(name: string): Promise<string> {
  const [key] = (await readdir(snapshots)).filter((entry) => !entry.startsWith('.'));
  return join(snapshots, key!, name);
}

async function answersTaxa(loaded: SnapshotEngine): Promise<void> {
  const app = await createApp({ engine: loaded.engine });
  const response = await app.inject({ url: '/taxa?pageSize=5&selectedFields=id' });
  await app.close();
  expect(response.statusCode).toBe(200);
  expect(response.json().results).toHaveLength(5);
}

beforeAll(async () => {
  data = await fixtureCopy();
});

afterEach(async () => {
  await Promise.all(engines.splice(0).map(({ engine }) => engine.close()));
  await rm(snapshots, { recursive: true, force: true });
});

afterAll(removeTempDirs);

describe('a snapshot that cannot be served', () => {
  /** A snapshot written by a first load, changed by `spoil`, then met by a second load. */
  async function spoiled(spoil: () => Promise<void>): Promise<SnapshotEngine> {
    snapshots = await mkdtemp(join(tmpdir(), 'taxa-snapshots-'));
    await (await load()).reported('written');
    await spoil();
    const second = await load();
    await second.reported('written');
    return second;
  }

  it('is refused when truncated; the data is loaded and a new snapshot replaces it', async () => {
    const second = await spoiled(async () => {
      const file = await snapshotFile('documents.bin');
      await truncate(file, (await stat(file)).size - 100);
    });
    const [refused, written] = second.phases;
    expect(refused).toMatchObject({
      action: 'refused',
      reason: expect.stringMatching(/^truncated: \d+ bytes of \d+$/),
    });
    expect(refused).toMatchObject({ file: expect.stringMatching(/documents\.bin$/) });
    expect(written?.action).toBe('written');
    await answersTaxa(second);
    expect((await load()).phases.map(({ action }) => action)).toEqual(['opened']);
  });

  it('is refused when a byte has changed', async () => {
    const second = await spoiled(async () => {
      const file = await snapshotFile('indices.bin');
      const bytes = await readFile(file);
      bytes[bytes.length - 3]! ^= 0x10;
      await writeFile(file, bytes);
    });
    expect(second.phases[0]).toMatchObject({
      action: 'refused',
      file: expect.stringMatching(/indices\.bin$/),
      reason: 'checksum mismatch: the file has changed since written',
    });
    await answersTaxa(second);
  });

  it('is refused when of another format', async () => {
    const second = await spoiled(async () => {
      const file = await snapshotFile('manifest.json');
      const manifest = JSON.parse(await readFile(file, 'utf8'));
      await writeFile(file, JSON.stringify({ ...manifest, format: 0 }));
    });
    expect(second.phases[0]).toMatchObject({
      action: 'refused',
      file: expect.stringMatching(/manifest\.json$/),
      reason: expect.stringMatching(/^format 0, where this code reads format \d+$/),
    });
  });

  it('is refused when a file is missing', async () => {
    const second = await spoiled(async () => rm(await snapshotFile('indices.bin')));
    expect(second.phases[0]).toMatchObject({ action: 'refused', reason: 'cannot be opened (ENOENT)' });
  });

  it('is not opened once the data has changed: the new snapshot replaces the stale one', async () => {
    snapshots = await mkdtemp(join(tmpdir(), 'taxa-snapshots-'));
    const changed = await fixtureCopy();
    await (await load()).reported('written');
    const [before] = await readdir(snapshots);
    const previous = data;
    data = changed;
    try {
      await appendFile(join(changed, 'current.ndjson'), '\n');
      const second = await load();
      await second.reported('written');
      expect(second.phases).toEqual([
        { phase: 'snapshot', action: 'stale', dirs: [join(snapshots, before!)] },
        expect.objectContaining({ action: 'written' }),
      ]);
      expect(await readdir(snapshots)).not.toContain(before);
    } finally {
      data = previous;
    }
  });
});

describe('a snapshot that cannot be written', () => {
  it('is reported, and the data is served from memory', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'taxa-snapshots-'));
    await writeFile(join(parent, 'a-file'), '');
    const loaded = await load(join(parent, 'a-file', 'snapshots'));
    snapshots = parent;
    expect(await loaded.reported('failed')).toMatchObject({ reason: expect.stringMatching(/ENOTDIR/) });
    await answersTaxa(loaded);
  });

  it('is not written while another live process writes one there', async () => {
    snapshots = await mkdtemp(join(tmpdir(), 'taxa-snapshots-'));
    await writeFile(join(snapshots, '.taxa-snapshot.lock'), `${process.ppid} 0`);
    const loaded = await load();
    expect(await loaded.reported('skipped')).toMatchObject({
      reason: `process ${process.ppid} (thread 0) is writing a snapshot here`,
    });
    expect(await readdir(snapshots)).toEqual(['.taxa-snapshot.lock']);
  });

  it('is written by one of two loads at once, and opened by the next', async () => {
    snapshots = await mkdtemp(join(tmpdir(), 'taxa-snapshots-'));
    const [first, second] = await Promise.all([load(), load()]);
    await Promise.all(
      [first!, second!].map((loaded) => Promise.race([loaded.reported('written'), loaded.reported('skipped')])),
    );
    expect((await readdir(snapshots)).filter((name) => name.startsWith('.'))).toEqual([]);
    expect((await load()).phases.map(({ action }) => action)).toEqual(['opened']);
  });
});

describe('the snapshots directory', () => {
  it('keeps what is not a snapshot, even named like one', async () => {
    snapshots = await mkdtemp(join(tmpdir(), 'taxa-snapshots-'));
    const lookalike = join(snapshots, 'a'.repeat(32));
    await mkdir(lookalike);
    await writeFile(join(lookalike, 'notes.txt'), 'mine');
    await (await load()).reported('written');
    expect(await readFile(join(lookalike, 'notes.txt'), 'utf8')).toBe('mine');
    expect(await readdir(snapshots)).toHaveLength(2);
  });
});

describe('data changed while it was loaded', () => {
  it('is not kept under the key of the bytes read before', async () => {
    snapshots = await mkdtemp(join(tmpdir(), 'taxa-snapshots-'));
    const changing = await fixtureCopy();
    const previous = data;
    data = changing;
    try {
      // Another thread of this process holds the lock: the write waits for it (up to 5 s), and the
      // data changes meanwhile.
      await writeFile(join(snapshots, '.taxa-snapshot.lock'), `${process.pid} 999`);
      const loaded = await load();
      await appendFile(join(changing, 'current.ndjson'), '\n');
      await rm(join(snapshots, '.taxa-snapshot.lock'));
      expect(await loaded.reported('skipped')).toMatchObject({ reason: 'the data changed while it was loaded' });
      expect(await readdir(snapshots)).toEqual([]);
      await answersTaxa(loaded);
    } finally {
      data = previous;
    }
  });
});
