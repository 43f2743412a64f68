/**
 * The compaction after a load: V8's own collections free a load's garbage but leave its
 * survivors spread over half-empty pages; `compactHeap` moves them together and gives the pages back.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { compactHeap, releasedResident } from '../../src/runtime/compact-heap.ts';
import { FIXTURE_DIR } from '../helpers/data-dir.ts';
import { createWorkerEngine } from '../../src/runtime/worker-engine.ts';
import type { LoadPhase } from '../../src/runtime/thread-protocol.ts';

/** A full collection as V8 does it by its own heuristics (no forced compaction). */
function regularCollection(): () => void {
  v8.setFlagsFromString('--expose-gc');
  try {
    return vm.runInNewContext('gc') as () => void;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

describe('compactHeap', () => {
  it('shrinks a heap that full collections leave fragmented', () => {
    const gc = regularCollection();
    let all: { i: number; text: string }[] = [];
    for (let i = 0; i < 600_000; i++) all.push({ i, text: `value ${i}` });
    gc();
    gc();
    // Two survivors in three, spread evenly over the old generation's pages: pages V8's own
    // collections leave as they are (those with fewer survivors they do compact).
    const kept = all.filter((_, i) => i % 3 !== 0);
    all = [];
    for (let i = 0; i < 4; i++) gc();
    const fragmented = v8.getHeapStatistics().total_heap_size;
    const compaction = compactHeap();
    expect(compaction.heapBefore).toBeGreaterThanOrEqual(fragmented * 0.95);
    expect(compaction.heapAfter).toBeLessThan(fragmented * 0.9);
    expect(compaction.seconds).toBeGreaterThan(0);
    expect(kept.at(-1)).toEqual({ i: 599_999, text: 'value 599999' });
  });

  it('runs in the engine thread after the indices are built, and is reported once its pages are given back', async () => {
    const phases: LoadPhase[] = [];
    const engine = createWorkerEngine({ onPhase: (phase) => phases.push(phase) });
    try {
      await engine.load(FIXTURE_DIR);
      // The data is served at once; the report follows once the resident memory stops falling.
      await vi.waitFor(() => expect(phases.at(-1)?.phase).toBe('compact'), { timeout: 15_000, interval: 50 });
      const compact = phases.findIndex((phase) => phase.phase === 'compact');
      expect(compact).toBe(phases.length - 1);
      expect(phases.slice(0, compact).some((phase) => phase.phase === 'index')).toBe(true);
      expect(phases[compact]).toMatchObject({
        seconds: expect.any(Number),
        heapBefore: expect.any(Number),
        heapAfter: expect.any(Number),
        residentBefore: expect.any(Number),
        residentAfter: expect.any(Number),
      });
    } finally {
      await engine.close();
    }
  });
});

describe('releasedResident', () => {
  it('reads the resident memory until it stops falling for a second, never above what it first read', async () => {
    const before = process.memoryUsage.rss();
    const started = performance.now();
    const resident = await releasedResident();
    expect(resident).toBeGreaterThan(0);
    expect(resident).toBeLessThanOrEqual(Math.max(before, process.memoryUsage.rss()));
    // a second level at least, fifteen seconds at most
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(performance.now() - started).toBeLessThan(15_500);
  });
});
