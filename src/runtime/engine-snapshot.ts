/**
 * The embedded engine's snapshots as the service and `taxa build` use them (docs/snapshots.md):
 * where they are kept, the key of a load's, and writing the one of an engine's indices.
 *
 * The key (docs/snapshots.md, "Keys") is a SHA-256 digest of everything that decides what the
 * load builds. The data directory's input files (names and bytes); the code
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
import type { EmbeddedEngine } from '../index/embedded-engine.ts';
import { encodeEngineState, type EncodedState } from '../index/snapshot/engine-state-file.ts';
import { SNAPSHOT_FORMAT } from '../index/snapshot/snapshot-file.ts';
import { writeSnapshot, type WrittenSnapshot } from '../index/snapshot/snapshot-store.ts';
import { runToEnd } from '../steps.ts';

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

/**
 * Where the snapshots of `dataDir` are kept: `setting` (`TAXA_SNAPSHOT_DIR`), by default a
 * directory in the data directory; `off`, nowhere.
 */
export function snapshotDirFor(dataDir: string, setting: string | undefined): string | undefined {
  if (setting === 'off') return undefined;
  return setting ?? join(dataDir, '.snapshot');
}

/**
 * Writes the snapshot of `engine`'s indices, loaded from `dataDir` whose key was `key`, under
 * `root`, with the load's figures `meta`. `run` runs the encoding's steps (at once by default; a
 * thread serving searches runs them in slices). Kept only while `dataDir` still has that key.
 */
export async function writeEngineSnapshot<M>(
  engine: EmbeddedEngine,
  { root, key, dataDir }: { root: string; key: string; dataDir: string },
  meta: M,
  run: (steps: Generator<void, EncodedState, undefined>) => Promise<EncodedState> = async (steps) => runToEnd(steps),
): Promise<WrittenSnapshot> {
  const encoding = function* () {
    return yield* encodeEngineState(yield* engine.state());
  };
  const encoded = await run(encoding());
  // The data's bytes read again: a file changed while it was loaded is not kept under the old key.
  const stillKey = async () => (await snapshotKey(dataDir)) === key;
  return writeSnapshot(root, key, encoded, meta, stillKey);
}
