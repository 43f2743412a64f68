import type { BoolQuery, Query } from '../../index/search-body.ts';
import type { AndNode, FilterNode } from './types.ts';

export function build(clauses: FilterNode[]): AndNode {
  return { kind: 'and', clauses };
}

/**
 * Positive clauses go to `filter` (they never score and Elasticsearch caches them), negated
 * ones to `must_not`, which keeps documents that lack the field. Nested ANDs are flattened and
 * an empty AND matches everything.
 */
export function compile(node: AndNode, compileChild: (child: FilterNode) => Query): Query {
  const filter: Query[] = [];
  const mustNot: Query[] = [];
  const visit = (clause: FilterNode): void => {
    if (clause.kind === 'and') clause.clauses.forEach(visit);
    else if (clause.kind === 'not') mustNot.push(compileChild(clause.clause));
    else filter.push(compileChild(clause));
  };
  node.clauses.forEach(visit);
  if (filter.length === 0 && mustNot.length === 0) return { match_all: {} };
  const bool: BoolQuery = {};
  if (filter.length > 0) bool.filter = filter;
  if (mustNot.length > 0) bool.must_not = mustNot;
  return { bool };
}

export function print(node: AndNode, printChild: (child: FilterNode) => string): string {
  return node.clauses.length === 0 ? '*' : node.clauses.map(printChild).join(' AND ');
}
