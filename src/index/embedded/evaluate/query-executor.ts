/**
 * Evaluates a parsed query into the set of matching documents and, when scores are needed, a
 * scorer: the only scores the subset produces are sums of constant boosts, computed the way
 * Lucene does (32-bit floats; a `bool` sums its `must` scores and its matching `should`
 * scores; `filter` and `must_not` add nothing; boosts multiply down the tree).
 *
 * The tree becomes operands (`operands.ts`) whose sizes are known before anything is read; a
 * `bool` plans its conjunction from them, as sorted lists when it is selective and as bitsets
 * when it is dense. Working memory comes from `index.scratch`: results are valid until the
 * search releases it.
 */
import { DocList, gallop, type DocSet } from '../sets/doc-set.ts';
import type { IndexData } from '../build/index-data.ts';
import { matchLeaf } from './leaf-matcher.ts';
import {
  AllDocs,
  AtLeastOperand,
  BoolOperand,
  ListOperand,
  NoDocs,
  operandOfMatches,
  type Operand,
} from './operands.ts';
import { countedScore, countedScores, countShould } from './counted-should.ts';
import type { BoolNode, QueryNode } from '../request/query-ast.ts';
import type { Scratch } from '../sets/scratch.ts';

/** Counters are bytes: more clauses than this are counted the general way. */
const MAX_COUNTED_CLAUSES = 255;

/** A constant score shared by every match, or a score per document. */
export type Scorer = number | ((doc: number) => number);

export interface Evaluation {
  /** The matching documents. Possibly shared or scratch: read-only, valid during the search. */
  docs: DocSet;
  /** Their number, when known without counting. */
  count: number | undefined;
  score: Scorer;
}

export function scoreOf(scorer: Scorer, doc: number): number {
  return typeof scorer === 'number' ? scorer : scorer(doc);
}

/** Scorers that can also score many documents at once, clause by clause (`scoresOf`). */
const batchScorers = new WeakMap<(doc: number) => number, (members: Uint32Array, out: Float64Array) => void>();

/**
 * The score of each of `members` (ascending), as `scoreOf` gives it. A `bool` scores clause by
 * clause, walking each clause's matches beside the members, instead of looking every member up
 * in every clause: the difference when a sort by score reads tens of thousands of documents.
 */
export function scoresOf(scorer: Scorer, members: Uint32Array, scratch: Scratch): Float64Array {
  const out = scratch.numbersOf(members.length);
  if (typeof scorer === 'number') return out.fill(scorer);
  const batch = batchScorers.get(scorer);
  if (batch !== undefined) batch(members, out);
  else for (let i = 0; i < members.length; i++) out[i] = scorer(members[i]!);
  return out;
}

/** Adds the clause's score to `sums[i]` for each of `members` (ascending) it matches. */
function addClauseScores(clause: Evaluation, members: Uint32Array, sums: Float64Array): void {
  const { docs, score } = clause;
  if (docs instanceof DocList) {
    const list = docs.docs;
    for (let i = 0, at = 0; i < members.length; i++) {
      const doc = members[i]!;
      at = gallop(list, at, list.length, doc);
      if (at === list.length) break;
      if (list[at] === doc) sums[i]! += scoreOf(score, doc);
    }
  } else {
    for (let i = 0; i < members.length; i++) if (docs.has(members[i]!)) sums[i]! += scoreOf(score, members[i]!);
  }
}

/**
 * @param scores whether scores are observable; when not, every score is 0.
 * @param boost the product of the boosts of the enclosing clauses.
 */
export function evaluate(node: QueryNode, index: IndexData, scores: boolean, boost = 1): Evaluation {
  if (!scores) return { ...operandOf(node, index).matches(index.scratch), score: 0 };
  switch (node.kind) {
    case 'match_all':
      return { docs: index.allDocs(), count: index.docCount, score: floatProduct(boost, node.boost) };
    case 'constant_score':
      return { ...operandOf(node.filter, index).matches(index.scratch), score: floatProduct(boost, node.boost) };
    case 'bool':
      return evaluateScoredBool(node, index, boost);
    default:
      return { ...matchLeaf(node, index).matches(index.scratch), score: 0 };
  }
}

/** The operand of a clause in filter context (no scores). */
function operandOf(node: QueryNode, index: IndexData): Operand {
  switch (node.kind) {
    case 'match_all':
      return new AllDocs(index.allDocs());
    case 'constant_score':
      return operandOf(node.filter, index);
    case 'bool':
      return boolOperand(node, index, undefined);
    default:
      return matchLeaf(node, index);
  }
}

function operandsOf(clauses: readonly QueryNode[], index: IndexData): Operand[] {
  const operands: Operand[] = [];
  for (const clause of clauses) operands.push(operandOf(clause, index));
  return operands;
}

/** `scored`: the `must` and `should` clauses already evaluated, when their scores count. */
function boolOperand(
  node: BoolNode,
  index: IndexData,
  scored: { must: Operand[]; should: Operand[] } | undefined,
): Operand {
  if (node.must.length + node.filter.length + node.should.length + node.mustNot.length === 0)
    return new AllDocs(index.allDocs());
  // Every clause is looked up (and may be refused) before anything is skipped, in the order
  // must, should, filter, must_not.
  const required = scored?.must ?? operandsOf(node.must, index);
  const optional = scored?.should ?? operandsOf(node.should, index);
  for (const clause of node.filter) required.push(operandOf(clause, index));
  const excluded = operandsOf(node.mustNot, index);
  const minShould = requiredShouldCount(node);
  if (minShould > optional.length) return new NoDocs(index.docCount);
  if (minShould > 0) required.push(new AtLeastOperand(index.docCount, optional, minShould));
  return new BoolOperand(index.docCount, required, excluded, index.allDocs());
}

function floatProduct(a: number, b: number): number {
  return Math.fround(Math.fround(a) * Math.fround(b));
}

/** Scored clauses are evaluated first (their scorers need their matches); the rest plans as in filter context. */
function evaluateScoredBool(node: BoolNode, index: IndexData, outerBoost: number): Evaluation {
  const clauseCount = node.must.length + node.filter.length + node.should.length + node.mustNot.length;
  if (clauseCount === 0)
    return { docs: index.allDocs(), count: index.docCount, score: floatProduct(outerBoost, node.boost) };
  const boost = node.boost === 1 ? outerBoost : floatProduct(outerBoost, node.boost);
  const must = node.must.map((clause) => evaluate(clause, index, true, boost));
  const should = node.should.map((clause) => evaluate(clause, index, true, boost));
  const counted = countedShouldOf(node, must, should, index);
  if (counted !== undefined) return counted;
  const asOperands = (evaluations: Evaluation[]) => evaluations.map((e) => operandOfMatches(e, index.docCount));
  const matches = boolOperand(node, index, { must: asOperands(must), should: asOperands(should) }).matches(
    index.scratch,
  );
  return { ...matches, score: boolScorer(must, should, index.scratch) };
}

/**
 * A `bool` of `should` clauses with one constant score, a minimum and no `must` (a similarity
 * search by shared n-grams): its documents and scores come from one count over the clauses' matches
 * (`countShould`) instead of a count and then a lookup of every match in every clause.
 */
function countedShouldOf(
  node: BoolNode,
  must: Evaluation[],
  should: Evaluation[],
  index: IndexData,
): Evaluation | undefined {
  const minimum = requiredShouldCount(node);
  // A minimum above the number of clauses matches nothing: the general way says so.
  if (must.length > 0 || minimum < 1 || minimum > should.length || should.length > MAX_COUNTED_CLAUSES)
    return undefined;
  const [first] = should;
  if (first === undefined || should.some((clause) => typeof clause.score !== 'number' || clause.score !== first.score))
    return undefined;
  const clauses = should.map(({ docs, count }) => ({ docs, count: count ?? docs.count() }));
  const counted = countShould(clauses, first.score as number, minimum, index.scratch);
  const required: Operand[] = [new ListOperand(index.docCount, counted.docs)];
  for (const clause of node.filter) required.push(operandOf(clause, index));
  const matches = new BoolOperand(index.docCount, required, operandsOf(node.mustNot, index), index.allDocs()).matches(
    index.scratch,
  );
  const scorer = (doc: number) => countedScore(counted, doc);
  batchScorers.set(scorer, (members, out) => countedScores(counted, members, out));
  return { ...matches, score: scorer };
}

/**
 * Without `must` or `filter`, at least one `should` clause must match (Lucene's disjunction),
 * whatever `minimum_should_match` says; with them, `should` is optional unless it says more.
 */
function requiredShouldCount(node: BoolNode): number {
  const specified = node.minimumShouldMatch ?? 0;
  const hasRequired = node.must.length + node.filter.length > 0;
  return !hasRequired && node.should.length > 0 ? Math.max(1, specified) : specified;
}

/** `must` scores summed, plus the scores of the `should` clauses a document matches. */
function boolScorer(must: Evaluation[], should: Evaluation[], scratch: Scratch): Scorer {
  const required = sumScorer(must.map((e) => e.score));
  const optional = should.filter((e) => e.score !== 0);
  if (optional.length === 0) return required;
  const scorer = (doc: number) => {
    let sum = 0;
    for (const clause of optional) if (clause.docs.has(doc)) sum += scoreOf(clause.score, doc);
    return Math.fround(scoreOf(required, doc) + Math.fround(sum));
  };
  // The same sums, in the same clause order, for many documents at once.
  batchScorers.set(scorer, (members, out) => {
    const sums = scratch.numbersOf(members.length).fill(0);
    for (const clause of optional) addClauseScores(clause, members, sums);
    const base = scoresOf(required, members, scratch);
    for (let i = 0; i < members.length; i++) out[i] = Math.fround(base[i]! + Math.fround(sums[i]!));
  });
  return scorer;
}

function sumScorer(scorers: Scorer[]): Scorer {
  if (scorers.every((scorer) => typeof scorer === 'number')) {
    return Math.fround(scorers.reduce((sum, score) => sum + score, 0));
  }
  return (doc) => Math.fround(scorers.reduce((sum: number, scorer) => sum + scoreOf(scorer, doc), 0));
}
