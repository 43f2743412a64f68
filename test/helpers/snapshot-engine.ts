/** An engine thread that keeps its snapshots in a directory, and what it reports of them. */
import { createWorkerEngine, type WorkerEngine } from '../../src/runtime/worker-engine.ts';
import type { SnapshotPhase } from '../../src/runtime/thread-protocol.ts';

export interface SnapshotEngine {
  engine: WorkerEngine;
  /** what the engine's loads reported of their snapshots, in order */
  phases: SnapshotPhase[];
  /** the first report of `action` from now or before (a load's `written` comes after it is served) */
  reported(action: SnapshotPhase['action']): Promise<SnapshotPhase>;
}

export function snapshotEngine(snapshotDir: string): SnapshotEngine {
  const phases: SnapshotPhase[] = [];
  const waiters: { action: SnapshotPhase['action']; resolve: (phase: SnapshotPhase) => void }[] = [];
  const engine = createWorkerEngine({
    snapshotDir,
    onPhase: (phase) => {
      if (phase.phase !== 'snapshot') return;
      phases.push(phase);
      for (const waiter of waiters.filter(({ action }) => action === phase.action)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(phase);
      }
    },
  });
  return {
    engine,
    phases,
    reported: (action) => {
      const seen = phases.find((phase) => phase.action === action);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ action, resolve }));
    },
  };
}
