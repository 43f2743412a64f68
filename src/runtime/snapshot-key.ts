/**
 * The key of a load's snapshot (docs/snapshots.md, "Keys"): a SHA-256 digest of everything that
 * decides what the load builds. The data directory's input files (names and bytes); the code
 * that reads, derives and indexes them and its mappings (every file under `src/`, `loaders/` and
 * `mappings/`), so that a snapshot made by other code is never opened; the snapshot format; and
 * V8's version, whose serialization the documents are written in.
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputFiles } from '../../loaders/data-dir.ts';
import { SNAPSHOT_FORMAT } from '../index/snapshot/snapshot-file.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CODE = ['src', 'loaders', 'mappings'].map((dir) => join(ROOT, dir));

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

async function addFile(hash: Hash, name: string, path: string): Promise<void> {
  hash.update(`${name}\u0000`);
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  hash.update('\u0000');
}

/** The key of a snapshot of `dataDir` loaded by this code. */
export async function snapshotKey(dataDir: string): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`taxa snapshot ${SNAPSHOT_FORMAT} v8 ${process.versions.v8}\u0000`);
  for (const dir of CODE) for (const path of await filesUnder(dir)) await addFile(hash, relative(ROOT, path), path);
  for (const name of await inputFiles(dataDir)) await addFile(hash, `data/${name}`, join(dataDir, name));
  return hash.digest('hex').slice(0, 32);
}
