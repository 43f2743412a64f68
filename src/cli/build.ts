/**
 * `taxa build <dir>`: loads a data directory, builds the embedded engine's indices and writes
 * their snapshot (docs/snapshots.md) without serving, so that a deployment builds it once and
 * every `taxa serve` of the same data and code opens it.
 */
import { engineDataOf } from '../../loaders/engine-data.ts';
import { createEmbeddedEngine } from '../index/embedded-engine.ts';
import { snapshotDirFor, snapshotKey, writeEngineSnapshot } from '../runtime/engine-snapshot.ts';
import { type DirectoryCommand, directoryArguments, loadWithStats, usageError } from './directory-command.ts';

const COMMAND: DirectoryCommand = {
  name: 'build',
  usage: `usage: taxa build <data-dir> [--snapshot-dir D]

Loads the data directory and writes the snapshot that \`taxa serve\` opens instead of loading it:
into D, else TAXA_SNAPSHOT_DIR, else <data-dir>/.snapshot.
`,
};

export async function runBuild(argv: string[]): Promise<number> {
  const parsed = directoryArguments(COMMAND, argv, { 'snapshot-dir': { type: 'string' } });
  if (typeof parsed === 'number') return parsed;
  const { dir, values } = parsed;
  // As the service reads its environment, an empty variable is an unset one.
  const root = values['snapshot-dir'] ?? snapshotDirFor(dir, process.env.TAXA_SNAPSHOT_DIR || undefined);
  if (root === undefined) return usageError(COMMAND, 'TAXA_SNAPSHOT_DIR is off: name a directory with --snapshot-dir');
  const started = performance.now();
  const key = await snapshotKey(dir);
  const loaded = await loadWithStats(dir);
  if (typeof loaded === 'number') return loaded;
  const engine = createEmbeddedEngine();
  engine.replaceData(engineDataOf(loaded.dataSet));
  const written = await writeEngineSnapshot(engine, { root, key, dataDir: dir }, loaded.stats);
  if (written.kind === 'skipped') {
    process.stderr.write(`build: not written: ${written.reason}\n`);
    return 1;
  }
  const seconds = Math.round(performance.now() - started) / 1000;
  const megabytes = Math.round(written.bytes / 1e5) / 10;
  process.stdout.write(`${written.dir}: ${megabytes} MB, built in ${seconds} s\n`);
  return 0;
}
