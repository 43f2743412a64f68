/**
 * The searches of one index (`DocumentIndex`): a body planned, evaluated, ordered and paged, and
 * the hits and aggregations answered, with the caches that keep what later searches of the same
 * value reuse (README.md, "The query cache"): plans by body, matches by query, sort orders by
 * sort, and the order of a search's later pages. What it searches is fixed when it is made.
 */
import type { estypes } from '@elastic/elasticsearch';
import { LRUCache } from 'lru-cache';
import type { SearchBody, SearchResult } from '../engine.ts';
import type { IndexData } from './build/index-data.ts';
import { evaluate, scoreOf, type Scorer } from './evaluate/query-executor.ts';
import { pageInOrder, planOrder, type DocOrder } from './order/doc-order.ts';
import { SortOrderCache } from './order/sort-order.ts';
import { sortValuesOf } from './order/sort-values.ts';
import { exactJsonKey, ownValue, type JsonRecord } from './primitives/json.ts';
import { isRelevanceOrder } from './request/sort-spec.ts';
import type { SourceFilter, SourceFilters } from './respond/source-filter.ts';
import { runAggregations } from './respond/terms-aggregation.ts';
import { parseSearchBody, type SearchPlan, type TotalHitsTracking } from './search-request.ts';
import { Bitset } from './sets/bitset.ts';
import { asBitset, DocList, filterByBits, type DocSet } from './sets/doc-set.ts';
import type { Scratch } from './sets/scratch.ts';
import { ownValues, type VersionLayer } from './version-layer.ts';

const SHARDS = { total: 1, successful: 1, skipped: 0, failed: 0 };
/**
 * Later pages (`from` > 0) of a plain search whose matches are few next to the page's end (at
 * most this factor times `from + size`) keep the whole order, and the next pages are cut from
 * it: a reader paging through candidates (the name search does) pays for evaluation and
 * ordering about twice, not once per page. The last few such searches are kept.
 */
const CONTINUATION_FACTOR = 4;
const KEPT_CONTINUATIONS = 8;

/** All matches of a search in order, with their scores: what its later pages are cut from. */
interface Continuation {
  docs: Uint32Array;
  total: number;
  /** the score of each, in the same order; a number when all scores are one */
  scores: Float64Array | number;
  maxScore: number | null;
}
/**
 * The query cache, in the spirit of Lucene's `LRUQueryCache` and Elasticsearch's node query cache,
 * keyed by value: the plans of the last bodies (by their JSON text), and the matches of the last
 * queries that compute no scores (by the JSON text of the query), copied out of scratch memory: as
 * a sorted list or a bitset, whichever is smaller, counted in bytes. An index never changes, so
 * what is kept stays true for its life.
 */
const KEPT_PLANS = 512;
const KEPT_MATCHES_BYTES = 8 * 1024 * 1024;
const KEPT_MATCHES = 1024;

/** How often the query caches of this process's indices were asked, and found what was asked. */
export interface QueryCacheCounts {
  plans: { hits: number; misses: number };
  matches: { hits: number; misses: number };
}

const COUNTS: QueryCacheCounts = { plans: { hits: 0, misses: 0 }, matches: { hits: 0, misses: 0 } };

/** A copy of the counts so far, over every index of this process (the benchmarks print them). */
export function queryCacheCounts(): QueryCacheCounts {
  return { plans: { ...COUNTS.plans }, matches: { ...COUNTS.matches } };
}

/** A plan kept for its body, with the key of its query's matches when they can be kept. */
interface KeptPlan {
  plan: SearchPlan;
  matchesKey: string | undefined;
}

/** The matches of a query kept past its search: read-only, never scratch memory. */
interface KeptMatches {
  docs: DocSet;
  count: number;
}

export class Searcher<T extends object> {
  private readonly sortOrders = new SortOrderCache();
  private readonly continuations = new LRUCache<string, Continuation>({ max: KEPT_CONTINUATIONS });
  private readonly plans: LRUCache<string, KeptPlan> | undefined;
  private readonly matches: LRUCache<string, KeptMatches> | undefined;

  constructor(
    private readonly data: IndexData,
    /** each document's `_id`, by document number */
    private readonly ids: readonly string[],
    /** the hits' `_index` */
    private readonly name: string,
    private readonly sources: SourceFilters,
    /** a version's view of a shared index: its documents and own values */
    private readonly layer: VersionLayer | undefined,
    /** keep plans and matches (`DocumentIndexOptions.queryCache`) */
    queryCache: boolean,
  ) {
    if (queryCache) {
      this.plans = new LRUCache({ max: KEPT_PLANS });
      this.matches = new LRUCache({ max: KEPT_MATCHES, maxSize: KEPT_MATCHES_BYTES, sizeCalculation: matchesBytes });
    }
  }

  /** Executes a search body; throws `UnsupportedQueryError` for anything outside the subset. */
  search(body: SearchBody): SearchResult<T> {
    const started = performance.now();
    try {
      return this.execute(body, started);
    } finally {
      this.data.scratch.release();
    }
  }

  /** Everything evaluation hands on (scratch memory included) is used up before this returns. */
  private execute(body: SearchBody, started: number): SearchResult<T> {
    const { plan, matchesKey } = this.plan(body);
    const relevance = isRelevanceOrder(plan.sort);
    const key = continuationKey(body, plan);
    const kept = key === undefined ? undefined : this.continuations.get(key);
    if (kept !== undefined) return this.continued(kept, plan, relevance, started);
    const { docs, total, score } = this.matchesOf(plan, matchesKey);
    const order = plan.size > 0 ? planOrder(plan.sort, score, this.sortOrders, this.data.scratch) : undefined;
    const maxScore = order !== undefined && relevance && total > 0 ? topScore(docs, total, order, score) : null;
    // Ordering all matches costs about what ordering this page's does: keep it for the next pages.
    if (key !== undefined && order !== undefined && total <= CONTINUATION_FACTOR * (plan.from + plan.size)) {
      const all = Uint32Array.from(pageInOrder(docs, total, order, 0, total));
      const continuation: Continuation = { docs: all, total, scores: keptScores(all, score), maxScore };
      this.continuations.set(key, continuation);
      return this.continued(continuation, plan, relevance, started);
    }
    const page = order === undefined ? [] : this.page(plan, docs, total, order);
    const response = this.response(plan, page, total, maxScore, score, relevance, started);
    if (plan.aggregations.length > 0)
      response.aggregations = runAggregations(plan.aggregations, asBitset(docs), total, this.data);
    return response;
  }

  /** The plan of `body`: parsed, or kept from an earlier search of a body of the same value. */
  private plan(body: SearchBody): KeptPlan {
    const key = this.plans === undefined ? undefined : exactJsonKey(body);
    if (key === undefined) return { plan: parseSearchBody(body, this.data), matchesKey: undefined };
    let kept = this.plans!.get(key);
    COUNTS.plans[kept === undefined ? 'misses' : 'hits']++;
    if (kept === undefined) {
      const plan = parseSearchBody(body, this.data);
      const query = plan.scoresNeeded ? undefined : exactJsonKey(ownValue(body as JsonRecord, 'query') ?? null);
      kept = { plan, matchesKey: query };
      this.plans!.set(key, kept);
    }
    return kept;
  }

  /** The matches of the plan's query, evaluated or kept; kept ones are copied out of scratch memory. */
  private matchesOf(plan: SearchPlan, matchesKey: string | undefined): { docs: DocSet; total: number; score: Scorer } {
    const kept = matchesKey === undefined ? undefined : this.matches!.get(matchesKey);
    if (matchesKey !== undefined) COUNTS.matches[kept === undefined ? 'misses' : 'hits']++;
    if (kept !== undefined) return { docs: kept.docs, total: kept.count, score: 0 };
    const evaluated = evaluate(plan.query, this.data, plan.scoresNeeded);
    const { score } = evaluated;
    const { docs, total } =
      this.layer === undefined || this.layer.count === this.data.docCount
        ? { docs: evaluated.docs, total: evaluated.count ?? evaluated.docs.count() }
        : membersOf(evaluated.docs, this.layer.members, this.data.scratch);
    if (matchesKey !== undefined) this.matches!.set(matchesKey, { docs: keptCopy(docs, total), count: total });
    return { docs, total, score };
  }

  private continued(kept: Continuation, plan: SearchPlan, relevance: boolean, started: number): SearchResult<T> {
    const end = Math.min(kept.docs.length, plan.from + plan.size);
    const page = Array.from(kept.docs.subarray(plan.from, end));
    const { scores } = kept;
    let score: Scorer = typeof scores === 'number' ? scores : 0;
    if (typeof scores !== 'number') {
      const byDoc = new Map<number, number>();
      for (let i = plan.from; i < end; i++) byDoc.set(kept.docs[i]!, scores[i]!);
      score = (doc) => byDoc.get(doc) ?? 0;
    }
    return this.response(plan, page, kept.total, kept.maxScore, score, relevance, started);
  }

  private response(
    plan: SearchPlan,
    page: number[],
    total: number,
    maxScore: number | null,
    score: Scorer,
    relevance: boolean,
    started: number,
  ): SearchResult<T> {
    const compiled = this.sources.compile(plan.source);
    // A view whose per-version values are all stored ones (a single version) hands out the stored.
    const own = this.layer?.values;
    const source: SourceFilter =
      own === undefined || own.length === 0 ? compiled : (doc) => ownValues(this.layer, compiled(doc), doc);
    const hits = page.map((doc) => this.hit(doc, plan, source, score, relevance));
    return {
      took: Math.round(performance.now() - started),
      timed_out: false,
      _shards: { ...SHARDS },
      hits: { ...totalOf(total, plan.totalHits), max_score: maxScore, hits },
    };
  }

  private page(plan: SearchPlan, docs: DocSet, total: number, order: DocOrder): number[] {
    return pageInOrder(docs, total, order, plan.from, plan.size);
  }

  private hit(
    doc: number,
    plan: SearchPlan,
    filter: SourceFilter,
    score: Scorer,
    relevance: boolean,
  ): estypes.SearchHit<T> {
    const source = filter(doc) as T | undefined;
    // The common hit (a `_source`, sorted by fields) as one literal, its properties in place.
    if (source !== undefined && !relevance) {
      return {
        _index: this.name,
        _id: this.ids[doc]!,
        _score: null,
        _source: source,
        sort: sortValuesOf(plan.sort, doc, score),
      };
    }
    const hit: estypes.SearchHit<T> = {
      _index: this.name,
      _id: this.ids[doc]!,
      _score: relevance ? scoreOf(score, doc) : null,
    };
    if (source !== undefined) hit._source = source;
    if (!relevance) hit.sort = sortValuesOf(plan.sort, doc, score);
    return hit;
  }
}

/** The matches that are documents of a version's view, in scratch memory, and how many. */
function membersOf(docs: DocSet, members: Bitset, scratch: Scratch): { docs: DocSet; total: number } {
  if (docs instanceof Bitset) {
    const kept = scratch.copyOf(docs).and(members);
    return { docs: kept, total: kept.count() };
  }
  const listed = docs instanceof DocList ? docs.docs : docs.toArray();
  const out = scratch.list(listed.length);
  const total = filterByBits(listed, listed.length, out, true, members);
  return { docs: new DocList(docs.size, out.subarray(0, total)), total };
}

/** The matches as the smaller of a sorted list and a bitset, sharing no memory with the search. */
function keptCopy(docs: DocSet, count: number): DocSet {
  if (count > (docs.size + 31) >>> 5)
    return docs instanceof Bitset ? docs.copy() : Bitset.of(docs.size, docs.toArray());
  return new DocList(docs.size, docs instanceof DocList ? docs.docs.slice() : docs.toArray());
}

function matchesBytes(kept: KeptMatches): number {
  return 64 + (kept.docs instanceof Bitset ? kept.docs.words.byteLength : 4 * kept.count);
}

/** The key a later page of `body` is kept by (the body without `from` and `size`), if it can be. */
function continuationKey(body: SearchBody, plan: SearchPlan): string | undefined {
  if (plan.from === 0 || plan.size === 0 || plan.aggregations.length > 0) return undefined;
  const { from, size, ...rest } = body;
  return JSON.stringify(rest);
}

/** The scores of `docs` in their order, kept past the search whose scratch memory computed them. */
function keptScores(docs: Uint32Array, score: Scorer): Float64Array | number {
  if (typeof score === 'number') return score;
  return Float64Array.from(docs, (doc) => scoreOf(score, doc));
}

function topScore(docs: DocSet, total: number, order: DocOrder, score: Scorer): number {
  if (typeof score === 'number') return score;
  const [top] = pageInOrder(docs, total, order, 0, 1);
  return top === undefined ? 0 : scoreOf(score, top);
}

function totalOf(total: number, tracking: TotalHitsTracking): { total?: estypes.SearchTotalHits } {
  if (tracking.kind === 'none') return {};
  if (tracking.kind === 'exact' || total <= tracking.limit) return { total: { value: total, relation: 'eq' } };
  return { total: { value: tracking.limit, relation: 'gte' } };
}
