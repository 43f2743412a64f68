/**
 * A search body → `SearchPlan`, checking every option; anything the subset lacks (`highlight`,
 * `post_filter`, `search_after`, `collapse`, ...) is refused by name.
 */
import type { SearchBody } from '../engine.ts';
import { readSubAggregations, type TermsAggregationSpec } from './request/aggregation-spec.ts';
import { expectRecord, fail } from './request/dsl-reader.ts';
import type { IndexData } from './build/index-data.ts';
import { ownValue, type JsonRecord } from './primitives/json.ts';
import { parseQuery } from './request/parse-query.ts';
import type { QueryNode } from './request/query-ast.ts';
import { parseSource, type SourceSpec } from './respond/source-filter.ts';
import { parseSort, sortsByScore, type SortKey } from './request/sort-spec.ts';

/**
 * `track_total_hits`: `true` counts exactly, `false` reports no total; absent, the total is
 * counted up to Elasticsearch's default bound. A bound of one's own is refused.
 */
export type TotalHitsTracking = { kind: 'exact' } | { kind: 'upTo'; limit: number } | { kind: 'none' };

export interface SearchPlan {
  query: QueryNode;
  sort: SortKey[];
  from: number;
  size: number;
  totalHits: TotalHitsTracking;
  source: SourceSpec;
  aggregations: TermsAggregationSpec[];
  /** Scores are observable: there are hits and they are ordered by, or show, `_score`. */
  scoresNeeded: boolean;
}

const BODY_KEYS = ['query', 'sort', 'from', 'size', 'track_total_hits', '_source', 'aggs'];
const DEFAULT_SIZE = 10;
const DEFAULT_TOTAL_HITS_LIMIT = 10_000;

export function parseSearchBody(body: SearchBody, index: IndexData): SearchPlan {
  const record = expectRecord(body, 'body');
  for (const key of Object.keys(record)) if (!BODY_KEYS.includes(key)) fail(key);
  const from = readOffset(record, 'from', 0);
  const size = readOffset(record, 'size', DEFAULT_SIZE);
  const sort = parseSort(ownValue(record, 'sort'), index);
  const scoresNeeded = size > 0 && sortsByScore(sort);
  const query = ownValue(record, 'query');
  return {
    query:
      query === undefined
        ? { kind: 'match_all', boost: 1 }
        : parseQuery(query, { path: 'query', scoring: true, scoresNeeded }),
    sort,
    from,
    size,
    totalHits: readTotalHitsTracking(ownValue(record, 'track_total_hits')),
    source: parseSource(ownValue(record, '_source')),
    aggregations: readSubAggregations(record, ''),
    scoresNeeded,
  };
}

function readOffset(record: JsonRecord, key: string, fallback: number): number {
  const value = ownValue(record, key);
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    fail(key, 'expected a non-negative integer');
  return value;
}

function readTotalHitsTracking(value: unknown): TotalHitsTracking {
  if (value === undefined || value === null) return { kind: 'upTo', limit: DEFAULT_TOTAL_HITS_LIMIT };
  if (value === true) return { kind: 'exact' };
  if (value === false) return { kind: 'none' };
  return fail('track_total_hits', 'expected a boolean');
}
