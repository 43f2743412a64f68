/**
 * Query DSL → `QueryNode`, for the compound clauses (`bool`, `constant_score`, `match_all`);
 * leaves are in `parse-leaf-query.ts`. Anything else throws an `UnsupportedQueryError` naming
 * the clause by its position, e.g. `query.bool.filter.match`.
 *
 * The context says whether a clause's score counts (top level, `must`, `should`) and whether
 * scores are needed at all (they are when hits are ordered by `_score`). A leaf whose score
 * would count is refused: Elasticsearch would score it with BM25, which the engine does not
 * compute. Wrap it in `filter` or `constant_score`, or sort by a field.
 */
import { checkKeys, expectRecord, fail, onlyEntry, readBoost, readList } from './dsl-reader.ts';
import { ownValue, type JsonRecord } from '../primitives/json.ts';
import { readMinimumShouldMatch } from './minimum-should-match.ts';
import { LEAF_PARSERS } from './parse-leaf-query.ts';
import type { BoolNode, QueryNode } from './query-ast.ts';

export interface ParseContext {
  /** Dotted position of the clause, for errors: `query.bool.must`. */
  path: string;
  /** The clause's score counts towards the document's score. */
  scoring: boolean;
  /** Hits are ordered (or shown) by score. */
  scoresNeeded: boolean;
}

type ClauseParser = (body: unknown, context: ParseContext) => QueryNode;

const COMPOUND_PARSERS: ReadonlyMap<string, ClauseParser> = new Map<string, ClauseParser>([
  ['bool', parseBool],
  ['constant_score', parseConstantScore],
  ['match_all', parseMatchAll],
]);

/**
 * Parses one query container.
 *
 * @example
 * parseQuery({ term: { taxonRank: 'MX.species' } }, { path: 'query', scoring: false, scoresNeeded: false })
 * // => { kind: 'terms', clause: 'query.term', field: 'taxonRank', values: ['MX.species'] }
 */
export function parseQuery(value: unknown, context: ParseContext): QueryNode {
  const [kind, body] = onlyEntry(expectRecord(value, context.path), context.path);
  const clause = `${context.path}.${kind}`;
  const compound = COMPOUND_PARSERS.get(kind);
  if (compound !== undefined) return compound(body, { ...context, path: clause });
  const leaf = LEAF_PARSERS.get(kind);
  if (leaf === undefined) return fail(clause);
  if (context.scoring && context.scoresNeeded) {
    fail(`scoring leaf query ${kind}`, `${clause}: its score would come from BM25; use filter or constant_score`);
  }
  return leaf(body, clause);
}

const BOOL_KEYS = ['must', 'filter', 'should', 'must_not', 'minimum_should_match', 'boost'];

function parseBool(body: unknown, context: ParseContext): BoolNode {
  const record = expectRecord(body, context.path);
  checkKeys(record, BOOL_KEYS, context.path);
  return {
    kind: 'bool',
    must: parseClauses(record, 'must', context, context.scoring),
    filter: parseClauses(record, 'filter', context, false),
    should: parseClauses(record, 'should', context, context.scoring),
    mustNot: parseClauses(record, 'must_not', context, false),
    minimumShouldMatch: readMinimumShouldMatch(record, context.path),
    boost: readBoost(record, context.path),
  };
}

function parseClauses(record: JsonRecord, key: string, context: ParseContext, scoring: boolean): QueryNode[] {
  const value = ownValue(record, key);
  if (value === undefined || value === null) return [];
  const clauseContext = { path: `${context.path}.${key}`, scoring, scoresNeeded: context.scoresNeeded };
  const clauses: QueryNode[] = [];
  for (const item of readList(value, clauseContext.path)) clauses.push(parseQuery(item, clauseContext));
  return clauses;
}

function parseConstantScore(body: unknown, context: ParseContext): QueryNode {
  const record = expectRecord(body, context.path);
  checkKeys(record, ['filter', 'boost'], context.path);
  const path = `${context.path}.filter`;
  const filter = ownValue(record, 'filter');
  if (filter === undefined) fail(path, 'required');
  return {
    kind: 'constant_score',
    filter: parseQuery(filter, { ...context, path, scoring: false }),
    boost: readBoost(record, context.path),
  };
}

function parseMatchAll(body: unknown, context: ParseContext): QueryNode {
  const record = expectRecord(body, context.path);
  checkKeys(record, ['boost'], context.path);
  return { kind: 'match_all', boost: readBoost(record, context.path) };
}
