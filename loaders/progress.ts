/** A progress bar on a terminal (bytes read per file, documents sent per index); silent when stderr is not a TTY. */
import cliProgress from 'cli-progress';

export interface Progress {
  start(label: string, total: number): void;
  advance(amount: number): void;
  stop(): void;
}

const SILENT: Progress = { start() {}, advance() {}, stop() {} };

export function createProgress(enabled: boolean, unit = 'bytes'): Progress {
  if (!enabled || !process.stderr.isTTY) return SILENT;
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: `{label} [{bar}] {percentage}% | {value}/{total} ${unit}`, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  return {
    start: (label, total) => bar.start(total, 0, { label }),
    advance: (amount) => bar.increment(amount),
    stop: () => bar.stop(),
  };
}
