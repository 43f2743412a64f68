/**
 * The ranks the synthetic tree uses, in order from the top. Main ranks appear on every lineage;
 * optional ranks are inserted now and then (and are often hidden), which varies the depth.
 */

export interface RankSpec {
  /** `MX.` qname of the rank. */
  readonly qname: string;
  /** Expected number of taxa in a subtree rooted at this rank (itself included). */
  readonly subtreeSize: number;
  /** Chance that a lineage passes through this rank; 1 for main ranks. */
  readonly presence: number;
  /** Relative spread of the number of children of a parent whose children have this rank. */
  readonly jitter: readonly [number, number];
  /** Most children of this rank under one parent (keeps the upper tree realistic). */
  readonly maxSiblings: number;
  /** Chance that a taxon of this rank with children is hidden. */
  readonly hiddenChance: number;
}

const spec = (
  qname: string,
  subtreeSize: number,
  presence: number,
  jitter: readonly [number, number],
  maxSiblings: number,
  hiddenChance = 0,
): RankSpec => ({ qname, subtreeSize, presence, jitter, maxSiblings, hiddenChance });

export const RANKS: readonly RankSpec[] = [
  spec('MX.kingdom', 100_000, 1, [1, 1], 7),
  spec('MX.phylum', 5_000, 1, [0.5, 1.6], 30),
  spec('MX.subphylum', 2_500, 0.08, [0.6, 1.4], 4, 0.3),
  spec('MX.class', 900, 1, [0.5, 1.6], 25),
  spec('MX.subclass', 400, 0.08, [0.6, 1.4], 5, 0.3),
  spec('MX.order', 130, 1, [0.5, 1.6], 80),
  spec('MX.suborder', 70, 0.06, [0.6, 1.4], 5, 0.4),
  spec('MX.superfamily', 60, 0.08, [0.6, 1.4], 8, 0.4),
  spec('MX.family', 24, 1, [0.5, 1.6], 400, 0.06),
  spec('MX.subfamily', 14, 0.1, [0.6, 1.4], 12, 0.35),
  spec('MX.tribe', 9, 0.05, [0.6, 1.4], 12, 0.5),
  spec('MX.genus', 5.9, 1, [0.6, 1.5], 100_000, 0.05),
  spec('MX.species', 1.12, 1, [0.96, 1.02], 100_000),
  spec('MX.subspecies', 1, 1, [1, 1], 100_000),
];

const indexOf = (qname: string): number => RANKS.findIndex((rank) => rank.qname === qname);

export const KINGDOM = indexOf('MX.kingdom');
export const CLASS = indexOf('MX.class');
export const ORDER = indexOf('MX.order');
export const GENUS = indexOf('MX.genus');
export const LAST_RANK = RANKS.length - 1;
/** Not a rank: marks the root (Biota) in the skeleton's rank array. */
export const ROOT_RANK = 255;

export function rankAt(index: number): RankSpec {
  const rank = RANKS[index];
  if (rank === undefined) throw new Error(`no rank at ${index}`);
  return rank;
}

/** Short rank name (`genus` for `MX.genus`). */
export function rankName(index: number): string {
  return rankAt(index).qname.slice(3);
}
