/**
 * A repeated mix as a field form and a browsing page send it, over HTTP to a served instance: few
 * requests are asked often and many rarely (a Zipf law over each family's distinct requests), in
 * an order fixed by a seed. Families: typed prefixes of names (autocomplete), filtered pages
 * (`POST /taxa`, pages 1 to 3), taxa by id, children of a taxon, aggregations. The requests are
 * made from the data served (its ids and names), so any data directory will do.
 *
 * Each answer's `X-Cache` header (`src/http/plugins/answer-cache.ts`) says whether it was kept:
 * the hit rate is counted per family where the service runs.
 */
import { Random } from '../generate/random.ts';
import { filterBodies } from './mixes.ts';
import { line, percentile } from './stats.ts';

interface MixRequest {
  family: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

async function json(base: string, path: string): Promise<{ results: Record<string, unknown>[] }> {
  const response = await fetch(`${base}${path}`);
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as { results: Record<string, unknown>[] };
}

/** The distinct requests of each family, from the data served at `base`. */
async function familiesOf(base: string): Promise<Record<string, MixRequest[]>> {
  const taxa = (await json(base, '/taxa?pageSize=1000&selectedFields=id,scientificName,informalTaxonGroups')).results;
  const ids = taxa.map((taxon) => String(taxon.id));
  const names = [...new Set(taxa.map((taxon) => String(taxon.scientificName ?? '')).filter((name) => name.length > 5))];
  const groups = [...new Set(taxa.flatMap((taxon) => (taxon.informalTaxonGroups as string[] | undefined) ?? []))];
  const prefixes = [...new Set(names.slice(0, 300).flatMap((name) => [2, 3, 4, 5].map((n) => name.slice(0, n))))];
  const get = (family: string, path: string): MixRequest => ({ family, method: 'GET', path });
  return {
    autocomplete: prefixes.map((prefix) =>
      get('autocomplete', `/autocomplete/taxa?query=${encodeURIComponent(prefix)}`),
    ),
    'filtered page': filterBodies(groups.slice(0, 20)).flatMap((body) =>
      [1, 2, 3].map((page) => ({
        family: 'filtered page',
        method: 'POST' as const,
        path: `/taxa?page=${page}&pageSize=20&sortOrder=taxonomic&selectedFields=id,scientificName,vernacularName`,
        body: JSON.stringify(body),
      })),
    ),
    taxon: ids.slice(0, 500).map((id) => get('taxon', `/taxa/${id}`)),
    children: ids.slice(0, 200).map((id) => get('children', `/taxa/${id}/children`)),
    aggregation: groups
      .slice(0, 20)
      .map((group) =>
        get('aggregation', `/taxa/aggregate?aggregateBy=taxonRank&informalTaxonGroups=${encodeURIComponent(group)}`),
      ),
  };
}

/**
 * `count` requests drawn from the families, each family as often as the field traffic asks it,
 * and within a family by a Zipf law (weight 1/rank).
 */
function mixOf(families: Record<string, MixRequest[]>, count: number, seed: number): MixRequest[] {
  const random = new Random(seed);
  const share: Record<string, number> = {
    autocomplete: 0.5,
    'filtered page': 0.2,
    taxon: 0.15,
    children: 0.1,
    aggregation: 0.05,
  };
  const byFamily = Object.entries(families).map(
    ([family, requests]) =>
      [requests.map((request, rank) => [request, 1 / (rank + 1)] as const), share[family] ?? 0] as const,
  );
  const mix: MixRequest[] = [];
  for (let i = 0; i < count; i++) mix.push(random.weighted(random.weighted(byFamily)));
  return mix;
}

export interface ServedMixFigures {
  requestsPerSecond: number;
  hitShare: number;
}

/**
 * Sends the mix (`count` requests, `connections` at a time) to `base` and prints its throughput,
 * latency and hit rates under `label`.
 */
export async function servedMix(
  base: string,
  label: string,
  { count = 20_000, connections = 16, seed = 1 } = {},
): Promise<ServedMixFigures> {
  const mix = mixOf(await familiesOf(base), count, seed);
  const latencies: number[] = [];
  const hits = new Map<string, { hits: number; asked: number }>();
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < mix.length) {
      const request = mix[next++]!;
      const sent = performance.now();
      const response = await fetch(`${base}${request.path}`, {
        method: request.method,
        ...(request.body === undefined ? {} : { body: request.body, headers: { 'content-type': 'application/json' } }),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      if (response.status !== 200) throw new Error(`${request.method} ${request.path}: ${response.status}`);
      const family = hits.get(request.family) ?? { hits: 0, asked: 0 };
      family.asked++;
      if (response.headers.get('x-cache') === 'HIT') family.hits++;
      hits.set(request.family, family);
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const all = [...hits.values()].reduce((sum, f) => ({ hits: sum.hits + f.hits, asked: sum.asked + f.asked }), {
    hits: 0,
    asked: 0,
  });
  const percent = (f: { hits: number; asked: number }) => `${((100 * f.hits) / f.asked).toFixed(1)} %`;
  const requestsPerSecond = mix.length / seconds;
  line(`${label}: repeated mix, ${mix.length} requests`, `${requestsPerSecond.toFixed(0)} req/s`);
  line(
    `${label}: repeated mix, p50 / p99`,
    `${percentile(latencies, 50).toFixed(2)} ms / ${percentile(latencies, 99).toFixed(2)} ms`,
  );
  line(
    `${label}: repeated mix, answers kept`,
    `${percent(all)} (${[...hits].map(([family, f]) => `${family} ${percent(f)}`).join(', ')})`,
  );
  return { requestsPerSecond, hitShare: all.hits / all.asked };
}
