/**
 * Which names can be likely matches of a query: bounds that no name with a Jaro–Winkler
 * similarity above `LIKELY_THRESHOLD` can fail, as index tokens and the clauses that ask for them.
 * The index hands over every name the bounds admit (a superset of the likely names, never a
 * share of them), and the search measures each (`likelySimilarityAboveThreshold`).
 *
 * The argument, for a query key q of Q code points and a name key s of L:
 *
 * 1. Jaro–Winkler is JW = J + 0.1 p (1 − J), p the common prefix counted up to 4. So
 *    JW > θ exactly when J > T(p) = (θ − 0.1 p) / (1 − 0.1 p): 0.88, 0.867, 0.85, 0.829, 0.8
 *    for p = 0…4 at θ = 0.88.
 * 2. J = (m/L + m/Q + (m − t)/m) / 3 for m matched characters and t half-transpositions, so
 *    J ≤ (m/L + m/Q + 1) / 3, and J > T(p) needs m (1/L + 1/Q) > 3 T(p) − 1.
 * 3. Each matched pair is two equal characters, each used at most once, so m is at most the
 *    characters the two strings share as multisets: c = Σ over characters of the smaller of its
 *    counts in s and in q. Hence c (1/L + 1/Q) > 3 T(p) − 1 (with c ≤ min(L, Q)).
 * 4. c is countable in an index: a key's character tokens are `A1`, `A2`, … for its first,
 *    second, … `A` (`likelyCharTokens`), and c is the number of the query's tokens a name has.
 *    Its first 1–4 letters are tokens too (`likelyStartTokens`).
 * 5. A name whose key shares exactly p ≤ 4 leading letters with q passes the clause of level p:
 *    its first p letters are the query's and it has at least `needShared(p, L, Q)` of the
 *    query's tokens. Clauses of lower levels ask for no more letters but more shared tokens, so
 *    the union of the five levels holds every likely name, whatever its prefix.
 *
 * The tokens and lengths of all of a name's keys (strict, folded and hybrid forms) are indexed
 * together, so a clause can be met by parts of different keys: that only adds candidates. The
 * bound is taken with `≥` where the algebra says `>`, so a pair exactly at the bound, whose
 * similarity floating point may round above θ, is a candidate too. The arithmetic is exact
 * (integers: θ in hundredths).
 *
 * The method is the length and character-frequency filtering of bounded Jaro–Winkler search
 * (Dreßler and Ngonga Ngomo, "Time-efficient execution of bounded Jaro–Winkler distances"),
 * with the prefix bonus split into five cases.
 */
import { LIKELY_THRESHOLD } from './match-kinds.ts';

/** The Winkler bonus counts up to this many common leading letters. */
export const MAX_PREFIX = 4;

/** θ in hundredths: the bounds are worked out in integers. */
const THRESHOLD_HUNDREDTHS = Math.round(LIKELY_THRESHOLD * 100);

/**
 * The fewest tokens a name key of `nameLength` code points must share with a query key of
 * `queryLength` when they share `prefix` leading letters, or undefined when no such name can be
 * likely (more than either string has). Step 3 with 3 T(p) − 1 = (3θ − 1 − 0.2 p) / (1 − 0.1 p),
 * in hundredths: c (L + Q) (100 − 10 p) ≥ (3θ − 100 − 20 p) L Q.
 *
 * @example needShared(0, 10, 10) // 9: a ten-letter name must share nine of a ten-letter query's letters
 */
export function needShared(prefix: number, nameLength: number, queryLength: number): number | undefined {
  // 3 T(p) − 1 = (3θ − 100 − 20p) / (100 − 10p), θ and the bonus in hundredths.
  const numerator = 3 * THRESHOLD_HUNDREDTHS - 100 - 20 * prefix;
  const denominator = 100 - 10 * prefix;
  const product = nameLength * queryLength;
  const need = Math.max(1, Math.ceil((numerator * product) / (denominator * (nameLength + queryLength))));
  return need <= Math.min(nameLength, queryLength) ? need : undefined;
}

/** A run of name lengths that need the same number of shared tokens. */
export interface LengthGroup {
  /** name key lengths, inclusive */
  gte: number;
  lte: number;
  /** tokens of the query the name must have */
  shared: number;
}

/** One level of the union: names starting with `start` (any name for level 0), by length. */
export interface LikelyLevel {
  prefix: number;
  /** the query key's first `prefix` letters; absent for level 0 */
  start?: string;
  groups: LengthGroup[];
}

/**
 * The clauses of step 5 for one query key: per level, the name lengths that can be likely and
 * the shared tokens each needs. `needShared` grows with the name length, so equal needs are
 * runs of lengths.
 *
 * @example likelyLevels('KOTKA')[4] // { prefix: 4, start: 'KOTK', groups: [{ gte: 3, lte: 3, shared: 3 }, …] }
 */
export function likelyLevels(queryKey: string): LikelyLevel[] {
  const letters = [...queryKey];
  const queryLength = letters.length;
  const levels: LikelyLevel[] = [];
  for (let prefix = 0; prefix <= Math.min(MAX_PREFIX, queryLength); prefix++) {
    const groups: LengthGroup[] = [];
    // c ≤ Q and c (1/L + 1/Q) > 1.4 at the weakest level bound L below 2.5 Q.
    for (let length = Math.max(1, prefix); length <= 3 * queryLength; length++) {
      const shared = needShared(prefix, length, queryLength);
      if (shared === undefined) {
        if (length >= queryLength) break;
        continue;
      }
      const last = groups.at(-1);
      if (last !== undefined && last.shared === shared && last.lte === length - 1) last.lte = length;
      else groups.push({ gte: length, lte: length, shared });
    }
    if (groups.length === 0) continue;
    levels.push(prefix === 0 ? { prefix, groups } : { prefix, start: letters.slice(0, prefix).join(''), groups });
  }
  return levels;
}

/**
 * A key's character tokens: the n-th occurrence of a character is that character then n
 * (`KOTKA` → `K1 O1 T1 K2 A1`). The tokens two keys share count the characters they share as
 * multisets. Distinct over all the keys given.
 */
export function likelyCharTokens(keys: readonly string[]): string[] {
  const tokens = new Set<string>();
  const seen = new Map<string, number>();
  for (const key of keys) {
    seen.clear();
    for (const letter of key) {
      const n = (seen.get(letter) ?? 0) + 1;
      seen.set(letter, n);
      tokens.add(`${letter}${n}`);
    }
  }
  return [...tokens];
}

/** The first one to four letters of each key, distinct: the prefix levels' tokens. */
export function likelyStartTokens(keys: readonly string[]): string[] {
  const tokens = new Set<string>();
  for (const key of keys) {
    const letters = [...key.slice(0, 2 * MAX_PREFIX)];
    for (let n = 1; n <= Math.min(MAX_PREFIX, letters.length); n++) tokens.add(letters.slice(0, n).join(''));
  }
  return [...tokens];
}
