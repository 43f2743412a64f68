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
 *
 * The truth is the independent brute force of `test/helpers/finbif-name-search.ts` (FinBIF's rules
 * written anew, nothing of `src/search/`), so a wrong rule in the service cannot count as found.
 * Names are compared as a taxon's literals: a literal listed in two languages is one name.
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
import { isExactByKeys } from '../src/search/match-kinds.ts';
import type { NameEntry } from '../src/search/name-entry.ts';
import {
  literalKey,
  REFERENCE_LIKELY_THRESHOLD,
  referenceLikelyNames,
  referenceNames,
  referenceQuery,
  referenceSimilarity,
} from '../test/helpers/finbif-name-search.ts';
import { queryMix } from './mixes.ts';
import { line, syntheticDataDirectory, tail } from './stats.ts';

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
  const rows = referenceNames(current.documents).filter((row) => !row.hidden);
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
      const all = referenceLikelyNames(rows, raw);
      // The candidates a complete likely list would measure: every name the bounds admit.
      const admits = (entry: NameEntry) =>
        !isExactByKeys(entry, request.query) &&
        (request.query.foldsNames ? entry.foldedKeys : entry.exactKeys).some((key) =>
          request.query.keys.some((word) => likelyAdmits(key, word)),
        );
      const admitted = new Set(visible.filter(admits).map((entry) => literalKey(entry.taxonId, entry.name)));
      admittedCounts.push(admitted.size);
      likely += all.length;
      likelyAdmitted += all.filter(({ row }) => admitted.has(literalKey(row.taxonId, row.name))).length;
      const truth = all.slice(0, TOP);
      if (truth.length === 0) continue;
      const candidates = new Set<string>();
      const q = referenceQuery(raw);
      for (const pass of ['strict', 'relaxed'] as const) {
        const hits = (
          await engine.search<NameEntry>({ version: 'current', kind: 'names' }, compileLikely(request, pass))
        ).hits.hits;
        for (const hit of hits) candidates.add(literalKey(hit._source!.taxonId, hit._source!.name));
        // The relaxed pass is asked only when the strict one finds nothing (`likelyMatches`).
        if (hits.some((hit) => referenceSimilarity(hit._source!.name, q) > REFERENCE_LIKELY_THRESHOLD)) break;
      }
      withMatches++;
      top += truth.length;
      const listed = ({ row }: (typeof truth)[number]) => candidates.has(literalKey(row.taxonId, row.name));
      topFound += truth.filter(listed).length;
      if (!listed(truth[0]!)) bestMissing++;
    }
    line(
      `${label}: of the ${TOP} most similar names, among the candidates`,
      `${topFound} / ${top} (${((100 * topFound) / top).toFixed(1)} %)`,
    );
    line(`${label}: queries whose most similar name is no candidate`, `${bestMissing} / ${withMatches}`);
    admittedCounts.sort((a, b) => a - b);
    const at = (share: number) =>
      admittedCounts[Math.min(admittedCounts.length - 1, Math.floor(share * admittedCounts.length))];
    line(
      `${label}: names above ${REFERENCE_LIKELY_THRESHOLD} the bounds admit`,
      `${likelyAdmitted} / ${likely}`,
      'must be all',
    );
    line(
      `${label}: names the bounds admit per query`,
      `median ${at(0.5)}, ${tail(admittedCounts, String)}, max ${at(1)}`,
    );
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
