/**
 * Evaluates a parsed query into the set of matching documents and, when scores are needed, a
 * scorer: the only scores the subset produces are sums of constant boosts, computed the way
 * Lucene does (32-bit floats; a `bool` sums its `must` scores and its matching `should`
 * scores; `filter` and `must_not` add nothing; boosts multiply down the tree).
 */
import type { Bitset } from './bitset.ts';
import type { IndexData } from './index-data.ts';
import { matchLeaf } from './leaf-matcher.ts';
import { minimumShouldMatch } from './minimum-should-match.ts';
import type { BoolNode, QueryNode } from './query-ast.ts';

/** A constant score shared by every match, or a score per document. */
export type Scorer = number | ((doc: number) => number);

export interface Evaluation {
  /** The matching documents. Possibly shared: treat as read-only. */
  docs: Bitset;
  score: Scorer;
}

export function scoreOf(scorer: Scorer, doc: number): number {
  return typeof scorer === 'number' ? scorer : scorer(doc);
}

/**
 * @param scores whether scores are observable; when not, every score is 0.
 * @param boost the product of the boosts of the enclosing clauses.
 */
export function evaluate(node: QueryNode, index: IndexData, scores: boolean, boost = 1): Evaluation {
  switch (node.kind) {
    case 'match_all':
      return { docs: index.allDocs(), score: scores ? floatProduct(boost, node.boost) : 0 };
    case 'constant_score':
      return { docs: evaluate(node.filter, index, false).docs, score: scores ? floatProduct(boost, node.boost) : 0 };
    case 'bool':
      return evaluateBool(node, index, scores, boost);
    default:
      return { docs: matchLeaf(node, index), score: 0 };
  }
}

function floatProduct(a: number, b: number): number {
  return Math.fround(Math.fround(a) * Math.fround(b));
}

function evaluateBool(node: BoolNode, index: IndexData, scores: boolean, outerBoost: number): Evaluation {
  const clauseCount = node.must.length + node.filter.length + node.should.length + node.mustNot.length;
  if (clauseCount === 0) return { docs: index.allDocs(), score: scores ? floatProduct(outerBoost, node.boost) : 0 };
  const boost = node.boost === 1 ? outerBoost : floatProduct(outerBoost, node.boost);
  const must = node.must.map((clause) => evaluate(clause, index, scores, boost));
  const should = node.should.map((clause) => evaluate(clause, index, scores, boost));
  const required = [...must.map((e) => e.docs), ...node.filter.map((clause) => evaluate(clause, index, false).docs)];
  const excluded = node.mustNot.map((clause) => evaluate(clause, index, false).docs);
  const docs = combine(index, required, should.map((e) => e.docs), excluded, requiredShouldCount(node));
  return { docs, score: scores ? boolScorer(must, should) : 0 };
}

/**
 * Without `must` or `filter`, at least one `should` clause must match (Lucene's disjunction),
 * whatever `minimum_should_match` says; with them, `should` is optional unless it says more.
 */
function requiredShouldCount(node: BoolNode): number {
  const specified = node.minimumShouldMatch === undefined ? 0 : minimumShouldMatch(node.minimumShouldMatch, node.should.length);
  const hasRequired = node.must.length + node.filter.length > 0;
  return !hasRequired && node.should.length > 0 ? Math.max(1, specified) : specified;
}

function combine(index: IndexData, required: Bitset[], should: Bitset[], excluded: Bitset[], minShould: number): Bitset {
  if (minShould > should.length) return index.noDocs();
  const positive = minShould > 0 ? [...required, atLeast(index, should, minShould)] : required;
  if (positive.length === 1 && excluded.length === 0) return positive[0]!;
  const docs = (positive[0] ?? index.allDocs()).copy();
  for (const set of positive.slice(1)) docs.and(set);
  for (const set of excluded) docs.andNot(set);
  return docs;
}

/** Documents in at least `k` of the sets: `level[j]` holds those seen in more than `j` sets. */
function atLeast(index: IndexData, sets: Bitset[], k: number): Bitset {
  if (k === 1) return sets.reduce((union, set) => union.or(set), index.noDocs());
  const level = Array.from({ length: k }, () => index.noDocs());
  for (const set of sets) {
    for (let j = k - 1; j > 0; j--) level[j]!.or(level[j - 1]!.copy().and(set));
    level[0]!.or(set);
  }
  return level[k - 1]!;
}

/** `must` scores summed, plus the scores of the `should` clauses a document matches. */
function boolScorer(must: Evaluation[], should: Evaluation[]): Scorer {
  const required = sumScorer(must.map((e) => e.score));
  const optional = should.filter((e) => e.score !== 0);
  if (optional.length === 0) return required;
  return (doc) => {
    let sum = 0;
    for (const clause of optional) if (clause.docs.has(doc)) sum += scoreOf(clause.score, doc);
    return Math.fround(scoreOf(required, doc) + Math.fround(sum));
  };
}

function sumScorer(scorers: Scorer[]): Scorer {
  if (scorers.every((scorer) => typeof scorer === 'number')) {
    return Math.fround(scorers.reduce((sum, score) => sum + score, 0));
  }
  return (doc) => Math.fround(scorers.reduce((sum: number, scorer) => sum + scoreOf(scorer, doc), 0));
}
