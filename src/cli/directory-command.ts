/**
 * What the commands that read one data directory share (`diff`, `export`): their arguments read
 * the same way, and the directory loaded with its problems listed when it is refused.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type DataSet, type LoadStats, loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { DataLoadError, formatProblem } from '../../loaders/problems.ts';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values<O extends Options> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true }>>['values'];

/** A command of one data directory: its name and usage text, for `--help` and refusals. */
export interface DirectoryCommand {
  name: string;
  usage: string;
}

/** The message, then the usage; exit code 2. */
export function usageError(command: DirectoryCommand, message: string): number {
  process.stderr.write(`${command.name}: ${message}\n${command.usage}`);
  return 2;
}

/**
 * The data directory and the options of `argv`, or the exit code when there is nothing to do:
 * 0 after `--help` (the usage printed), 2 for an unknown option or not exactly one directory.
 */
export function directoryArguments<const O extends Options>(
  command: DirectoryCommand,
  argv: string[],
  options: O,
): { dir: string; values: Values<O> } | number {
  let parsed: { values: Values<O>; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { ...options, help: { type: 'boolean' } } });
  } catch (error) {
    return usageError(command, (error as Error).message);
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(command.usage);
    return 0;
  }
  const [dir, ...extra] = parsed.positionals;
  if (dir === undefined || extra.length > 0) return usageError(command, 'give one data directory');
  return { dir, values: parsed.values };
}

/** The data set of `dir`, or, when it is refused, its problems on stderr and exit code 1. */
export async function loadOrRefuse(dir: string): Promise<DataSet | number> {
  const loaded = await loadWithStats(dir);
  return typeof loaded === 'number' ? loaded : loaded.dataSet;
}

/** `loadOrRefuse`, with the load's figures. */
export async function loadWithStats(dir: string): Promise<{ dataSet: DataSet; stats: LoadStats } | number> {
  try {
    return await loadDataDirectory(dir, { progress: true });
  } catch (error) {
    if (!(error instanceof DataLoadError)) throw error;
    for (const problem of error.problems) process.stderr.write(`${formatProblem(problem)}\n`);
    process.stderr.write(`${dir}: ${error.problems.length} problem(s); refused\n`);
    return 1;
  }
}
