/**
 * The snapshots of a directory (`TAXA_SNAPSHOT_DIR`): one subdirectory per key, the key a digest
 * of what a snapshot was made from (the data's bytes, the code that builds the indices, the
 * format). A snapshot is written whole into a temporary directory, flushed, and renamed to its
 * key, so a reader finds a complete snapshot or none; one writer at a time holds `.taxa-snapshot.lock` (its
 * process and thread); the
 * snapshots of other keys are removed once a new one is in place (docs/snapshots.md).
 */
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { EngineState } from '../embedded-engine.ts';
import { decodeEngineState, type EncodedState } from './engine-state-file.ts';
import {
  foreignFormat,
  readSnapshotFile,
  SNAPSHOT_FORMAT,
  type SnapshotFile,
  SnapshotRefused,
  writeSnapshotFile,
} from './snapshot-file.ts';

const MANIFEST = 'manifest.json';
/** The file of each part of an encoded state. */
const FILES: Record<keyof EncodedState, string> = {
  documents: 'documents.bin',
  indices: 'indices.bin',
  terms: 'terms.bin',
};
const PARTS = Object.keys(FILES) as (keyof EncodedState)[];
const LOCK = '.taxa-snapshot.lock';
const WRITING = '.taxa-writing-';
const RETIRED = '.taxa-retired-';
const KEY = /^[0-9a-f]{16,128}$/;

/** What a snapshot says of itself, beside its files. */
export interface SnapshotManifest<M = unknown> {
  format: number;
  key: string;
  written: string;
  /** what the writer adds: the load's figures */
  meta: M;
}

export type OpenedSnapshot<M> =
  | { kind: 'opened'; state: EngineState; manifest: SnapshotManifest<M>; dir: string }
  /** a snapshot of this key is there but cannot be served */
  | { kind: 'refused'; refused: SnapshotRefused }
  /** no snapshot of this key; `others` are those of other keys (made from other data or code) */
  | { kind: 'absent'; others: string[] };

/** The snapshot of `key` under `root`, read and checked, or why there is none to serve. */
export async function openSnapshot<M>(root: string, key: string): Promise<OpenedSnapshot<M>> {
  const dir = join(root, key);
  const manifestPath = join(dir, MANIFEST);
  const text = await readFile(manifestPath, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw new SnapshotRefused(manifestPath, `cannot be read (${error.code ?? error.message})`);
  });
  if (text === undefined) return { kind: 'absent', others: await snapshotsIn(root, key) };
  try {
    const manifest = parseManifest(manifestPath, text, key);
    const files = {} as Record<keyof EncodedState, SnapshotFile>;
    for (const part of PARTS) files[part] = await readSnapshotFile(join(dir, FILES[part]));
    try {
      return {
        kind: 'opened',
        state: decodeEngineState(files),
        manifest: manifest as SnapshotManifest<M>,
        dir,
      };
    } catch (error) {
      throw new SnapshotRefused(dir, `does not decode: ${(error as Error).message}`);
    }
  } catch (error) {
    if (error instanceof SnapshotRefused) return { kind: 'refused', refused: error };
    throw error;
  }
}

function parseManifest(path: string, text: string, key: string): SnapshotManifest {
  let manifest: Partial<SnapshotManifest>;
  try {
    manifest = JSON.parse(text) as Partial<SnapshotManifest>;
  } catch (error) {
    throw new SnapshotRefused(path, `is not JSON: ${(error as Error).message}`);
  }
  if (manifest.format !== SNAPSHOT_FORMAT) throw new SnapshotRefused(path, foreignFormat(manifest.format));
  if (manifest.key !== key) throw new SnapshotRefused(path, `made for key ${String(manifest.key)}, not ${key}`);
  return manifest as SnapshotManifest;
}

/**
 * The snapshot directories under `root` but `key`'s: those named by a key that hold a manifest of
 * that key, so that nothing else in a directory named by mistake is ever taken for one (or removed).
 */
async function snapshotsIn(root: string, key?: string): Promise<string[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  const found: string[] = [];
  for (const name of names) {
    if (!KEY.test(name) || name === key) continue;
    const text = await readFile(join(root, name, MANIFEST), 'utf8').catch(() => '');
    let manifest: unknown;
    try {
      manifest = JSON.parse(text);
    } catch {
      continue;
    }
    if ((manifest as Partial<SnapshotManifest> | null)?.key === name) found.push(join(root, name));
  }
  return found;
}

export type WrittenSnapshot = { kind: 'written'; dir: string; bytes: number } | { kind: 'skipped'; reason: string };

/**
 * Writes `encoded` as the snapshot of `key` under `root`, replacing one of that key (a refused
 * one) and removing those of other keys. Skipped while another live process holds the lock, and
 * when `stillKey` (asked once the files are written) says `key` is no longer the data's: data
 * changed while it was loaded must not be kept under the key of the bytes read before.
 * Throws on a failure to write (a full disk, a read-only directory); nothing partial is left.
 */
export async function writeSnapshot<M>(
  root: string,
  key: string,
  encoded: EncodedState,
  meta: M,
  stillKey: () => Promise<boolean> = async () => true,
): Promise<WrittenSnapshot> {
  if (!KEY.test(key)) throw new Error(`snapshot: key ${key} is not a hex digest`);
  await mkdir(root, { recursive: true });
  const holder = await takeLock(root);
  if (holder !== undefined) {
    const [pid, thread] = holder.split(' ');
    return { kind: 'skipped', reason: `process ${pid} (thread ${thread}) is writing a snapshot here` };
  }
  let temporary: string | undefined;
  try {
    // What a writer ended while it wrote left behind: with the lock held, no one writes there.
    for (const name of await readdir(root))
      if (name.startsWith(WRITING) || name.startsWith(RETIRED))
        await rm(join(root, name), { recursive: true, force: true });
    temporary = await mkdtemp(join(root, WRITING));
    let bytes = 0;
    for (const part of PARTS) {
      const { header, pieces } = encoded[part];
      bytes += await writeSnapshotFile(join(temporary, FILES[part]), header, pieces);
    }
    const manifest: SnapshotManifest<M> = { format: SNAPSHOT_FORMAT, key, written: new Date().toISOString(), meta };
    await writeFile(join(temporary, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx', flush: true });
    await syncDirectory(temporary);
    if (!(await stillKey())) {
      await rm(temporary, { recursive: true, force: true });
      return { kind: 'skipped', reason: 'the data changed while it was loaded' };
    }
    const dir = join(root, key);
    const retired = join(root, `${RETIRED}${process.pid}`);
    await rm(retired, { recursive: true, force: true });
    await rename(dir, retired).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(temporary, dir);
    await syncDirectory(root);
    await rm(retired, { recursive: true, force: true });
    for (const other of await snapshotsIn(root, key)) await rm(other, { recursive: true, force: true });
    return { kind: 'written', dir, bytes };
  } catch (error) {
    if (temporary !== undefined) await rm(temporary, { recursive: true, force: true });
    throw error;
  } finally {
    await releaseLock(root);
  }
}

/** Who writes: this process and thread (`lockOwner`), as the lock file holds it. */
export function lockOwner(thread = threadId): string {
  return `${process.pid} ${thread}`;
}

/** How long a writer waits for another thread of its process to finish writing, before it gives up. */
const SAME_PROCESS_WAIT_MS = 5_000;
const LOCK_POLL_MS = 100;

/**
 * Takes `root`'s lock; the writer holding it instead, if one lives. A lock of a process that
 * is gone is taken over; one of another thread of this process is waited for a while (a reload's
 * new thread may be done loading before the thread it replaces is done writing).
 */
async function takeLock(root: string): Promise<string | undefined> {
  const path = join(root, LOCK);
  const until = performance.now() + SAME_PROCESS_WAIT_MS;
  for (;;) {
    try {
      await writeFile(path, lockOwner(), { flag: 'wx' });
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readFile(path, 'utf8').catch(() => '');
    const pid = Number(holder.split(' ')[0]);
    const live = Number.isSafeInteger(pid) && pid > 0 && isAlive(pid);
    if (live && pid !== process.pid) return holder;
    if (live && performance.now() >= until) return holder;
    if (live) await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    else await rm(path, { force: true });
  }
}

/** Removes `root`'s lock if `owner` holds it: what a writer does when done, or its process for a thread ended. */
export async function releaseLock(root: string, owner = lockOwner()): Promise<void> {
  const path = join(root, LOCK);
  const holder = await readFile(path, 'utf8').catch(() => '');
  if (holder === owner) await rm(path, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function syncDirectory(path: string): Promise<void> {
  const dir = await open(path, 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
