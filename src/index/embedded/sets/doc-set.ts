/**
 * A set of document numbers as query evaluation hands it on: a `Bitset` when the set is dense,
 * or a `DocList` (the members ascending) when it is selective. Both answer the reads paging,
 * scoring and collapsing need. Both may be shared with the index or live in a search's scratch
 * memory (`scratch.ts`): read-only, and only until the search returns.
 *
 * Also the list kernels of evaluation: galloping intersection and difference of sorted lists,
 * probing a bitset, and merging sorted lists.
 */
import { Bitset } from './bitset.ts';

export interface DocSet {
  /** Documents in the index (members are `0..size-1`). */
  readonly size: number;
  count(): number;
  has(doc: number): boolean;
  /** The first member at or after `from`, or -1. */
  next(from: number): number;
  /** The member with `rank` smaller members, or -1. */
  nth(rank: number): number;
  /** Members ascending. Possibly shared: do not modify. */
  toArray(): Uint32Array;
  /** How many members `other` also has. */
  countAnd(other: Bitset): number;
}

/** Sorted, distinct document numbers. */
export class DocList implements DocSet {
  constructor(
    readonly size: number,
    readonly docs: Uint32Array,
  ) {}

  count(): number {
    return this.docs.length;
  }

  has(doc: number): boolean {
    const docs = this.docs;
    const at = lowerBound(docs, 0, docs.length, doc);
    return at < docs.length && docs[at] === doc;
  }

  next(from: number): number {
    const docs = this.docs;
    const at = lowerBound(docs, 0, docs.length, from);
    return at < docs.length ? docs[at]! : -1;
  }

  nth(rank: number): number {
    return rank < this.docs.length ? this.docs[rank]! : -1;
  }

  toArray(): Uint32Array {
    return this.docs;
  }

  countAnd(other: Bitset): number {
    const docs = this.docs;
    const words = other.words;
    let count = 0;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      count += (words[doc >>> 5]! >>> (doc & 31)) & 1;
    }
    return count;
  }
}

/** A bitset as is, a list as a new bitset. */
export function asBitset(docs: DocSet): Bitset {
  return docs instanceof Bitset ? docs : Bitset.of(docs.size, docs.toArray());
}

/** The first position in `docs[from..to)` whose value is at least `target` (binary search). */
export function lowerBound(docs: Uint32Array, from: number, to: number, target: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (docs[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Like `lowerBound`, stepping 1, 2, 4, ... from `from` first: cheap when the answer is near. */
export function gallop(docs: Uint32Array, from: number, to: number, target: number): number {
  if (from >= to || docs[from]! >= target) return from;
  let lo = from;
  let step = 1;
  let hi = from + 1;
  while (hi < to && docs[hi]! < target) {
    lo = hi;
    step <<= 1;
    hi = lo + step;
  }
  return lowerBound(docs, lo + 1, hi < to ? hi + 1 : to, target);
}

/**
 * Writes to `out` the candidates `cands[0..n)` that are (`keep`) or are not (`!keep`) in the
 * sorted list `docs[from..to)`, in order; returns how many. `out` may be `cands`. Whichever
 * list is shorter drives, galloping through the other.
 */
export function filterBySorted(
  cands: Uint32Array,
  n: number,
  out: Uint32Array,
  keep: boolean,
  docs: Uint32Array,
  from: number,
  to: number,
): number {
  let k = 0;
  if (to - from >= n) {
    let at = from;
    for (let i = 0; i < n; i++) {
      const doc = cands[i]!;
      at = gallop(docs, at, to, doc);
      if (at >= to) {
        if (keep) return k;
        for (; i < n; i++) out[k++] = cands[i]!;
        return k;
      }
      if ((docs[at] === doc) === keep) out[k++] = doc;
    }
    return k;
  }
  let at = 0;
  for (let j = from; j < to && at < n; j++) {
    const doc = docs[j]!;
    const found = gallop(cands, at, n, doc);
    if (!keep) for (let i = at; i < found; i++) out[k++] = cands[i]!;
    at = found;
    if (at < n && cands[at] === doc) {
      if (keep) out[k++] = doc;
      at++;
    }
  }
  if (!keep) for (let i = at; i < n; i++) out[k++] = cands[i]!;
  return k;
}

/** Adds one to `counts[i]` for each candidate `cands[i]` that is in `found[0..count)`, a subsequence of them. */
export function countFound(
  cands: Uint32Array,
  n: number,
  found: Uint32Array,
  count: number,
  counts: Uint32Array,
): void {
  for (let i = 0, j = 0; i < n && j < count; i++) {
    if (cands[i] === found[j]) {
      counts[i]!++;
      j++;
    }
  }
}

/** Writes to `out` the candidates counted at least `minimum` times (`keep`) or fewer (`!keep`); `out` may be `cands`. */
export function filterByCounts(
  cands: Uint32Array,
  n: number,
  counts: Uint32Array,
  minimum: number,
  out: Uint32Array,
  keep: boolean,
): number {
  let kept = 0;
  for (let i = 0; i < n; i++) if (counts[i]! >= minimum === keep) out[kept++] = cands[i]!;
  return kept;
}

/** Writes to `out` the candidates that are (`keep`) or are not in `bits`; `out` may be `cands`. */
export function filterByBits(cands: Uint32Array, n: number, out: Uint32Array, keep: boolean, bits: Bitset): number {
  const words = bits.words;
  const wanted = keep ? 1 : 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const doc = cands[i]!;
    if (((words[doc >>> 5]! >>> (doc & 31)) & 1) === wanted) out[k++] = doc;
  }
  return k;
}

/**
 * Merges sorted `a[aFrom..aTo)` and `b[bFrom..bTo)` into `out` from `at` (not over either input),
 * once each; returns where the merged list ends.
 */
export function mergeSorted(
  a: Uint32Array,
  aFrom: number,
  aTo: number,
  b: Uint32Array,
  bFrom: number,
  bTo: number,
  out: Uint32Array,
  at: number,
): number {
  let i = aFrom;
  let j = bFrom;
  let k = at;
  while (i < aTo && j < bTo) {
    const x = a[i]!;
    const y = b[j]!;
    if (x < y) {
      out[k++] = x;
      i++;
    } else if (y < x) {
      out[k++] = y;
      j++;
    } else {
      out[k++] = x;
      i++;
      j++;
    }
  }
  while (i < aTo) out[k++] = a[i++]!;
  while (j < bTo) out[k++] = b[j++]!;
  return k;
}
