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
  if (options.encoding === 'utf8') {
    const [x, y] = [utf8.encode(a), utf8.encode(b)];
    return jaroWinklerOf(x, x.length, y, y.length);
  }
  const [aLength, bLength] = loadPair(a, b);
  return jaroWinklerOf(scratch.codes[0], aLength, scratch.codes[1], bLength);
}

/**
 * The Jaro–Winkler similarity of `a` and `b` when it is above `threshold`, else `undefined`;
 * the same number `jaroWinkler` gives. A pair that cannot get there is given up as soon as too
 * few of its characters are left to match: Jaro is at most (m/|a| + m/|b| + 1) / 3 for m
 * matched characters, and the common prefix, known first, adds a known share of the rest.
 *
 * @example jaroWinklerAbove('KOTKA', 'KOTKAT', 0.88) // 0.9666…
 */
export function jaroWinklerAbove(a: string, b: string, threshold: number): number | undefined {
  const fast = fastJaroWinklerAbove(a, b, threshold);
  if (fast !== FALL_BACK) return fast;
  const [aLength, bLength] = loadPair(a, b);
  const [x, y] = scratch.codes;
  const bonus = commonPrefix(x, aLength, y, bLength) * PREFIX_SCALE;
  const similarity = jaroOf(x, aLength, y, bLength, neededMatches(threshold, bonus, aLength, bLength));
  const winkler = similarity + bonus * (1 - similarity);
  return winkler > threshold ? winkler : undefined;
}

/** j + bonus (1 − j) > threshold needs j > (threshold − bonus) / (1 − bonus), hence m above this. */
function neededMatches(threshold: number, bonus: number, aLength: number, bLength: number): number {
  const neededJaro = (threshold - bonus) / (1 - bonus);
  return (3 * neededJaro - 1) / (1 / Math.max(aLength, 1) + 1 / Math.max(bLength, 1)) - 1e-9;
}

const FALL_BACK = -1;
/** The longest second string the bit-parallel comparison takes: one bit per character in an int32. */
const MAX_FAST_LENGTH = 32;

/**
 * `jaroWinklerAbove` for the usual case, a second string (the query) of at most 32 characters
 * and no characters outside the BMP on either side; `FALL_BACK` otherwise. The same greedy
 * matching as `jaroOf`, one step per character of `a`: the query's positions of each character
 * are a bit mask (`scratch.positions`), so the first unmatched one within the window is the
 * lowest bit of (positions & window & ~matched).
 */
function fastJaroWinklerAbove(a: string, b: string, threshold: number): number | undefined {
  if (b !== scratch.second) loadSecond(b);
  const bLength = scratch.secondLength;
  const aLength = a.length;
  if (!scratch.secondFast || aLength === 0 || bLength === 0) return FALL_BACK;
  const y = scratch.codes[1];
  let prefix = 0;
  const prefixLimit = Math.min(MAX_PREFIX, aLength, bLength);
  while (prefix < prefixLimit && a.charCodeAt(prefix) === y[prefix]) prefix++;
  const bonus = prefix * PREFIX_SCALE;
  const needed = neededMatches(threshold, bonus, aLength, bLength);
  const window = Math.max(0, Math.floor(Math.max(aLength, bLength) / 2) - 1);
  const { positions, sequence } = scratch;
  let matched = 0;
  let matches = 0;
  for (let i = 0; i < aLength; i++) {
    if (matches + aLength - i < needed) return hasSurrogates(a, i) ? FALL_BACK : undefined;
    const code = a.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdfff) return FALL_BACK;
    // biome-ignore lint/complexity/useMathMinMax: the likely search's inner loop, kept as benchmarked
    const low = i - window > 0 ? i - window : 0;
    // biome-ignore lint/complexity/useMathMinMax: as above
    const high = i + window < bLength - 1 ? i + window : bLength - 1;
    if (low > high) continue;
    const inWindow = (high === 31 ? -1 : (1 << (high + 1)) - 1) & ~((1 << low) - 1);
    const free = positions[code]! & inWindow & ~matched;
    if (free === 0) continue;
    matched |= free & -free;
    sequence[matches++] = code;
  }
  let similarity = 0;
  if (matches > 0) {
    // Matched characters out of order between the two strings, each pair counted twice.
    let outOfOrder = 0;
    for (let rest = matched, k = 0; rest !== 0; rest &= rest - 1, k++) {
      if (y[31 - Math.clz32(rest & -rest)] !== sequence[k]) outOfOrder++;
    }
    similarity = (matches / aLength + matches / bLength + (matches - outOfOrder / 2) / matches) / 3;
  }
  const winkler = similarity + bonus * (1 - similarity);
  return winkler > threshold ? winkler : undefined;
}

function hasSurrogates(text: string, from: number): boolean {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdfff) return true;
  }
  return false;
}

/** Both strings' code points into their slots; the second (the query, compared with many names) stays. */
function loadPair(a: string, b: string): [number, number] {
  const aLength = codePoints(a, 0);
  if (b !== scratch.second) loadSecond(b);
  return [aLength, scratch.secondLength];
}

/** The second string's code points, and for a short BMP string the positions of each character. */
function loadSecond(b: string): void {
  const { positions } = scratch;
  const previous = scratch.codes[1];
  if (scratch.secondFast) for (let i = 0; i < scratch.secondLength; i++) positions[previous[i]!] = 0;
  scratch.second = b;
  scratch.secondLength = codePoints(b, 1);
  scratch.secondFast = scratch.secondLength === b.length && b.length <= MAX_FAST_LENGTH;
  if (!scratch.secondFast) return;
  const codes = scratch.codes[1];
  for (let i = 0; i < b.length; i++) positions[codes[i]!]! |= 1 << i;
}

/** Jaro similarity of two sequences of character codes. */
export function jaro(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return jaroOf(Int32Array.from(a), a.length, Int32Array.from(b), b.length);
}

/**
 * Scratch memory reused by every comparison (the search compares thousands of names per query):
 * the code points of both strings, then which characters matched.
 */
const scratch = {
  codes: [new Int32Array(64), new Int32Array(64)] as [Int32Array, Int32Array],
  matched: [new Uint8Array(64), new Uint8Array(64)],
  /** the string whose code points slot 1 holds */
  second: undefined as string | undefined,
  secondLength: 0,
  /** whether the second string takes the bit-parallel comparison, whose tables follow */
  secondFast: false,
  /** per UTF-16 code unit, the bit mask of its positions in the second string */
  positions: new Int32Array(0x10000),
  /** the first string's matched characters, in order */
  sequence: new Int32Array(MAX_FAST_LENGTH),
};

/** Writes the code points of `text` to the scratch slot; returns how many. */
function codePoints(text: string, slot: 0 | 1): number {
  let codes = scratch.codes[slot];
  if (codes.length < text.length) codes = scratch.codes[slot] = new Int32Array(text.length * 2);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    codes[length++] = code;
    if (code > 0xffff) i++;
  }
  return length;
}

function jaroWinklerOf(a: Codepoints, aLength: number, b: Codepoints, bLength: number): number {
  const similarity = jaroOf(a, aLength, b, bLength);
  return similarity + commonPrefix(a, aLength, b, bLength) * PREFIX_SCALE * (1 - similarity);
}

function matchFlags(slot: 0 | 1, length: number): Uint8Array {
  let flags = scratch.matched[slot]!;
  if (flags.length < length) flags = scratch.matched[slot] = new Uint8Array(length * 2);
  flags.fill(0, 0, length);
  return flags;
}

type Codepoints = Int32Array | Uint8Array;

/** Jaro similarity; 0 as soon as fewer than `neededMatches` matches remain possible. */
function jaroOf(a: Codepoints, aLength: number, b: Codepoints, bLength: number, neededMatches = 0): number {
  if (aLength === 0 && bLength === 0) return 1;
  if (aLength === 0 || bLength === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(aLength, bLength) / 2) - 1);
  const aMatched = matchFlags(0, aLength);
  const bMatched = matchFlags(1, bLength);
  let matches = 0;
  for (let i = 0; i < aLength; i++) {
    if (matches + aLength - i < neededMatches) return 0;
    const end = Math.min(bLength - 1, i + window);
    for (let j = Math.max(0, i - window); j <= end; j++) {
      if (bMatched[j] === 1 || a[i] !== b[j]) continue;
      aMatched[i] = 1;
      bMatched[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  // Matched characters out of order between the two strings, each pair counted twice.
  let outOfOrder = 0;
  for (let i = 0, j = 0; i < aLength; i++) {
    if (aMatched[i] !== 1) continue;
    while (bMatched[j] !== 1) j++;
    if (a[i] !== b[j]) outOfOrder++;
    j++;
  }
  const transpositions = outOfOrder / 2;
  return (matches / aLength + matches / bLength + (matches - transpositions) / matches) / 3;
}

function commonPrefix(a: Codepoints, aLength: number, b: Codepoints, bLength: number): number {
  const limit = Math.min(MAX_PREFIX, aLength, bLength);
  let length = 0;
  while (length < limit && a[length] === b[length]) length++;
  return length;
}
