/**
 * The Query DSL subset both engines execute, as types: exactly what `src/query` emits
 * (docs/engine-contract.md). A request body outside these types does not compile; one built
 * around them (a cast) is refused by the embedded engine, which names the clause.
 */

/** A term's value: keywords as strings, numbers, booleans. */
export type TermValue = string | number | boolean;

/** One field and its value, e.g. `{ taxonRank: 'MX.species' }`. */
type OnField<T> = Record<string, T>;

export type Query =
  | { match_all: { boost?: number } }
  | { bool: BoolQuery }
  | { constant_score: { filter: Query; boost?: number } }
  | { term: OnField<TermValue> }
  | { terms: OnField<TermValue[]> }
  | { ids: { values: string[] } }
  | { exists: { field: string } }
  | { prefix: OnField<{ value: string }> }
  /** Only a literal prefix (with `*`, `?` and `\` escaped) followed by `?*`. */
  | { wildcard: OnField<{ value: string }> }
  /** Numbers only, bounds included; `null` or absent is open. */
  | { range: OnField<{ gte?: number | null; lte?: number | null }> };

export interface BoolQuery {
  must?: Query | Query[];
  filter?: Query | Query[];
  should?: Query | Query[];
  must_not?: Query | Query[];
  /** A count of `should` clauses, never a percentage or a negative count. */
  minimum_should_match?: number;
  boost?: number;
}

export type SortOrder = 'asc' | 'desc';

/** `"field"`, `{ field: "desc" }`, `{ field: { order, missing } }`, `_score`, `_doc`. */
export type SortClause = string | OnField<SortOrder | { order?: SortOrder; missing?: '_last' | '_first' }>;

/** `_source` filtering: on, off, patterns kept, or patterns kept and dropped. */
export type SourceOption = boolean | string | string[] | { includes?: string[]; excludes?: string[] };

/** The one aggregation: documents per term, the `size` commonest first, nested by `aggs`. */
export interface TermsAggregation {
  terms: { field: string; size?: number };
  aggs?: Record<string, TermsAggregation>;
}

export interface SearchBody {
  query?: Query;
  sort?: SortClause | SortClause[];
  from?: number;
  size?: number;
  /** `true` counts exactly, `false` reports no total; absent, counted up to 10,000. */
  track_total_hits?: boolean;
  _source?: SourceOption;
  aggs?: Record<string, TermsAggregation>;
}
