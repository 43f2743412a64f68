/**
 * An engine thread: loads one data directory into an embedded engine, then answers searches (of
 * an index, or whole name searches) until the main thread retires it. Loading and index building
 * run here, so the main thread's event loop keeps serving while a data set is read, validated and
 * indexed; a load that fails, even by running out of memory, ends this thread and nothing else.
 * Before its data is served, the thread compacts its heap, so that the memory the load used and
 * no longer needs is given back (`compact-heap.ts`); the compaction is reported once it has been.
 *
 * Started by `worker-engine.ts`; the messages are in `thread-protocol.ts`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { engineDataOf } from '../../loaders/engine-data.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import type { Progress } from '../../loaders/progress.ts';
import { laterDataOf } from '../../loaders/engine-data.ts';
import type { LoadStats } from '../../loaders/load-data-dir.ts';
import { createEmbeddedEngine, type EmbeddedEngine } from '../index/embedded-engine.ts';
import type { EncodedState } from '../index/snapshot/engine-state-file.ts';
import { SnapshotRefused } from '../index/snapshot/snapshot-file.ts';
import { openSnapshot } from '../index/snapshot/snapshot-store.ts';
import { createSearchService, nameMatchHits } from '../service/search-service.ts';
import { createVersions } from '../service/versions.ts';
import { nextTurn, runInSlices } from '../steps.ts';
import type { Catalog } from '../taxon/catalog.ts';
import { snapshotKey, writeEngineSnapshot } from './engine-snapshot.ts';
import { compactHeap, releasedResident } from './compact-heap.ts';
import {
  serializeError,
  type FromThread,
  type LoadPhase,
  type ThreadOptions,
  type ToThread,
} from './thread-protocol.ts';

/** How long the snapshot's writing works before searches waiting are answered. */
const WRITE_SLICE_MS = 10;

const port = parentPort!;
const options = workerData as ThreadOptions;
const send = (message: FromThread) => port.postMessage(message);

const progress: Progress = {
  start: (label, total) => send({ type: 'progress', event: 'start', label, total }),
  advance: (amount) => send({ type: 'progress', event: 'advance', amount }),
  stop: () => send({ type: 'progress', event: 'stop' }),
};

const phase = (phase: LoadPhase) => send({ type: 'phase', phase });
const secondsSince = (started: number) => Math.round(performance.now() - started) / 1000;

/** A loaded engine, and where to write its snapshot when it was not opened from one. */
interface Loaded {
  engine: EmbeddedEngine;
  catalog: Catalog;
  stats: LoadStats;
  write?: { root: string; key: string };
}

async function load(): Promise<Loaded> {
  const engine = createEmbeddedEngine({ keptChangeRecords: options.keptChangeRecords });
  const root = options.snapshotDir;
  if (root === undefined) return { engine, stats: await loadInto(engine), catalog: await engine.catalog() };
  const key = await snapshotKey(options.dir);
  const opened = await openSnapshotInto(engine, root, key);
  if (opened !== undefined) return { engine, catalog: await engine.catalog(), stats: opened };
  const stats = await loadInto(engine);
  return { engine, catalog: await engine.catalog(), stats, write: { root, key } };
}

/**
 * Serves the snapshot of `key` when there is one that can be: its load's figures, the seconds
 * those of the opening. Otherwise reports why not, and nothing is served yet.
 */
async function openSnapshotInto(engine: EmbeddedEngine, root: string, key: string): Promise<LoadStats | undefined> {
  const started = performance.now();
  const found = await openSnapshot<LoadStats>(root, key).catch((error: unknown) => ({
    kind: 'refused' as const,
    refused: new SnapshotRefused(root, (error as Error).message),
  }));
  if (found.kind === 'absent') {
    if (found.others.length > 0) phase({ phase: 'snapshot', action: 'stale', dirs: found.others });
    return undefined;
  }
  if (found.kind === 'refused') {
    phase({ phase: 'snapshot', action: 'refused', file: found.refused.file, reason: found.refused.reason });
    return undefined;
  }
  const { state, manifest, dir } = found;
  try {
    engine.openState(state, laterDataOf, options.warm);
  } catch (error) {
    phase({ phase: 'snapshot', action: 'refused', file: dir, reason: `does not open: ${(error as Error).message}` });
    return undefined;
  }
  const seconds = secondsSince(started);
  phase({ phase: 'snapshot', action: 'opened', dir, seconds });
  return { ...manifest.meta, seconds };
}

/** Writes the snapshot of the data served, a slice at a time between searches; reports what became of it. */
async function writeSnapshotOf(engine: EmbeddedEngine, { root, key }: { root: string; key: string }, stats: LoadStats) {
  const started = performance.now();
  try {
    const sliced = (steps: Generator<void, EncodedState, undefined>) => runInSlices(steps, WRITE_SLICE_MS, nextTurn);
    const written = await writeEngineSnapshot(engine, { root, key, dataDir: options.dir }, stats, sliced);
    if (written.kind === 'skipped') phase({ phase: 'snapshot', action: 'skipped', reason: written.reason });
    else
      phase({
        phase: 'snapshot',
        action: 'written',
        dir: written.dir,
        bytes: written.bytes,
        seconds: secondsSince(started),
      });
  } catch (error) {
    phase({ phase: 'snapshot', action: 'failed', reason: (error as Error).message });
  }
}

async function loadInto(engine: EmbeddedEngine): Promise<LoadStats> {
  const { dataSet, stats } = await loadDataDirectory(options.dir, {
    progress: options.progress ? progress : false,
    onVersion: (version) =>
      send({
        type: 'phase',
        phase: { phase: 'read', version: version.id, documents: version.indexed, seconds: version.seconds },
      }),
  });
  engine.replaceData(
    engineDataOf(dataSet),
    (built) => send({ type: 'phase', phase: { phase: 'index', ...built } }),
    options.warm,
  );
  return stats;
}

/**
 * What the thread answers each message with. A name search runs whole here, over the versions of
 * this engine (`versions.ts`: an unknown version is the same error as on the main thread), and
 * only its final hits cross back.
 */
function answererOver(engine: EmbeddedEngine): (message: ToThread) => Promise<unknown> {
  const names = createSearchService({ versions: createVersions(engine) });
  return async (message) => {
    switch (message.type) {
      case 'search':
        return engine.search(message.ref, message.body);
      case 'name-search':
        return nameMatchHits(await names.search(message.version, message.params));
      case 'built-fields':
        return engine.builtFields();
      case 'kept-changes':
        return engine.keptChangeIndices();
    }
  };
}

load().then(
  ({ engine, catalog, stats, write }) => {
    // Outside `load`, so that what only the load held is garbage by now.
    const compaction = compactHeap();
    // The changes indices the data served before kept, built before this data is served (and
    // after the compaction, so that their budget is sized to the heap the data leaves).
    engine.buildChanges(options.changes, (built) => send({ type: 'phase', phase: { phase: 'index', ...built } }));
    const answerTo = answererOver(engine);
    port.on('message', (message: ToThread) => {
      answerTo(message).then(
        (result) => send({ type: 'result', id: message.id, json: JSON.stringify(result) }),
        (error: unknown) => send({ type: 'failed', id: message.id, error: serializeError(error) }),
      );
    });
    send({ type: 'loaded', catalog, stats });
    if (write !== undefined) void writeSnapshotOf(engine, write, stats);
    void releasedResident().then((residentAfter) =>
      send({ type: 'phase', phase: { phase: 'compact', ...compaction, residentAfter } }),
    );
  },
  (error: unknown) => send({ type: 'load-failed', error: serializeError(error) }),
);
