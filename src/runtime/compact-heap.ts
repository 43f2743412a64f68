/**
 * Giving back the memory a load leaves behind (docs/versions-and-loading.md, "In memory").
 *
 * A load allocates far more than it keeps: every line parsed, every entry derived, every list
 * built and then copied. V8 frees that garbage but keeps the pages it lived on, with the objects
 * that survive spread over them; its collections move survivors together only off pages that are
 * mostly empty, and an idle service does not collect at all, so the process stays near the size
 * of its load's peak. One full collection that compacts every page, then one more that releases
 * the emptied pages, brings the resident memory down to what the data takes.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** Heap and process sizes around a compaction, in bytes. */
export interface Compaction {
  seconds: number;
  /** the heap V8 holds for this thread (`total_heap_size`) */
  heapBefore: number;
  heapAfter: number;
  /** the resident memory of the whole process */
  residentBefore: number;
  residentAfter: number;
}

let collect: (() => void) | undefined;

/**
 * V8's full collection: the global `gc` under `--expose-gc`, or one taken from a fresh context
 * with the flag set for as long as it takes to make it.
 */
function collector(): () => void {
  if (collect !== undefined) return collect;
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed !== undefined) return (collect = exposed);
  v8.setFlagsFromString('--expose-gc');
  try {
    collect = vm.runInNewContext('gc') as () => void;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  return collect;
}

/**
 * Collects this thread's heap with compaction, and gives the emptied pages back. Stops the
 * thread for as long as it takes (about 2 s for a 700 MiB heap): call it between a load and
 * serving its data.
 */
export function compactHeap(): Compaction {
  const gc = collector();
  const started = performance.now();
  const heapBefore = v8.getHeapStatistics().total_heap_size;
  const residentBefore = process.memoryUsage.rss();
  v8.setFlagsFromString('--compact-on-every-full-gc');
  try {
    gc();
  } finally {
    v8.setFlagsFromString('--no-compact-on-every-full-gc');
  }
  // The pages the compaction emptied are released by the next collection.
  gc();
  return {
    seconds: (performance.now() - started) / 1000,
    heapBefore,
    heapAfter: v8.getHeapStatistics().total_heap_size,
    residentBefore,
    residentAfter: process.memoryUsage.rss(),
  };
}
