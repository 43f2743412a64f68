/**
 * The messages between the service's main thread and an engine thread (`engine-thread.ts`):
 * the main thread asks for one load and then for searches (of an index, or whole name searches);
 * the thread answers each by its number, and reports the load's phases, progress, result or
 * refusal.
 *
 * A search result crosses as JSON text, as an Elasticsearch answer does: the main thread parses it
 * (faster than the structured clone, and exactly what the other engine's client hands over).
 * Errors cross as plain objects (`SerializedError`) and are rebuilt on the main thread as the
 * classes the HTTP layer recognises (`AppError`, `DataLoadError`, `TooManyBucketsError`).
 */
import type { DataProblem } from '../../loaders/problems.ts';
import type { LoadStats } from '../../loaders/load-data-dir.ts';
import type { ErrorCode, Issue } from '../errors.ts';
import type { BuiltFields, ChangesRef } from '../index/embedded-engine.ts';
import type { IndexRef, SearchBody } from '../index/engine.ts';
import type { NameSearchParams } from '../query/name-search.ts';
import type { Catalog } from '../taxon/catalog.ts';
import type { Compaction } from './compact-heap.ts';

/** What the thread is started with (`workerData`). */
export interface ThreadOptions {
  /** the URL of `engine-thread.ts`, imported by `thread-entry.mjs` */
  entry: string;
  dir: string;
  /** report the reading of files as progress messages */
  progress: boolean;
  /** fields to build in every index of their kind before the data is served (`BuiltFields`) */
  warm: BuiltFields;
  /** `EmbeddedEngineOptions.keptChangeRecords` */
  keptChangeRecords?: number;
  /** where the load's snapshot is opened from and written to (`TAXA_SNAPSHOT_DIR`); none: not at all */
  snapshotDir?: string;
  /**
   * changes indices to build before the data is served, in this order: those the data served
   * before kept (`EmbeddedEngine.keptChangeIndices`), least recently searched first
   */
  changes: ChangesRef[];
}

/**
 * A search, or a whole name search (`NameSearchEngine`: the thread runs the search service over
 * its engine and answers the final hits), or which fields the thread's indices have built, or
 * which changes indices it keeps (answered as results too).
 */
export type ToThread =
  | { type: 'search'; id: number; ref: IndexRef; body: SearchBody }
  | { type: 'name-search'; id: number; version: string; params: NameSearchParams }
  | { type: 'built-fields'; id: number }
  | { type: 'kept-changes'; id: number };

/**
 * One finished step of a load: reading a version, building one of its indices, or, once all are
 * built, compacting the thread's heap (`compact-heap.ts`; sizes in bytes). The compaction is
 * reported after the data is served, once its emptied pages are given back (`residentAfter`).
 */
export type LoadPhase =
  | { phase: 'read' | 'index'; version: string; kind?: string; since?: string; documents: number; seconds: number }
  | ({ phase: 'compact'; residentAfter: number } & Compaction)
  | SnapshotPhase;

/**
 * What became of the load's snapshot (docs/snapshots.md): opened instead of a load; refused
 * (`file`, `reason`), or absent while others made from other data or code are there (`stale`),
 * and the data loaded instead; written after a load, once the data is served; not written
 * (`skipped` while another process writes one, `failed` with the reason).
 */
export type SnapshotPhase =
  | { phase: 'snapshot'; action: 'opened' | 'written'; dir: string; bytes?: number; seconds: number }
  | { phase: 'snapshot'; action: 'refused'; file: string; reason: string }
  | { phase: 'snapshot'; action: 'stale'; dirs: string[] }
  | { phase: 'snapshot'; action: 'skipped' | 'failed'; reason: string };

export type FromThread =
  | { type: 'phase'; phase: LoadPhase }
  | { type: 'progress'; event: 'start'; label: string; total: number }
  | { type: 'progress'; event: 'advance'; amount: number }
  | { type: 'progress'; event: 'stop' }
  | { type: 'loaded'; catalog: Catalog; stats: LoadStats }
  | { type: 'load-failed'; error: SerializedError }
  | { type: 'result'; id: number; json: string }
  | { type: 'failed'; id: number; error: SerializedError };

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  errorCode?: ErrorCode;
  issues?: readonly Issue[];
  version?: string;
  problems?: DataProblem[];
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { errorCode, issues, problems, version } = error as Partial<SerializedError>;
  return {
    name: error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
    ...(errorCode ? { errorCode } : {}),
    ...(issues?.length ? { issues } : {}),
    ...(version ? { version } : {}),
    ...(problems ? { problems } : {}),
  };
}
