/**
 * The embedded engine run off the main thread: each load starts an engine thread
 * (`engine-thread.ts`) that reads, validates and indexes the data directory, then answers the
 * searches. The main thread only serves HTTP and passes search bodies and results, so neither a
 * load of half a million taxa nor one slow search holds its event loop. A name search runs whole
 * in the thread (`nameSearch`): one message there and its final hits back, not one per list and
 * page of candidates.
 *
 * A new load is built in a new thread while the old one keeps answering; when it is done, new
 * searches go to the new thread and the old one ends once its searches have been answered: the
 * swap is atomic, as with the in-process engine. A refused load ends its thread and the data
 * served stays. A serving thread that dies (out of memory) fails its searches with a 503 and
 * the engine reports not ready until the next load.
 *
 * @example
 *   const engine = createWorkerEngine({ onPhase: (p) => log.info(p) });
 *   await engine.load('data/sample');
 *   await engine.search({ version: 'current', kind: 'taxa' }, { query: { match_all: {} } });
 */
import { Worker } from 'node:worker_threads';
import type { LoadStats } from '../../loaders/load-data-dir.ts';
import { DataLoadError } from '../../loaders/problems.ts';
import { createProgress, type Progress } from '../../loaders/progress.ts';
import { AppError } from '../errors.ts';
import {
  MAX_BUCKETS,
  TooManyBucketsError,
  VersionNotLoadedError,
  type IndexRef,
  type Readiness,
  type SearchBody,
  type SearchEngine,
  type SearchResult,
} from '../index/engine.ts';
import { lockOwner, releaseLock } from '../index/snapshot/snapshot-store.ts';
import type { Catalog } from '../taxon/catalog.ts';
import type { BuiltFields, ChangesRef } from '../index/embedded-engine.ts';
import type { NameSearchParams } from '../query/name-search.ts';
import type { NameMatchHit, NameSearchEngine } from '../service/search-service.ts';
import type { FromThread, LoadPhase, SerializedError, ThreadOptions, ToThread } from './thread-protocol.ts';

export interface WorkerEngineOptions {
  /** a progress bar for the reading of files, when stderr is a terminal */
  progress?: boolean;
  /** hears of each finished phase of every load */
  onPhase?: (phase: LoadPhase) => void;
  /** the serving thread ended by itself (it ran out of memory): the caller loads again */
  onDeath?: () => void;
  /** the change records a thread keeps in indices built on first search (`EmbeddedEngineOptions`) */
  keptChangeRecords?: number;
  /** the most heap (old generation, MiB) an engine thread may use; default Node's own limit */
  heapMb?: number;
  /** where a thread opens its load's snapshot from and writes it to (`ThreadOptions.snapshotDir`) */
  snapshotDir?: string;
}

export interface WorkerEngine extends SearchEngine, NameSearchEngine {
  /** The fields the serving thread's indices have built so far, by index kind. */
  builtFields(): Promise<BuiltFields>;
  /** The changes indices the serving thread keeps, least recently searched first. */
  keptChangeIndices(): Promise<ChangesRef[]>;
  /**
   * Loads `dir` in a new engine thread and swaps it in when done; rejects (`DataLoadError` for
   * refused data) and keeps serving what it served otherwise. One load at a time is the
   * caller's to ensure (`coalesced` in `reload.ts`).
   */
  load(dir: string): Promise<LoadStats>;
}

/**
 * Searches waiting for one thread at most. The thread answers one at a time, so beyond this a
 * request would only wait longer: it is refused at once with a 503 instead of queued without
 * bound. Far above what the HTTP side has in flight in ordinary use (one or a few per request).
 */
export const MAX_QUEUED_SEARCHES = 512;

/** The thread registers the TypeScript loader first (`thread-entry.mjs`), then runs its entry. */
const THREAD_BOOT = new URL('./thread-entry.mjs', import.meta.url);
const THREAD_ENTRY = new URL('./engine-thread.ts', import.meta.url).href;

/** Errors as the main thread's classes, so the HTTP layer answers them as if thrown here. */
function rebuildError(error: SerializedError): Error {
  if (error.name === 'AppError' && error.errorCode) return new AppError(error.errorCode, error.message, error.issues);
  if (error.name === 'DataLoadError' && error.problems) return new DataLoadError(error.problems);
  if (error.name === 'TooManyBucketsError') return new TooManyBucketsError(MAX_BUCKETS);
  if (error.name === 'VersionNotLoadedError' && error.version) return new VersionNotLoadedError(error.version);
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  if (error.stack) rebuilt.stack = error.stack;
  return rebuilt;
}

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

/** One engine thread: its load, then its searches by number. */
class EngineThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private retired = false;
  private exited = false;
  readonly loaded: Promise<{ catalog: Catalog; stats: LoadStats }>;
  /** called when the thread ends without being retired (it ran out of memory, or crashed) */
  onDeath: () => void = () => {};

  constructor(dir: string, options: WorkerEngineOptions, warm: BuiltFields, changes: ChangesRef[]) {
    const workerData: ThreadOptions = {
      entry: THREAD_ENTRY,
      dir,
      progress: options.progress === true,
      warm,
      keptChangeRecords: options.keptChangeRecords,
      changes,
      ...(options.snapshotDir === undefined ? {} : { snapshotDir: options.snapshotDir }),
    };
    const resourceLimits = options.heapMb === undefined ? undefined : { maxOldGenerationSizeMb: options.heapMb };
    this.worker = new Worker(THREAD_BOOT, { workerData, resourceLimits });
    const progress = createProgress(options.progress === true);
    this.loaded = new Promise((resolve, reject) => {
      this.worker.on('message', (message: FromThread) => {
        switch (message.type) {
          case 'phase':
            return options.onPhase?.(message.phase);
          case 'progress':
            return relayProgress(progress, message);
          case 'loaded':
            return resolve({ catalog: message.catalog, stats: message.stats });
          case 'load-failed':
            return reject(rebuildError(message.error));
          // Answers are taken up in turns of the event loop, one per turn: Node hands a port's
          // messages over in one go, including those that arrive meanwhile, so an answer taken up
          // here, whose reader asks the next at once (an export's chunks), would hold the loop
          // for the whole walk (docs/architecture.md, "At run time").
          case 'result':
            return void setImmediate(() => this.settle(message.id, (p) => p.resolve(JSON.parse(message.json))));
          case 'failed':
            return void setImmediate(() => this.settle(message.id, (p) => p.reject(rebuildError(message.error))));
        }
      });
      this.worker.on('error', (error) => reject(loadFailure(error)));
      const { threadId } = this.worker;
      this.worker.on('exit', () => {
        this.exited = true;
        // A thread ended while it wrote a snapshot leaves the lock it held: no one else would take it.
        if (options.snapshotDir !== undefined)
          void releaseLock(options.snapshotDir, lockOwner(threadId)).catch(() => {});
        progress.stop();
        reject(new Error('engine: the loading thread ended before the data was loaded'));
        this.failPending();
        if (!this.retired) this.onDeath();
      });
    });
  }

  search(ref: IndexRef, body: SearchBody): Promise<unknown> {
    return this.queued((id) => ({ type: 'search', id, ref, body }));
  }

  /** A whole name search, run in the thread: its final hits. */
  nameSearch(version: string, params: NameSearchParams): Promise<NameMatchHit[]> {
    return this.queued((id) => ({ type: 'name-search', id, version, params })) as Promise<NameMatchHit[]>;
  }

  /** A search, unless as many as the thread may hold wait already. */
  private queued(message: (id: number) => ToThread): Promise<unknown> {
    if (this.pending.size >= MAX_QUEUED_SEARCHES) {
      return Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'The search engine is busy; try again shortly'));
    }
    return this.ask(message);
  }

  /** The fields the thread's indices have built so far. */
  builtFields(): Promise<BuiltFields> {
    return this.ask((id) => ({ type: 'built-fields', id })) as Promise<BuiltFields>;
  }

  /** The changes indices the thread keeps. */
  keptChangeIndices(): Promise<ChangesRef[]> {
    return this.ask((id) => ({ type: 'kept-changes', id })) as Promise<ChangesRef[]>;
  }

  private ask(message: (id: number) => ToThread): Promise<unknown> {
    if (this.exited) return Promise.reject(unavailable());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(message(id));
    });
  }

  /** Ends the thread once the searches sent to it have their answers. */
  retire(): void {
    this.retired = true;
    if (this.pending.size === 0) void this.worker.terminate();
  }

  /** Ends the thread now; searches under way fail with a 503. */
  async terminate(): Promise<void> {
    this.retired = true;
    await this.worker.terminate();
  }

  private settle(id: number, how: (pending: Pending) => void): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    how(pending);
    if (this.retired && this.pending.size === 0) void this.worker.terminate();
  }

  private failPending(): void {
    for (const pending of this.pending.values()) pending.reject(unavailable());
    this.pending.clear();
  }
}

function relayProgress(progress: Progress, message: Extract<FromThread, { type: 'progress' }>): void {
  if (message.event === 'start') progress.start(message.label, message.total);
  else if (message.event === 'advance') progress.advance(message.amount);
  else progress.stop();
}

function loadFailure(error: Error): Error {
  const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
  return new Error(
    outOfMemory
      ? 'engine: the data set did not fit in the memory allowed to the engine'
      : `engine: the load failed: ${error.message}`,
  );
}

const unavailable = () => new AppError('SERVICE_UNAVAILABLE', 'The search engine is restarting; try again shortly');

export function createWorkerEngine(options: WorkerEngineOptions = {}): WorkerEngine {
  let serving: { thread: EngineThread; catalog: Catalog } | undefined;
  let state: 'loading' | 'loaded' | 'empty' | 'dead' = 'empty';
  let everLoaded = false;
  const threads = new Set<EngineThread>();

  const servingNow = () => {
    if (!serving)
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        state === 'loading' ? 'The data is still loading' : 'No data is loaded',
      );
    return serving;
  };

  return {
    kind: 'embedded',
    async load(dir) {
      // The new data is warmed with what the old one was asked about, so that its first
      // searches do not each wait for a field's index to be built, nor for a pair's changes.
      const warm = serving ? await serving.thread.builtFields().catch(() => ({})) : {};
      const changes = serving ? await serving.thread.keptChangeIndices().catch(() => []) : [];
      const thread = new EngineThread(dir, options, warm, changes);
      threads.add(thread);
      if (!everLoaded) state = 'loading';
      try {
        const { catalog, stats } = await thread.loaded;
        const previous = serving;
        serving = { thread, catalog };
        everLoaded = true;
        state = 'loaded';
        thread.onDeath = () => {
          threads.delete(thread);
          if (serving?.thread !== thread) return;
          serving = undefined;
          state = 'dead';
          options.onDeath?.();
        };
        previous?.thread.retire();
        if (previous) threads.delete(previous.thread);
        return stats;
      } catch (error) {
        thread.retire();
        threads.delete(thread);
        if (!everLoaded) state = 'empty';
        throw error;
      }
    },
    async versions() {
      return servingNow().catalog.checklistVersions.map((v) => v.id);
    },
    async builtFields() {
      return servingNow().thread.builtFields();
    },
    async keptChangeIndices() {
      return servingNow().thread.keptChangeIndices();
    },
    async catalog() {
      return servingNow().catalog;
    },
    async search<T>(ref: IndexRef, body: SearchBody): Promise<SearchResult<T>> {
      return (await servingNow().thread.search(ref, body)) as SearchResult<T>;
    },
    async nameSearch(version, params) {
      return servingNow().thread.nameSearch(version, params);
    },
    async ready(): Promise<Readiness> {
      if (serving) return { ready: true };
      if (state === 'loading') return { ready: false, reason: 'loading' };
      if (state === 'dead') return { ready: false, reason: 'the engine thread ended; the data is being loaded again' };
      return { ready: false, reason: 'no checklist version is loaded' };
    },
    async close() {
      serving = undefined;
      await Promise.all([...threads].map((thread) => thread.terminate()));
      threads.clear();
    },
  };
}
