/**
 * A set of document numbers as a bitmap of 32-bit words: the currency of query evaluation.
 * Clause results combine with word-wide AND/OR/AND-NOT; totals are popcounts.
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

  count(): number {
    let total = 0;
    const a = this.words;
    for (let i = 0; i < a.length; i++) total += popcount(a[i]!);
    return total;
  }

  /** Size of the intersection, without building it. */
  countAnd(other: Bitset): number {
    let total = 0;
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) total += popcount(a[i]! & b[i]!);
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
    return docs;
  }

  private clearTail(): this {
    const rest = this.size & 31;
    if (rest !== 0) this.words[this.words.length - 1]! &= 0xffffffff >>> (32 - rest);
    return this;
  }
}

export function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

function trailingZeros(word: number): number {
  return 31 - Math.clz32(word & -word);
}
