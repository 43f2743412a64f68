/**
 * Benchmark of the bulk export (docs/targets.md): a generated checklist served in this process,
 * every taxon downloaded over HTTP as CSV with 10 columns.
 *
 *   npm run bench:export                     # 500,000 taxa
 *   npm run bench:export -- --taxa 100000
 *   npm run bench:export -- --format ndjson
 *
 * Prints the rows, bytes and rows per second of the download, and the process's resident memory
 * before the export and at its peak during it (sampled every 50 ms), with the heap beside it:
 * an export streams, so its memory does not grow with the set. A script, not a test: figures
 * depend on the machine.
 */
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { createApp } from '../src/http/app.ts';
import { EXPORT_FORMATS, type ExportFormat } from '../src/http/answers/export.ts';
import { DEFAULT_TAXON_COLUMNS } from '../src/http/routes/taxa/export.ts';
import { createEmbeddedEngine } from '../src/index/embedded-engine.ts';
import { loadInto } from '../src/runtime/open-engine.ts';
import { line, mib, syntheticDataDirectory } from './stats.ts';

const { values: args } = parseArgs({
  options: {
    taxa: { type: 'string', default: '500000' },
    seed: { type: 'string', default: '1' },
    format: { type: 'string', default: 'csv' },
  },
});
const format = args.format as ExportFormat;
if (!EXPORT_FORMATS.includes(format)) throw new Error(`--format must be one of ${EXPORT_FORMATS.join(', ')}`);

/** Downloads `url`, counting its bytes and line ends, reading as fast as the answer comes. */
function download(url: string): Promise<{ status: number; bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    const client = request(url, (response) => {
      let bytes = 0;
      let lines = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, lines }));
      response.on('error', reject);
    });
    client.on('error', reject);
    client.end();
  });
}

/** The resident memory and the heap, sampled until `stop`: their peaks. */
function sampleMemory() {
  const peak = { rss: 0, heapUsed: 0 };
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peak.rss = Math.max(peak.rss, rss);
    peak.heapUsed = Math.max(peak.heapUsed, heapUsed);
  };
  sample();
  const timer = setInterval(sample, 50);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

async function main() {
  const taxa = Number(args.taxa);
  const dir = await syntheticDataDirectory(taxa, Number(args.seed));
  const engine = createEmbeddedEngine();
  const loadStarted = performance.now();
  const stats = await loadInto(engine, dir);
  line('taxa loaded', `${stats.indexed}`);
  line('load', `${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
  const app = await createApp({ engine });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const columns = DEFAULT_TAXON_COLUMNS.join(',');
  const { total } = (await (await fetch(`${base}/taxa?pageSize=0`)).json()) as { total: number };

  globalThis.gc?.();
  const before = process.memoryUsage();
  const stop = sampleMemory();
  const started = performance.now();
  const got = await download(`${base}/taxa/export?format=${format}&selectedFields=${columns}`);
  const seconds = (performance.now() - started) / 1000;
  const peak = stop();
  await app.close();

  if (got.status !== 200) throw new Error(`bench: the export answered ${got.status}`);
  // CSV: a header line, then a line a taxon (the generated values hold no line breaks); NDJSON: a line a taxon.
  const rows = format === 'csv' ? got.lines - 1 : format === 'ndjson' ? got.lines : total;
  line(`rows exported (${format}, ${DEFAULT_TAXON_COLUMNS.length} columns)`, `${rows}`, `GET /taxa total ${total}`);
  line('bytes', `${got.bytes} (${mib(got.bytes)})`);
  line('time', `${seconds.toFixed(2)} s`);
  line('rows/s', `${(rows / seconds).toFixed(0)}`);
  line('RSS before the export', mib(before.rss));
  line('RSS peak during the export', mib(peak.rss), `+${mib(peak.rss - before.rss)}`);
  line('heap used before / peak during', `${mib(before.heapUsed)} / ${mib(peak.heapUsed)}`);
  line('peak RSS of the process (load included)', mib(process.resourceUsage().maxRSS * 1024));
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
