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

export class KeywordDictionary {
  readonly kind = 'keyword';

  constructor(readonly terms: readonly string[]) {}

  get size(): number {
    return this.terms.length;
  }

  keyAt(ord: number): string {
    return this.terms[ord]!;
  }

  /** The first ordinal whose term is `>= key` (`> key` when `strict`). */
  lowerBound(key: TermKey, strict = false): number {
    const text = String(key);
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareCodePoints(this.terms[mid]!, text);
      if (c < 0 || (strict && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  find(key: TermKey): number {
    const ord = this.lowerBound(key);
    return ord < this.terms.length && this.terms[ord] === String(key) ? ord : -1;
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

  range(lower: TermBound | undefined, upper: TermBound | undefined): [number, number] {
    const from = lower === undefined ? 0 : this.lowerBound(lower.value, !lower.inclusive);
    const to = upper === undefined ? this.size : this.lowerBound(upper.value, upper.inclusive);
    return [from, Math.max(from, to)];
  }
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
