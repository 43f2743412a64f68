/**
 * Numbers that keep their values from version to version (docs/versions-and-loading.md, "What
 * versions share"): `taxonomicOrder` and the sort ranks only order documents, so a version may
 * keep the numbers of the version read before wherever its order agrees with it, and give what is
 * new the numbers between. A taxon whose place did not change then has the same number in every
 * version, and its document can be the same object.
 *
 * The first version is numbered `start + (i + 1) × gap − 1`; each later one keeps the previous numbers of
 * the longest run of its keys that are still in increasing order, and spreads the others evenly in
 * the gaps between. Where a gap is too small, the whole version is numbered afresh (still in
 * order, only not shared). With a gap of 1, every version is numbered `start + i`, alone.
 */

/** The largest number an index stores as an integer. */
const MAX = 2 ** 31 - 1;

export class StableNumbering {
  private previous: Map<string, number> | undefined;
  private gap = 1;

  /** `spread`: leave room for later versions (more than one version is read). */
  constructor(
    private readonly start: number,
    private readonly spread: boolean,
  ) {}

  /** The numbers of `keys` (distinct, in the order they must follow), increasing. */
  assign(keys: readonly string[]): number[] {
    const numbers =
      this.previous === undefined || !this.spread ? this.fresh(keys.length) : this.kept(keys, this.previous);
    this.previous = new Map(keys.map((key, i) => [key, numbers[i]!]));
    return numbers;
  }

  private fresh(count: number): number[] {
    if (this.previous === undefined && this.spread)
      this.gap = Math.max(1, Math.min(1024, Math.floor((MAX - this.start) / (count + 2))));
    // Room before the first number too (`start + gap - 1`); with a gap of 1, `start + i`.
    return Array.from({ length: count }, (_, i) => this.start + (i + 1) * this.gap - 1);
  }

  /**
   * The previous numbers kept where they still increase, the others spread between them. A run
   * of new places too long for its gap takes in its kept neighbours, one on each side at a time,
   * until the gap is wide enough; past the largest number, the version is numbered afresh.
   */
  private kept(keys: readonly string[], previous: ReadonlyMap<string, number>): number[] {
    const before = keys.map((key) => previous.get(key));
    const keep = longestIncreasing(before);
    const numbers: number[] = new Array(keys.length);
    let i = 0;
    while (i < keys.length) {
      if (keep[i]) {
        numbers[i] = before[i]!;
        i++;
        continue;
      }
      let first = i;
      let end = i;
      while (end < keys.length && !keep[end]) end++;
      const lowOf = () => (first > 0 ? numbers[first - 1]! : this.start - 1);
      const highOf = () => (end < keys.length ? before[end]! : lowOf() + (end - first + 1) * this.gap);
      while (highOf() - lowOf() - 1 < end - first) {
        // take in the kept neighbour on the right (and the new places after it), and one on the left
        if (end < keys.length) for (end++; end < keys.length && !keep[end]; end++);
        if (first > 0) first--;
      }
      const [low, high, count] = [lowOf(), highOf(), end - first];
      if (high > MAX) return this.fresh(keys.length);
      for (let j = 0; j < count; j++) numbers[first + j] = low + Math.floor(((high - low) * (j + 1)) / (count + 1));
      i = end;
    }
    return numbers;
  }
}

/** Which of `values` form a longest strictly increasing run (`undefined` never does). */
function longestIncreasing(values: readonly (number | undefined)[]): boolean[] {
  // tails[k]: the index of the smallest last value of an increasing run of length k + 1
  const tails: number[] = [];
  const before = new Int32Array(values.length).fill(-1);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === undefined) continue;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (values[tails[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) before[i] = tails[low - 1]!;
    tails[low] = i;
  }
  const keep = new Array<boolean>(values.length).fill(false);
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i >= 0; i = before[i]!) keep[i] = true;
  return keep;
}
