/**
 * Work written as a generator of steps (`yield` between two steps), run to its end at once or in
 * time slices that let other work through: how the embedded engine builds an index while it
 * answers searches (docs/versions-and-loading.md, "Comparing versions").
 */

/** Runs `steps` to their end at once. */
export function runToEnd<T>(steps: Generator<void, T, undefined>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs `steps` to their end, letting other work through (`pause`) once a slice has run `sliceMs`. */
export async function runInSlices<T>(
  steps: Generator<void, T, undefined>,
  sliceMs: number,
  pause: () => Promise<void>,
): Promise<T> {
  for (let until = performance.now() + sliceMs; ; ) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() >= until) {
      await pause();
      until = performance.now() + sliceMs;
    }
  }
}

/** The event loop's next turn: what lets other work through between two slices (`runInSlices`). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
