/**
 * Line-by-line reading of `.ndjson` and `.ndjson.gz` files, without holding a file in memory,
 * and without trusting it: lines are cut from the bytes, so a line longer than the limit (a
 * few megabytes of gzip can expand to one gigabyte-long line) stops the reading with its place
 * instead of building a string past what a process can hold; a `.gz` that expands past a bound
 * proportional to its compressed size (a few megabytes of gzip can also expand to gigabytes of
 * blank lines) stops the reading too; blank lines cost next to nothing; each line must be valid
 * UTF-8 (the first bad byte is named by its offset in the file); a byte-order mark at the start
 * is skipped.
 */
import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';

/** The longest line read, in bytes, unless `MAX_LINE_BYTES` or the caller says otherwise. */
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * How many times its compressed size a `.gz` file may expand to, unless `MAX_GZIP_RATIO` or the
 * caller says otherwise. Checklists compress 6 to 8 times; a file of one byte repeated, 1,000
 * times and more.
 */
export const DEFAULT_MAX_GZIP_RATIO = 100;
/** The values `MAX_LINE_BYTES` and `MAX_GZIP_RATIO` may take (`src/config.ts` checks them at start too). */
export const MAX_LINE_BYTES_RANGE = [1024, 1024 * 1024 * 1024] as const;
export const MAX_GZIP_RATIO_RANGE = [2, 1_000_000] as const;
/** What any `.gz` may expand to whatever its ratio: a small file is cheap to read whatever it holds. */
export const GZIP_RATIO_FLOOR_BYTES = 1024 * 1024;

/** A whole number from the environment within `[min, max]`, or the default; a bad value names the variable. */
function wholeNumberFromEnv(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  [min, max]: readonly [number, number],
  unit: string,
): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new Error(`loader: ${name} must be a whole number${unit} from ${min} to ${max} (got '${value}')`);
  }
  return number;
}

/** `MAX_LINE_BYTES` from the environment, or the default; a bad value names the variable. */
export const maxLineBytesFromEnv = (env: Record<string, string | undefined> = process.env): number =>
  wholeNumberFromEnv(env, 'MAX_LINE_BYTES', DEFAULT_MAX_LINE_BYTES, MAX_LINE_BYTES_RANGE, ' of bytes');

/** `MAX_GZIP_RATIO` from the environment, or the default; a bad value names the variable. */
export const maxGzipRatioFromEnv = (env: Record<string, string | undefined> = process.env): number =>
  wholeNumberFromEnv(env, 'MAX_GZIP_RATIO', DEFAULT_MAX_GZIP_RATIO, MAX_GZIP_RATIO_RANGE, '');

export const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const NEWLINE = 0x0a;
const NEWLINES = Buffer.alloc(64 * 1024, NEWLINE);

export interface NumberedLine {
  line: number;
  text: string;
  /** the line's bytes (without a byte-order mark): a view of the chunk it was read in, or its own */
  bytes: Buffer;
}

export interface ReadLinesOptions {
  maxLineBytes?: number;
  /** how many times its compressed size a `.gz` file may expand to (past `GZIP_RATIO_FLOOR_BYTES`) */
  maxGzipRatio?: number;
  /** bytes read from the file (compressed bytes for `.gz`), for a progress bar */
  onBytes?: (bytes: number) => void;
}

/** A line that cannot be read: too long, not UTF-8, or past what a `.gz` may expand to. The reading stops at it. */
export class LineError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'LineError';
  }
}

/**
 * The offset of the first byte of `bytes` that is not part of a valid UTF-8 sequence (overlong
 * forms, surrogates and values past U+10FFFF are invalid, as `TextDecoder` has them).
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead <= 0xdf
          ? 2
          : lead >= 0xe0 && lead <= 0xef
            ? 3
            : lead >= 0xf0 && lead <= 0xf4
              ? 4
              : 0;
    if (length === 0) return i;
    if (length > 1 && !isUtf8(bytes.subarray(i, i + length))) {
      for (let k = 1; k < length; k++) if (i + k >= bytes.length || (bytes[i + k]! & 0xc0) !== 0x80) return i + k;
      return i;
    }
    i += length;
  }
  return -1;
}

/** `bytes` as text, or a `LineError` naming the file offset of the first byte that is not UTF-8. */
function decodeLine(bytes: Buffer, line: number, fileOffset: number): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  throw new LineError(line, `invalid UTF-8 at byte ${fileOffset + firstInvalidUtf8(bytes)} of the file`);
}

/** Yields the non-blank lines of a file with their 1-based line numbers. */
export async function* readLines(path: string, options: ReadLinesOptions = {}): AsyncGenerator<NumberedLine> {
  const maxLineBytes = options.maxLineBytes ?? maxLineBytesFromEnv();
  const gzip = path.endsWith('.gz');
  const maxGzipRatio = gzip ? (options.maxGzipRatio ?? maxGzipRatioFromEnv()) : 0;
  const raw = createReadStream(path);
  let compressed = 0;
  if (gzip || options.onBytes) {
    raw.on('data', (chunk) => {
      compressed += chunk.length;
      options.onBytes?.(chunk.length);
    });
  }
  const input = gzip ? pipeline(raw, createGunzip(), () => {}) : raw;
  let line = 1;
  let offset = 0; // of the start of the current line, in the (decompressed) file
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      if (gzip && offset + pendingBytes + chunk.length > Math.max(GZIP_RATIO_FLOOR_BYTES, maxGzipRatio * compressed)) {
        throw tooExpanded(line, maxGzipRatio);
      }
      let start = 0;
      while (start < chunk.length) {
        if (pendingBytes === 0) {
          // A run of blank lines is counted, not cut into lines one by one (a chunk of nothing
          // else is compared whole).
          const first = start;
          if (start === 0 && chunk.length <= NEWLINES.length && chunk.equals(NEWLINES.subarray(0, chunk.length))) {
            start = chunk.length;
          }
          while (start < chunk.length && chunk[start] === NEWLINE) start += 1;
          line += start - first;
          offset += start - first;
          if (start === chunk.length) break;
        }
        const end = chunk.indexOf(NEWLINE, start);
        if (end < 0) break;
        if (pendingBytes + end - start > maxLineBytes) throw tooLong(line, maxLineBytes);
        const bytes =
          pending.length === 0 ? chunk.subarray(start, end) : Buffer.concat([...pending, chunk.subarray(start, end)]);
        const own = line === 1 ? withoutBom(bytes) : bytes;
        const text = decodeLine(own, line, line === 1 ? offset + bomLength(bytes) : offset);
        if (text.trim() !== '') yield { line, text, bytes: own };
        offset += bytes.length + 1;
        line += 1;
        pending = [];
        pendingBytes = 0;
        start = end + 1;
      }
      if (start < chunk.length) {
        pendingBytes += chunk.length - start;
        if (pendingBytes > maxLineBytes) throw tooLong(line, maxLineBytes);
        pending.push(chunk.subarray(start));
      }
    }
    if (pendingBytes > 0) {
      const bytes = Buffer.concat(pending);
      const own = line === 1 ? withoutBom(bytes) : bytes;
      const text = decodeLine(own, line, line === 1 ? offset + bomLength(bytes) : offset);
      if (text.trim() !== '') yield { line, text, bytes: own };
    }
  } finally {
    raw.destroy();
  }
}

const tooLong = (line: number, limit: number) =>
  new LineError(
    line,
    `line longer than ${limit} bytes (the limit is MAX_LINE_BYTES); the rest of the file was not read`,
  );

const tooExpanded = (line: number, ratio: number) =>
  new LineError(
    line,
    `the file expands to more than ${ratio} times its compressed size (the limit is MAX_GZIP_RATIO); the rest of the file was not read`,
  );

const bomLength = (bytes: Buffer) => (bytes.subarray(0, 3).equals(UTF8_BOM) ? 3 : 0);

/** The bytes without a UTF-8 byte-order mark at their start. */
export const withoutBom = (bytes: Buffer) => bytes.subarray(bomLength(bytes));
