/**
 * Fields an index derives from one string of each document instead of reading them from it, as
 * an analyser derives tokens from a text: a names index's words, trigrams and their kin come from
 * the keys an entry keeps (README.md beside this directory, "Derived fields"). They are derived and indexed
 * while the documents stream in, in a worker thread once the collection is large enough, so that
 * the build of the other fields and the derivation run on two cores.
 *
 * The worker is started once `workerFrom` documents have come, and the build waits for it at the
 * end (`Atomics.wait`): an index is built synchronously. A derivation that throws fails the build,
 * in either thread; a worker that does not start in time leaves the derivation to this thread,
 * from the inputs kept. The index is the same either way.
 */
import { receiveMessageOnPort, MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { FieldCatalog, FieldSpec } from './field-catalog.ts';
import { FieldIndex } from './field-index.ts';
import { buildFields, denseBitsets, FieldIndexBuilder } from './field-index-builder.ts';
import { IndexingError } from './index-values.ts';
import { KeywordDictionary, NumericDictionary } from './term-dictionary.ts';

/** What derives the fields, and from what. */
export interface FieldDerivation {
  /** the fields derived; each is in the index's catalog, and any value a document gives is ignored */
  fields: readonly string[];
  /** the string of a document the fields are derived from */
  input: (doc: object) => unknown;
  /** makes the function that derives a document's values of the fields from its input */
  make: () => DeriveValues;
  /** the module (a URL) that exports `make` as `exportName`: what a worker thread loads */
  module: string;
  exportName: string;
  /** start a worker thread once this many documents have come (default `WORKER_FROM`) */
  workerFrom?: number;
  /**
   * A worker that derives no batch for this long after the last document came is taken for
   * dead (it ran out of memory), and the fields are derived here (default `STALL_MS`).
   */
  stallMs?: number;
}

export type DeriveValues = (input: string) => Record<string, unknown>;

/** Below this many documents, the derivation costs less than starting a worker. */
export const WORKER_FROM = 20_000;
/** Inputs handed to the worker in one message, at most; fewer when they are long (`BATCH_UNITS`). */
const BATCH = 4096;
/** A batch's string is ended past this many code units, far below the longest string there can be. */
const BATCH_UNITS = 1 << 24;

/**
 * A batch of inputs as one string and each input's length: what this thread keeps (to derive the
 * fields itself should the worker fail) and what it hands the worker. Kept as strings of their
 * own, the inputs of a large collection (a names index of 500,000 taxa: 1.4 million of them) are
 * copied by every collection of the young generation they live through, and then marked by
 * every full one; one string of a batch is allocated where the collector does not move it, and
 * is sent as one copy.
 */
export interface InputBatch {
  text: string;
  lengths: Uint32Array;
}

function packed(inputs: readonly string[]): InputBatch {
  return { text: inputs.join(''), lengths: Uint32Array.from(inputs, (input) => input.length) };
}

/** The inputs of a batch, in order. */
export function* unpacked({ text, lengths }: InputBatch): Iterable<string> {
  let at = 0;
  for (const length of lengths) yield text.slice(at, (at += length));
}
/** How long a worker may take to load the derivation before this thread does the work instead. */
const START_TIMEOUT_MS = 30_000;
/**
 * How long a worker may go without a sign of life once every input is handed over: far longer
 * than the building of its fields after its last batch (9.1 s at 500,000 taxa).
 */
export const STALL_MS = 120_000;

/** Derives and indexes the fields of documents numbered in order (in whichever thread it runs). */
export class DerivedFieldBuilders {
  private readonly builders: FieldIndexBuilder[];
  private readonly names: readonly string[];
  private docs = 0;

  constructor(
    fields: readonly (readonly [string, FieldSpec])[],
    private readonly derive: DeriveValues,
  ) {
    this.builders = fields.map(([name, spec]) => new FieldIndexBuilder(name, spec));
    this.names = fields.map(([name]) => name);
  }

  add(input: string): void {
    const doc = this.docs++;
    const values = this.derive(input);
    for (let f = 0; f < this.names.length; f++) {
      const value = values[this.names[f]!];
      if (value === undefined || value === null) continue;
      const builder = this.builders[f]!;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (value[i] !== null) builder.add(doc, value[i]);
      } else builder.add(doc, value);
    }
  }

  build(docCount: number): FieldIndex[] {
    return buildFields(this.builders, docCount);
  }
}

/** A built field as a worker hands it over: its terms and posting lists, nothing shared. */
export interface FieldData {
  name: string;
  terms: string[] | Float64Array;
  postingStart: Uint32Array;
  postingDocs: Uint32Array;
}

export function fieldData(field: FieldIndex): FieldData {
  const { dictionary } = field;
  const terms = dictionary instanceof KeywordDictionary ? (dictionary.terms as string[]) : dictionary.terms;
  return {
    name: field.name,
    terms,
    postingStart: field.postingStarts,
    postingDocs: field.postings,
  };
}

function fieldOf(data: FieldData, spec: FieldSpec, docCount: number): FieldIndex {
  const dictionary =
    data.terms instanceof Float64Array ? new NumericDictionary(data.terms) : new KeywordDictionary(data.terms);
  const dense = denseBitsets(docCount, data.postingStart, data.postingDocs);
  return new FieldIndex(data.name, spec, dictionary, data.postingStart, data.postingDocs, dense, docCount);
}

/** What a worker answers at the end: the fields, or why there are none. */
export type WorkerAnswer = { fields: FieldData[] } | { error: string };

/**
 * The flags a worker and this thread share: whether it loaded the derivation, whether it
 * answered, and how many batches it has derived (its sign of life).
 */
export const STARTED = 0;
export const ANSWERED = 1;
export const BATCHES = 2;

export interface WorkerData {
  /** the worker's module, which `THREAD_BOOT` imports */
  entry: string;
  module: string;
  exportName: string;
  fields: [string, FieldSpec][];
  flags: Int32Array;
  port: MessagePort;
}

/**
 * The first module of the project's worker threads registers the TypeScript loader, then imports
 * `workerData.entry`.
 */
const THREAD_BOOT = new URL('../../../runtime/thread-entry.mjs', import.meta.url);
const WORKER_ENTRY = new URL('./derived-fields-worker.ts', import.meta.url).href;

/** A worker deriving the fields, fed as the documents come. */
class DerivationWorker {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly flags = new Int32Array(new SharedArrayBuffer(12));

  constructor(
    derivation: FieldDerivation,
    fields: [string, FieldSpec][],
    private readonly stallMs: number,
  ) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const data: WorkerData = {
      entry: WORKER_ENTRY,
      module: derivation.module,
      exportName: derivation.exportName,
      fields,
      flags: this.flags,
      port: port2,
    };
    this.worker = new Worker(THREAD_BOOT, { workerData: data, transferList: [port2] });
    // A failure is answered through the port; the event only keeps it from being thrown here.
    this.worker.on('error', () => {});
    this.worker.unref();
  }

  send(batch: InputBatch): void {
    this.port.postMessage(batch);
  }

  /** Hands over the last inputs: the worker builds the fields while this thread does other work. */
  end(docCount: number): void {
    this.port.postMessage({ end: docCount });
  }

  /**
   * The fields, or undefined when the worker did not start in time or stopped giving signs of
   * life (the caller derives them itself).
   */
  fields(): FieldData[] | undefined {
    try {
      if (Atomics.wait(this.flags, STARTED, 0, START_TIMEOUT_MS) === 'timed-out') return undefined;
      let batches = Atomics.load(this.flags, BATCHES);
      while (Atomics.wait(this.flags, ANSWERED, 0, this.stallMs) === 'timed-out') {
        const now = Atomics.load(this.flags, BATCHES);
        if (now === batches) return undefined;
        batches = now;
      }
      const answer = receiveMessageOnPort(this.port)?.message as WorkerAnswer | undefined;
      if (answer === undefined) return undefined;
      if ('error' in answer) throw new IndexingError(answer.error);
      return answer.fields;
    } finally {
      this.close();
    }
  }

  close(): void {
    this.port.close();
    void this.worker.terminate();
  }
}

/**
 * The derived fields of one build: `push` each document as it comes, `end` after the last, then
 * build the other fields, then take these (`built`).
 */
export class DerivedFieldBuild {
  private readonly fields: [string, FieldSpec][];
  /** the inputs pushed, but the last few, in batches; kept, should this thread derive the fields */
  private readonly batches: InputBatch[] = [];
  private pending: string[] = [];
  private pendingUnits = 0;
  private pushed = 0;
  /** batches handed to the worker */
  private sent = 0;
  private worker: DerivationWorker | undefined;
  private readonly workerFrom: number;
  private docCount = 0;

  /**
   * `expected`: about how many documents will come. When that is enough for a worker, it is
   * started at once, to load while the caller makes the first documents (a names index of
   * 500,000 taxa numbers all its names first, for seconds), rather than once `workerFrom` came.
   */
  constructor(
    private readonly derivation: FieldDerivation,
    catalog: FieldCatalog,
    expected = 0,
  ) {
    this.fields = derivation.fields.map((name) => {
      const spec = catalog.get(name);
      if (spec === undefined) throw new IndexingError(`derived field [${name}] is not in the mapping`);
      return [name, spec];
    });
    this.workerFrom = derivation.workerFrom ?? WORKER_FROM;
    if (expected >= this.workerFrom) this.startWorker();
  }

  private startWorker(): void {
    this.worker = new DerivationWorker(this.derivation, this.fields, this.derivation.stallMs ?? STALL_MS);
  }

  push(doc: object, id: string): void {
    const input = this.derivation.input(doc);
    if (typeof input !== 'string')
      throw new IndexingError(`document [${id}]: no string to derive [${this.fields[0]![0]}] from`);
    this.pending.push(input);
    this.pendingUnits += input.length;
    this.pushed++;
    if (this.pending.length === BATCH || this.pendingUnits >= BATCH_UNITS) this.seal();
    if (this.worker === undefined && this.pushed === this.workerFrom) this.startWorker();
    this.send();
  }

  /** Packs the pending inputs into a batch. */
  private seal(): void {
    if (this.pending.length === 0) return;
    this.batches.push(packed(this.pending));
    this.pending = [];
    this.pendingUnits = 0;
  }

  /** Hands the worker, if any, the batches it has not had. */
  private send(): void {
    if (this.worker === undefined) return;
    while (this.sent < this.batches.length) this.worker.send(this.batches[this.sent++]!);
  }

  /** No more documents: a worker builds the fields from here on, while the caller builds its own. */
  end(docCount: number): void {
    this.docCount = docCount;
    this.seal();
    if (this.worker === undefined) return;
    this.send();
    this.worker.end(docCount);
  }

  /** The derived fields of the documents pushed (after `end`). */
  built(): FieldIndex[] {
    const data = this.worker?.fields();
    this.worker = undefined;
    if (data === undefined) return this.buildHere(this.docCount);
    const specs = new Map(this.fields);
    return data.map((field) => fieldOf(field, specs.get(field.name)!, this.docCount));
  }

  /** Stops the worker, if any is still running (the build failed). */
  close(): void {
    this.worker?.close();
    this.worker = undefined;
  }

  private buildHere(docCount: number): FieldIndex[] {
    try {
      const builders = new DerivedFieldBuilders(this.fields, this.derivation.make());
      for (const batch of this.batches) for (const input of unpacked(batch)) builders.add(input);
      return builders.build(docCount);
    } catch (error) {
      throw error instanceof IndexingError ? error : new IndexingError((error as Error).message);
    }
  }
}
