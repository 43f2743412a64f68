/**
 * Which names can be likely matches of a query: a bound no name with a Jaro–Winkler similarity
 * above `LIKELY_THRESHOLD` can fail, from the lengths of the two keys, the characters they share
 * and their common leading letters. `npm run bench:recall` counts the names it admits: the
 * candidates a complete likely list has to measure (src/search/README.md, "Likely candidates").
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
 *    An index clause per p (the query's first p letters as a token, and per run of name lengths
 *    the tokens needed) would admit every likely name by the clause of its own p. The names
 *    index does not ask for that yet: it was measured too slow (src/search/README.md).
 *
 * The bound is taken with `≥` where the algebra says `>`, so a pair exactly at the bound, whose
 * similarity floating point may round above θ, is admitted too. The arithmetic is exact
 * (integers: θ in hundredths). The method is the length and character-frequency filtering of
 * bounded Jaro–Winkler search (Dreßler and Ngonga Ngomo, "Time-efficient execution of bounded
 * Jaro–Winkler distances"), with the prefix bonus split into five cases.
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

/**
 * Whether the bound admits a name key for a query key: the characters they share reach
 * `needShared` for their length and common leading letters. Every pair whose similarity passes
 * the threshold is admitted.
 *
 * @example likelyAdmits('KOTKAT', 'KOTKA') // true
 */
export function likelyAdmits(nameKey: string, queryKey: string): boolean {
  const [name, query] = [[...nameKey], [...queryKey]];
  let prefix = 0;
  while (prefix < MAX_PREFIX && prefix < name.length && prefix < query.length && name[prefix] === query[prefix])
    prefix++;
  const need = needShared(prefix, name.length, query.length);
  if (need === undefined) return false;
  const tokens = new Set(likelyCharTokens([nameKey]));
  let shared = 0;
  for (const token of likelyCharTokens([queryKey])) if (tokens.has(token)) shared++;
  return shared >= need;
}
