/**
 * The first `wanted` of `count` items under a total order, in that order: a bounded max-heap
 * (`O(count · log wanted)`) unless most of the items are wanted anyway.
 */
export type PositionComparator = (a: number, b: number) => number;

/** Positions `0..count-1`, best first; `compare` must be a total order. */
export function selectTop(count: number, wanted: number, compare: PositionComparator): number[] {
  const size = Math.min(wanted, count);
  if (size <= 0) return [];
  if (size * 4 >= count)
    return Array.from({ length: count }, (_, i) => i)
      .sort(compare)
      .slice(0, size);
  const heap: number[] = [];
  for (let i = 0; i < count; i++) {
    if (heap.length < size) {
      heap.push(i);
      siftUp(heap, heap.length - 1, compare);
    } else if (compare(i, heap[0]!) < 0) {
      heap[0] = i;
      siftDown(heap, 0, compare);
    }
  }
  return heap.sort(compare);
}

/**
 * The value that would be at position `n` of `values` sorted ascending (Hoare's selection,
 * linear on average). Reorders `values`.
 */
export function nthSmallest(values: Float64Array, n: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const value = values[i]!;
        values[i++] = values[j]!;
        values[j--] = value;
      }
    }
    if (n <= j) hi = j;
    else if (n >= i) lo = i;
    else return values[n]!;
  }
  return values[n]!;
}

/** The heap keeps its worst item on top. */
function siftUp(heap: number[], index: number, compare: PositionComparator): void {
  let child = index;
  while (child > 0) {
    const parent = (child - 1) >> 1;
    if (compare(heap[parent]!, heap[child]!) >= 0) return;
    swap(heap, parent, child);
    child = parent;
  }
}

function siftDown(heap: number[], index: number, compare: PositionComparator): void {
  let parent = index;
  for (;;) {
    const left = 2 * parent + 1;
    const right = left + 1;
    let worst = parent;
    if (left < heap.length && compare(heap[left]!, heap[worst]!) > 0) worst = left;
    if (right < heap.length && compare(heap[right]!, heap[worst]!) > 0) worst = right;
    if (worst === parent) return;
    swap(heap, parent, worst);
    parent = worst;
  }
}

function swap(heap: number[], a: number, b: number): void {
  const item = heap[a]!;
  heap[a] = heap[b]!;
  heap[b] = item;
}
