/**
 * Jaro–Winkler similarity (prefix scale 0.1, common prefix counted up to 4, no boost threshold).
 *
 * The search compares code points. FinBIF's Oracle `UTL_MATCH.JARO_WINKLER` evidently compares
 * the UTF-8 bytes of the strings: its `susiåpus` / `susi` similarity of 0.889 is what the byte
 * form gives (`SUSIÅPUS` is 9 bytes), where the code-point form gives 0.9. `encoding: 'utf8'`
 * reproduces it; it is there to explain FinBIF's numbers, not to be used by the search.
 */

export interface JaroWinklerOptions {
  /** What a "character" is: a Unicode code point (default) or a UTF-8 byte (Oracle's way). */
  encoding?: 'code-points' | 'utf8';
}

const PREFIX_SCALE = 0.1;
const MAX_PREFIX = 4;
const utf8 = new TextEncoder();

/**
 * Jaro–Winkler similarity of two strings, from 0 (nothing in common) to 1 (equal).
 *
 * @example jaroWinkler('MARTHA', 'MARHTA') // 0.9611…
 */
export function jaroWinkler(a: string, b: string, options: JaroWinklerOptions = {}): number {
  const [x, y] = options.encoding === 'utf8' ? [utf8.encode(a), utf8.encode(b)] : [codePoints(a), codePoints(b)];
  const similarity = jaro(x, y);
  return similarity + commonPrefix(x, y) * PREFIX_SCALE * (1 - similarity);
}

/** Jaro similarity of two sequences of character codes. */
export function jaro(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched = new Uint8Array(a.length);
  const bMatched = new Uint8Array(b.length);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const end = Math.min(b.length - 1, i + window);
    for (let j = Math.max(0, i - window); j <= end; j++) {
      if (bMatched[j] === 1 || a[i] !== b[j]) continue;
      aMatched[i] = 1;
      bMatched[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  const transpositions = countTranspositions(a, aMatched, b, bMatched) / 2;
  return (matches / a.length + matches / b.length + (matches - transpositions) / matches) / 3;
}

/** Matched characters that are out of order between the two strings (each pair counted twice). */
function countTranspositions(
  a: ArrayLike<number>,
  aMatched: Uint8Array,
  b: ArrayLike<number>,
  bMatched: Uint8Array,
): number {
  let count = 0;
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    if (aMatched[i] !== 1) continue;
    while (bMatched[j] !== 1) j++;
    if (a[i] !== b[j]) count++;
    j++;
  }
  return count;
}

function commonPrefix(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const limit = Math.min(MAX_PREFIX, a.length, b.length);
  let length = 0;
  while (length < limit && a[length] === b[length]) length++;
  return length;
}

function codePoints(text: string): number[] {
  return Array.from(text, (char) => char.codePointAt(0) ?? 0);
}
