/**
 * Sort orders over the whole index, computed once per sort specification and cached: a
 * permutation of all documents (`perm`) and its inverse (`rank`). A page then walks the
 * permutation picking members of the result set, or orders the result set by rank when it is
 * small; either way a deep page costs at most one pass over the documents.
 *
 * Keys are term ordinals, so the permutation is a stable LSD counting sort, one pass per key
 * (last key first), seeded with document order: ties end in insertion order, as in
 * Elasticsearch where they break by document number.
 */
import { LRUCache } from 'lru-cache';
import type { DocSortKey, FieldSortKey } from '../request/sort-spec.ts';
import type { DocOrdinals } from '../build/doc-ordinals.ts';

export type OrderKey = FieldSortKey | DocSortKey;

export class SortOrder {
  constructor(
    readonly perm: Uint32Array,
    readonly rank: Uint32Array,
    /** The permutation is document order: a page needs no permutation at all. */
    readonly identity: boolean,
  ) {}
}

/**
 * A document's position under one field key as a small integer: ordinal `o` sits at `2o + 1`
 * (reversed for `desc`), `_first` at 0 and `_last` after everything.
 */
export class FieldSlots {
  readonly bucketCount: number;
  private readonly ordinals: DocOrdinals;
  private readonly missingSlot: number;

  constructor(private readonly key: FieldSortKey) {
    const terms = key.field.dictionary.size;
    this.bucketCount = 2 * terms + 2;
    this.ordinals = key.field.ordinals();
    this.missingSlot = this.slotOfMissing(terms);
  }

  slot(doc: number): number {
    const ord = this.key.mode === 'min' ? this.ordinals.min(doc) : this.ordinals.max(doc);
    return ord < 0 ? this.missingSlot : this.slotOfOrd(ord);
  }

  private slotOfOrd(ord: number): number {
    const terms = this.key.field.dictionary.size;
    return this.key.order === 'asc' ? 2 * ord + 1 : 2 * (terms - 1 - ord) + 1;
  }

  private slotOfMissing(terms: number): number {
    return this.key.missing.kind === 'first' ? 0 : 2 * terms + 1;
  }
}

export function buildSortOrder(keys: readonly OrderKey[], docCount: number): SortOrder {
  let perm: Uint32Array = new Uint32Array(docCount);
  for (let doc = 0; doc < docCount; doc++) perm[doc] = doc;
  for (let i = keys.length - 1; i >= 0; i--) perm = countingSort(perm, keys[i]!, docCount);
  const rank = new Uint32Array(docCount);
  let identity = true;
  for (let i = 0; i < docCount; i++) {
    rank[perm[i]!] = i;
    if (perm[i] !== i) identity = false;
  }
  return new SortOrder(perm, rank, identity);
}

function countingSort(perm: Uint32Array, key: OrderKey, docCount: number): Uint32Array {
  const { slots, buckets } = slotsOf(key, docCount);
  const starts = new Uint32Array(buckets + 1);
  for (let doc = 0; doc < docCount; doc++) starts[slots[doc]! + 1]!++;
  for (let b = 0; b < buckets; b++) starts[b + 1]! += starts[b]!;
  const sorted = new Uint32Array(docCount);
  for (const doc of perm) sorted[starts[slots[doc]!]!++] = doc;
  return sorted;
}

function slotsOf(key: OrderKey, docCount: number): { slots: Uint32Array; buckets: number } {
  const slots = new Uint32Array(docCount);
  if (key.kind === 'doc') {
    for (let doc = 0; doc < docCount; doc++) slots[doc] = key.order === 'asc' ? doc : docCount - 1 - doc;
    return { slots, buckets: docCount };
  }
  const fieldSlots = new FieldSlots(key);
  for (let doc = 0; doc < docCount; doc++) slots[doc] = fieldSlots.slot(doc);
  return { slots, buckets: fieldSlots.bucketCount };
}

/** Sort orders by specification, the least recently used dropped past `capacity`. */
export class SortOrderCache {
  private readonly orders: LRUCache<string, SortOrder>;

  constructor(capacity = 32) {
    this.orders = new LRUCache({ max: capacity });
  }

  get(keys: readonly OrderKey[], docCount: number): SortOrder {
    const signature = JSON.stringify(keys.map(signatureOf));
    let order = this.orders.get(signature);
    if (order === undefined) {
      order = buildSortOrder(keys, docCount);
      this.orders.set(signature, order);
    }
    return order;
  }
}

function signatureOf(key: OrderKey): unknown[] {
  return key.kind === 'doc' ? ['_doc', key.order] : [key.name, key.order, key.mode, key.missing];
}
