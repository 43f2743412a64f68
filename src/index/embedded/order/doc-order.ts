/**
 * In which order hits come, and how the first of them are found without sorting every match:
 *
 * - `doc`: document order. Relevance order when all scores are equal, `_doc`, and any field
 *   sort whose cached permutation turned out to be the identity (say, a field that grows with
 *   insertion order): a page is the next set bits of the result.
 * - `rank`: a cached whole-index sort order. A page walks the permutation picking members of
 *   the result, or, when the result is small, selects its best members by rank.
 * - `compare`: anything involving per-document scores, compared per query: the members that can
 *   be on the page by the first key, then the page by one number per member packing every key
 *   when they are integers that fit (`packColumns`), else by a comparator over the key columns.
 */
import { DocList, type DocSet } from '../sets/doc-set.ts';
import { scoresOf, type Scorer } from '../evaluate/query-executor.ts';
import type { Scratch } from '../sets/scratch.ts';
import { prefer } from '../evaluate/strategy.ts';
import { FieldSlots, type OrderKey, type SortOrder, type SortOrderCache } from './sort-order.ts';
import { isRelevanceOrder, type SortKey } from '../request/sort-spec.ts';
import { nthSmallest, selectTop, type PositionComparator } from '../primitives/top-n.ts';

export type DocOrder =
  | { kind: 'doc' }
  | { kind: 'rank'; order: SortOrder }
  | {
      kind: 'compare';
      /** The positions in `members` of its first `count` in order, best first. */
      select: (members: Uint32Array, count: number) => number[];
      /** The members that can be among the first `count` (by the first key alone). */
      narrow: (members: Uint32Array, count: number) => Uint32Array;
    };

const DOC_ORDER: DocOrder = { kind: 'doc' };

export function planOrder(keys: readonly SortKey[], scorer: Scorer, cache: SortOrderCache, scratch: Scratch): DocOrder {
  if (isRelevanceOrder(keys)) {
    return typeof scorer === 'number' ? DOC_ORDER : compareOrder([{ kind: 'score', order: 'desc' }], scorer, scratch);
  }
  if (typeof scorer !== 'number' && keys.some((key) => key.kind === 'score'))
    return compareOrder(keys, scorer, scratch);
  const orderKeys = effectiveKeys(keys);
  const [first] = orderKeys;
  if (first === undefined || (first.kind === 'doc' && first.order === 'asc')) return DOC_ORDER;
  const order = cache.get(orderKeys, scratch.docCount);
  return order.identity ? DOC_ORDER : { kind: 'rank', order };
}

/**
 * The keys that can tell documents apart: equal scores cannot, and nothing after `_doc` can (it
 * is unique).
 */
function effectiveKeys(keys: readonly SortKey[]): OrderKey[] {
  const result: OrderKey[] = [];
  for (const key of keys) {
    if (key.kind === 'score') continue;
    if (key.kind === 'doc') return [...result, key];
    result.push(key);
  }
  return result;
}

/** First keys with at most this many slots are counted into a histogram to narrow a page's members. */
const MAX_NARROWING_SLOTS = 4096;

/**
 * The members whose first sort key (a field with few distinct values) is within the first
 * `count` members' values: only they can be on the page. Scores and later keys, the costly part
 * of a sort by score, are then computed for them alone.
 */
function narrowByFirstKey(
  keys: readonly SortKey[],
  members: Uint32Array,
  count: number,
  scorer: Scorer,
  scratch: Scratch,
): Uint32Array {
  const [first] = keys;
  if (first?.kind === 'score' && members.length > 2 * count)
    return narrowByScore(members, count, scorer, first.order, scratch);
  if (first?.kind !== 'field' || members.length <= 2 * count) return members;
  const slots = new FieldSlots(first);
  if (slots.bucketCount > MAX_NARROWING_SLOTS) return members;
  const column = scratch.list(members.length);
  const histogram = scratch.list(slots.bucketCount).fill(0, 0, slots.bucketCount);
  for (let i = 0; i < members.length; i++) histogram[(column[i] = slots.slot(members[i]!))]!++;
  let kept = 0;
  let threshold = 0;
  while (kept < count) kept += histogram[threshold++]!;
  if (kept === members.length) return members;
  const narrowed = scratch.list(kept).subarray(0, kept);
  for (let i = 0, k = 0; i < members.length; i++) if (column[i]! < threshold) narrowed[k++] = members[i]!;
  return narrowed;
}

/** The members scoring at least as well as the `count`-th best: the later keys only order ties among them. */
function narrowByScore(
  members: Uint32Array,
  count: number,
  scorer: Scorer,
  order: 'asc' | 'desc',
  scratch: Scratch,
): Uint32Array {
  const keys = scoresOf(scorer, members, scratch);
  if (order === 'desc') for (let i = 0; i < keys.length; i++) keys[i] = -keys[i]!;
  const threshold = nthKey(keys, count - 1, scratch);
  let kept = 0;
  for (let i = 0; i < keys.length; i++) if (keys[i]! <= threshold) kept++;
  const narrowed = scratch.list(kept).subarray(0, kept);
  for (let i = 0, k = 0; i < keys.length; i++) if (keys[i]! <= threshold) narrowed[k++] = members[i]!;
  return narrowed;
}

function compareOrder(keys: readonly SortKey[], scorer: Scorer, scratch: Scratch): DocOrder {
  return {
    kind: 'compare',
    narrow: (members, count) => narrowByFirstKey(keys, members, count, scorer, scratch),
    select: (members, count) => {
      const columns = keys.map((key) => sortColumn(key, members, scorer, scratch));
      const packed = packColumns(columns, scratch);
      if (packed !== undefined) return selectByKey(packed, members, count, scratch);
      return selectTop(members.length, count, columnComparator(columns, members));
    },
  };
}

function columnComparator(columns: readonly Float64Array[], members: Uint32Array): PositionComparator {
  if (columns.length === 1) {
    const [column] = columns as [Float64Array];
    return (a, b) => column[a]! - column[b]! || members[a]! - members[b]!;
  }
  return (a, b) => {
    for (const column of columns) {
      const difference = column[a]! - column[b]!;
      if (difference !== 0) return difference;
    }
    return members[a]! - members[b]!;
  };
}

/**
 * The sort columns as one number per member that orders as they do, key after key, when every
 * column holds integers and their ranges multiply below 2^53 (field slots, doc numbers, and the
 * sums of integer boosts the name search scores by): each column a digit of a mixed radix.
 * Undefined otherwise.
 */
function packColumns(columns: readonly Float64Array[], scratch: Scratch): Float64Array | undefined {
  if (columns.length === 1) return columns[0];
  const lows: number[] = [];
  const spans: number[] = [];
  let product = 1;
  for (const column of columns) {
    let low = Infinity;
    let high = -Infinity;
    for (let i = 0; i < column.length; i++) {
      const value = column[i]!;
      if (!Number.isInteger(value)) return undefined;
      if (value < low) low = value;
      if (value > high) high = value;
    }
    const span = column.length === 0 ? 1 : high - low + 1;
    product *= span;
    if (product > Number.MAX_SAFE_INTEGER) return undefined;
    lows.push(low);
    spans.push(span);
  }
  const packed = scratch.numbersOf(columns[0]!.length);
  packed.fill(0);
  for (const [c, column] of columns.entries()) {
    const [low, span] = [lows[c]!, spans[c]!];
    for (let i = 0; i < packed.length; i++) packed[i] = packed[i]! * span + (column[i]! - low);
  }
  return packed;
}

/**
 * The positions of the `count` smallest keys, ties by document number: the `count`-th smallest
 * key found by selection, then only the members at or below it ordered (many, when many tie).
 */
function selectByKey(keys: Float64Array, members: Uint32Array, count: number, scratch: Scratch): number[] {
  const wanted = Math.min(count, keys.length);
  if (wanted === 0) return [];
  const threshold = nthKey(keys, wanted - 1, scratch);
  const kept: number[] = [];
  for (let i = 0; i < keys.length; i++) if (keys[i]! <= threshold) kept.push(i);
  const order = (x: number, y: number) => {
    const [i, j] = [kept[x]!, kept[y]!];
    return keys[i]! - keys[j]! || members[i]! - members[j]!;
  };
  return selectTop(kept.length, wanted, order).map((x) => kept[x]!);
}

/** The `n`-th smallest of `keys` (from 0), found in a scratch copy: `keys` stay in member order. */
function nthKey(keys: Float64Array, n: number, scratch: Scratch): number {
  const selection = scratch.numbersOf(keys.length);
  selection.set(keys);
  return nthSmallest(selection, n);
}

/** Per member, a number that sorts ascending in the key's order. */
function sortColumn(key: SortKey, members: Uint32Array, scorer: Scorer, scratch: Scratch): Float64Array {
  const column = scratch.numbersOf(members.length);
  const sign = key.order === 'asc' ? 1 : -1;
  if (key.kind === 'score') {
    const scores = scoresOf(scorer, members, scratch);
    for (let i = 0; i < members.length; i++) column[i] = sign * scores[i]!;
  } else if (key.kind === 'doc') {
    for (let i = 0; i < members.length; i++) column[i] = sign * members[i]!;
  } else {
    const slots = new FieldSlots(key);
    for (let i = 0; i < members.length; i++) column[i] = slots.slot(members[i]!);
  }
  return column;
}

/** Members `from..from+size-1` of `docs` (which has `total` members) in `order`. */
export function pageInOrder(docs: DocSet, total: number, order: DocOrder, from: number, size: number): number[] {
  const count = Math.min(from + size, total);
  if (count <= from) return [];
  switch (order.kind) {
    case 'doc':
      return docs instanceof DocList
        ? Array.from(docs.docs.subarray(from, count))
        : membersFrom(docs, from, count - from);
    case 'rank':
      return walkIsCheaper(docs, total, count)
        ? walkPermutation(docs, order.order.perm, from, count)
        : selectByRank(docs, order.order.rank, count).slice(from);
    case 'compare': {
      const members = order.narrow(docs.toArray(), count);
      return order
        .select(members, count)
        .slice(from)
        .map((i) => members[i]!);
    }
  }
}

/**
 * Walking the permutation visits about `(count + 1) · size / total` documents, each a bitset
 * lookup or a binary search in a list; selecting by rank reads every member (a bitset's by a
 * scan of its words) and keeps the best in a heap.
 */
function walkIsCheaper(docs: DocSet, total: number, count: number): boolean {
  const size = docs.size;
  const visited = Math.min(size, ((count + 1) * size) / Math.max(1, total));
  const isList = docs instanceof DocList;
  const walk = isList ? visited * (1 + Math.log2(total + 1)) : visited;
  const select = (isList ? 0 : size / 32) + total * Math.log2(count + 2) * 2;
  return prefer(walk, select);
}

function membersFrom(docs: DocSet, from: number, count: number): number[] {
  const result: number[] = [];
  for (let doc = docs.nth(from); doc >= 0 && result.length < count; doc = docs.next(doc + 1)) result.push(doc);
  return result;
}

/** Walks the permutation to the `end`-th member, keeping those from the `from`-th on. */
function walkPermutation(docs: DocSet, perm: Uint32Array, from: number, end: number): number[] {
  const result: number[] = [];
  let seen = 0;
  for (let i = 0; i < perm.length && seen < end; i++) {
    const doc = perm[i]!;
    if (docs.has(doc) && seen++ >= from) result.push(doc);
  }
  return result;
}

function selectByRank(docs: DocSet, rank: Uint32Array, count: number): number[] {
  const members = docs.toArray();
  return selectTop(members.length, count, (a, b) => rank[members[a]!]! - rank[members[b]!]!).map((i) => members[i]!);
}
