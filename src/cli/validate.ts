import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { DataLoadError, formatProblem } from '../../loaders/problems.ts';

/** `taxa validate <dir>`: exit 0 and a summary when sound; exit 1 and every problem otherwise. */
export async function runValidate(argv: string[]): Promise<number> {
  const [dir, ...rest] = argv;
  if (dir === undefined || dir === '--help' || rest.length > 0) {
    process.stdout.write('usage: taxa validate <data-dir>\n');
    return dir === '--help' ? 0 : 2;
  }
  try {
    const { stats } = await loadDataDirectory(dir, { progress: true });
    const versions = stats.versions.map((v) => `${v.id}: ${v.indexed} taxa`).join(', ');
    process.stdout.write(`${dir}: valid (${versions}; ${stats.seconds} s)\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof DataLoadError)) {
      process.stderr.write(`validate: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
    for (const problem of error.problems) process.stdout.write(`${formatProblem(problem)}\n`);
    process.stdout.write(`${dir}: ${error.problems.length} problem(s); refused\n`);
    return 1;
  }
}
