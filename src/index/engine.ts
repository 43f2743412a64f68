/**
 * The engine interface: what the service asks of an index, whichever engine holds it.
 *
 * Both engines receive the same Query DSL request bodies built by `src/query/`; the embedded
 * engine executes them in process, the Elasticsearch engine sends them to a cluster. The
 * contract between them is the DSL subset of docs/engine-contract.md (see `SearchBody`).
 */
import type { estypes } from '@elastic/elasticsearch';
import type { Catalog } from '../taxon/catalog.ts';
import type { SearchBody } from './search-body.ts';

/**
 * Each checklist version has one index of taxa, one of names, and one of changes: the change
 * records into it from each other version (`src/taxon/changes.ts`).
 */
export type IndexKind = 'taxa' | 'names' | 'changes';

export const INDEX_KINDS: readonly IndexKind[] = ['taxa', 'names', 'changes'];

export interface IndexRef {
  version: string;
  kind: IndexKind;
  /**
   * For the `changes` kind: the other version of the pair searched (the body filters by it too).
   * An engine may hold each pair's records apart; a cluster searches the version's index.
   */
  since?: string;
  /**
   * With `since`: the taxa (ids) whose records the body asks for, when it names them all (a
   * history does). An engine that builds a pair's records on first search may then build just
   * theirs; a cluster searches the version's index as it is.
   */
  taxa?: readonly string[];
}

export type { SearchBody };

export type SearchResult<T> = estypes.SearchResponse<T>;

/** One hit of a search: its `_source`, `_index` and `sort` values. */
export type SearchHit<T> = estypes.SearchHit<T>;

/**
 * A loaded data set as the engines index it: the catalog, and per version the documents of each
 * index kind (what the loaders hand to the embedded engine or to a cluster).
 */
export interface EngineData {
  catalog: Catalog;
  versions: {
    id: string;
    indices: Partial<Record<IndexKind, Iterable<object>>>;
    /**
     * Per kind, per document of `indices[kind]`: where a document holding its very values (the
     * same objects), but for numbers of its place the loader derives, is among the version
     * before's documents of that kind, -1 where none is. An engine that checked and froze those
     * values need not check or freeze them again.
     */
    unchanged?: Partial<Record<IndexKind, Int32Array>>;
    /**
     * Per kind, the version's own values of top-level number fields that the documents of
     * `indices[kind]` may hold at another version's (documents the versions hold once, the same
     * objects): per field, its value per document. The documents as served hold these
     * (`versionDocuments` makes them so).
     */
    ownValues?: Partial<Record<IndexKind, OwnValues>>;
  }[];
  /**
   * The change records from `since` into `version` (those of that version's `changes` with that
   * `since`): given, the embedded engine builds a pair's index on its first search instead of
   * every version's changes index at load. `taxa`: only the records of these taxa.
   */
  changesBetween?: (since: string, version: string, taxa?: readonly string[]) => Iterable<object>;
  /**
   * Per kind, the form its documents come in (from `indices` and `changesBetween`) when it is
   * smaller than the one indexed and answered: an engine that holds the documents keeps them so
   * and expands each when it reads it; one that sends them sends them expanded
   * (`versionDocuments`).
   */
  keptForms?: Partial<Record<IndexKind, KeptForm>>;
  /**
   * Index kinds whose documents the versions share: each document once, with each version's own
   * values of a few fields. A version's documents of such a kind come from here unless its
   * `indices` give them (those win); an engine that holds versions apart reads them whole
   * (`wholeDocuments`).
   */
  shared?: Partial<Record<IndexKind, VersionedDocuments>>;
}

/**
 * One document of a version whose documents other versions share: `shared` is the same object in
 * every version where the document is unchanged (holding the per-version fields at the values of
 * the first version it is read in), and `values` are this version's values of those fields.
 */
export interface VersionedDocument {
  shared: object;
  values: readonly number[];
  /**
   * A number the producer gives each distinct `shared` object (the same one wherever that object
   * comes, never the same for two), small enough to index an array: an engine then finds the
   * documents it has seen without a map keyed by objects.
   */
  key?: number;
}

/**
 * Documents held in a smaller form than they are indexed and answered in: a change record holds
 * its taxa as their versions hold them, and its differences are computed when it is answered
 * (docs/versions-and-loading.md, "Comparing versions").
 */
export interface KeptForm {
  /** The document as its fields are indexed: every indexed value as answered. */
  indexed(kept: object): object;
  /** The document as answered, whole (a hit's `_source` before it is filtered). */
  served(kept: object): object;
}

/** Top-level number fields and, per field, a value per document. */
export interface OwnValues {
  fields: readonly string[];
  values: readonly ArrayLike<number>[];
}

/** The documents of several versions of one index, and the top-level number fields each version has its own values of. */
export interface VersionedDocuments {
  versionFields: readonly string[];
  /** in order: the versions are read one after the other */
  versions: readonly { id: string; documents: Iterable<VersionedDocument> }[];
  /**
   * About how many documents the first version has, when known before they are made: an engine
   * that derives fields in another thread for a large index starts it while they are being made.
   */
  sizeHint?: number;
}

/**
 * The documents of `version` of a kind in `data.versions[].indices` (with the version's `ownValues`:
 * a copy where a document holds others; in their served form where they are kept in another), or
 * whole from `data.shared` (each a new object: the shared one with the version's values), or
 * `undefined` when neither has them.
 */
export function versionDocuments(data: EngineData, version: string, kind: IndexKind): Iterable<object> | undefined {
  const loaded = data.versions.find((v) => v.id === version);
  const given = loaded?.indices[kind];
  const own = loaded?.ownValues?.[kind];
  const form = data.keptForms?.[kind];
  if (given !== undefined && form !== undefined) return servedDocuments(given, form);
  if (given !== undefined) return own === undefined ? given : withOwnValues(given, own);
  const shared = data.shared?.[kind];
  const documents = shared?.versions.find((v) => v.id === version)?.documents;
  return documents === undefined ? undefined : wholeDocuments(documents, shared!.versionFields);
}

/** Documents with their own values of `own.fields`: each the document itself where it holds them, else a copy with them. */
function withOwnValues(documents: Iterable<object>, own: OwnValues): Iterable<object> {
  return {
    *[Symbol.iterator]() {
      let i = 0;
      for (const doc of documents) {
        const record = doc as Record<string, unknown>;
        let whole = record;
        for (let f = 0; f < own.fields.length; f++) {
          const field = own.fields[f]!;
          const value = own.values[f]![i];
          if (whole[field] === value) continue;
          if (whole === record) whole = { ...record };
          whole[field] = value;
        }
        i++;
        yield whole;
      }
    },
  };
}

function servedDocuments(documents: Iterable<object>, form: KeptForm): Iterable<object> {
  return {
    *[Symbol.iterator]() {
      for (const doc of documents) yield form.served(doc);
    },
  };
}

/** Versioned documents made whole: each a new object, the shared one with the version's values of `fields`. */
export function wholeDocuments(documents: Iterable<VersionedDocument>, fields: readonly string[]): Iterable<object> {
  return {
    *[Symbol.iterator]() {
      for (const { shared, values } of documents) {
        const whole: Record<string, unknown> = { ...shared };
        for (let i = 0; i < fields.length; i++) whole[fields[i]!] = values[i];
        yield whole;
      }
    },
  };
}

/** Whether an engine can answer requests now, and if not, why (for the readiness route). */
export interface Readiness {
  ready: boolean;
  reason?: string;
}

export interface SearchEngine {
  readonly kind: 'embedded' | 'elasticsearch';
  /** Ids of the checklist versions that can be searched now. */
  versions(): Promise<string[]>;
  catalog(): Promise<Catalog>;
  search<T>(index: IndexRef, body: SearchBody): Promise<SearchResult<T>>;
  /**
   * Every hit `body` matches, in its sort order (which ends in a field distinct among the
   * documents), `body.size` at a time, all read from the index as it was when the walk began.
   * Stopping early (`return()`) releases whatever the walk holds. An engine without it is walked
   * by the service, one search a chunk after the last sort value (`src/service/export.ts`).
   */
  walk?<T>(index: IndexRef, body: SearchBody): AsyncGenerator<SearchHit<T>[], void, undefined>;
  /** An engine that depends on a server checks it here; see `readinessOf` for the others. */
  ready?(): Promise<Readiness>;
  close(): Promise<void>;
}

/**
 * The engine's own readiness check when it has one; otherwise an engine is ready once it holds
 * a checklist version.
 *
 * @example if (!(await readinessOf(engine)).ready) reply.status(503)
 */
export async function readinessOf(engine: SearchEngine): Promise<Readiness> {
  if (engine.ready) return engine.ready();
  return (await engine.versions()).length > 0
    ? { ready: true }
    : { ready: false, reason: 'no checklist version is loaded' };
}

/**
 * A clause or option the engine does not execute. The embedded engine throws it for anything
 * outside the DSL subset, naming the clause, so a compiler change cannot silently diverge.
 */
export class UnsupportedQueryError extends Error {
  constructor(
    readonly clause: string,
    detail?: string,
  ) {
    super(`engine: unsupported ${clause}${detail ? `: ${detail}` : ''}`);
    this.name = 'UnsupportedQueryError';
  }
}

/**
 * Elasticsearch's `search.max_buckets` default: a search whose aggregations would make more
 * buckets fails (`too_many_buckets_exception`). The embedded engine enforces the same number.
 */
export const MAX_BUCKETS = 65_536;

/**
 * Elasticsearch's `index.max_terms_count` default: a `terms` query with more values fails. The
 * embedded engine refuses such a query too, and the filter body never writes one.
 */
export const MAX_TERMS_COUNT = 65_536;

/**
 * Lucene's longest term in UTF-8 bytes: Elasticsearch refuses a `term` or `terms` query with a
 * longer string, and so does the embedded engine.
 */
export const MAX_TERM_BYTES = 32_766;

/**
 * The version searched is not loaded (any more: a reload dropped it since it was resolved); both
 * engines throw this, and the version resolver (src/service/versions.ts) answers it.
 */
export class VersionNotLoadedError extends Error {
  constructor(readonly version: string) {
    super(`engine: checklist version '${version}' is not loaded`);
    this.name = 'VersionNotLoadedError';
  }
}

/** A search's aggregations made more than `MAX_BUCKETS` buckets; both engines throw this. */
export class TooManyBucketsError extends Error {
  constructor(readonly limit: number) {
    super(`engine: the aggregations would make more than ${limit} buckets`);
    this.name = 'TooManyBucketsError';
  }
}
