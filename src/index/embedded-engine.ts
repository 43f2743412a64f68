/**
 * The embedded engine: every checklist version's indices held in memory, executing the
 * compiler's Query DSL in process (see `embedded/README.md`). A new data set is built aside and
 * swapped in whole, so a search sees either the old data or the new, never a mix.
 *
 * @example
 *   const engine = createEmbeddedEngine();
 *   engine.replaceData(dataSet);
 *   await engine.search({ version: 'current', kind: 'taxa' }, { query: { match_all: {} } });
 */
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import type { estypes } from '@elastic/elasticsearch';
import { AppError } from '../errors.ts';
import { deepFreeze } from '../json.ts';
import type { Catalog } from '../taxon/catalog.ts';
import { DERIVED_KEYS, type TaxonDocument } from '../taxon/schema.ts';
import {
  INDEX_KINDS,
  VersionNotLoadedError,
  type EngineData,
  type IndexKind,
  type IndexRef,
  type SearchBody,
  type SearchEngine,
  type SearchResult,
  type OwnValues,
  type VersionedDocuments,
} from './engine.ts';
import {
  DocumentIndex,
  fieldCatalogFromMapping,
  type FieldCatalog,
  type IndexState,
  type ViewState,
} from './embedded/index.ts';
import { MAPPING_FILES } from './mappings/files.ts';
import { NAMES_CHECKED_FIELDS, NAMES_DOC_VALUE_FIELDS, NAMES_SEARCHED_FIELDS } from './mappings/names-mapping.ts';
import { DERIVED_FIELDS } from './derived-fields.ts';
import { KeptIndices } from './kept-indices.ts';
import { nextTurn, runInSlices, runToEnd } from '../steps.ts';

/** What one data set's indices are, served: built from its documents or opened from its state. */
interface Served {
  catalog: Catalog;
  /** by `indexKey`; the indices built on first search are added as they are built */
  indices: Map<string, DocumentIndex<object>>;
  /** the indices the versions share, each with the versions whose views in `indices` read it */
  shared: SharedIndex[];
  /** the documents of an index left for its first search, if the data gives it so */
  later: (ref: IndexRef) => Iterable<object> | undefined;
  /** the indices built on first search that are kept, by key, within the engine's budget (made on first use) */
  builtLater: KeptIndices<DocumentIndex<object>> | undefined;
  /** the indices being built on first search, by key: a search for one waits for its build */
  building: Map<string, Promise<DocumentIndex<object>>>;
  /** the fields an index built later builds at once (`replaceData`'s `warm`) */
  warm: BuiltFields;
  /** `EngineData.keptForms` */
  keptForms: EngineData['keptForms'];
}

interface SharedIndex {
  kind: IndexKind;
  index: DocumentIndex<object>;
  versions: string[];
}

/**
 * Everything the indices of a data set hold once built, as plain values: what a snapshot writes
 * and opens (docs/snapshots.md). The indices built on first search (the changes) are not in it:
 * they are built from the taxa, as after a load.
 */
export interface EngineState {
  catalog: Catalog;
  /** every document an index holds, once, however many indices hold it */
  documents: object[];
  /** the indices of their own documents, by version and kind */
  indices: { version: string; kind: IndexKind; index: IndexState }[];
  /** the indices the versions share, each with the views of its versions */
  shared: { kind: IndexKind; index: IndexState; views: { version: string; view: ViewState }[] }[];
}

/** What an opened state builds on first search: the changes of its versions, as `EngineData` gives them. */
export type LaterData = Pick<EngineData, 'versions' | 'changesBetween' | 'keptForms'>;

/** The documents of each version's taxa index, in the order of the versions. */
export type VersionTaxa = { id: string; documents: readonly TaxonDocument[] }[];

/** What the indices of one data set are built with: the fields to warm, the forms documents are kept in. */
type BuiltWith = Pick<Served, 'warm' | 'keptForms'>;

/** What an index kind's mapping tells the engine: its fields, and those `_source` leaves out. */
interface MappedIndex {
  fields: FieldCatalog;
  sourceExcludes: readonly string[];
}

function readMapping(kind: IndexKind): MappedIndex {
  const body = JSON.parse(readFileSync(MAPPING_FILES[kind], 'utf8')) as { mappings: estypes.MappingTypeMapping };
  return { fields: fieldCatalogFromMapping(body.mappings), sourceExcludes: body.mappings._source?.excludes ?? [] };
}

/**
 * Fields indexed while the data is built rather than on first use: the name search's, so that
 * no keystroke waits for an index. Taxa have hundreds of filter keys, each built when first asked.
 * Likewise the doc values of the fields every request sorts or checks candidates by.
 */
const EAGER_FIELDS: Record<IndexKind, readonly string[]> = { taxa: [], names: NAMES_SEARCHED_FIELDS, changes: [] };
const DOC_VALUE_FIELDS: Record<IndexKind, readonly string[]> = {
  taxa: ['taxonomicOrder'],
  names: NAMES_DOC_VALUE_FIELDS,
  changes: ['order'],
};

/**
 * Fields under these object paths are not checked at build, and are indexed on first use, as
 * other fields are:
 * - a taxon's derived fields (`DERIVED_KEYS`): the loader makes them, from values it checked, with
 *   types its code fixes (`test/loaders/derived-fields-mapping.test.ts` checks them against the
 *   mapping); checking them again was half of a taxa index's build;
 * - a name entry's values from its taxon's checked document, and its id, literal and place
 *   (`NAMES_CHECKED_FIELDS`, checked against the mapping by the same test): checking them took
 *   about 1.7 s of a names index's 40 at 500,000 taxa;
 * - a change record's taxa: documents of the taxa indices of the same data, checked there.
 */
const CHECKED_PATHS: Record<IndexKind, readonly string[]> = {
  taxa: DERIVED_KEYS,
  names: NAMES_CHECKED_FIELDS,
  changes: ['from', 'to'],
};

/**
 * The kinds whose documents' ids the loader found distinct: a directory with a taxon id twice is
 * refused (`loaders/tree.ts`). Checking them again with a set of every id took about 0.4 s of
 * each taxa index at 500,000 taxa (2.99 s of seven versions' load, in a CPU profile).
 */
const IDS_CHECKED: Record<IndexKind, boolean> = { taxa: true, names: false, changes: false };

const indexKey = (ref: IndexRef) => `${ref.version}\u0000${ref.kind}`;
/** A pair's changes index, when the data gives the records pair by pair. */
const pairKey = (ref: IndexRef) => `${indexKey(ref)}\u0000${ref.since}`;
/** An index built on first search: a pair's changes, or a version's whole. */
const laterKey = (ref: IndexRef) => (ref.since === undefined ? indexKey(ref) : pairKey(ref));

/**
 * What a data set builds on first search: with `changesBetween`, a pair's changes index
 * (`ref.since`) or, for a search without one, the version's whole changes index.
 */
function laterIndices(data: LaterData): Served['later'] {
  const { changesBetween } = data;
  if (!changesBetween) return () => undefined;
  const loaded = new Map(data.versions.map((version) => [version.id, version.indices.changes ?? []]));
  return (ref) => {
    if (ref.kind !== 'changes' || !loaded.has(ref.version)) return undefined;
    return ref.since === undefined ? loaded.get(ref.version) : changesBetween(ref.since, ref.version, ref.taxa);
  };
}

/** One index built by `replaceData`: which, how many documents, how long it took. */
export interface IndexBuilt {
  version: string;
  kind: IndexKind;
  documents: number;
  seconds: number;
}

/** Field names by index kind: the fields some index of that kind has built. */
export type BuiltFields = Partial<Record<IndexKind, string[]>>;

export interface EmbeddedEngine extends SearchEngine {
  /**
   * Builds every index of `data` and then swaps them in at once; `onBuilt` hears of each index.
   * The fields of `warm` are built in every index of their kind before the swap.
   */
  replaceData(data: EngineData, onBuilt?: (built: IndexBuilt) => void, warm?: BuiltFields): void;
  /**
   * The indices served, as plain values (`EngineState`): what a snapshot writes. The values are
   * the indices' own (typed arrays, frozen documents): write them, do not change them. In steps
   * (`runInSlices`), so that a thread can answer searches while it takes them.
   */
  state(): Generator<void, EngineState, undefined>;
  /**
   * Serves the indices of `state` instead of building them: what `replaceData` would serve for
   * the data `state` was taken from. `laterOf` gives, from the opened versions' taxa, the changes
   * built on first search. The fields of `warm` are built before the swap. Throws, serving what
   * it served, when `state` is not one of these indices' (a field outside the mapping, a document
   * number outside `documents`).
   */
  openState(state: EngineState, laterOf: (taxa: VersionTaxa) => LaterData, warm?: BuiltFields): void;
  /** The fields built so far in the indices served, by kind (what a reload may warm). */
  builtFields(): BuiltFields;
  /** What the indices built on first search hold now (`EmbeddedEngineOptions.keptChangeRecords`). */
  keptChanges(): KeptChanges;
  /** The changes indices built on first search and kept, least recently searched first. */
  keptChangeIndices(): ChangesRef[];
  /**
   * Builds these changes indices now, in their order, as far as the budget keeps them: what a
   * reload builds before its data is served (`keptChangeIndices` of the data served before).
   * `onBuilt` hears of each.
   */
  buildChanges(refs: readonly ChangesRef[], onBuilt?: (built: IndexBuilt & { since?: string }) => void): void;
}

/** A changes index built on first search: a pair's (`since`), or a version's whole. */
export interface ChangesRef {
  version: string;
  since?: string;
}

export interface EmbeddedEngineOptions {
  /**
   * Keep, per index, the plans of repeated bodies and the matches of repeated queries that
   * compute no scores (`DocumentIndexOptions.queryCache`). Default: on; off, every search is
   * evaluated afresh (what a benchmark of evaluation measures).
   */
  queryCache?: boolean;
  /**
   * The most change records the indices built on first search (a pair's changes, a version's
   * whole changes index) hold together; the least recently searched are dropped past it (but
   * not those searched lately, `keptChangesProtectedMs`) and built again when searched again.
   * One index larger than this is kept alone. A function is asked once, when the first of them
   * is built. Default: as many as half the heap free then holds (`changeRecordsFitting`).
   */
  keptChangeRecords?: number | (() => number);
  /**
   * A kept changes index searched within this many milliseconds is not dropped for another: the
   * other is then answered once and not kept, and refused (503) while it does not fit, rather
   * than built again for every request. Default `KEPT_CHANGES_PROTECTED_MS`; 0 drops the least
   * recently searched whatever the time.
   */
  keptChangesProtectedMs?: number;
  /**
   * How long a changes index built on first search works before it lets other searches through
   * (`pause`): it is built in steps (`DocumentIndex.buildInSteps`), and a search of another index
   * waits at most about this long. Default `CHANGES_SLICE_MS`.
   */
  changesSliceMs?: number;
  /** What lets other work through between two slices; default: the event loop's next turn (`setImmediate`). */
  changesPause?: () => Promise<void>;
  /**
   * An index derives its derived fields (`DERIVED_FIELDS`) in a worker thread once it has this
   * many documents. Default `WORKER_FROM`.
   */
  deriveInWorkerFrom?: number;
}

/**
 * The heap a kept change record takes, with its share of its index: 189 to 195 bytes measured
 * over the 42 pairs at 100,000 taxa (`npm run bench:versions`, docs/versions-and-loading.md,
 * "Comparing versions"), and some room for the fields a search builds on first use.
 */
export const CHANGE_RECORD_BYTES = 250;
/** The fewest records the default budget keeps, however full the heap. */
const MIN_KEPT_CHANGE_RECORDS = 10_000;
/** `EmbeddedEngineOptions.keptChangesProtectedMs`: an index searched in the last minute is not dropped. */
export const KEPT_CHANGES_PROTECTED_MS = 60_000;
/** `EmbeddedEngineOptions.changesSliceMs` */
export const CHANGES_SLICE_MS = 10;

/**
 * The default budget of kept change records: those that half of the heap free holds, the heap
 * being this thread's, or one of `heapLimit` bytes.
 */
export function changeRecordsFitting(heapLimit = v8.getHeapStatistics().heap_size_limit): number {
  const free = heapLimit - v8.getHeapStatistics().used_heap_size;
  return Math.max(MIN_KEPT_CHANGE_RECORDS, Math.floor(free / 2 / CHANGE_RECORD_BYTES));
}

/** The indices built on first search and kept, the change records they hold, and the budget. */
export interface KeptChanges {
  indices: number;
  records: number;
  /** `undefined` until the first is built when the budget is the default */
  budget: number | undefined;
}

export function createEmbeddedEngine(options: EmbeddedEngineOptions = {}): EmbeddedEngine {
  const builder = new IndexBuilder(options);
  let served: Served = {
    catalog: { informalTaxonGroups: [], checklistVersions: [] },
    indices: new Map(),
    shared: [],
    later: () => undefined,
    builtLater: undefined,
    building: new Map(),
    warm: {},
    keptForms: undefined,
  };

  return {
    kind: 'embedded',
    replaceData(data, onBuilt, warm = {}) {
      served = builder.servedOf(data, onBuilt, warm);
    },
    state() {
      return stateOf(served);
    },
    openState(state, laterOf, warm = {}) {
      served = builder.servedOfState(state, laterOf, warm);
    },
    builtFields() {
      const built = new Map(INDEX_KINDS.map((kind) => [kind, new Set<string>()]));
      for (const [key, index] of [...served.indices, ...(served.builtLater?.entries() ?? [])]) {
        const kind = key.split('\u0000')[1] as IndexKind;
        for (const field of index.builtFields()) built.get(kind)!.add(field);
      }
      return Object.fromEntries([...built].map(([kind, fields]) => [kind, [...fields]]));
    },
    keptChanges() {
      const kept = served.builtLater?.entries() ?? [];
      return {
        indices: kept.length,
        records: kept.reduce((sum, [, index]) => sum + index.size, 0),
        budget: builder.keptRecords,
      };
    },
    keptChangeIndices() {
      return (served.builtLater?.entries() ?? []).map(([key]) => {
        const [version, , since] = key.split('\u0000');
        return since === undefined ? { version: version! } : { version: version!, since };
      });
    },
    buildChanges(refs, onBuilt) {
      builder.buildChanges(served, refs, onBuilt);
    },
    async versions() {
      return served.catalog.checklistVersions.map((v) => v.id);
    },
    async catalog() {
      return served.catalog;
    },
    async search<T>(ref: IndexRef, body: SearchBody): Promise<SearchResult<T>> {
      const index = await builder.indexOf(served, ref);
      if (!index) throw new VersionNotLoadedError(ref.version);
      return index.search(body) as SearchResult<T>;
    },
    async close() {},
  };
}

/**
 * How an embedded engine builds its indices, and finds (or builds) the one a search names: with
 * the options it was made with, the mappings read once a kind, and the budget of the indices
 * built on first search, fixed when the first of them is built. What it builds goes into a
 * data set served (`Served`); `createEmbeddedEngine` holds the one served.
 */
class IndexBuilder {
  private readonly queryCache: boolean;
  private readonly budgetOption: number | (() => number);
  private readonly protectedMs: number;
  private readonly sliceMs: number;
  private readonly pause: () => Promise<void>;
  private readonly mappings = new Map<IndexKind, MappedIndex>();
  /** the budget of kept change records, once the first index built on first search fixed it */
  keptRecords: number | undefined;

  constructor(private readonly options: EmbeddedEngineOptions) {
    this.queryCache = options.queryCache ?? true;
    this.budgetOption = options.keptChangeRecords ?? (() => changeRecordsFitting());
    this.protectedMs = options.keptChangesProtectedMs ?? KEPT_CHANGES_PROTECTED_MS;
    this.sliceMs = options.changesSliceMs ?? CHANGES_SLICE_MS;
    this.pause = options.changesPause ?? nextTurn;
  }

  /** Builds every index of `data` aside (`EmbeddedEngine.replaceData`): the data set to swap in. */
  servedOf(data: EngineData, onBuilt: ((built: IndexBuilt) => void) | undefined, warm: BuiltFields): Served {
    const indices = new Map<string, DocumentIndex<object>>();
    const later = laterIndices(data);
    const builtWith: BuiltWith = { warm, keptForms: data.keptForms };
    const shared = data.shared ?? {};
    // The kinds whose index of the version before was built here, from documents it checked.
    let builtBefore = new Set<IndexKind>();
    for (const version of data.versions) {
      const built = new Set<IndexKind>();
      for (const [kind, docs] of Object.entries(version.indices) as [IndexKind, Iterable<object>][]) {
        if (later({ version: version.id, kind }) !== undefined) continue;
        const started = performance.now();
        const unchanged = builtBefore.has(kind) ? version.unchanged?.[kind] : undefined;
        const index = this.build({ version: version.id, kind }, docs, builtWith, unchanged, version.ownValues?.[kind]);
        built.add(kind);
        indices.set(indexKey({ version: version.id, kind }), index);
        onBuilt?.({
          version: version.id,
          kind,
          documents: index.size,
          seconds: Math.round(performance.now() - started) / 1000,
        });
      }
      builtBefore = built;
    }
    // A version whose documents of a shared kind are given apart is built apart (above).
    const sharedIndices: SharedIndex[] = [];
    for (const [kind, versioned] of Object.entries(shared) as [IndexKind, VersionedDocuments][]) {
      const loaded = versioned.versions.filter(({ id }) =>
        data.versions.some((version) => version.id === id && version.indices[kind] === undefined),
      );
      if (loaded.length === 0) continue;
      const { index, built } = this.buildShared(kind, { ...versioned, versions: loaded }, indices, warm);
      sharedIndices.push({ kind, index, versions: loaded.map(({ id }) => id) });
      for (const each of built) onBuilt?.(each);
    }
    const { catalog } = data;
    return { catalog, indices, shared: sharedIndices, later, builtLater: undefined, building: new Map(), ...builtWith };
  }

  /** Opens the indices of `state` aside (`EmbeddedEngine.openState`): the data set to swap in. */
  servedOfState(state: EngineState, laterOf: (taxa: VersionTaxa) => LaterData, warm: BuiltFields): Served {
    const { documents } = state;
    for (const doc of documents) deepFreeze(doc);
    const docsOf = (numbers: Uint32Array) =>
      Array.from(numbers, (n) => {
        if (n >= documents.length) throw new Error(`engine: document ${n} of ${documents.length}`);
        return documents[n]!;
      });
    const standalone = state.indices.map((entry) => ({ ...entry, docs: docsOf(entry.index.docs) }));
    // A taxa index's documents are the taxa the loader made: the changes are computed from them.
    const laterData = laterOf(
      standalone
        .filter(({ kind }) => kind === 'taxa')
        .map(({ version, docs }) => ({ id: version, documents: docs as TaxonDocument[] })),
    );
    const builtWith: BuiltWith = { warm, keptForms: laterData.keptForms };
    const indices = new Map<string, DocumentIndex<object>>();
    for (const { version, kind, index, docs } of standalone) {
      const opened = DocumentIndex.fromState(docs, index, this.optionsOf(version, kind, builtWith.keptForms));
      opened.warm(warm[kind] ?? []);
      indices.set(indexKey({ version, kind }), opened);
    }
    const shared = state.shared.map(({ kind, index, views }) => {
      const opened = DocumentIndex.fromState(docsOf(index.docs), index, this.optionsOf('', kind));
      opened.warm(warm[kind] ?? []);
      for (const { version, view } of views)
        indices.set(indexKey({ version, kind }), opened.viewOfState(view, this.optionsOf(version, kind)));
      return { kind, index: opened, versions: views.map(({ version }) => version) };
    });
    const later = laterIndices(laterData);
    return { catalog: state.catalog, indices, shared, later, builtLater: undefined, building: new Map(), ...builtWith };
  }

  /**
   * The index `ref` names in `current`; one left for its first search (or built so and dropped
   * since) is built in slices, other searches answered between them, and kept within the budget.
   */
  indexOf(current: Served, ref: IndexRef): DocumentIndex<object> | Promise<DocumentIndex<object>> | undefined {
    const loaded = current.indices.get(indexKey(ref));
    if (loaded !== undefined) return loaded;
    const key = laterKey(ref);
    const kept = current.builtLater?.get(key) ?? current.building.get(key);
    if (kept !== undefined) return kept;
    const docs = current.later(ref);
    if (docs === undefined) return undefined;
    // The records of a few taxa (a history's) are built for the search alone, at once, and not kept.
    if (ref.since !== undefined && ref.taxa !== undefined) return this.build(ref, docs, current);
    const keptNow = (current.builtLater ??= this.keptIndices());
    if (!keptNow.admits(key)) throw tooManyChanges(ref);
    const building = runInSlices(this.buildLater(ref, docs, current), this.sliceMs, this.pause).finally(() =>
      current.building.delete(key),
    );
    current.building.set(key, building);
    return building.then((index) => {
      keptNow.keep(key, index);
      return index;
    });
  }

  /** `EmbeddedEngine.buildChanges`, into the kept indices of `current`. */
  buildChanges(
    current: Served,
    refs: readonly ChangesRef[],
    onBuilt: ((built: IndexBuilt & { since?: string }) => void) | undefined,
  ): void {
    for (const { version, since } of refs) {
      const ref: IndexRef = { version, kind: 'changes', ...(since === undefined ? {} : { since }) };
      const key = laterKey(ref);
      // A pair of a version this data does not have is not built (its searches are refused).
      const versions = since === undefined ? [version] : [version, since];
      const loaded = versions.every((id) => current.indices.has(indexKey({ version: id, kind: 'taxa' })));
      const docs = !loaded || current.indices.has(indexKey(ref)) ? undefined : current.later(ref);
      const keptNow = (current.builtLater ??= this.keptIndices());
      if (docs === undefined || !keptNow.admits(key)) continue;
      const started = performance.now();
      const index = runToEnd(this.buildLater(ref, docs, current));
      if (!keptNow.keep(key, index)) continue;
      const seconds = Math.round(performance.now() - started) / 1000;
      onBuilt?.({
        version,
        kind: 'changes',
        ...(since === undefined ? {} : { since }),
        documents: index.size,
        seconds,
      });
    }
  }

  /** The indices built on first search of one data set served, kept within the budget (fixed by the first call). */
  private keptIndices(): KeptIndices<DocumentIndex<object>> {
    const budgetOption = this.budgetOption;
    this.keptRecords ??= Math.max(1, Math.floor(typeof budgetOption === 'number' ? budgetOption : budgetOption()));
    return new KeptIndices<DocumentIndex<object>>(this.keptRecords, this.protectedMs);
  }

  /** `unchanged`: `EngineData`'s, given when the version before's index of the kind was built from its documents. */
  private build(
    { version, kind }: IndexRef,
    docs: Iterable<object>,
    { warm, keptForms }: BuiltWith,
    unchanged?: Int32Array,
    ownValues?: OwnValues,
  ): DocumentIndex<object> {
    const checkedDocuments = unchanged && ((position: number) => unchanged[position] !== -1);
    const index = DocumentIndex.build(docs, {
      ...this.optionsOf(version, kind, keptForms),
      checkedDocuments,
      ownValues,
    });
    index.warm(warm[kind] ?? []);
    return index;
  }

  /** The indices of a kind the versions share: one index, and a view of it per version. */
  private buildShared(
    kind: IndexKind,
    data: VersionedDocuments,
    indices: Map<string, DocumentIndex<object>>,
    warm: BuiltFields,
  ): { index: DocumentIndex<object>; built: IndexBuilt[] } {
    const name = (version: string) => this.optionsOf(version, kind).name;
    const { shared, views } = DocumentIndex.buildVersions(data, this.optionsOf('', kind), name);
    shared.warm(warm[kind] ?? []);
    const built = [...views].map(([version, { view, seconds }]) => {
      indices.set(indexKey({ version, kind }), view);
      return { version, kind, documents: view.size, seconds: Math.round(seconds * 1000) / 1000 };
    });
    return { index: shared, built };
  }

  /** A changes index built on first search, in steps: its records, then the fields to warm. */
  private *buildLater(ref: IndexRef, docs: Iterable<object>, { warm, keptForms }: BuiltWith) {
    const index = yield* DocumentIndex.buildInSteps(docs, this.optionsOf(ref.version, ref.kind, keptForms));
    for (const field of warm[ref.kind] ?? []) {
      index.warm([field]);
      yield;
    }
    return index;
  }

  private optionsOf(version: string, kind: IndexKind, keptForms?: EngineData['keptForms']) {
    return {
      ...this.mappingOf(kind),
      keptForm: keptForms?.[kind],
      idField: 'id',
      name: `${version}-${kind}`,
      eagerFields: EAGER_FIELDS[kind],
      docValueFields: DOC_VALUE_FIELDS[kind],
      checkedPaths: CHECKED_PATHS[kind],
      idsChecked: IDS_CHECKED[kind],
      derivedFields: this.derivedFields(kind),
      queryCache: this.queryCache,
    };
  }

  private mappingOf(kind: IndexKind): MappedIndex {
    const mappings = this.mappings;
    return mappings.get(kind) ?? mappings.set(kind, readMapping(kind)).get(kind)!;
  }

  private derivedFields(kind: IndexKind) {
    const derivation = DERIVED_FIELDS[kind];
    const workerFrom = this.options.deriveInWorkerFrom;
    return derivation === undefined || workerFrom === undefined ? derivation : { ...derivation, workerFrom };
  }
}

/** Documents numbered between two steps of `stateOf`. */
const NUMBERED_A_STEP = 16_384;

/** The indices `served` holds, as plain values (`EmbeddedEngine.state`), in steps. */
function* stateOf(served: Served): Generator<void, EngineState, undefined> {
  const documents: object[] = [];
  const numbers = new Map<object, number>();
  function* numbered(docs: readonly object[]): Generator<void, Uint32Array, undefined> {
    const out = new Uint32Array(docs.length);
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      let number = numbers.get(doc);
      if (number === undefined) numbers.set(doc, (number = documents.push(doc) - 1));
      out[i] = number;
      if (i % NUMBERED_A_STEP === NUMBERED_A_STEP - 1) yield;
    }
    return out;
  }
  const views = new Set<string>();
  const shared: EngineState['shared'] = [];
  for (const { kind, index, versions } of served.shared) {
    const state = index.state(yield* numbered(index.documents()));
    for (const version of versions) views.add(indexKey({ version, kind }));
    const ofVersion = (version: string) => served.indices.get(indexKey({ version, kind }))!.viewState();
    shared.push({ kind, index: state, views: versions.map((version) => ({ version, view: ofVersion(version) })) });
  }
  const indices: EngineState['indices'] = [];
  for (const [key, index] of served.indices) {
    if (views.has(key)) continue;
    const [version, kind] = key.split('\u0000') as [string, IndexKind];
    indices.push({ version, kind, index: index.state(yield* numbered(index.documents())) });
  }
  return { catalog: served.catalog, documents, indices, shared };
}

/** A changes index that does not fit beside those searched lately (`KeptIndices`). */
function tooManyChanges(ref: IndexRef): AppError {
  const which = ref.since === undefined ? `into ${ref.version}` : `from ${ref.since} to ${ref.version}`;
  return new AppError(
    'SERVICE_UNAVAILABLE',
    `The changes ${which} do not fit beside the changes asked for lately in the memory kept for them (CHANGES_KEPT_RECORDS); try again later`,
  );
}
