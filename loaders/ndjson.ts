/** Line-by-line reading of `.ndjson` and `.ndjson.gz` files, without holding a file in memory. */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

export interface NumberedLine {
  line: number;
  text: string;
}

/** Yields the non-blank lines of a file with their 1-based line numbers. */
export async function* readLines(path: string, onBytes?: (bytes: number) => void): AsyncGenerator<NumberedLine> {
  const raw = createReadStream(path);
  if (onBytes) raw.on('data', (chunk) => onBytes(chunk.length));
  const input = path.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  const lines = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    if (text.trim() !== '') yield { line, text };
  }
}
