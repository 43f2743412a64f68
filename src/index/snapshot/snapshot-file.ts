/**
 * One file of a snapshot: a fixed prefix, a JSON header and a body of binary pieces, checked
 * whole when it is read (docs/snapshots.md, "Files").
 *
 * ```
 * 0   "TAXASNAP"       8 bytes
 * 8   format           u32, SNAPSHOT_FORMAT
 * 12  header bytes     u32
 * 16  body bytes       u64
 * 24  CRC-32           u32, of the header and the body
 * 28  (zero)           u32
 * 32  header           UTF-8 JSON, padded with spaces to a multiple of 8 bytes
 *     body             the pieces, each starting at a multiple of 8 bytes
 * ```
 *
 * A file is read whole into memory of its own, so that a piece's typed array is a view of it at
 * an aligned offset, not a copy.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

/** The snapshot format: raised whenever what a snapshot holds, or how, changes. */
export const SNAPSHOT_FORMAT = 2;

const MAGIC = 'TAXASNAP';
const PREFIX_BYTES = 32;

/** A snapshot file that cannot be opened: the file, and what is wrong with it. */
export class SnapshotRefused extends Error {
  override name = 'SnapshotRefused';

  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`snapshot ${file}: ${reason}`);
  }
}

const padTo8 = (bytes: number) => (8 - (bytes % 8)) % 8;

/** A file as read (`readSnapshotFile`): its header, and its body in memory of its own. */
export interface SnapshotFile {
  header: unknown;
  body: Uint8Array;
}

/** Why a snapshot of `format` is not read: the same words for a file and for a manifest. */
export function foreignFormat(format: unknown): string {
  return `format ${String(format)}, where this code reads format ${SNAPSHOT_FORMAT}`;
}

/**
 * The CRC-32 of `bytes` continued from `value`. Node 20's `zlib.crc32` answers 0, not `value`,
 * for some empty arrays (an empty typed array's bytes): nothing is added for them.
 */
function crcOf(bytes: Uint8Array, value = 0): number {
  return bytes.byteLength === 0 ? value : crc32(bytes, value);
}

/** The pieces laid out from offset 0, each at a multiple of 8: their offsets, and the body's length. */
export function layOut(pieces: readonly Uint8Array[]): { offsets: number[]; bytes: number } {
  const offsets: number[] = [];
  let at = 0;
  for (const piece of pieces) {
    offsets.push(at);
    at += piece.byteLength + padTo8(piece.byteLength);
  }
  return { offsets, bytes: at };
}

/** The most bytes checked and written at once: a thread serving searches is held no longer. */
const SLICE_BYTES = 4 * 1024 * 1024;

/**
 * Writes `path` (which must not exist) with `header` and `pieces`, and flushes it to the disk.
 * The pieces are written as they are (views of the caller's arrays), not copied, a slice at a
 * time, the checksum computed as they go; the prefix that holds it is written last.
 */
export async function writeSnapshotFile(path: string, header: unknown, pieces: readonly Uint8Array[]): Promise<number> {
  const text = JSON.stringify(header);
  const headerBytes = Buffer.from(text + ' '.repeat(padTo8(Buffer.byteLength(text))));
  const { bytes } = layOut(pieces);
  const padding = new Uint8Array(8);
  const file = await open(path, 'wx');
  try {
    await writeAll(file, new Uint8Array(PREFIX_BYTES));
    let crc = crcOf(headerBytes);
    await writeAll(file, headerBytes);
    for (const piece of pieces) {
      const padded = [piece, padding.subarray(0, padTo8(piece.byteLength))];
      for (const part of padded)
        for (let at = 0; at < part.byteLength; at += SLICE_BYTES) {
          const slice = part.subarray(at, at + SLICE_BYTES);
          crc = crcOf(slice, crc);
          await writeAll(file, slice);
        }
    }
    const prefix = Buffer.alloc(PREFIX_BYTES);
    prefix.write(MAGIC, 0, 'latin1');
    prefix.writeUInt32LE(SNAPSHOT_FORMAT, 8);
    prefix.writeUInt32LE(headerBytes.byteLength, 12);
    prefix.writeBigUInt64LE(BigInt(bytes), 16);
    prefix.writeUInt32LE(crc, 24);
    await file.write(prefix, 0, PREFIX_BYTES, 0);
    await file.sync();
  } finally {
    await file.close();
  }
  return PREFIX_BYTES + headerBytes.byteLength + bytes;
}

async function writeAll(file: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.byteLength; ) {
    const { bytesWritten } = await file.write(bytes, at, bytes.byteLength - at);
    at += bytesWritten;
  }
}

/**
 * The header and body of `path`, checked: its magic, format, lengths and checksum. Throws
 * `SnapshotRefused` naming the file and what is wrong.
 */
export async function readSnapshotFile(path: string): Promise<SnapshotFile> {
  const refused = (reason: string) => new SnapshotRefused(path, reason);
  const file = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    throw refused(`cannot be opened (${error.code ?? error.message})`);
  });
  let all: Uint8Array;
  try {
    const { size } = await file.stat();
    if (size < PREFIX_BYTES) throw refused(`truncated: ${size} bytes, shorter than its prefix`);
    all = new Uint8Array(size);
    for (let at = 0; at < size; ) {
      const { bytesRead } = await file.read(all, at, size - at, at);
      if (bytesRead === 0) throw refused(`truncated while read, at byte ${at} of ${size}`);
      at += bytesRead;
    }
  } finally {
    await file.close();
  }
  const prefix = Buffer.from(all.buffer, 0, PREFIX_BYTES);
  if (prefix.toString('latin1', 0, 8) !== MAGIC) throw refused('not a snapshot file (no TAXASNAP prefix)');
  const format = prefix.readUInt32LE(8);
  if (format !== SNAPSHOT_FORMAT) throw refused(foreignFormat(format));
  const headerBytes = prefix.readUInt32LE(12);
  const bodyBytes = Number(prefix.readBigUInt64LE(16));
  const expected = PREFIX_BYTES + headerBytes + bodyBytes;
  if (all.byteLength < expected) throw refused(`truncated: ${all.byteLength} bytes of ${expected}`);
  if (all.byteLength > expected) throw refused(`${all.byteLength - expected} bytes after its end`);
  const checked = all.subarray(PREFIX_BYTES);
  if (crcOf(checked) !== prefix.readUInt32LE(24))
    throw refused('checksum mismatch: the file has changed since written');
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(all.buffer, PREFIX_BYTES, headerBytes).toString('utf8'));
  } catch (error) {
    throw refused(`header is not JSON: ${(error as Error).message}`);
  }
  return { header, body: all.subarray(PREFIX_BYTES + headerBytes) };
}
