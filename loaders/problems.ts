/**
 * A problem found in a data directory, with its place. A load that finds any is refused whole,
 * listing every problem, and whatever was served before keeps being served.
 */
export interface DataProblem {
  file: string;
  line?: number;
  id?: string;
  message: string;
}

/** Control and invisible format characters (a stray byte-order mark) shown as `\u{…}` escapes. */
const visible = (text: string) =>
  text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`);

export function formatProblem(problem: DataProblem): string {
  const place = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}`;
  return visible(`${place}${problem.id ? ` (${problem.id})` : ''}: ${problem.message}`);
}

export class DataLoadError extends Error {
  constructor(readonly problems: DataProblem[]) {
    super(
      `loader: the data was refused with ${problems.length} problem(s):\n` +
        problems
          .slice(0, 50)
          .map((p) => `  ${formatProblem(p)}`)
          .join('\n') +
        (problems.length > 50 ? `\n  … and ${problems.length - 50} more` : ''),
    );
    this.name = 'DataLoadError';
  }
}
