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
import { LRUCache } from 'lru-cache';
import type { Catalog } from '../taxon/catalog.ts';
import { DERIVED_KEYS } from '../taxon/schema.ts';
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
import { DocumentIndex } from './embedded/document-index.ts';
import { fieldCatalogFromMapping, type FieldCatalog } from './embedded/build/field-catalog.ts';
import { MAPPING_FILES } from './mappings/files.ts';
import { NAMES_CHECKED_FIELDS, NAMES_DOC_VALUE_FIELDS, NAMES_SEARCHED_FIELDS } from './mappings/names-mapping.ts';
import { DERIVED_FIELDS } from './derived-fields.ts';

interface Snapshot {
  catalog: Catalog;
  /** by `indexKey`; the indices built on first search are added as they are built */
  indices: Map<string, DocumentIndex<object>>;
  /** the documents of an index left for its first search, if the data gives it so */
  later: (ref: IndexRef) => Iterable<object> | undefined;
  /** the indices built on first search that are kept, by key, within the engine's budget (made on first use) */
  builtLater: LRUCache<string, DocumentIndex<object>> | undefined;
  /** the fields an index built later builds at once (`replaceData`'s `warm`) */
  warm: BuiltFields;
}

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

/**
 * What a snapshot builds on first search: with `changesBetween`, a pair's changes index
 * (`ref.since`) or, for a search without one, the version's whole changes index.
 */
function laterIndices(data: EngineData): Snapshot['later'] {
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
  /** The fields built so far in the indices served, by kind (what a reload may warm). */
  builtFields(): BuiltFields;
  /** What the indices built on first search hold now (`EmbeddedEngineOptions.keptChangeRecords`). */
  keptChanges(): KeptChanges;
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
   * whole changes index) hold together; the least recently searched are dropped past it and
   * built again when searched again. One index larger than this is kept alone. A function is
   * asked once, when the first of them is built. Default: as many as half the heap free then
   * holds (`changeRecordsFitting`).
   */
  keptChangeRecords?: number | (() => number);
  /**
   * An index derives its derived fields (`DERIVED_FIELDS`) in a worker thread once it has this
   * many documents. Default `WORKER_FROM`.
   */
  deriveInWorkerFrom?: number;
}

/**
 * The heap a kept change record takes, with its share of its index: 1.1 to 1.3 KiB measured
 * (`npm run bench:versions`, docs/versions-and-loading.md, "Comparing versions").
 */
const CHANGE_RECORD_BYTES = 1_300;
/** The fewest records the default budget keeps, however full the heap. */
const MIN_KEPT_CHANGE_RECORDS = 10_000;

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
  const queryCache = options.queryCache ?? true;
  const budgetOption = options.keptChangeRecords ?? (() => changeRecordsFitting());
  let keptRecords: number | undefined;
  // Each index weighs its records, at most the whole budget, so one larger index is kept alone.
  const builtLater = () => {
    keptRecords ??= Math.max(1, Math.floor(typeof budgetOption === 'number' ? budgetOption : budgetOption()));
    const budget = keptRecords;
    return new LRUCache<string, DocumentIndex<object>>({
      maxSize: budget,
      sizeCalculation: (index) => Math.min(budget, Math.max(1, index.size)),
    });
  };
  const mappings = new Map<IndexKind, MappedIndex>();
  const mappingOf = (kind: IndexKind) => mappings.get(kind) ?? mappings.set(kind, readMapping(kind)).get(kind)!;
  let snapshot: Snapshot = {
    catalog: { informalTaxonGroups: [], checklistVersions: [] },
    indices: new Map(),
    later: () => undefined,
    builtLater: undefined,
    warm: {},
  };

  const derivedFields = (kind: IndexKind) => {
    const derivation = DERIVED_FIELDS[kind];
    const workerFrom = options.deriveInWorkerFrom;
    return derivation === undefined || workerFrom === undefined ? derivation : { ...derivation, workerFrom };
  };

  const optionsOf = (version: string, kind: IndexKind) => ({
    ...mappingOf(kind),
    idField: 'id',
    name: `${version}-${kind}`,
    eagerFields: EAGER_FIELDS[kind],
    docValueFields: DOC_VALUE_FIELDS[kind],
    checkedPaths: CHECKED_PATHS[kind],
    idsChecked: IDS_CHECKED[kind],
    derivedFields: derivedFields(kind),
    queryCache,
  });

  /** `unchanged`: `EngineData`'s, given when the version before's index of the kind was built from its documents. */
  function build(
    { version, kind }: IndexRef,
    docs: Iterable<object>,
    warm: BuiltFields,
    unchanged?: Int32Array,
    ownValues?: OwnValues,
  ): DocumentIndex<object> {
    const checkedDocuments = unchanged && ((position: number) => unchanged[position] !== -1);
    const index = DocumentIndex.build(docs, { ...optionsOf(version, kind), checkedDocuments, ownValues });
    index.warm(warm[kind] ?? []);
    return index;
  }

  /** The indices of a kind the versions share: one index, and a view of it per version. */
  function buildShared(
    kind: IndexKind,
    data: VersionedDocuments,
    indices: Map<string, DocumentIndex<object>>,
    warm: BuiltFields,
  ): IndexBuilt[] {
    const name = (version: string) => optionsOf(version, kind).name;
    const { shared, views } = DocumentIndex.buildVersions(data, optionsOf('', kind), name);
    shared.warm(warm[kind] ?? []);
    return [...views].map(([version, { view, seconds }]) => {
      indices.set(indexKey({ version, kind }), view);
      return { version, kind, documents: view.size, seconds: Math.round(seconds * 1000) / 1000 };
    });
  }

  /**
   * The index `ref` names in `current`, built now if it was left for its first search (or was
   * built so and dropped since).
   */
  function indexOf(current: Snapshot, ref: IndexRef): DocumentIndex<object> | undefined {
    const loaded = current.indices.get(indexKey(ref));
    if (loaded !== undefined) return loaded;
    const key = ref.since === undefined ? indexKey(ref) : pairKey(ref);
    const kept = current.builtLater?.get(key);
    if (kept !== undefined) return kept;
    const docs = current.later(ref);
    if (docs === undefined) return undefined;
    const index = build(ref, docs, current.warm);
    // The records of a few taxa (a history's) are built for the search alone, and not kept.
    if (ref.since !== undefined && ref.taxa !== undefined) return index;
    current.builtLater ??= builtLater();
    current.builtLater.set(key, index);
    return index;
  }

  return {
    kind: 'embedded',
    replaceData(data, onBuilt, warm = {}) {
      const indices = new Map<string, DocumentIndex<object>>();
      const later = laterIndices(data);
      const shared = data.shared ?? {};
      // The kinds whose index of the version before was built here, from documents it checked.
      let builtBefore = new Set<IndexKind>();
      for (const version of data.versions) {
        const built = new Set<IndexKind>();
        for (const [kind, docs] of Object.entries(version.indices) as [IndexKind, Iterable<object>][]) {
          if (later({ version: version.id, kind }) !== undefined) continue;
          const started = performance.now();
          const unchanged = builtBefore.has(kind) ? version.unchanged?.[kind] : undefined;
          const index = build({ version: version.id, kind }, docs, warm, unchanged, version.ownValues?.[kind]);
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
      for (const [kind, versioned] of Object.entries(shared) as [IndexKind, VersionedDocuments][]) {
        const loaded = versioned.versions.filter(({ id }) =>
          data.versions.some((version) => version.id === id && version.indices[kind] === undefined),
        );
        if (loaded.length === 0) continue;
        for (const built of buildShared(kind, { ...versioned, versions: loaded }, indices, warm)) onBuilt?.(built);
      }
      snapshot = { catalog: data.catalog, indices, later, builtLater: undefined, warm };
    },
    builtFields() {
      const built = new Map(INDEX_KINDS.map((kind) => [kind, new Set<string>()]));
      for (const [key, index] of [...snapshot.indices, ...(snapshot.builtLater?.entries() ?? [])]) {
        const kind = key.split('\u0000')[1] as IndexKind;
        for (const field of index.builtFields()) built.get(kind)!.add(field);
      }
      return Object.fromEntries([...built].map(([kind, fields]) => [kind, [...fields]]));
    },
    keptChanges() {
      let records = 0;
      for (const index of snapshot.builtLater?.values() ?? []) records += index.size;
      return { indices: snapshot.builtLater?.size ?? 0, records, budget: keptRecords };
    },
    async versions() {
      return snapshot.catalog.checklistVersions.map((v) => v.id);
    },
    async catalog() {
      return snapshot.catalog;
    },
    async search<T>(ref: IndexRef, body: SearchBody): Promise<SearchResult<T>> {
      const index = indexOf(snapshot, ref);
      if (!index) throw new VersionNotLoadedError(ref.version);
      return index.search(body) as SearchResult<T>;
    },
    async close() {},
  };
}
