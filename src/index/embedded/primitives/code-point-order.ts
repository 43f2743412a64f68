/**
 * Keyword order. Elasticsearch compares keywords as UTF-8 bytes, which is code point order.
 * JavaScript compares strings by UTF-16 code units; the two differ only when a surrogate
 * (a code point above U+FFFF) meets a code unit in U+E000–U+FFFF, so the fast native order is
 * used whenever no term holds a code unit at or above U+D800.
 */

/** The first code unit whose UTF-16 order may differ from its code point order. */
const FIRST_SURROGATE = 0xd800;

/** Code point (UTF-8 byte) order of two strings: negative, zero or positive. */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codeUnitRank(x) - codeUnitRank(y);
  }
  return a.length - b.length;
}

/** Moves surrogates above U+E000–U+FFFF, where the code points they encode belong. */
export function codeUnitRank(unit: number): number {
  if (unit < FIRST_SURROGATE) return unit;
  return unit < 0xe000 ? unit + 0x2000 : unit - 0x800;
}

/** Whether UTF-16 order may differ from code point order for these strings. */
function needsCodePointOrder(terms: readonly string[]): boolean {
  // Read in place: joining a million terms to test them at once copies them all first.
  for (const term of terms)
    for (let i = 0; i < term.length; i++) if (term.charCodeAt(i) >= FIRST_SURROGATE) return true;
  return false;
}

/** Sorts in place in code point order. */
export function sortCodePointOrder(terms: string[]): string[] {
  return needsCodePointOrder(terms) ? terms.sort(compareCodePoints) : terms.sort();
}
