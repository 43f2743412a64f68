/**
 * An engine's state (`EngineState`) as the three files of a snapshot (docs/snapshots.md):
 *
 * - `documents`: every document once, in V8's serialization format, a chunk of documents at a
 *   time through one serializer, so that a value several documents share (the loader shares
 *   them) is written once and read back shared;
 * - `indices`: the catalog and every index's state as a JSON header in which each typed array is
 *   a piece of the body, as its bytes (opened as views of the file read, not copies);
 * - `terms`: each long list of strings (a field's terms) as JSON text, parsed when opened; kept
 *   apart so that its bytes are let go once parsed, where the arrays' file stays in memory.
 *
 * Encoding runs in steps (`yield` between chunks and pieces), so that a thread serving searches
 * can write a snapshot between them.
 */
import v8 from 'node:v8';
import type { EngineState } from '../embedded-engine.ts';
import { layOut, type SnapshotFile } from './snapshot-file.ts';

/** A typed array kind a state holds. */
const ARRAY_TYPES = { Uint8Array, Uint16Array, Uint32Array, Int32Array, Float64Array } as const;
type ArrayType = keyof typeof ARRAY_TYPES;
type StateArray = InstanceType<(typeof ARRAY_TYPES)[ArrayType]>;

/** A piece of the body in the header: a typed array, or a list of strings as JSON text. */
const PIECE = '\u0000piece';
const JSON_PIECE = '\u0000json';
/** Lists of strings this long or longer are pieces of their own. */
const LONG_LIST = 256;
/** Documents serialized between two steps. */
const DOCUMENTS_A_STEP = 1_000;

export interface EncodedFile {
  header: unknown;
  pieces: Uint8Array[];
}

export interface EncodedState {
  documents: EncodedFile;
  indices: EncodedFile;
  terms: EncodedFile;
}

/** The pieces a state's tree is written in: typed arrays (kept as views once read), term lists as JSON (parsed, then let go). */
interface Pieces {
  arrays: Uint8Array[];
  texts: Uint8Array[];
}

const bytesOf = (array: ArrayBufferView) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/** `state` as the files of a snapshot, a step at a time; the pieces are views of the state's arrays. */
export function* encodeEngineState(state: EngineState): Generator<void, EncodedState, undefined> {
  const serializer = new v8.Serializer();
  serializer.writeHeader();
  let chunks = 0;
  for (let from = 0; from < state.documents.length; from += DOCUMENTS_A_STEP) {
    serializer.writeValue(state.documents.slice(from, from + DOCUMENTS_A_STEP));
    chunks++;
    yield;
  }
  const documents = { header: { count: state.documents.length, chunks }, pieces: [serializer.releaseBuffer()] };
  const pieces: Pieces = { arrays: [], texts: [] };
  const { catalog, indices, shared } = state;
  const tree = yield* encodeTree({ catalog, indices, shared }, pieces);
  return {
    documents,
    indices: { header: tree, pieces: pieces.arrays },
    terms: { header: { lists: pieces.texts.length }, pieces: pieces.texts },
  };
}

/** Strings written as JSON between two steps. */
const STRINGS_A_STEP = 16_384;

/** `JSON.stringify(strings)` as UTF-8, a slice of the list a step. */
function* jsonOfStrings(strings: readonly string[]): Generator<void, Buffer, undefined> {
  const parts: Buffer[] = [Buffer.from('[')];
  for (let from = 0; from < strings.length; from += STRINGS_A_STEP) {
    const slice = JSON.stringify(strings.slice(from, from + STRINGS_A_STEP));
    parts.push(Buffer.from(from === 0 ? slice.slice(1, -1) : `,${slice.slice(1, -1)}`));
    yield;
  }
  parts.push(Buffer.from(']'));
  return Buffer.concat(parts);
}

function* encodeTree(value: unknown, pieces: Pieces): Generator<void, unknown, undefined> {
  if (typeof value !== 'object' || value === null) return value;
  if (ArrayBuffer.isView(value)) {
    const type = value.constructor.name;
    if (!Object.hasOwn(ARRAY_TYPES, type)) throw new Error(`snapshot: cannot write a ${type}`);
    pieces.arrays.push(bytesOf(value));
    return { [PIECE]: pieces.arrays.length - 1, type, length: (value as StateArray).length };
  }
  if (Array.isArray(value)) {
    if (value.length >= LONG_LIST && value.every((item) => typeof item === 'string')) {
      const text = yield* jsonOfStrings(value as string[]);
      pieces.texts.push(text);
      return { [JSON_PIECE]: pieces.texts.length - 1, bytes: text.byteLength };
    }
    const out: unknown[] = [];
    for (const item of value) out.push(yield* encodeTree(item, pieces));
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = yield* encodeTree(item, pieces);
  return out;
}

/**
 * The state of a snapshot's files, as read. Throws an `Error` saying what does not fit (a piece
 * outside its file, a chunk that is not a list of documents).
 */
export function decodeEngineState({
  documents,
  indices,
  terms,
}: Record<keyof EncodedState, SnapshotFile>): EngineState {
  const { arrays, texts } = piecesOf(indices.header);
  const bodies = { arrays: { body: indices.body, offsets: arrays }, texts: { body: terms.body, offsets: texts } };
  const tree = decodeTree(indices.header, bodies) as Omit<EngineState, 'documents'>;
  return { ...tree, documents: decodeDocuments(documents.header, documents.body) };
}

function decodeDocuments(header: unknown, body: Uint8Array): object[] {
  const { count, chunks } = header as { count: number; chunks: number };
  if (!Number.isSafeInteger(count) || !Number.isSafeInteger(chunks))
    throw new Error('documents: no count in the header');
  const deserializer = new v8.Deserializer(body);
  deserializer.readHeader();
  const documents: object[] = [];
  for (let chunk = 0; chunk < chunks; chunk++) {
    const read: unknown = deserializer.readValue();
    if (!Array.isArray(read)) throw new Error(`documents: chunk ${chunk} is not a list`);
    for (const doc of read) {
      if (typeof doc !== 'object' || doc === null)
        throw new Error(`documents: document ${documents.length} is not an object`);
      documents.push(doc);
    }
  }
  if (documents.length !== count) throw new Error(`documents: ${documents.length} read, ${count} written`);
  return documents;
}

/** Where each piece is in its file's body, by its number. */
type Offsets = Map<number, number>;

/** The offsets of each file's pieces, laid out as the writer laid them out from their lengths. */
function piecesOf(header: unknown): { arrays: Offsets; texts: Offsets } {
  const lengths = { arrays: new Map<number, number>(), texts: new Map<number, number>() };
  collectPieces(header, lengths);
  const offsetsOf = (of: Map<number, number>): Offsets => {
    const ordered = [...of.keys()].sort((a, b) => a - b);
    const { offsets } = layOut(ordered.map((piece) => ({ byteLength: of.get(piece)! }) as Uint8Array));
    return new Map(ordered.map((piece, i) => [piece, offsets[i]!]));
  };
  return { arrays: offsetsOf(lengths.arrays), texts: offsetsOf(lengths.texts) };
}

function collectPieces(value: unknown, lengths: { arrays: Map<number, number>; texts: Map<number, number> }): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) collectPieces(item, lengths);
    return;
  }
  const record = value as Record<string, unknown>;
  if (typeof record[PIECE] === 'number') {
    const type = ARRAY_TYPES[record.type as ArrayType];
    if (type === undefined) throw new Error(`indices: piece ${record[PIECE]} of unknown type ${String(record.type)}`);
    lengths.arrays.set(record[PIECE], (record.length as number) * type.BYTES_PER_ELEMENT);
    return;
  }
  if (typeof record[JSON_PIECE] === 'number') {
    lengths.texts.set(record[JSON_PIECE], record.bytes as number);
    return;
  }
  for (const item of Object.values(record)) collectPieces(item, lengths);
}

type Bodies = Record<keyof Pieces, { body: Uint8Array; offsets: Offsets }>;

function decodeTree(value: unknown, bodies: Bodies): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => decodeTree(item, bodies));
  const record = value as Record<string, unknown>;
  if (typeof record[PIECE] === 'number') {
    const { body, offsets } = bodies.arrays;
    const type = ARRAY_TYPES[record.type as ArrayType];
    const length = record.length as number;
    const at = offsets.get(record[PIECE])!;
    if (!Number.isSafeInteger(length) || at + length * type.BYTES_PER_ELEMENT > body.byteLength)
      throw new Error(`indices: piece ${record[PIECE]} ends past the body`);
    return new type(body.buffer as ArrayBuffer, body.byteOffset + at, length);
  }
  if (typeof record[JSON_PIECE] === 'number') {
    const { body, offsets } = bodies.texts;
    const at = offsets.get(record[JSON_PIECE])!;
    const bytes = record.bytes as number;
    if (!Number.isSafeInteger(bytes) || at + bytes > body.byteLength)
      throw new Error(`terms: list ${record[JSON_PIECE]} ends past the body`);
    const list: unknown = JSON.parse(Buffer.from(body.buffer, body.byteOffset + at, bytes).toString('utf8'));
    if (!Array.isArray(list)) throw new Error(`terms: list ${record[JSON_PIECE]} is not a list`);
    return list;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) out[key] = decodeTree(item, bodies);
  return out;
}
