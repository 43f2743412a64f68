/**
 * Checklist versions side by side: a generated checklist loaded with its 7 versions beside the
 * same checklist with 1 version, each in a fresh process (resident memory is the process's), and
 * the comparison served from the 7-version load.
 *
 *   npm run bench:versions -- --taxa 100000
 *   npm run bench:versions -- --taxa 500000 --skip-pairs   # without building every pair (minutes at this size)
 *   npm run bench:versions -- --taxa 500000 --skip-pairs --rounds 3   # the two loads three times, alternating
 *
 * Prints, per load: the time to read the taxa (read, validate, derive), to build the taxa, names
 * and changes indices (and each version's share of reading and of the taxa and names indices), the
 * time until ready (the compaction of the heap after the load included, as the service does it),
 * the heap of the taxa documents and the resident memory before and after that compaction; then
 * the ratios of the two loads; the first page of a pair of versions (which builds its change
 * records), the p50/p99 of a filtered page of changes and of `aggregateBy=changeTypes` (`--runs`
 * timed requests each, at least 1,000), and, once every pair has been searched, the time that
 * took, what the engine kept of the records (records, indices, the heap they added) and the
 * resident memory (`--kept-records` sets the budget).
 * Then, as served (`starts.ts`), each data directory started by `taxa serve` loading the data files
 * and opening their snapshot, in turn (`--rounds` times): ready seconds, resident memory at rest,
 * the snapshot's size, and the targets of a start from a snapshot.
 * With `--rounds N` the two loads run N times, one after the other, and the ratios of each round
 * follow the first round's figures: on a busy machine one load's time moves by a fifth or more
 * from run to run, and the ratio of one pair of runs with it.
 * With `--check`, the targets missed are listed at the end and the exit code is 1.
 * A script, not a test: figures depend on the machine.
 */
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { KNOWN_VERSIONS } from '../generate/index.ts';
import { engineDataOf } from '../loaders/engine-data.ts';
import { loadDataDirectory } from '../loaders/load-data-dir.ts';
import { createApp } from '../src/http/app.ts';
import {
  changeRecordsFitting,
  createEmbeddedEngine,
  type EmbeddedEngine,
  type IndexBuilt,
  type KeptChanges,
} from '../src/index/embedded-engine.ts';
import { compactHeap, releasedResident } from '../src/runtime/compact-heap.ts';
import { reportStarts } from './starts.ts';
import { checkTargets, line, measure, mib, ms, percentile, syntheticDataDirectory, target } from './stats.ts';

const { values: args } = parseArgs({
  options: {
    taxa: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '1' },
    'skip-pairs': { type: 'boolean', default: false },
    'kept-records': { type: 'string' },
    'heap-limit': { type: 'string', default: String(v8.getHeapStatistics().heap_size_limit) },
    child: { type: 'string' },
    check: { type: 'boolean', default: false },
  },
});

interface LoadFigures {
  versions: number;
  readSeconds: number;
  built: Record<string, number>;
  /**
   * Per version, in the order read: reading it, and building its taxa and names indices. A
   * version's names count the entries read first there and its view; the fields of the names all
   * versions share are built once all are read, and count for the last.
   */
  perVersion: { id: string; read: number; taxa: number; names: number }[];
  records: number;
  readySeconds: number;
  /** the compaction after the load (counted in `readySeconds`), and the resident memory before it, after a full collection */
  compaction: { seconds: number; rssBefore: number };
  /** the heap the taxa documents of every version take (values versions share are held once) */
  documentsHeap: number;
  rss: number;
  page?: { p50: number; p99: number };
  aggregate?: { p50: number; p99: number };
  /** the first page of a pair, which builds the pair's records on the embedded engine */
  firstPageSeconds?: number;
  /** the records every pair holds, the time, what the engine kept of them and the heap that takes, and the memory after */
  pairs?: { records: number; seconds: number; kept: KeptChanges; keptHeap: number; rss: number };
}

/**
 * A page of every ordered pair of versions, as a server asked for all of them: each pair's records
 * built, and kept within the engine's budget (`keptChangeRecords`).
 */
async function everyPair(
  app: FastifyInstance,
  engine: EmbeddedEngine,
  versions: readonly string[],
): Promise<LoadFigures['pairs']> {
  const before = collectedHeap().heap;
  const started = performance.now();
  let records = 0;
  for (const from of versions) {
    for (const to of versions.filter((v) => v !== from)) {
      records += (await app.inject({ url: `/taxa/changes?from=${from}&to=${to}&pageSize=1` })).json().total as number;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const keptHeap = collectedHeap().heap - before;
  return { records, seconds, kept: engine.keptChanges(), keptHeap, rss: process.memoryUsage().rss };
}

/** The heap in use after a full collection, and the seconds the collection took. */
function collectedHeap(): { heap: number; seconds: number } {
  const started = performance.now();
  globalThis.gc?.();
  return { heap: process.memoryUsage().heapUsed, seconds: (performance.now() - started) / 1000 };
}

/** Reads and indexes `dir` as the service's engine thread does, without keeping what only the load needed. */
async function load(dir: string) {
  const before = collectedHeap();
  const started = performance.now();
  const { dataSet, stats } = await loadDataDirectory(dir);
  const read = collectedHeap();
  // Without a budget given, the service's: sized to the heap of a service run with Node's default
  // limit (the parent's), not to this process's larger one.
  const kept = args['kept-records'];
  const engine = createEmbeddedEngine({
    keptChangeRecords: kept === undefined ? () => changeRecordsFitting(Number(args['heap-limit'])) : Number(kept),
  });
  const built: Record<string, number> = { taxa: 0, names: 0, changes: 0 };
  const perVersion = stats.versions.map(({ id, seconds }) => ({ id, read: seconds, taxa: 0, names: 0 }));
  let records = 0;
  engine.replaceData(engineDataOf(dataSet), (index: IndexBuilt) => {
    built[index.kind] = (built[index.kind] ?? 0) + index.seconds;
    if (index.kind === 'changes') records += index.documents;
    const version = perVersion.find((v) => v.id === index.version);
    if (version !== undefined && (index.kind === 'taxa' || index.kind === 'names'))
      version[index.kind] += index.seconds;
  });
  return {
    engine,
    started,
    versionIds: dataSet.versions.map((version) => version.id),
    figures: { readSeconds: stats.seconds, built, perVersion, records, documentsHeap: read.heap - before.heap },
    gcSeconds: read.seconds,
  };
}

/** The resident memory once a compaction's pages are given back and one more full collection has run. */
async function settledResident(): Promise<number> {
  await releasedResident();
  collectedHeap();
  return process.memoryUsage().rss;
}

/** One load, in this process: what the parent asked for with `--child <dir>`. */
async function child(dir: string): Promise<LoadFigures> {
  const { engine, started, versionIds, figures: loaded, gcSeconds } = await load(dir);
  // The resident memory as it was measured before the service compacted its heap: after one full
  // collection (not part of the load, so not counted in its time).
  const collected = collectedHeap();
  const rssBefore = process.memoryUsage().rss;
  // As the engine thread does before it serves (src/runtime/compact-heap.ts).
  const compaction = compactHeap();
  const readySeconds = (performance.now() - started) / 1000 - gcSeconds - collected.seconds;
  const figures: LoadFigures = {
    versions: versionIds.length,
    ...loaded,
    readySeconds,
    compaction: { seconds: compaction.seconds, rssBefore },
    // Once the pages it emptied are given back, and after one more full collection such as an idle
    // service's memory reducer makes (neither part of the time): the memory the service settles at.
    rss: await settledResident(),
  };
  if (versionIds.length > 1) {
    const app = await createApp({ engine });
    const runs = Number(args.runs);
    const from = versionIds.find((id) => id !== 'current')!;
    const pages = ['changed', 'added', 'renamed,moved'].map(
      (type) => `/taxa/changes?from=${from}&changeType=${type}&pageSize=20&page=2`,
    );
    const first = performance.now();
    await app.inject({ url: pages[0]! });
    const firstPageSeconds = (performance.now() - first) / 1000;
    const page = await measure(pages, runs, (url) => app.inject({ url }));
    const aggregate = await measure([`/taxa/changes/aggregate?from=${from}&aggregateBy=changeTypes`], runs, (url) =>
      app.inject({ url }),
    );
    const pairs = args['skip-pairs'] ? undefined : await everyPair(app, engine, versionIds);
    await app.close();
    Object.assign(figures, { page, aggregate, firstPageSeconds, pairs });
  }
  return figures;
}

function run(dir: string): LoadFigures {
  const out = execFileSync(
    process.execPath,
    [
      // The flags this script runs with (`npm run bench:versions`: the young generation `npm start`
      // gives the service), and the tsx loader.
      ...process.execArgv,
      '--expose-gc',
      '--max-old-space-size=16384',
      new URL(import.meta.url).pathname,
      '--child',
      dir,
      '--runs',
      String(args.runs),
      ...(args['skip-pairs'] ? ['--skip-pairs'] : []),
      ...(args['kept-records'] === undefined ? [] : ['--kept-records', args['kept-records']]),
      '--heap-limit',
      args['heap-limit'],
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as LoadFigures;
}

/** A ratio with a target: at most `atMost`, shown to two decimals. */
const ratio = (label: string, value: number, atMost: number, text: string) =>
  target(label, value, value.toFixed(2), { atMost }, text);

function report(label: string, f: LoadFigures): void {
  line(`${label}: read the taxa (read, validate, derive)`, `${f.readSeconds.toFixed(1)} s`);
  line(
    `${label}: build taxa / names / changes indices`,
    `${f.built.taxa!.toFixed(1)} / ${f.built.names!.toFixed(1)} / ${f.built.changes!.toFixed(1)} s`,
  );
  if (f.perVersion.length > 1) {
    for (const { id, read, taxa, names } of f.perVersion) {
      line(
        `${label}: ${id}: read / taxa / names index`,
        `${read.toFixed(1)} / ${taxa.toFixed(1)} / ${names.toFixed(1)} s`,
        `names / read ${(names / read).toFixed(2)}`,
      );
    }
  }
  line(`${label}: change records built at load`, `${f.records}`);
  line(`${label}: compact the heap`, `${f.compaction.seconds.toFixed(1)} s`);
  line(`${label}: ready to serve`, `${f.readySeconds.toFixed(1)} s`);
  line(`${label}: taxa documents in the heap`, mib(f.documentsHeap));
  line(`${label}: resident memory before / after compaction`, `${mib(f.compaction.rssBefore)} / ${mib(f.rss)}`);
}

async function main() {
  if (args.child) {
    process.stdout.write(`${JSON.stringify(await child(args.child))}\n`);
    return;
  }
  const taxa = Number(args.taxa);
  const seed = Number(args.seed);
  const [oneDir, sevenDir] = [
    await syntheticDataDirectory(taxa, seed),
    await syntheticDataDirectory(taxa, seed, KNOWN_VERSIONS),
  ];
  const rounds = Array.from({ length: Math.max(1, Number(args.rounds)) }, () => ({
    one: run(oneDir),
    seven: run(sevenDir),
  }));
  const { one, seven } = rounds[0]!;
  line('taxa per version', `${taxa}`);
  report('1 version', one);
  report(`${seven.versions} versions`, seven);
  ratio('resident memory, 7 versions / 1', seven.rss / one.rss, 2, 'target ≤ 2');
  line('the same before compaction', (seven.compaction.rssBefore / one.compaction.rssBefore).toFixed(2));
  line('taxa documents in the heap, 7 versions / 1', (seven.documentsHeap / one.documentsHeap).toFixed(2));
  ratio('ready to serve, 7 versions / 1', seven.readySeconds / one.readySeconds, 2.5, 'target ≤ 2.5');
  ratio('names index / reading the taxa (7 versions)', seven.built.names! / seven.readSeconds, 1, 'target ≤ 1');
  const [first, ...later] = seven.perVersion;
  line(
    'the same, the first version read / the later ones',
    `${(first!.names / first!.read).toFixed(2)} / ${(
      later.reduce((sum, v) => sum + v.names, 0) / later.reduce((sum, v) => sum + v.read, 0)
    ).toFixed(2)}`,
    'the later ones count the shared fields',
  );
  line('changes: first page of a pair (builds it)', `${seven.firstPageSeconds!.toFixed(2)} s`);
  if (seven.pairs) {
    line(
      'changes: every pair built, records / seconds',
      `${seven.pairs.records} / ${seven.pairs.seconds.toFixed(1)} s`,
    );
    line(
      'changes kept after every pair: records / indices / heap grown',
      `${seven.pairs.kept.records} / ${seven.pairs.kept.indices} / ${mib(seven.pairs.keptHeap)}`,
      `budget ${seven.pairs.kept.budget} records`,
    );
    line('resident memory, every pair built', mib(seven.pairs.rss));
  }
  line('changes page (filtered, page 2) p50 / p99', `${ms(seven.page!.p50)} / ${ms(seven.page!.p99)}`);
  line('changes aggregateBy=changeTypes p50 / p99', `${ms(seven.aggregate!.p50)} / ${ms(seven.aggregate!.p99)}`);
  if (rounds.length > 1) reportRounds(rounds);
  // As served: loading the data files against opening their snapshot, in turn.
  for (const [label, dir, readyAtMost] of [
    ['1 version', oneDir, 3],
    [`${seven.versions} versions`, sevenDir, 10],
  ] as const)
    await rm(await reportStarts(label, dir, rounds.length, readyAtMost), { recursive: true, force: true });
  checkTargets(args.check);
}

/** Each round's ready times and ratios, and the median ratio. */
function reportRounds(rounds: readonly { one: LoadFigures; seven: LoadFigures }[]): void {
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  const ready: number[] = [];
  const memory: number[] = [];
  for (const [r, { one, seven }] of rounds.entries()) {
    const [first] = seven.perVersion;
    ready.push(seven.readySeconds / one.readySeconds);
    memory.push(seven.rss / one.rss);
    line(
      `round ${r + 1}: ready with 1 / 7 versions`,
      `${one.readySeconds.toFixed(1)} / ${seven.readySeconds.toFixed(1)} s`,
      `7 / 1 ${ready.at(-1)!.toFixed(2)}, memory ${memory.at(-1)!.toFixed(2)}, ` +
        `first names / read ${(first!.names / first!.read).toFixed(2)}`,
    );
  }
  ratio('ready to serve, 7 versions / 1, median of rounds', median(ready), 2.5, 'target ≤ 2.5');
  ratio('resident memory, 7 versions / 1, median of rounds', median(memory), 2, 'target ≤ 2');
}

await main();
