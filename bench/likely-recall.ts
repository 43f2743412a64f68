/**
 * How many of the names FinBIF would list as likely the index hands over as candidates. FinBIF
 * measures every name (`utl_match.jaro_winkler(name, :word) > 0.88`) and keeps the `limit` most
 * similar; the index hands over the `LIKELY_CANDIDATES` names sharing the most of the query's trigrams
 * (`compileLikely`). Brute force over every visible name gives the truth:
 *
 *   npm run bench:recall                         # 100,000 taxa, 120 queries
 *   npm run bench:recall -- --taxa 400000 --queries 80
 *
 * Prints, for typos and for typed prefixes of 7+ characters, the share of the 10 most similar
 * names among the candidates and how often the most similar one is missing; and how many names
 * the bounds of `src/search/likely-bounds.ts` admit, the candidates a complete list would have to
 * measure (all of the names above the threshold among them). A script, not a test.
 */
import { parseArgs } from 'node:util';
import { engineDataOf } from '../loaders/engine-data.ts';
import { loadDataDirectory } from '../loaders/load-data-dir.ts';
import { nameEntriesOf } from '../loaders/name-entries.ts';
import { searchParamsOf } from '../src/http/routes/search.ts';
import { searchQuery } from '../src/http/schemas/search.ts';
import { createEmbeddedEngine } from '../src/index/embedded-engine.ts';
import { compileLikely, prepareNameSearch } from '../src/query/name-search.ts';
import { likelyAdmits } from '../src/search/likely-bounds.ts';
import { isExactByKeys, LIKELY_THRESHOLD, likelySimilarityAboveThreshold } from '../src/search/match-kinds.ts';
import type { NameEntry } from '../src/search/name-entry.ts';
import { queryMix } from './mixes.ts';
import { line, syntheticDataDirectory } from './stats.ts';

const { values: args } = parseArgs({
  options: {
    taxa: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    queries: { type: 'string', default: '120' },
  },
});
const TOP = 10;

async function main() {
  const { dataSet } = await loadDataDirectory(await syntheticDataDirectory(Number(args.taxa), Number(args.seed)));
  const current = dataSet.versions.find((v) => v.id === 'current')!;
  const entries = nameEntriesOf(current.documents);
  const engine = createEmbeddedEngine();
  engine.replaceData({
    ...engineDataOf(dataSet),
    versions: [{ id: 'current', indices: { taxa: current.documents, names: entries } }],
  });
  const visible = entries.filter((entry) => !entry.hidden);
  const mix = queryMix(entries, 400);
  const count = Number(args.queries);
  const groups = {
    typos: mix.typo.slice(0, Math.ceil((count * 2) / 3)),
    'typed prefixes of 7+ characters': mix.prefix.filter((q) => q.length >= 7).slice(0, Math.floor(count / 3)),
  };
  line('taxa / visible name entries', `${current.documents.length} / ${visible.length}`);
  for (const [label, queries] of Object.entries(groups)) {
    let top = 0;
    let topFound = 0;
    let withMatches = 0;
    let bestMissing = 0;
    let likely = 0;
    let likelyAdmitted = 0;
    const admittedCounts: number[] = [];
    for (const raw of queries) {
      const request = prepareNameSearch(searchParamsOf(searchQuery.parse({ query: raw, matchType: 'likely' })));
      const similarity = (entry: NameEntry) =>
        isExactByKeys(entry, request.query) ? 0 : likelySimilarityAboveThreshold(entry, request.query);
      const all = visible
        .map((entry) => ({ id: entry.id, similarity: similarity(entry), name: entry.name, entry }))
        .filter((row) => row.similarity > LIKELY_THRESHOLD)
        .sort((a, b) => b.similarity - a.similarity || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      // The candidates a complete likely list would measure: every name the bounds admit.
      const admits = (entry: NameEntry) =>
        !isExactByKeys(entry, request.query) &&
        (request.query.foldsNames ? entry.foldedKeys : entry.exactKeys).some((key) =>
          request.query.keys.some((word) => likelyAdmits(key, word)),
        );
      const admitted = new Set(visible.filter(admits));
      admittedCounts.push(admitted.size);
      likely += all.length;
      likelyAdmitted += all.filter((row) => admitted.has(row.entry)).length;
      const truth = all.slice(0, TOP);
      if (truth.length === 0) continue;
      const candidates = new Set<string>();
      for (const pass of ['strict', 'relaxed'] as const) {
        const hits = (
          await engine.search<NameEntry>({ version: 'current', kind: 'names' }, compileLikely(request, pass))
        ).hits.hits;
        for (const hit of hits) candidates.add(hit._id!);
        // The relaxed pass is asked only when the strict one finds nothing (`likelyMatches`).
        if (hits.some((hit) => similarity(hit._source!) > LIKELY_THRESHOLD)) break;
      }
      withMatches++;
      top += truth.length;
      topFound += truth.filter((row) => candidates.has(row.id)).length;
      if (!candidates.has(truth[0]!.id)) bestMissing++;
    }
    line(
      `${label}: of the ${TOP} most similar names, among the candidates`,
      `${topFound} / ${top} (${((100 * topFound) / top).toFixed(1)} %)`,
    );
    line(`${label}: queries whose most similar name is no candidate`, `${bestMissing} / ${withMatches}`);
    admittedCounts.sort((a, b) => a - b);
    const at = (share: number) =>
      admittedCounts[Math.min(admittedCounts.length - 1, Math.floor(share * admittedCounts.length))];
    line(`${label}: names above ${LIKELY_THRESHOLD} the bounds admit`, `${likelyAdmitted} / ${likely}`, 'must be all');
    line(`${label}: names the bounds admit per query, median / p99 / max`, `${at(0.5)} / ${at(0.99)} / ${at(1)}`);
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
