/**
 * Opening the engine `taxa serve` answers from, and what loads and reloads it: the part of the
 * composition root that knows the loaders. The HTTP side receives an opened engine and a reload
 * function (`src/http/server.ts`).
 *
 * The embedded engine runs in an engine thread (`worker-engine.ts`): the first load is started
 * once the server listens, each phase is logged with its time, and reloads run one at a time. The
 * Elasticsearch engine serves what `taxa load` put in the cluster: opening it is refused while the
 * cluster cannot be reached or holds no version, and a reload only drops its short caches.
 */
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../config.ts';
import { createElasticsearchEngine } from '../index/elasticsearch-engine.ts';
import type { EmbeddedEngine } from '../index/embedded-engine.ts';
import type { SearchEngine } from '../index/engine.ts';
import { engineDataOf } from '../../loaders/engine-data.ts';
import { loadDataDirectory, type LoadStats } from '../../loaders/load-data-dir.ts';
import { snapshotDirFor } from './engine-snapshot.ts';
import { coalesced } from './reload.ts';
import type { LoadPhase, SnapshotPhase } from './thread-protocol.ts';
import { createWorkerEngine } from './worker-engine.ts';

/** The engine could not be opened (the cluster is away or empty); the message says what to do. */
export class EngineStartError extends Error {
  override name = 'EngineStartError';
}

/** Loads `dir` into an in-process `engine`; on any problem throws and leaves the engine as it was. */
export async function loadInto(engine: EmbeddedEngine, dir: string, progress = false): Promise<LoadStats> {
  const { dataSet, stats } = await loadDataDirectory(dir, { progress });
  engine.replaceData(engineDataOf(dataSet));
  return stats;
}

export interface OpenedEngine {
  engine: SearchEngine;
  /** what the start log says about the engine */
  started: Record<string, unknown>;
  /** the first load, to run once the server listens (embedded engine only); rejects when refused */
  load?: () => Promise<void>;
  /** what SIGHUP does: load again, or drop caches; never throws (a refusal is logged) */
  reload(): void;
}

function snapshotMessage(phase: SnapshotPhase): string {
  switch (phase.action) {
    case 'opened':
      return `opened the snapshot ${phase.dir}`;
    case 'written':
      return `wrote the snapshot ${phase.dir}`;
    case 'refused':
      return `refused the snapshot ${phase.file}: ${phase.reason}; loading the data instead`;
    case 'stale':
      return `no snapshot of this data and code (those there are of others); loading the data`;
    default:
      return `no snapshot written: ${phase.reason}`;
  }
}

function phaseMessage(phase: LoadPhase): string {
  if (phase.phase === 'snapshot') return snapshotMessage(phase);
  if (phase.phase === 'compact') return 'compacted the heap';
  if (phase.phase === 'read') return `read ${phase.version}`;
  return `indexed ${phase.version} ${phase.kind}${phase.since === undefined ? '' : ` since ${phase.since}`}`;
}

function openEmbedded(config: Config, log: Logger): OpenedEngine {
  const dir = config.TAXA_DATA_DIR;
  const engine = createWorkerEngine({
    progress: process.stderr.isTTY === true,
    keptChangeRecords: config.CHANGES_KEPT_RECORDS,
    heapMb: config.ENGINE_HEAP_MB,
    snapshotDir: snapshotDirFor(config.TAXA_DATA_DIR, config.TAXA_SNAPSHOT_DIR),
    onPhase: (phase) => {
      const refused = phase.phase === 'snapshot' && (phase.action === 'refused' || phase.action === 'failed');
      log[refused ? 'warn' : 'info'](phase, phaseMessage(phase));
    },
    onDeath: () => {
      log.error('the engine thread ended; loading the data again');
      reload();
    },
  });
  const load = coalesced(async () => {
    log.info({ dataDir: dir }, 'loading');
    const started = performance.now();
    const stats = await engine.load(dir);
    log.info({ dataDir: dir, stats, seconds: Math.round(performance.now() - started) / 1000 }, 'data loaded');
  });
  const reload = () => {
    load().catch((error: Error) =>
      log.error({ err: error }, 'reload refused; the data already served is still served'),
    );
  };
  return { engine, started: { engine: 'embedded', dataDir: dir }, load, reload };
}

/** The cluster address without credentials, for messages. */
function displayUrl(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

async function openElasticsearch(config: Config, log: Logger): Promise<OpenedEngine> {
  const url = config.ELASTICSEARCH_URL!;
  const prefix = config.ELASTICSEARCH_INDEX_PREFIX;
  const engine = createElasticsearchEngine({ node: url }, { prefix });
  const readiness = await engine.ready();
  if (!readiness.ready) {
    await engine.close();
    throw new EngineStartError(
      `engine: cannot serve from Elasticsearch at ${displayUrl(url)}: ${readiness.reason}.\n` +
        `Check that the cluster runs there (ELASTICSEARCH_URL), then load a data directory into it:\n` +
        `  taxa load <dir> --url ${displayUrl(url)} --prefix ${prefix}`,
    );
  }
  return {
    engine,
    started: { engine: 'elasticsearch', url: displayUrl(url), prefix, versions: await engine.versions() },
    reload: () => {
      engine.dropCaches();
      log.info('caches dropped; versions and catalog are read from the cluster again');
    },
  };
}

export async function openEngine(config: Config, log: Logger): Promise<OpenedEngine> {
  return config.TAXA_ENGINE === 'elasticsearch' ? openElasticsearch(config, log) : openEmbedded(config, log);
}
