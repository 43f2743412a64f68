/**
 * An engine thread: loads one data directory into an embedded engine, then answers searches
 * until the main thread retires it. Loading and index building run here, so the main thread's
 * event loop keeps serving while a data set is read, validated and indexed; a load that fails,
 * even by running out of memory, ends this thread and nothing else. Before its data is served,
 * the thread compacts its heap, so that the memory the load used and no longer needs is given
 * back (`compact-heap.ts`); the compaction is reported once it has been.
 *
 * Started by `worker-engine.ts`; the messages are in `thread-protocol.ts`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { engineDataOf } from '../../loaders/engine-data.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import type { Progress } from '../../loaders/progress.ts';
import { createEmbeddedEngine } from '../index/embedded-engine.ts';
import { compactHeap, releasedResident } from './compact-heap.ts';
import { serializeError, type FromThread, type ThreadOptions, type ToThread } from './thread-protocol.ts';

const port = parentPort!;
const options = workerData as ThreadOptions;
const send = (message: FromThread) => port.postMessage(message);

const progress: Progress = {
  start: (label, total) => send({ type: 'progress', event: 'start', label, total }),
  advance: (amount) => send({ type: 'progress', event: 'advance', amount }),
  stop: () => send({ type: 'progress', event: 'stop' }),
};

async function load() {
  const engine = createEmbeddedEngine({ keptChangeRecords: options.keptChangeRecords });
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
  return { engine, catalog: await engine.catalog(), stats };
}

load().then(
  ({ engine, catalog, stats }) => {
    // Outside `load`, so that what only the load held is garbage by now.
    const compaction = compactHeap();
    // The changes indices the data served before kept, built before this data is served (and
    // after the compaction, so that their budget is sized to the heap the data leaves).
    engine.buildChanges(options.changes, (built) => send({ type: 'phase', phase: { phase: 'index', ...built } }));
    port.on('message', (message: ToThread) => {
      const answer =
        message.type === 'search'
          ? engine.search(message.ref, message.body)
          : Promise.resolve(message.type === 'built-fields' ? engine.builtFields() : engine.keptChangeIndices());
      answer.then(
        (result) => send({ type: 'result', id: message.id, json: JSON.stringify(result) }),
        (error: unknown) => send({ type: 'failed', id: message.id, error: serializeError(error) }),
      );
    });
    send({ type: 'loaded', catalog, stats });
    void releasedResident().then((residentAfter) =>
      send({ type: 'phase', phase: { phase: 'compact', ...compaction, residentAfter } }),
    );
  },
  (error: unknown) => send({ type: 'load-failed', error: serializeError(error) }),
);
