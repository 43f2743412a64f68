/**
 * The shape of the synthetic tree, built before any taxon document: parent, rank, depth and
 * hidden flag per taxon, in pre-order (the order of the output lines). Budgets make the size
 * exact: every taxon hands the rest of its budget to its children, split with skewed weights.
 */
import { Random } from './random.ts';
import { KINGDOM, LAST_RANK, ROOT_RANK, rankAt } from './ranks.ts';

export interface TreeSkeleton {
  readonly size: number;
  /** Parent's index (pre-order position), -1 for the root. */
  readonly parent: Int32Array;
  /** Index into `RANKS`, `ROOT_RANK` for the root. */
  readonly rank: Uint8Array;
  readonly depth: Uint8Array;
  readonly hidden: Uint8Array;
  /** Position among siblings (for kingdoms: which kingdom). */
  readonly ordinal: Int32Array;
}

/** Relative sizes of the kingdoms, in the order of `KINGDOMS` in `latin-names.ts`. */
const KINGDOM_WEIGHTS = [0.56, 0.18, 0.16, 0.04, 0.03, 0.02, 0.01];

function kingdomCount(size: number): number {
  if (size < 60) return 1;
  if (size < 400) return 2;
  if (size < 3_000) return 3;
  if (size < 20_000) return 5;
  return KINGDOM_WEIGHTS.length;
}

class SkeletonBuilder implements TreeSkeleton {
  readonly parent: Int32Array;
  readonly rank: Uint8Array;
  readonly depth: Uint8Array;
  readonly hidden: Uint8Array;
  readonly ordinal: Int32Array;
  private count = 0;

  constructor(
    readonly size: number,
    private readonly rng: Random,
  ) {
    this.parent = new Int32Array(size);
    this.rank = new Uint8Array(size);
    this.depth = new Uint8Array(size);
    this.hidden = new Uint8Array(size);
    this.ordinal = new Int32Array(size);
  }

  buildRoot(): void {
    this.add(-1, ROOT_RANK, 0, false, 0);
    const remaining = this.size - 1;
    if (remaining === 0) return;
    const weights = KINGDOM_WEIGHTS.slice(0, Math.min(kingdomCount(this.size), remaining));
    const parts = this.split(remaining, weights);
    for (const [i, budget] of parts.entries()) this.grow(0, KINGDOM, 1, budget, i, false);
  }

  private add(parent: number, rank: number, depth: number, hidden: boolean, ordinal: number): number {
    const index = this.count++;
    this.parent[index] = parent;
    this.rank[index] = rank;
    this.depth[index] = depth;
    this.hidden[index] = hidden ? 1 : 0;
    this.ordinal[index] = ordinal;
    return index;
  }

  private grow(
    parent: number,
    rank: number,
    depth: number,
    budget: number,
    ordinal: number,
    parentHidden: boolean,
  ): void {
    const remaining = budget - 1;
    const hidden = remaining > 0 && !parentHidden && this.rng.chance(rankAt(rank).hiddenChance);
    const index = this.add(parent, rank, depth, hidden, ordinal);
    if (remaining === 0) return;
    const childRank = this.childRank(rank, remaining);
    const weights = Array.from({ length: this.childCount(childRank, remaining) }, () => this.rng.exponential());
    const parts = this.split(remaining, weights);
    for (const [i, part] of parts.entries()) this.grow(index, childRank, depth + 1, part, i, hidden);
  }

  /** The next main rank, or now and then an optional rank in between. */
  private childRank(rank: number, remaining: number): number {
    for (let next = rank + 1; next < LAST_RANK; next++) {
      const spec = rankAt(next);
      if (spec.presence >= 1) return next;
      if (remaining >= 2 * spec.subtreeSize && this.rng.chance(spec.presence)) return next;
    }
    return LAST_RANK;
  }

  private childCount(childRank: number, remaining: number): number {
    if (childRank === LAST_RANK) return remaining;
    const spec = rankAt(childRank);
    const raw = (remaining / spec.subtreeSize) * this.rng.between(spec.jitter[0], spec.jitter[1]);
    return Math.max(1, Math.min(Math.round(raw), remaining, spec.maxSiblings));
  }

  /** Splits `total` into one part per weight, each at least 1, proportional to the weights. */
  private split(total: number, weights: readonly number[]): number[] {
    const extra = total - weights.length;
    const sum = weights.reduce((a, b) => a + b, 0);
    const parts = weights.map((weight) => 1 + Math.floor((extra * weight) / sum));
    let leftover = total - parts.reduce((a, b) => a + b, 0);
    while (leftover > 0) {
      const i = this.rng.int(0, parts.length - 1);
      parts[i] = (parts[i] ?? 0) + 1;
      leftover--;
    }
    return parts;
  }
}

/** Builds the tree shape of `size` taxa (at least 1) from `seed`. */
export function buildSkeleton(size: number, seed: number): TreeSkeleton {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`taxa must be a positive integer, got ${size}`);
  const builder = new SkeletonBuilder(size, new Random(seed));
  builder.buildRoot();
  return builder;
}
