/**
 * Giving back the memory a load leaves behind (docs/versions-and-loading.md, "In memory").
 *
 * A load allocates far more than it keeps: every line parsed, every entry derived, every list
 * built and then copied. V8 frees that garbage but keeps the pages it lived on, with the objects
 * that survive spread over them; its collections move survivors together only off pages that are
 * mostly empty, and an idle service does not collect at all, so the process stays near the size
 * of its load's peak. One full collection that compacts every page brings the resident memory
 * down to what the data takes: V8 gives the pages it emptied back to the system in a background
 * thread within a second or so, while the thread goes on (`releasedResident` waits for that, to
 * report it).
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
 * Collects this thread's heap with compaction. Stops the thread for as long as it takes (0.75 s
 * for one version at 100,000 taxa, 3.5–4.3 s at 500,000): call it between a load and serving its
 * data. The emptied pages are given back after it returns (`releasedResident`); a second full
 * collection, which would give them back at once, took another 0.65 s for seven versions at
 * 100,000 taxa and 1.5 s for one at 500,000, for nothing more (docs/decisions.md, "Embedded
 * engine").
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
  return {
    seconds: (performance.now() - started) / 1000,
    heapBefore,
    heapAfter: v8.getHeapStatistics().total_heap_size,
    residentBefore,
  };
}

/** How often `releasedResident` reads the resident memory, how long it must stay level, and the longest wait. */
const RELEASE_POLL_MS = 100;
const RELEASE_LEVEL_MS = 1000;
const RELEASE_WAIT_MS = 15_000;

/**
 * The process's resident memory once the pages a compaction emptied are given back: read every
 * 100 ms until it has not fallen by 1 % for a second (V8 gives them back in bursts), or for 15 s
 * at most.
 */
export async function releasedResident(): Promise<number> {
  let level = process.memoryUsage.rss();
  let lowest = level;
  let levelSince = 0;
  for (let waited = 0; waited < RELEASE_WAIT_MS && waited - levelSince < RELEASE_LEVEL_MS; ) {
    await new Promise((resolve) => setTimeout(resolve, RELEASE_POLL_MS));
    waited += RELEASE_POLL_MS;
    lowest = Math.min(lowest, process.memoryUsage.rss());
    if (lowest < level * 0.99) {
      level = lowest;
      levelSince = waited;
    }
  }
  return lowest;
}
