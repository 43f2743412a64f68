/**
 * Scored `should` clauses with a minimum, all with the same constant score, scored as they are
 * counted: a document's counter is the number of clauses it matches, and its score that many
 * times the clause score.
 *
 * This is the shape of a similarity search that asks for documents sharing enough of a query's
 * n-grams, best first (`bool.should` of `constant_score` terms, `minimum_should_match`, sorted by
 * `_score`). Scoring the matches clause by clause afterwards costs the matches times the clauses
 * again; here the scores come with the count.
 */
import { DocList, gallop, lowerBound, type DocSet } from '../sets/doc-set.ts';
import { prefer } from './strategy.ts';
import type { Scratch } from '../sets/scratch.ts';

export interface Clause {
  docs: DocSet;
  count: number;
}

/** Scratch, like the lists it was counted in: valid during the search. */
export interface CountedShould {
  /** The documents at least `minimum` clauses match, ascending. */
  docs: Uint32Array;
  /** The sum of the scores of the clauses each of `docs` matches, as a 32-bit float. */
  scores: Float64Array;
}

/**
 * A document matching `minimum` of `n` clauses matches at least one of the `n - minimum + 1`
 * clauses with the fewest matches: only those are counted in full. The rest, from the least
 * common on, add to the candidates still able to reach the minimum: a bitset by probing it for
 * each candidate, a list by walking it or searching it for each candidate, whichever is cheaper.
 * The candidates stay in the order they were first counted (no full-width bitset to collect and
 * sort them): only those that reach the minimum, a few hundred of tens of thousands, are sorted.
 *
 * @param clauses each clause's matches and their number
 * @param weight the constant score every clause gives
 * @param minimum how many clauses a document must match (1 to their number, at most 255)
 */
export function countShould(
  clauses: readonly Clause[],
  weight: number,
  minimum: number,
  scratch: Scratch,
): CountedShould {
  const counts = scratch.counts();
  const byCount = [...clauses].sort((a, b) => a.count - b.count);
  const counted = byCount.length - minimum + 1;
  // Candidates in the order they are first counted; only the few that reach the minimum are sorted.
  let total = 0;
  for (let c = 0; c < counted; c++) total += byCount[c]!.count;
  let candidates = scratch.list(total);
  let n = 0;
  for (let c = 0; c < counted; c++) {
    const list = byCount[c]!.docs.toArray();
    for (let i = 0; i < list.length; i++) if (counts[list[i]!]!++ === 0) candidates[n++] = list[i]!;
  }
  for (let c = counted; c < byCount.length; c++) {
    // A candidate needs the rest of its clauses among this one and the ones after it.
    n = keepReachable(candidates, n, counts, minimum - (byCount.length - c));
    const { docs } = byCount[c]!;
    if (!(docs instanceof DocList)) {
      for (let i = 0; i < n; i++) if (docs.has(candidates[i]!)) counts[candidates[i]!]!++;
      continue;
    }
    const list = docs.docs;
    if (prefer(list.length, n * (1 + Math.log2(1 + list.length)))) {
      for (let i = 0; i < list.length; i++) if (counts[list[i]!]! > 0) counts[list[i]!]!++;
    } else {
      for (let i = 0; i < n; i++) {
        const doc = candidates[i]!;
        if (list[lowerBound(list, 0, list.length, doc)] === doc) counts[doc]!++;
      }
    }
  }
  n = keepReachable(candidates, n, counts, minimum);
  candidates = candidates.subarray(0, n).sort();
  // Lucene adds the clause scores one by one, as doubles, and keeps a float.
  const sums = [0];
  for (let k = 1; k <= clauses.length; k++) sums.push(sums[k - 1]! + weight);
  const scores = scratch.numbersOf(n);
  for (let i = 0; i < n; i++) {
    const doc = candidates[i]!;
    scores[i] = Math.fround(sums[counts[doc]!]!);
    counts[doc] = 0;
  }
  return { docs: candidates, scores };
}

/** Keeps the candidates counted at least `needed` times, in order; the others' counters go back to zero. */
function keepReachable(candidates: Uint32Array, n: number, counts: Uint8Array, needed: number): number {
  if (needed <= 1) return n;
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const doc = candidates[i]!;
    if (counts[doc]! >= needed) candidates[kept++] = doc;
    else counts[doc] = 0;
  }
  return kept;
}

/** The score of `doc` (a member of `counted.docs`). */
export function countedScore(counted: CountedShould, doc: number): number {
  const at = lowerBound(counted.docs, 0, counted.docs.length, doc);
  return counted.docs[at] === doc ? counted.scores[at]! : 0;
}

/** The scores of `members` (ascending, members of `counted.docs`) into `out`. */
export function countedScores(counted: CountedShould, members: Uint32Array, out: Float64Array): void {
  const { docs, scores } = counted;
  for (let i = 0, at = 0; i < members.length; i++) {
    at = gallop(docs, at, docs.length, members[i]!);
    out[i] = docs[at] === members[i] ? scores[at]! : 0;
  }
}
