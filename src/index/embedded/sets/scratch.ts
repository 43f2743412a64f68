/**
 * Working memory of query evaluation, reused from search to search: full-width bitsets and
 * document lists. Allocating a fresh `n/8`-byte bitset per clause per query made the garbage
 * collector the largest cost of a search.
 *
 * What a search takes stays its own until `release`, which `DocumentIndex.search` calls when it
 * returns (or throws); searches are synchronous, so no two ever hold the same buffer. Nothing
 * taken from here may outlive the search: responses are built from document numbers.
 */
import { Bitset } from './bitset.ts';

/** Buffers kept for the next search beyond these are left to the garbage collector. */
const KEPT_BITSETS = 8;
const KEPT_LISTS = 8;
const MIN_LIST = 1024;
/** Longer arrays of numbers (a sort by score of a large result) are made for their search alone. */
const LONGEST_KEPT_NUMBERS = 1 << 16;

type TypedArray = Uint32Array | Float64Array;

/**
 * Typed arrays of one kind, lent out by capacity (the smallest free one that is long enough, or a
 * new one of the next power of two) and kept for the next search up to `KEPT_LISTS`, the longest
 * first. A typed array's memory lies outside the JS heap, and V8 answers its growth with minor
 * collections: arrays made per search would bring them on as allocation does.
 */
class ArrayPool<T extends TypedArray> {
  private readonly free: T[] = [];
  private readonly taken: T[] = [];

  /** @param longest arrays above this length (merges of many posting lists) are not kept */
  constructor(
    private readonly create: (length: number) => T,
    private readonly longest: number,
  ) {}

  take(capacity: number): T {
    const free = this.free;
    let best = -1;
    for (let i = 0; i < free.length; i++) {
      if (free[i]!.length >= capacity && (best < 0 || free[i]!.length < free[best]!.length)) best = i;
    }
    let array: T;
    if (best >= 0) {
      array = free[best]!;
      free[best] = free[free.length - 1]!;
      free.pop();
    } else {
      array = this.create(Math.max(MIN_LIST, 2 ** Math.ceil(Math.log2(Math.max(1, capacity)))));
    }
    this.taken.push(array);
    return array;
  }

  release(): void {
    const free = this.free;
    for (const array of this.taken) {
      if (array.length > this.longest) continue;
      if (free.length < KEPT_LISTS) {
        free.push(array);
      } else {
        const smallest = free.reduce((at, candidate, i) => (candidate.length < free[at]!.length ? i : at), 0);
        if (free[smallest]!.length < array.length) free[smallest] = array;
      }
    }
    this.taken.length = 0;
  }
}

export class Scratch {
  private readonly freeBitsets: Bitset[] = [];
  private readonly takenBitsets: Bitset[] = [];
  private readonly lists: ArrayPool<Uint32Array>;
  private readonly numbers: ArrayPool<Float64Array>;

  private counters: Uint8Array | undefined;

  constructor(readonly docCount: number) {
    const longest = Math.max(MIN_LIST, 2 ** Math.ceil(Math.log2(Math.max(1, docCount))));
    this.lists = new ArrayPool((length) => new Uint32Array(length), longest);
    this.numbers = new ArrayPool((length) => new Float64Array(length), Math.min(longest, LONGEST_KEPT_NUMBERS));
  }

  /** An empty bitset. */
  bitset(): Bitset {
    const set = this.freeBitsets.pop()?.clear() ?? new Bitset(this.docCount);
    this.takenBitsets.push(set);
    return set;
  }

  /** A bitset with the members of `other`. */
  copyOf(other: Bitset): Bitset {
    const set = this.freeBitsets.pop()?.setTo(other) ?? other.copy();
    this.takenBitsets.push(set);
    return set;
  }

  /** A list of at least `capacity` slots, contents undefined. */
  list(capacity: number): Uint32Array {
    return this.lists.take(capacity);
  }

  /** Exactly `length` numbers (scores, sort keys), contents undefined. */
  numbersOf(length: number): Float64Array {
    return this.numbers.take(length).subarray(0, length);
  }

  /**
   * One counter per document, all zero. Whoever counts with it sets every counter it touched
   * back to zero before the search ends, so no clearing of the whole array is ever needed.
   */
  counts(): Uint8Array {
    return (this.counters ??= new Uint8Array(this.docCount));
  }

  /** Everything taken since the last release is free again. */
  release(): void {
    for (const set of this.takenBitsets) if (this.freeBitsets.length < KEPT_BITSETS) this.freeBitsets.push(set);
    this.takenBitsets.length = 0;
    this.lists.release();
    this.numbers.release();
  }
}
