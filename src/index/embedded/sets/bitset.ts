/**
 * A set of document numbers as a bitmap of 32-bit words: how dense clause results combine
 * (word-wide AND/OR/AND-NOT; totals are popcounts). Selective ones are sorted lists instead
 * (`doc-set.ts`).
 *
 * Methods named like `and` change the set in place and return it, so a caller that wants to
 * keep an operand copies it first. Sets handed out by the index (dense posting lists, the set
 * of all documents) are shared: treat results of evaluation as read-only.
 */
export class Bitset {
  readonly words: Uint32Array;

  constructor(
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }

  static full(size: number): Bitset {
    const set = new Bitset(size);
    set.words.fill(0xffffffff);
    set.clearTail();
    return set;
  }

  /** The documents `docs[start..end)`, which need not be sorted. */
  static of(size: number, docs: ArrayLike<number>, start = 0, end = docs.length): Bitset {
    return new Bitset(size).addAll(docs, start, end);
  }

  copy(): Bitset {
    return new Bitset(this.size, this.words.slice());
  }

  has(doc: number): boolean {
    return (this.words[doc >>> 5]! & (1 << (doc & 31))) !== 0;
  }

  add(doc: number): this {
    this.words[doc >>> 5]! |= 1 << (doc & 31);
    return this;
  }

  addAll(docs: ArrayLike<number>, start = 0, end = docs.length): this {
    const words = this.words;
    for (let i = start; i < end; i++) {
      const doc = docs[i]!;
      words[doc >>> 5]! |= 1 << (doc & 31);
    }
    return this;
  }

  and(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i]! &= b[i]!;
    return this;
  }

  or(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i]! |= b[i]!;
    return this;
  }

  andNot(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i]! &= ~b[i]!;
    return this;
  }

  /** Complement within `0..size-1`. */
  flip(): this {
    const a = this.words;
    for (let i = 0; i < a.length; i++) a[i] = ~a[i]!;
    return this.clearTail();
  }

  /**
   * Makes this set `lead` AND `all[0..2]` AND NOT `none[0..1]` (up to three sets of each kind
   * beyond the lead; the others are ignored) in one pass over the words, and returns its count:
   * one read of each operand instead of a copy, a pass per operand and a popcount.
   */
  assignCombination(lead: Bitset, all: readonly Bitset[], none: readonly Bitset[]): number {
    const a = lead.words;
    // A missing operand reads the lead's words again (already in cache), masked to no effect:
    // one branch-free loop whatever the number of operands.
    return combineWords(
      this.words,
      a,
      all[0]?.words ?? a,
      all[1]?.words ?? a,
      all[2]?.words ?? a,
      none[0]?.words ?? a,
      none[1]?.words ?? a,
      (all.length > 0 ? 0 : 1) |
        (all.length > 1 ? 0 : 2) |
        (all.length > 2 ? 0 : 4) |
        (none.length > 0 ? 8 : 0) |
        (none.length > 1 ? 16 : 0),
    );
  }

  /** Removes `docs[start..end)` (sorted or not); returns how many were members. */
  removeAll(docs: ArrayLike<number>, start = 0, end = docs.length): number {
    const words = this.words;
    let removed = 0;
    for (let i = start; i < end; i++) {
      const doc = docs[i]!;
      const word = words[doc >>> 5]!;
      const bit = 1 << (doc & 31);
      if ((word & bit) !== 0) {
        words[doc >>> 5] = word & ~bit;
        removed++;
      }
    }
    return removed;
  }

  /** Makes this set a copy of `other` (same size), reusing its words. */
  setTo(other: Bitset): this {
    this.words.set(other.words);
    return this;
  }

  clear(): this {
    this.words.fill(0);
    return this;
  }

  count(): number {
    let total = 0;
    const a = this.words;
    for (let i = 0; i < a.length; i++) {
      const word = a[i]!;
      total += POPCOUNT_16[word & 0xffff]! + POPCOUNT_16[word >>> 16]!;
    }
    return total;
  }

  /** Size of the intersection, without building it. */
  countAnd(other: Bitset): number {
    let total = 0;
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) {
      const word = a[i]! & b[i]!;
      total += POPCOUNT_16[word & 0xffff]! + POPCOUNT_16[word >>> 16]!;
    }
    return total;
  }

  isEmpty(): boolean {
    return this.words.every((word) => word === 0);
  }

  /** The first member at or after `from`, or -1. */
  next(from: number): number {
    const words = this.words;
    let index = from >>> 5;
    if (from >= this.size) return -1;
    let word = words[index]! & (0xffffffff << (from & 31));
    for (;;) {
      if (word !== 0) return (index << 5) + trailingZeros(word);
      if (++index >= words.length) return -1;
      word = words[index]!;
    }
  }

  /** The member with `rank` smaller members, or -1; skips whole words by their popcount. */
  nth(rank: number): number {
    const words = this.words;
    let remaining = rank;
    for (let i = 0; i < words.length; i++) {
      let word = words[i]!;
      const bits = popcount(word);
      if (remaining >= bits) {
        remaining -= bits;
        continue;
      }
      for (; remaining > 0; remaining--) word &= word - 1;
      return (i << 5) + trailingZeros(word);
    }
    return -1;
  }

  /** Members in ascending order. */
  toArray(): Uint32Array {
    const docs = new Uint32Array(this.count());
    this.writeTo(docs);
    return docs;
  }

  /** Writes the members in ascending order to the start of `docs` (large enough); returns how many. */
  writeTo(docs: Uint32Array): number {
    let n = 0;
    const words = this.words;
    for (let i = 0; i < words.length; i++) {
      let word = words[i]!;
      while (word !== 0) {
        const low = word & -word;
        docs[n++] = (i << 5) + 31 - Math.clz32(low);
        word ^= low;
      }
    }
    return n;
  }

  private clearTail(): this {
    const rest = this.size & 31;
    if (rest !== 0) this.words[this.words.length - 1]! &= 0xffffffff >>> (32 - rest);
    return this;
  }
}

/** `out = a & b & c & d & ~x & ~y`, where the bits of `use` switch off b, c, d (1, 2, 4) and switch on x, y (8, 16). */
function combineWords(
  out: Uint32Array,
  a: Uint32Array,
  b: Uint32Array,
  c: Uint32Array,
  d: Uint32Array,
  x: Uint32Array,
  y: Uint32Array,
  use: number,
): number {
  // The common combinations (intersections only) have loops of their own: masking costs a third.
  if (use === 6) return andWords2(out, a, b);
  if (use === 4) return andWords3(out, a, b, c);
  if (use === 0) return andWords4(out, a, b, c, d);
  const mb = use & 1 ? -1 : 0;
  const mc = use & 2 ? -1 : 0;
  const md = use & 4 ? -1 : 0;
  const mx = use & 8 ? -1 : 0;
  const my = use & 16 ? -1 : 0;
  let total = 0;
  for (let i = 0; i < out.length; i++) {
    const word = a[i]! & (b[i]! | mb) & (c[i]! | mc) & (d[i]! | md) & ~(x[i]! & mx) & ~(y[i]! & my);
    out[i] = word;
    if (word !== 0) total += popcount(word);
  }
  return total;
}

function andWords2(out: Uint32Array, a: Uint32Array, b: Uint32Array): number {
  let total = 0;
  for (let i = 0; i < out.length; i++) {
    const word = a[i]! & b[i]!;
    out[i] = word;
    if (word !== 0) total += popcount(word);
  }
  return total;
}

function andWords3(out: Uint32Array, a: Uint32Array, b: Uint32Array, c: Uint32Array): number {
  let total = 0;
  for (let i = 0; i < out.length; i++) {
    const word = a[i]! & b[i]! & c[i]!;
    out[i] = word;
    if (word !== 0) total += popcount(word);
  }
  return total;
}

function andWords4(out: Uint32Array, a: Uint32Array, b: Uint32Array, c: Uint32Array, d: Uint32Array): number {
  let total = 0;
  for (let i = 0; i < out.length; i++) {
    const word = a[i]! & b[i]! & c[i]! & d[i]!;
    out[i] = word;
    if (word !== 0) total += popcount(word);
  }
  return total;
}

/** Bits set per 16-bit value: two lookups count a word faster than bit arithmetic does. */
const POPCOUNT_16 = new Uint8Array(1 << 16);
for (let i = 1; i < POPCOUNT_16.length; i++) POPCOUNT_16[i] = (i & 1) + POPCOUNT_16[i >>> 1]!;

export function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

function trailingZeros(word: number): number {
  return 31 - Math.clz32(word & -word);
}
