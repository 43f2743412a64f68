/**
 * The request mixes the benchmarks measure, shared so that every engine is timed on the same
 * requests: the browse mix (filtered pages, nested aggregations; `bench/taxa.ts`), the name
 * search mix (typed prefixes, infixes, typos, ids; `bench/search.ts`) and pages of change records
 * (`bench/elasticsearch.ts`).
 */
import { searchParamsOf } from '../src/http/routes/search.ts';
import { searchQuery } from '../src/http/schemas/search.ts';
import { parseAggregateBy } from '../src/query/aggregate.ts';
import { parseFilterBody } from '../src/query/filter-body.ts';
import { compileChangesPage } from '../src/query/changes-request.ts';
import { and } from '../src/query/nodes/index.ts';
import { compileTaxaAggregate, compileTaxaPage } from '../src/query/taxa-request.ts';
import type { NameEntry } from '../src/search/name-entry.ts';
import type { createSearchService } from '../src/service/search-service.ts';

/** Three filters over the kind of fields analysts combine, varied so no answer is cached. */
const STATUSES = [['MX.iucnLC'], ['MX.iucnNT', 'MX.iucnVU'], ['MX.iucnEN', 'MX.iucnCR'], ['MX.iucnDD']];

const SCOPE = { checklist: ['MR.1'], includeHidden: false };

/** POST /taxa filter bodies with three filters: each informal group with each red-list status set. */
export function filterBodies(groups: string[]) {
  return groups.flatMap((group) =>
    STATUSES.map((status) => ({
      informalTaxonGroups: group,
      'latestRedListStatusFinland.status': status,
      finnish: true,
    })),
  );
}

/** The filtered page of each body: taxonomic sort, page size 20, pages 1 to 3 in turn. */
export function filteredPages(bodies: object[]) {
  return bodies.map((body, i) =>
    compileTaxaPage({
      filter: parseFilterBody(body),
      scope: SCOPE,
      sort: { field: 'taxonomic', direction: 'asc' },
      page: 1 + (i % 3),
      pageSize: 20,
      fields: {},
    }),
  );
}

/** Nested aggregations (informal group, then red-list status) over four negated status filters. */
export function nestedAggregations() {
  const specs = parseAggregateBy('informalTaxonGroups,latestRedListStatusFinland.status');
  return STATUSES.map((status) =>
    compileTaxaAggregate(
      parseFilterBody({ 'latestRedListStatusFinland.status': ['!MX.iucnLC', ...status.slice(1)] }),
      SCOPE,
      specs,
      10,
    ),
  );
}

/**
 * Pages 1 to 3 of the change records from `since` into the version searched, page size 20, as
 * `/taxa/changes?from=<since>&to=<version>&page=…` asks without a filter body.
 */
export function changesPages(since: string) {
  return [1, 2, 3].map((page) => compileChangesPage({ scope: { since }, filter: and.build([]), page, pageSize: 20 }));
}

/** A small deterministic generator for the query mix. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface QueryMix {
  prefix: string[];
  infix: string[];
  typo: string[];
  id: string[];
}

/**
 * `count` queries of each kind drawn from the names of `entries`, the same for the same entries
 * and `seed`.
 */
export function queryMix(entries: readonly Pick<NameEntry, 'name' | 'taxonId'>[], count: number, seed = 7): QueryMix {
  const next = random(seed);
  const pick = () => entries[Math.floor(next() * entries.length)]!;
  const mix: QueryMix = { prefix: [], infix: [], typo: [], id: [] };
  while (mix.prefix.length < count) {
    const name = pick().name;
    for (let n = 2; n <= Math.min(name.length, 10); n++) mix.prefix.push(name.slice(0, n));
  }
  while (mix.infix.length < count) {
    const name = pick().name;
    if (name.length < 8) continue;
    const start = 1 + Math.floor(next() * (name.length - 6));
    mix.infix.push(name.slice(start, start + 4 + Math.floor(next() * 3)));
  }
  const letters = 'abcdefghijklmnoprstuvyäö';
  while (mix.typo.length < count) {
    const name = pick().name;
    if (name.length < 8) continue;
    const at = 1 + Math.floor(next() * (name.length - 2));
    mix.typo.push(name.slice(0, at) + letters[Math.floor(next() * letters.length)] + name.slice(at + 1));
  }
  while (mix.id.length < count) mix.id.push(pick().taxonId);
  return { ...mix, prefix: mix.prefix.slice(0, count) };
}

/** A typed prefix, an infix and a typo in turn, `count` queries in all (`count` ≤ 3 × the mix's count). */
export function interleaved(mix: QueryMix, count: number): string[] {
  const kinds = [mix.prefix, mix.infix, mix.typo];
  return Array.from({ length: count }, (_, i) => kinds[i % 3]![Math.floor(i / 3)]!);
}

/** The name search cases timed per match type: a label, its queries and the `matchType` asked. */
export function nameSearchCases(mix: QueryMix): { label: string; queries: string[]; matchType?: string }[] {
  return [
    { label: 'exact', queries: mix.prefix, matchType: 'exact' },
    { label: 'partial', queries: [...mix.prefix, ...mix.infix], matchType: 'partial' },
    { label: 'likely', queries: mix.typo, matchType: 'likely' },
    { label: 'ids', queries: mix.id },
    { label: 'all', queries: [...mix.prefix, ...mix.infix, ...mix.typo, ...mix.id] },
  ];
}

/** A function searching `query` in the current version as `/taxa/search?query=…&matchType=…` would. */
export function nameSearch(search: ReturnType<typeof createSearchService>, matchType?: string) {
  return (query: string) =>
    search.search('current', searchParamsOf(searchQuery.parse({ query, ...(matchType ? { matchType } : {}) })));
}
