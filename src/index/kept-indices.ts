/**
 * The changes indices the embedded engine builds on first search (a pair's, a version's whole),
 * kept within a budget of change records (docs/versions-and-loading.md, "Comparing versions").
 * Whole indices are dropped, least recently searched first, to make room for another; one
 * searched within `protectMs` is not: then the other is not kept, and once its size is known it
 * is not built at all while it does not fit (`admits`), rather than built again for every
 * request while the others are searched.
 *
 * @example
 *   const kept = new KeptIndices<DocumentIndex<object>>(250_000, 60_000);
 *   if (kept.admits(key)) kept.keep(key, index);
 */
export class KeptIndices<I extends { readonly size: number }> {
  /** least recently searched first */
  private readonly kept = new Map<string, { index: I; searched: number }>();
  /** the records of every index built, kept or not: what one asked for again will weigh */
  private readonly sizes = new Map<string, number>();
  private held = 0;

  constructor(
    /** the most records kept together; one index larger than this is kept alone */
    readonly budget: number,
    /** an index searched within this many milliseconds is not dropped for another */
    private readonly protectMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The index kept under `key`, now the most recently searched. */
  get(key: string): I | undefined {
    const entry = this.kept.get(key);
    if (entry === undefined) return undefined;
    this.kept.delete(key);
    entry.searched = this.now();
    this.kept.set(key, entry);
    return entry.index;
  }

  /**
   * Whether an index of `key` could be kept now, by what it weighed when built before, or else
   * by what the indices built so far weigh on average (anything, before the first).
   */
  admits(key: string): boolean {
    if (this.kept.has(key)) return true;
    let expected = this.sizes.get(key);
    if (expected === undefined) {
      if (this.sizes.size === 0) return true;
      let total = 0;
      for (const size of this.sizes.values()) total += size;
      expected = total / this.sizes.size;
    }
    return this.weight(expected) <= this.budget - this.held + this.droppable();
  }

  /**
   * Keeps `index`, dropping the least recently searched indices not protected until it fits;
   * false, and nothing dropped, when it cannot fit without dropping a protected one.
   */
  keep(key: string, index: I): boolean {
    this.sizes.set(key, index.size);
    this.remove(key);
    const weight = this.weight(index.size);
    if (weight > this.budget - this.held + this.droppable()) return false;
    for (const [oldest, entry] of this.kept) {
      if (this.held + weight <= this.budget) break;
      this.held -= this.weight(entry.index.size);
      this.kept.delete(oldest);
    }
    this.kept.set(key, { index, searched: this.now() });
    this.held += weight;
    return true;
  }

  /** The indices kept by key, least recently searched first (none made more recent by it). */
  entries(): [string, I][] {
    return [...this.kept].map(([key, entry]) => [key, entry.index]);
  }

  /** An index weighs its records, at most the whole budget, so that one larger is kept alone. */
  private weight(size: number): number {
    return Math.min(this.budget, Math.max(1, size));
  }

  /** The weight of the kept indices not protected. */
  private droppable(): number {
    const since = this.now() - this.protectMs;
    let weight = 0;
    for (const { index, searched } of this.kept.values()) if (searched <= since) weight += this.weight(index.size);
    return weight;
  }

  private remove(key: string): void {
    const entry = this.kept.get(key);
    if (entry === undefined) return;
    this.held -= this.weight(entry.index.size);
    this.kept.delete(key);
  }
}
