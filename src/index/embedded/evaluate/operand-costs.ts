/** Cost constants of operand evaluation: rough nanoseconds on a current x86 core; only their ratios matter. */
/**
 * Per 32 documents: AND/OR/AND-NOT of two bitsets; clearing or copying one; counting one. A
 * full-width pass streams whole bitsets through the caches (62.5 KB each at 500,000 documents),
 * measured at about twice what the same loop costs on cache-resident words.
 */
export const WORD_OP = 0.8;
export const WORD_FILL = 0.1;
export const WORD_COUNT = 1.2;
/** Per document: setting or clearing its bit; testing a candidate against a bitset; one merge step. */
export const BIT_SET = 0.8;
export const PROBE = 1;
export const MERGE = 1;
/** Checking one document's own ordinals (doc values) against a range. */
export const DOC_VALUES = 2;
/** A list built from a bitset: a scan of the words and a step per member. */
export const EXTRACT = 2;
/** Per 32 documents and operand, a bitset's share of a combined pass (`Bitset.assignCombination`). */
export const WORD_FUSED = 0.5;
/** Bitsets at hand a combined pass takes, intersected and subtracted. */
export const FUSED_AND = 3;
export const FUSED_AND_NOT = 2;
/** Beyond this many posting lists a union is filtered as a whole, not list by list. */
export const MAX_FILTERED_RUNS = 32;

/** Cost of intersecting (or subtracting) sorted lists of `n` and `m` members, the shorter galloping through the longer. */
export function gallopCost(n: number, m: number): number {
  const small = Math.min(n, m);
  if (small === 0) return n;
  return small * (1 + 2 * Math.log2(1 + Math.max(n, m) / small)) + n * 0.2;
}

export const EMPTY = new Uint32Array(0);
