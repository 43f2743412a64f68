/**
 * Reads one checklist version file: parses and validates each line, keeping its line number so
 * every later problem (duplicate id, dangling parent, cycle) can say where it is.
 */
import type { Taxon } from '../src/taxon/schema.ts';
import { taxonProblems } from '../src/taxon/validate.ts';
import { LineError, readLines } from './ndjson.ts';
import type { DataProblem } from './problems.ts';

export interface TaxonLine {
  line: number;
  taxon: Taxon;
  /**
   * The taxon of the version read before whose line this one is, byte for byte. Such a line is not
   * parsed: its `taxon` is this one until the version is derived (`VersionDerivation.derive`),
   * which makes its document and sets it here.
   */
  sameLineAs: Taxon | undefined;
}

function parseLine(file: string, line: number, text: string, problems: DataProblem[]): Taxon | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    problems.push({ file, line, message: `invalid JSON: ${(error as Error).message}` });
    return undefined;
  }
  const messages = taxonProblems(json);
  if (messages.length === 0) return json as Taxon;
  const id = typeof (json as { id?: unknown })?.id === 'string' ? (json as { id: string }).id : undefined;
  problems.push({ file, line, ...(id ? { id } : {}), message: `invalid taxon: ${messages.join('; ')}` });
  return undefined;
}

/**
 * The bytes of a version's valid lines, in file order, held (outside the heap) while the next
 * version is read (docs/versions-and-loading.md, "What versions share"). Two serve a load, each
 * filled again in turn: memory first touched costs more than the copy.
 */
export class LineBytes {
  private bytes: Buffer;
  private used = 0;
  /** where each line ends in `bytes` */
  private readonly ends: number[] = [];

  constructor(sizeHint = 1 << 20) {
    this.bytes = Buffer.allocUnsafe(Math.max(1024, sizeHint));
  }

  /** Empty again, holding its memory. */
  clear(): void {
    this.used = 0;
    this.ends.length = 0;
  }

  add(line: Buffer): void {
    if (this.used + line.length > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.used + line.length, Math.ceil(this.bytes.length * 1.5)));
      grown.set(this.bytes.subarray(0, this.used));
      this.bytes = grown;
    }
    this.bytes.set(line, this.used);
    this.used += line.length;
    this.ends.push(this.used);
  }

  /** Line `index` (of the valid lines) as text. */
  text(index: number): string {
    const start = index === 0 ? 0 : this.ends[index - 1]!;
    return this.bytes.toString('utf8', start, this.ends[index]!);
  }

  /** Whether line `index` (of the valid lines) is these bytes. */
  equals(index: number, line: Buffer): boolean {
    const end = this.ends[index];
    if (end === undefined) return false;
    const start = index === 0 ? 0 : this.ends[index - 1]!;
    return end - start === line.length && line.compare(this.bytes, start, end) === 0;
  }
}

/** The version read before: its valid lines, their bytes, and the place of each id among them. */
export interface PreviousLines {
  lines: readonly TaxonLine[];
  bytes: LineBytes;
  indexOfId: ReadonlyMap<string, number>;
}

/**
 * The most problems a version file is read for: past them the reading stops (a few kilobytes of
 * gzip can hold millions of bad lines), and a file's problems found after the reading are cut to
 * as many (`capProblems`).
 */
export const MAX_PROBLEMS_PER_FILE = 1000;

/** Keeps the first `MAX_PROBLEMS_PER_FILE` of the problems from index `from` on, saying how many more there were. */
export function capProblems(problems: DataProblem[], from: number, file: string): void {
  const more = problems.length - from - MAX_PROBLEMS_PER_FILE;
  if (more <= 0) return;
  problems.length = from + MAX_PROBLEMS_PER_FILE;
  problems.push({ file, message: `and ${more} more problem(s) in this file, not listed` });
}

export interface ReadVersionOptions {
  maxLineBytes?: number;
  maxGzipRatio?: number;
  onBytes?: (bytes: number) => void;
  /** the version read before, whose lines this one's are compared with */
  previous?: PreviousLines;
  /** where the lines' bytes are kept (emptied first); by default, a new one */
  into?: LineBytes;
}

/**
 * Every valid line of the file, in file order, and their bytes. The parsed JSON itself is kept
 * (the schema only checks it), so fields the schema does not know are served as they are.
 *
 * A line the same, byte for byte, as the line of its taxon in the version read before was valid
 * there, and is neither parsed nor checked again: its taxon is that line's (`sameLineAs`), and its
 * text stays in `bytes`. Its taxon's line there is looked for right after the one the line before
 * matched (versions keep most taxa in the same order), then by the id of the line that did not
 * match.
 *
 * `complete` is false when the reading stopped before the end of the file (a line too long or not
 * UTF-8, a `.gz` expanding too far, `MAX_PROBLEMS_PER_FILE` problems): the lines read are then not
 * the version, and nothing more is to be checked in them.
 */
export async function readVersionFile(
  path: string,
  file: string,
  problems: DataProblem[],
  options: ReadVersionOptions = {},
): Promise<{ lines: TaxonLine[]; read: number; bytes: LineBytes; complete: boolean }> {
  const lines: TaxonLine[] = [];
  const bytes = options.into ?? new LineBytes();
  bytes.clear();
  const { previous } = options;
  let next = 0;
  let read = 0;
  const limit = problems.length + MAX_PROBLEMS_PER_FILE;
  try {
    for await (const { line, text, bytes: own } of readLines(path, options)) {
      read += 1;
      const same = previous?.bytes.equals(next, own) === true;
      const before = same ? previous!.lines[next]!.taxon : undefined;
      const taxon = before === undefined ? parseLine(file, line, text, problems) : before;
      if (!taxon) {
        if (problems.length < limit) continue;
        problems.push({
          file,
          line,
          message: `${MAX_PROBLEMS_PER_FILE} problems found by this line; the rest of the file was not read`,
        });
        return { lines, read, bytes, complete: false };
      }
      bytes.add(own);
      lines.push({ line, taxon, sameLineAs: before });
      if (same) next += 1;
      else if (previous !== undefined) {
        const at = previous.indexOfId.get(taxon.id);
        if (at !== undefined) next = at + 1;
      }
    }
  } catch (error) {
    if (error instanceof LineError) problems.push({ file, line: error.line, message: error.message });
    else problems.push({ file, message: `cannot read: ${(error as Error).message}` });
    return { lines, read, bytes, complete: false };
  }
  return { lines, read, bytes, complete: true };
}
