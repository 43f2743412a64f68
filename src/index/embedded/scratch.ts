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

export class Scratch {
  private readonly freeBitsets: Bitset[] = [];
  private readonly takenBitsets: Bitset[] = [];
  private readonly freeLists: Uint32Array[] = [];
  private readonly takenLists: Uint32Array[] = [];

  private counters: Uint8Array | undefined;

  /** Longer lists (merges of many posting lists) are not kept. */
  private readonly keptListLength: number;

  constructor(readonly docCount: number) {
    this.keptListLength = Math.max(MIN_LIST, 2 ** Math.ceil(Math.log2(Math.max(1, docCount))));
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
    const free = this.freeLists;
    let best = -1;
    for (let i = 0; i < free.length; i++) {
      if (free[i]!.length >= capacity && (best < 0 || free[i]!.length < free[best]!.length)) best = i;
    }
    let list: Uint32Array;
    if (best >= 0) {
      list = free[best]!;
      free[best] = free[free.length - 1]!;
      free.pop();
    } else {
      list = new Uint32Array(Math.max(MIN_LIST, 2 ** Math.ceil(Math.log2(Math.max(1, capacity)))));
    }
    this.takenLists.push(list);
    return list;
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
    const lists = this.freeLists;
    for (const list of this.takenLists) {
      if (list.length > this.keptListLength) continue;
      if (lists.length < KEPT_LISTS) {
        lists.push(list);
      } else {
        const smallest = lists.reduce((at, candidate, i) => (candidate.length < lists[at]!.length ? i : at), 0);
        if (lists[smallest]!.length < list.length) lists[smallest] = list;
      }
    }
    this.takenLists.length = 0;
  }
}
