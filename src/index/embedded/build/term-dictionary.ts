/**
 * The sorted distinct terms of one field. A term's position is its ordinal: posting lists, doc
 * values, sort keys and aggregation counts are all indexed by ordinal, so comparing ordinals is
 * comparing terms (code point order for keywords, numeric order for numbers and booleans).
 */
import { compareCodePoints } from '../primitives/code-point-order.ts';
import type { TermKey } from './index-values.ts';

export type TermDictionary = KeywordDictionary | NumericDictionary;

/** A bound of a term range; `inclusive` says whether the bound itself is in the range. */
export interface TermBound {
  value: TermKey;
  inclusive: boolean;
}

/** Ends each term in `JoinedTerms.text`; a match that reaches it is not within one term. */
const TERM_END = '\u0000';

/** The terms end to end in one string, each followed by `TERM_END`, and where each starts. */
interface JoinedTerms {
  text: string;
  /** `starts[ord]`, and the text's length last. */
  starts: Uint32Array;
}

export class KeywordDictionary {
  readonly kind = 'keyword';
  private joined: JoinedTerms | undefined;

  constructor(readonly terms: readonly string[]) {}

  get size(): number {
    return this.terms.length;
  }

  keyAt(ord: number): string {
    return this.terms[ord]!;
  }

  /** The first ordinal whose term is `>= key`. */
  lowerBound(key: TermKey): number {
    const text = String(key);
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareCodePoints(this.terms[mid]!, text) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  find(key: TermKey): number {
    const ord = this.lowerBound(key);
    return ord < this.terms.length && this.terms[ord] === String(key) ? ord : -1;
  }

  /**
   * The ordinals of the terms that hold `text`, ascending. The terms are searched as one string
   * (built on first use, the size of the terms), so the engine's `indexOf` skips the terms without
   * it rather than a call per term.
   */
  holding(text: string): Uint32Array {
    const { text: all, starts } = (this.joined ??= joinTerms(this.terms));
    const ords = new Uint32Array(this.terms.length);
    let count = 0;
    let ord = 0;
    let at = all.indexOf(text);
    // Past the last term no term starts (`starts` ends with the length, where `indexOf('')` stops).
    while (at !== -1 && at < all.length) {
      while (starts[ord + 1]! <= at) ord++;
      if (at + text.length < starts[ord + 1]!) {
        ords[count++] = ord++;
        at = all.indexOf(text, starts[ord]);
      } else {
        at = all.indexOf(text, at + 1);
      }
    }
    return ords.slice(0, count);
  }

  /** `[from, to)`: the ordinals of the terms that start with `prefix`. */
  prefixRange(prefix: string): [number, number] {
    const from = this.lowerBound(prefix);
    let lo = from;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.terms[mid]!.startsWith(prefix)) lo = mid + 1;
      else hi = mid;
    }
    return [from, lo];
  }
}

function joinTerms(terms: readonly string[]): JoinedTerms {
  const starts = new Uint32Array(terms.length + 1);
  for (let ord = 0; ord < terms.length; ord++) starts[ord + 1] = starts[ord]! + terms[ord]!.length + TERM_END.length;
  return { text: terms.map((term) => term + TERM_END).join(''), starts };
}

export class NumericDictionary {
  readonly kind = 'numeric';

  constructor(readonly terms: Float64Array) {}

  get size(): number {
    return this.terms.length;
  }

  keyAt(ord: number): number {
    return this.terms[ord]!;
  }

  lowerBound(key: TermKey, strict = false): number {
    const value = Number(key);
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const term = this.terms[mid]!;
      if (term < value || (strict && term === value)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  find(key: TermKey): number {
    const ord = this.lowerBound(key);
    return ord < this.terms.length && this.terms[ord] === Number(key) ? ord : -1;
  }

  range(lower: TermBound | undefined, upper: TermBound | undefined): [number, number] {
    const from = lower === undefined ? 0 : this.lowerBound(lower.value, !lower.inclusive);
    const to = upper === undefined ? this.size : this.lowerBound(upper.value, upper.inclusive);
    return [from, Math.max(from, to)];
  }
}
