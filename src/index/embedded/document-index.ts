/**
 * One index of the embedded engine: documents in insertion order (their document numbers), the
 * inverted index of every catalogued field, its versions' views, and its state as plain values.
 * What a search sees is fixed at build; a new version of the data is built aside as a new
 * `DocumentIndex` and swapped in whole. Its searches are its `Searcher`'s (`searcher.ts`).
 *
 * See `README.md` beside this file for the structures and the exact DSL subset.
 */
import { runToEnd } from '../../steps.ts';
import type { KeptForm, OwnValues, SearchBody, SearchResult, VersionedDocuments } from '../engine.ts';
import { DocumentWalker, type ValueSink } from './build/document-walker.ts';
import { Bitset } from './sets/bitset.ts';
import { GrowableUint32Array } from './primitives/growable-array.ts';
import type { FieldIndex } from './build/field-index.ts';
import type { FieldCatalog } from './build/field-catalog.ts';
import { buildFields, FieldIndexBuilder } from './build/field-index-builder.ts';
import { DocumentFieldSource, FieldValidator } from './build/field-source.ts';
import { DerivedFieldBuild, type FieldDerivation } from './build/derived-fields.ts';
import { IndexData } from './build/index-data.ts';
import { Searcher } from './searcher.ts';
import { ownValues, type VersionLayer } from './version-layer.ts';
import { fieldOfState, fieldState, type IndexState, type OwnColumns, type ViewState } from './index-state.ts';
import { IndexingError } from './build/index-values.ts';
import { deepFreeze, isRecord, ownValue, type JsonRecord } from './primitives/json.ts';
import { SourceFilters } from './respond/source-filter.ts';

export interface DocumentIndexOptions {
  /** The searchable fields, usually `fieldCatalogFromMapping(mapping)`. */
  fields: FieldCatalog;
  /** The document field whose (string) value is the hit `_id`. */
  idField: string;
  /** Shown as `_index` in hits; default `''`. */
  name?: string;
  /**
   * Fields whose inverted index is built during `build` (`'all'`, or a list). The others are
   * checked during `build` too (a bad value fails the build, as Elasticsearch rejects the
   * document) but indexed on first use. Default: none.
   */
  eagerFields?: 'all' | readonly string[];
  /**
   * Fields whose per-document values (for sorting, and for checking candidates against a range)
   * are built during `build` rather than on first use.
   */
  docValueFields?: readonly string[];
  /**
   * Fields (paths) indexed but not kept in `_source`, as a mapping's `_source.excludes` says:
   * they are indexed during `build`, and the documents kept are copies without them. Default: none.
   */
  sourceExcludes?: readonly string[];
  /**
   * Object paths whose values were checked already (by an index of the same documents with the
   * same fields, or where the documents were made): not walked during `build` (unless eager),
   * indexed on first use. Default: none.
   */
  checkedPaths?: readonly string[];
  /**
   * The documents' ids were found distinct where the documents were made: `build` does not check
   * them again (with a set of every id). Default: false.
   */
  idsChecked?: boolean;
  /**
   * Documents, by their place among `docs`, whose values an index with these options checked
   * (and froze) already, the same objects, but under `checkedPaths` (a version's taxa unchanged
   * since the version before's index was built): `build` does not walk them where no field is
   * eager, and freezes only the document itself.
   */
  checkedDocuments?: (position: number) => boolean;
  /**
   * The index's own values of top-level number fields, per document by its place among `docs`,
   * where the documents may hold other values (documents several versions hold once, with
   * another version's numbers): searched, sorted and answered in `_source` instead of the
   * documents'. Default: none.
   */
  ownValues?: OwnValues;
  /**
   * The form the documents are given and kept in, when it is not the one indexed and answered:
   * each is expanded when it is indexed (`indexed`) and when it is answered (`served`), and kept
   * small. Not with `ownValues` or `sourceExcludes` (which would read the kept form). Default:
   * the documents are indexed and answered as given.
   */
  keptForm?: KeptForm;
  /**
   * Fields derived from one string of each document rather than read from it (`FieldDerivation`),
   * indexed during `build`, in a worker thread for a large collection. Default: none.
   */
  derivedFields?: FieldDerivation;
  /**
   * Keep the parsed plan of each body and the matches of each query that computes no scores,
   * for the next search that repeats them (`README.md`, "The query cache"). Default: on.
   */
  queryCache?: boolean;
}

/**
 * The own values of `docs` (document numbers among `stored`) that are not all the stored ones:
 * per such field, its value per stored document (`NaN` where not one of `docs`) and its index.
 */
function ownFields(
  stored: readonly object[],
  docs: Uint32Array,
  { fields, values }: OwnValues,
  options: DocumentIndexOptions,
): { byDoc: [string, Float64Array][]; own: FieldIndex[] } {
  const size = stored.length;
  const byDoc: [string, Float64Array][] = [];
  const own: FieldIndex[] = [];
  for (const [f, name] of fields.entries()) {
    const spec = options.fields.get(name);
    if (docs.every((doc, i) => ownValue(stored[doc] as JsonRecord, name) === values[f]![i])) continue;
    const column = new Float64Array(size).fill(Number.NaN);
    for (let i = 0; i < docs.length; i++) column[docs[i]!] = values[f]![i]!;
    byDoc.push([name, column]);
    if (spec === undefined) continue;
    const builder = new FieldIndexBuilder(name, spec);
    for (let doc = 0; doc < size; doc++) if (!Number.isNaN(column[doc]!)) builder.add(doc, column[doc]);
    own.push(builder.build(size));
  }
  return { byDoc, own };
}

/** Documents indexed before each field's buffers are sized for the whole collection. */
const SAMPLE_DOCS = 2_000;
/** The documents `buildInSteps` indexes a step: a step of change records takes well under a millisecond. */
const STEP_DOCUMENTS = 64;

export class DocumentIndex<T extends object = Record<string, unknown>> {
  private readonly sources: SourceFilters;
  private readonly searcher: Searcher<T>;

  private constructor(
    private readonly docs: readonly T[],
    private readonly ids: readonly string[],
    private readonly data: IndexData,
    name: string,
    queryCache: boolean,
    private readonly layer?: VersionLayer,
    sources?: SourceFilters,
  ) {
    this.sources = sources ?? new SourceFilters(docs);
    this.searcher = new Searcher(data, ids, name, this.sources, layer, queryCache);
  }

  /**
   * Indexes `docs` in order. The index keeps the documents themselves: do not change them after.
   *
   * @example
   * const index = DocumentIndex.build(taxa, { fields: fieldCatalogFromMapping(mapping), idField: 'id' });
   * index.search({ query: { bool: { filter: [{ term: { taxonRank: 'MX.species' } }] } }, sort: ['taxonomicOrder'] });
   */
  static build<T extends object>(docs: Iterable<T>, options: DocumentIndexOptions): DocumentIndex<T> {
    return DocumentIndex.buildAll(docs, options, options.idsChecked !== true);
  }

  /**
   * `build` in steps: each `next()` indexes some documents (`STEP_DOCUMENTS`, and what the
   * iterable does to make them), the last returns the index. A caller may stop between two steps
   * and go on later, so that a build need not hold its thread (the embedded engine's change
   * pairs, docs/versions-and-loading.md, "Comparing versions").
   */
  static buildInSteps<T extends object>(
    docs: Iterable<T>,
    options: DocumentIndexOptions,
  ): Generator<void, DocumentIndex<T>, undefined> {
    return DocumentIndex.buildSteps(docs, options, options.idsChecked !== true);
  }

  /**
   * Indexes several versions of the same documents, each distinct document once
   * (docs/versions-and-loading.md, "What versions share"): one index holds every document some
   * version has, and each version answers from a view of it, its own documents and its own values
   * of `versionFields` (which the shared documents hold at the values of the version they were
   * first read in). Each view answers as an index of that version's documents alone would.
   * Document ids must be distinct within a version; documents of different versions may share one.
   */
  static buildVersions<T extends object>(
    data: VersionedDocuments,
    options: DocumentIndexOptions,
    /** a view's `_index` */
    nameOf: (version: string) => string = () => options.name ?? '',
  ): { shared: DocumentIndex<T>; views: Map<string, { view: DocumentIndex<T>; seconds: number }> } {
    const { versionFields } = data;
    const numbers = new WeakMap<object, number>();
    // By the producer's key where it gives one: an array read, not a lookup keyed by an object.
    const numbersByKey: number[] = [];
    const layers = data.versions.map(() => ({ docs: new GrowableUint32Array(), values: [] as number[][], read: 0 }));
    let distinct = 0;
    const started = performance.now();
    function* documents(): Iterable<T> {
      for (const [i, version] of data.versions.entries()) {
        const layer = layers[i]!;
        layer.values = versionFields.map(() => []);
        for (const { shared, values, key } of version.documents) {
          let number = key === undefined ? numbers.get(shared) : numbersByKey[key];
          if (number === undefined) {
            number = distinct++;
            if (key === undefined) numbers.set(shared, number);
            else numbersByKey[key] = number;
            yield shared as T;
          }
          layer.docs.push(number);
          for (let f = 0; f < versionFields.length; f++) layer.values[f]!.push(values[f]!);
        }
        layer.read = performance.now();
      }
    }
    // The per-version fields are indexed as stored too: a version whose values are those (the
    // first read, and a single version always) reads them there.
    const shared = DocumentIndex.buildAll(documents(), options, false, data.sizeHint);
    // Each version's time: reading its documents (indexing those read first there) and making its
    // view; the shared fields, built once all are read, count for the last.
    const views = new Map<string, { view: DocumentIndex<T>; seconds: number }>();
    let since = started;
    for (const [i, version] of data.versions.entries()) {
      const { docs, values, read } = layers[i]!;
      const viewStarted = performance.now();
      const view = shared.view(docs.view().slice(), versionFields, values, { ...options, name: nameOf(version.id) });
      const reading = (i === data.versions.length - 1 ? viewStarted : read) - since;
      views.set(version.id, { view, seconds: (reading + performance.now() - viewStarted) / 1000 });
      since = read;
    }
    return { shared, views };
  }

  /**
   * A version's view of this (shared) index: `docs` are its documents, `values` its values of
   * `fields`, in their order. A field whose values are those stored is read from this index.
   */
  private view(
    docs: Uint32Array,
    fields: readonly string[],
    values: readonly ArrayLike<number>[],
    options: DocumentIndexOptions,
  ): DocumentIndex<T> {
    const { byDoc, own } = ownFields(this.docs, docs, { fields, values }, options);
    return this.viewOf(docs, own, byDoc, options);
  }

  /** A version's view of this index: its documents, its own fields and its own values of the per-version fields. */
  private viewOf(docs: Uint32Array, own: FieldIndex[], values: OwnColumns, options: DocumentIndexOptions) {
    const layer: VersionLayer = { members: Bitset.of(this.docs.length, docs), count: docs.length, values };
    return DocumentIndex.assembled(this.docs, this.ids, this.data.view(own, docs), options, layer, this.sources);
  }

  /** The index of `data`, with the doc values the options ask for built now. */
  private static assembled<T extends object>(
    docs: readonly T[],
    ids: readonly string[],
    data: IndexData,
    options: DocumentIndexOptions,
    layer: VersionLayer | undefined,
    sources: SourceFilters,
  ): DocumentIndex<T> {
    for (const name of options.docValueFields ?? []) data.field(name)?.ordinals();
    return new DocumentIndex(docs, ids, data, options.name ?? '', options.queryCache ?? true, layer, sources);
  }

  /** `sizeHint`: about how many `docs` there are, when they are not an array. */
  private static buildAll<T extends object>(
    docs: Iterable<T>,
    options: DocumentIndexOptions,
    distinctIds: boolean,
    sizeHint = 0,
  ): DocumentIndex<T> {
    return runToEnd(DocumentIndex.buildSteps<T>(docs, options, distinctIds, sizeHint));
  }

  /** `buildAll`, a step every `STEP_DOCUMENTS` documents. */
  private static *buildSteps<T extends object>(
    docs: Iterable<T>,
    options: DocumentIndexOptions,
    distinctIds: boolean,
    sizeHint = 0,
  ): Generator<void, DocumentIndex<T>, undefined> {
    const { builders, validators } = fieldSinks(options);
    // Where every field is built on first use, a document checked already has nothing to walk.
    const walksChecked = builders.length > 0;
    let unwalked = 0;
    const total = Array.isArray(docs) ? docs.length : 0;
    const walker = new DocumentWalker(
      new Map<string, ValueSink>([...builders, ...validators].map((sink) => [sink.name, sink])),
    );
    // The documents kept lose the excluded fields as a hit's `_source` would: copies sharing the
    // values, one key list each, the same object when nothing is excluded from it. Only what is
    // kept is frozen: the excluded values are read once, here, and never handed out.
    const form = options.keptForm;
    const excludes = options.sourceExcludes ?? [];
    const strip = excludes.length > 0 ? new SourceFilters([]).strip(excludes) : undefined;
    // Each document is indexed as it comes, while it is fresh in memory: one the iterable
    // derives on the fly is kept only as stored.
    const stored: T[] = [];
    const ids: string[] = [];
    const distinct = new Set<string>();
    let built: FieldIndex[];
    // It may start a worker at once: made where the `finally` that stops it covers every failure.
    const derived =
      options.derivedFields && new DerivedFieldBuild(options.derivedFields, options.fields, total || sizeHint);
    try {
      for (const doc of docs) {
        const number = stored.length;
        const id = documentId(doc, options.idField);
        if (distinctIds) {
          if (distinct.has(id)) throw new IndexingError(`duplicate document id [${id}]`);
          distinct.add(id);
        }
        ids.push(id);
        const checkedBefore = options.checkedDocuments?.(number) === true;
        if (checkedBefore && !walksChecked) unwalked++;
        else indexDocument(walker, number, form === undefined ? doc : form.indexed(doc), id);
        derived?.push(doc, id);
        const kept = strip ? (strip(doc) as T) : doc;
        // The values of a document checked before are those the index that checked it froze.
        if (checkedBefore) Object.freeze(kept);
        else deepFreeze(kept);
        stored.push(kept);
        if (number + 1 === SAMPLE_DOCS && total > 2 * SAMPLE_DOCS) reserveValues(builders, SAMPLE_DOCS, total);
        if ((number + 1) % STEP_DOCUMENTS === 0) yield;
      }
      // A worker derives its fields while this thread builds the others.
      derived?.end(stored.length);
      built = buildFields(builders, stored.length);
      if (derived) built.push(...derived.built());
    } finally {
      derived?.close();
    }
    // A field counted no values has none, unless documents went unwalked: then it is read whole.
    const counted = validators.filter((validator) => validator.count > 0 || unwalked === 0);
    const source = new DocumentFieldSource(
      stored,
      new Map(counted.map((validator) => [validator.name, validator.count])),
      form?.indexed,
    );
    // Own values replace the documents' where they differ: their fields' indices are built from them.
    let layer: VersionLayer | undefined;
    if (options.ownValues !== undefined) {
      const all = Uint32Array.from(stored.keys());
      const { byDoc, own } = ownFields(stored, all, options.ownValues, options);
      built.push(...own);
      if (byDoc.length > 0) layer = { members: Bitset.full(stored.length), count: stored.length, values: byDoc };
    }
    const data = new IndexData(stored.length, options.fields, source, ids, built);
    return DocumentIndex.assembled(stored, ids, data, options, layer, new SourceFilters(stored, form?.served));
  }

  /** The documents stored, by document number (frozen; a view's are those of the index it views). */
  documents(): readonly T[] {
    return this.docs;
  }

  /**
   * What this index built, as plain values (`IndexState`), its documents by their `numbers` in
   * the caller's table (in the order of `documents()`): what a snapshot keeps. A version's view
   * of a shared index has `viewState` instead.
   */
  state(numbers: Uint32Array): IndexState {
    if (this.data.viewedDocs() !== undefined) throw new Error('engine: a view has a view state');
    if (numbers.length !== this.docs.length) throw new Error('engine: a number for each document');
    return {
      docs: numbers,
      fields: this.data.ownFields().map(fieldState),
      valueCounts: this.data.valueCounts(),
      own: [...(this.layer?.values ?? [])],
    };
  }

  /** A version's view as plain values: its documents among the shared ones, its own fields and values. */
  viewState(): ViewState {
    const docs = this.data.viewedDocs();
    if (docs === undefined) throw new Error('engine: an index of its own has an index state');
    return { docs, fields: this.data.ownFields().map(fieldState), own: [...(this.layer?.values ?? [])] };
  }

  /**
   * The index `state` describes, over `docs` (its documents, in order, frozen as its build froze
   * them): what `build` with these options made, without reading the documents again.
   */
  static fromState<T extends object>(
    docs: readonly T[],
    state: IndexState,
    options: DocumentIndexOptions,
  ): DocumentIndex<T> {
    const ids = docs.map((doc) => documentId(doc, options.idField));
    const fields = state.fields.map((field) => fieldOfState(field, options.fields, docs.length));
    const source = new DocumentFieldSource(docs, new Map(state.valueCounts), options.keptForm?.indexed);
    const data = new IndexData(docs.length, options.fields, source, ids, fields);
    const layer: VersionLayer | undefined =
      state.own.length === 0 ? undefined : { members: Bitset.full(docs.length), count: docs.length, values: state.own };
    return DocumentIndex.assembled(docs, ids, data, options, layer, new SourceFilters(docs, options.keptForm?.served));
  }

  /** A version's view of this shared index from its `viewState`. */
  viewOfState(state: ViewState, options: DocumentIndexOptions): DocumentIndex<T> {
    const own = state.fields.map((field) => fieldOfState(field, options.fields, this.docs.length));
    return this.viewOf(state.docs, own, state.own, options);
  }

  /** The fields whose index has been built so far: what `warm` builds again in a new index. */
  builtFields(): string[] {
    return this.data.builtFields();
  }

  /**
   * Builds the index of each of `fields` that is catalogued, now rather than on first use: a
   * new version of the data, built aside, then answers the fields the old one was asked about
   * as fast from its first search.
   */
  warm(fields: readonly string[]): void {
    for (const name of fields) this.data.field(name);
  }

  get size(): number {
    return this.layer?.count ?? this.docs.length;
  }

  /** A copy of the document with this id. */
  get(id: string): T | undefined {
    const doc = this.data.docOfId(id);
    return doc === undefined ? undefined : (ownValues(this.layer, this.sources.whole(doc), doc) as T);
  }

  /** Executes a search body; throws `UnsupportedQueryError` for anything outside the subset. */
  search(body: SearchBody): SearchResult<T> {
    return this.searcher.search(body);
  }
}

const isUnder = (paths: readonly string[], name: string) =>
  paths.some((path) => name === path || name.startsWith(`${path}.`));

function fieldSinks(options: DocumentIndexOptions): { builders: FieldIndexBuilder[]; validators: FieldValidator[] } {
  const eager = options.eagerFields ?? [];
  const unstored = options.sourceExcludes ?? [];
  const checked = options.checkedPaths ?? [];
  const derived = options.derivedFields?.fields ?? [];
  const builders: FieldIndexBuilder[] = [];
  const validators: FieldValidator[] = [];
  for (const [name, spec] of options.fields) {
    if (derived.includes(name)) continue;
    // A field the kept documents lack can only be indexed now.
    if (eager === 'all' || eager.includes(name) || isUnder(unstored, name))
      builders.push(new FieldIndexBuilder(name, spec));
    else if (!isUnder(checked, name)) validators.push(new FieldValidator(name, spec));
  }
  return { builders, validators };
}

function documentId(doc: object, idField: string): string {
  const id = isRecord(doc) ? ownValue(doc, idField) : undefined;
  if (typeof id !== 'string' || id === '') throw new IndexingError(`document without a string [${idField}]`);
  return id;
}

function indexDocument(walker: DocumentWalker, number: number, doc: object, id: string): void {
  try {
    walker.index(number, doc);
  } catch (error) {
    if (error instanceof IndexingError)
      throw new IndexingError(`document [${id}]: ${error.message.replace(/^engine: /, '')}`);
    throw error;
  }
}

/** Sizes each field's buffers from its share of values in the first `sampled` documents. */
function reserveValues(builders: readonly FieldIndexBuilder[], sampled: number, total: number): void {
  for (const builder of builders) builder.reserve(Math.ceil((builder.valueCount / sampled) * total * 1.05) + 1024);
}
