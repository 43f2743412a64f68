/**
 * Reloads one at a time: a reload asked for while one runs schedules exactly one more after it
 * (the data may have changed again since the running one started reading), however many are
 * asked for meanwhile. Ten SIGHUPs in a row make two loads, not ten at once.
 *
 * @example
 *   const reload = coalesced(() => engine.load(dir));
 *   process.on('SIGHUP', () => void reload());
 */
export function coalesced<T>(task: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const run = (): Promise<T> => {
    running = task().finally(() => {
      running = undefined;
    });
    return running;
  };
  return () => {
    if (!running) return run();
    next ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined;
        return run();
      });
    return next;
  };
}
