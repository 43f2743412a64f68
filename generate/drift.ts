/**
 * When each change between checklist versions happened. The versions are ordered by date,
 * `current` at step 0 and each older one a step further; a taxon's change of a kind happened at
 * step floor(u / rate) + 1, u a uniform draw hashed from (seed, kind, taxon id), and every version
 * at that step or older has the old state. So consecutive versions differ by about `rate` of the
 * taxa a kind applies to, and versions k steps apart by about k × rate.
 */
import { hashString, mixSeed, Random } from './random.ts';

/** Chance per version step that a change of the kind happened, among the taxa it applies to. */
export const DRIFT_RATES = {
  /** A species or subspecies without children is absent from the older versions. */
  added: 0.012,
  /** A species under a genus has an extra sibling in the older versions. */
  removed: 0.015,
  /** A taxon from order to genus had a sibling of its parent as parent. */
  moved: 0.045,
  /** A species or subspecies without children, with a synonym or basionym, had that name. */
  renamed: 0.075,
  /** A red-list assessment had a neighbouring status. */
  redListStatus: 0.02,
  /** A taxon with administrative statuses lacked the last of them. */
  administrativeStatus: 0.05,
  /** A taxon with an alternative Finnish name had it as its Finnish name. */
  vernacularSwapped: 0.03,
  /** A named taxon lacked its English name (else its Swedish one, else its name). */
  vernacularAdded: 0.008,
  /** A named taxon without alternative names had an alternative Finnish name. */
  vernacularDropped: 0.003,
  /** A taxon with synonyms lacked its last one (never the one a rename takes). */
  synonymAdded: 0.02,
  /** A taxon of a rank that has synonyms had one more. */
  synonymDropped: 0.003,
} as const;

export type DriftKind = keyof typeof DRIFT_RATES;
/** Draws that are not changes per step: `invasive`, whether invasiveness was noted before 2015. */
type DrawKind = DriftKind | 'invasive';

const KINDS = [...Object.keys(DRIFT_RATES), 'invasive'] as DrawKind[];
const KIND_CODES = Object.fromEntries(KINDS.map((kind) => [kind, hashString(kind)])) as Record<DrawKind, number>;

export class Drift {
  private readonly seed: number;

  /** `step`: the version's distance from `current` (0 for `current` itself). */
  constructor(
    seed: number,
    readonly step: number,
  ) {
    this.seed = mixSeed(seed, 3);
  }

  /** The key of a taxon's draws. */
  static key(id: string): number {
    return hashString(id);
  }

  /** A uniform draw in [0, 1), the same in every version, for a kind and taxon (and a part, such as a year). */
  uniform(kind: DrawKind, key: number, part = 0): number {
    return mixSeed(this.seed, KIND_CODES[kind], key, part) / 4294967296;
  }

  /** Whether the version has the state from before the change (it happened at this step or a newer one). */
  happened(kind: DriftKind, key: number, part = 0): boolean {
    return this.step > 0 && this.uniform(kind, key, part) < DRIFT_RATES[kind] * this.step;
  }

  /** A generator for what the old state was: the same in every version. */
  random(kind: DrawKind, key: number, part = 0): Random {
    return new Random(mixSeed(this.seed, KIND_CODES[kind], key, part, 0x5eed));
  }
}
