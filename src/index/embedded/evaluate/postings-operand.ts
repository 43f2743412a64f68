/** A term's (or terms') posting lists as an operand. */
import type { Bitset } from '../sets/bitset.ts';
import { countFound, filterByBits, filterByCounts, filterBySorted, mergeSorted } from '../sets/doc-set.ts';
import type { FieldIndex } from '../build/field-index.ts';
import type { Scratch } from '../sets/scratch.ts';
import { prefer } from './strategy.ts';
import {
  BIT_SET,
  DOC_VALUES,
  EMPTY,
  EXTRACT,
  gallopCost,
  MAX_FILTERED_RUNS,
  MERGE,
  PROBE,
  WORD_COUNT,
  WORD_FILL,
  WORD_OP,
} from './operand-costs.ts';
import { Operand } from './operand.ts';

/**
 * The union of some posting lists of a field: a `term`/`terms` (their ordinals) or a `range`,
 * `prefix` or `wildcard` (a range of ordinals, whose lists are one contiguous slice).
 */
export class PostingsOperand extends Operand {
  readonly estimate: number;
  readonly exact: number | undefined;
  private readonly postings: Uint32Array;
  private listed: Uint32Array | undefined;
  private built: Bitset | undefined;

  /** `ords` ascending, or `undefined` for the range `from..to-1`. */
  private constructor(
    private readonly field: FieldIndex,
    private readonly ords: readonly number[] | Uint32Array | undefined,
    private readonly from: number,
    private readonly to: number,
  ) {
    super(field.docCount);
    this.postings = field.postings;
    let total = 0;
    if (ords === undefined) total = field.start(to) - field.start(from);
    else for (const ord of ords) total += field.docFreq(ord);
    this.estimate = total;
    this.exact = this.runCount === 1 ? total : undefined;
  }

  static ofOrds(field: FieldIndex, ords: readonly number[] | Uint32Array): PostingsOperand {
    return new PostingsOperand(field, ords, 0, 0);
  }

  static ofRange(field: FieldIndex, from: number, to: number): PostingsOperand {
    return new PostingsOperand(field, undefined, from, to);
  }

  private get runCount(): number {
    return this.ords === undefined ? this.to - this.from : this.ords.length;
  }

  private ordAt(run: number): number {
    return this.ords === undefined ? this.from + run : this.ords[run]!;
  }

  /** The posting list of the run-th ordinal as a view (no copy). */
  private run(run: number): Uint32Array {
    const ord = this.ordAt(run);
    return this.postings.subarray(this.field.start(ord), this.field.start(ord + 1));
  }

  override readyBits(): Bitset | undefined {
    return this.built ?? (this.runCount === 1 ? this.field.denseDocs(this.ordAt(0)) : undefined);
  }

  private mergeCost(members: number): number {
    return members * Math.ceil(Math.log2(this.runCount)) * MERGE;
  }

  listCost(): number {
    if (this.runCount <= 1 || this.listed !== undefined) return 0;
    return Math.min(
      this.mergeCost(this.estimate),
      this.bitsCost() + this.wordCount * WORD_COUNT + this.estimate * EXTRACT,
    );
  }

  list(scratch: Scratch): Uint32Array {
    if (this.listed !== undefined) return this.listed;
    if (this.runCount === 0) return EMPTY;
    if (this.runCount === 1) return (this.listed = this.run(0));
    if (
      prefer(this.mergeCost(this.estimate), this.bitsCost() + this.wordCount * WORD_COUNT + this.estimate * EXTRACT)
    ) {
      const runs = scratch.list(2 * this.runCount);
      for (let i = 0; i < this.runCount; i++) {
        const ord = this.ordAt(i);
        runs[2 * i] = this.field.start(ord);
        runs[2 * i + 1] = this.field.start(ord + 1);
      }
      this.listed = mergeAll(scratch, this.postings, runs, this.runCount, this.estimate);
    } else {
      const bits = this.bits(scratch);
      const docs = scratch.list(Math.min(this.estimate, this.docCount));
      this.listed = docs.subarray(0, bits.writeTo(docs));
    }
    return this.listed;
  }

  bitsCost(): number {
    if (this.readyBits() !== undefined) return 0;
    return this.wordCount * WORD_FILL + this.estimate * BIT_SET;
  }

  bits(scratch: Scratch): Bitset {
    const ready = this.readyBits();
    if (ready !== undefined) return ready;
    const target = scratch.bitset();
    if (this.ords === undefined) target.addAll(this.postings, this.field.start(this.from), this.field.start(this.to));
    else for (let i = 0; i < this.ords.length; i++) this.addRun(target, i);
    this.built = target;
    return target;
  }

  private addRun(target: Bitset, run: number): void {
    const ord = this.ordAt(run);
    const dense = this.field.denseDocs(ord);
    if (dense !== undefined && prefer(this.wordCount * WORD_OP, this.field.docFreq(ord) * BIT_SET)) target.or(dense);
    else target.addAll(this.postings, this.field.start(ord), this.field.start(ord + 1));
  }

  /** Each list probed on its own: the dense ones by their bitsets, a single sparse one by galloping. */
  private probeEachCost(n: number): number {
    let cost = 0;
    for (let i = 0; i < this.runCount; i++) {
      const ord = this.ordAt(i);
      cost += this.field.denseDocs(ord) !== undefined ? n * PROBE : gallopCost(n, this.field.docFreq(ord)) + n;
    }
    return cost;
  }

  /**
   * A range of ordinals over a field whose doc values are built: each candidate is checked by
   * its own ordinals, without reading the lists (which may hold most of the index).
   */
  private docValuesCost(n: number): number {
    return this.ords === undefined && this.field.hasOrdinals ? n * DOC_VALUES : Infinity;
  }

  /** Filtering by the lists: each probed on its own, or the general way of an operand. */
  private listsFilterCost(n: number): number {
    const each = this.runCount <= MAX_FILTERED_RUNS ? this.probeEachCost(n) : Infinity;
    return Math.min(each, super.filterCost(n));
  }

  override filterCost(n: number): number {
    if (this.readyBits() !== undefined) return n * PROBE;
    return Math.min(this.docValuesCost(n), this.listsFilterCost(n));
  }

  override filter(scratch: Scratch, cands: Uint32Array, n: number, out: Uint32Array, keep: boolean): number {
    // Stryker disable next-line all: the base class's `filter` (not an array's: its MethodExpression mutant, `super` alone, does not parse) over what is at hand, a choice between ways that give the same matches (docs/mutation.md)
    if (this.readyBits() !== undefined || this.listed !== undefined) return super.filter(scratch, cands, n, out, keep);
    const byDocValues = this.docValuesCost(n);
    if (byDocValues !== Infinity && prefer(byDocValues, this.listsFilterCost(n)))
      return this.filterByDocValues(cands, n, out, keep);
    // Stryker disable next-line BlockStatement: without this way the general one below runs, with the same matches
    if (this.runCount === 1) {
      const ord = this.ordAt(0);
      return filterBySorted(cands, n, out, keep, this.postings, this.field.start(ord), this.field.start(ord + 1));
    }
    // Stryker disable next-line all: a choice between ways that give the same matches (docs/mutation.md)
    if (this.runCount > MAX_FILTERED_RUNS || !prefer(this.probeEachCost(n), super.filterCost(n)))
      // Stryker disable next-line MethodExpression: as above
      return super.filter(scratch, cands, n, out, keep);
    // A candidate matches when any list holds it: count per list, then keep or drop the counted.
    const counts = scratch.list(n).fill(0, 0, n);
    const found = scratch.list(n);
    for (let i = 0; i < this.runCount; i++) {
      const ord = this.ordAt(i);
      const dense = this.field.denseDocs(ord);
      const count =
        dense !== undefined
          ? filterByBits(cands, n, found, true, dense)
          : filterBySorted(cands, n, found, true, this.postings, this.field.start(ord), this.field.start(ord + 1));
      countFound(cands, n, found, count, counts);
    }
    return filterByCounts(cands, n, counts, 1, out, keep);
  }

  /** Keeps (or drops) the candidates with an ordinal in `from..to-1`; ordinals are ascending per document. */
  private filterByDocValues(cands: Uint32Array, n: number, out: Uint32Array, keep: boolean): number {
    const { starts, ords } = this.field.ordinals();
    let k = 0;
    for (let i = 0; i < n; i++) {
      const doc = cands[i]!;
      let at = starts[doc]!;
      const end = starts[doc + 1]!;
      while (at < end && ords[at]! < this.from) at++;
      if ((at < end && ords[at]! < this.to) === keep) out[k++] = doc;
    }
    return k;
  }

  override listFilteredCost(probe: Operand): number {
    return Math.min(this.eachFilteredCost(probe), super.listFilteredCost(probe));
  }

  private eachFilteredCost(probe: Operand): number {
    if (this.runCount <= 1 || this.runCount > MAX_FILTERED_RUNS || this.listed !== undefined) return Infinity;
    let cost = 0;
    for (let i = 0; i < this.runCount; i++) cost += probe.filterCost(this.field.docFreq(this.ordAt(i)));
    return cost + this.mergeCost((this.estimate * probe.estimate) / this.docCount);
  }

  /** Several lists: each filtered on its own, the (shorter) survivors merged. */
  override listFiltered(scratch: Scratch, probe: Operand, keep: boolean): { docs: Uint32Array; count: number } {
    const each = this.eachFilteredCost(probe);
    // Stryker disable next-line all: a choice between ways that give the same matches (docs/mutation.md)
    if (each === Infinity || !prefer(each, super.listFilteredCost(probe))) {
      return super.listFiltered(scratch, probe, keep);
    }
    const survivors = scratch.list(this.estimate);
    const runs = scratch.list(2 * this.runCount);
    let offset = 0;
    for (let i = 0; i < this.runCount; i++) {
      const run = this.run(i);
      runs[2 * i] = offset;
      offset += probe.filter(scratch, run, run.length, survivors.subarray(offset), keep);
      runs[2 * i + 1] = offset;
    }
    const docs = mergeAll(scratch, survivors, runs, this.runCount, offset);
    return { docs, count: docs.length };
  }

  override subtractFrom(scratch: Scratch, target: Bitset): number | undefined {
    // Stryker disable next-line all: a choice between ways that give the same matches (docs/mutation.md)
    if (this.built !== undefined || this.listed !== undefined) return super.subtractFrom(scratch, target);
    let removed = 0;
    for (let i = 0; i < this.runCount; i++) {
      const ord = this.ordAt(i);
      const dense = this.field.denseDocs(ord);
      if (
        this.runCount === 1 &&
        dense !== undefined &&
        prefer(this.wordCount * WORD_OP, this.field.docFreq(ord) * BIT_SET)
      ) {
        target.andNot(dense);
        return undefined;
      }
      removed += target.removeAll(this.postings, this.field.start(ord), this.field.start(ord + 1));
    }
    return removed;
  }

  override subtractCost(): number {
    const ready = this.readyBits();
    if (ready !== undefined && this.estimate * BIT_SET > this.wordCount * WORD_OP) return this.wordCount * WORD_OP;
    return this.estimate * BIT_SET;
  }

  override addTo(_scratch: Scratch, target: Bitset): void {
    if (this.built !== undefined) target.or(this.built);
    else for (let i = 0; i < this.runCount; i++) this.addRun(target, i);
  }
}

/**
 * Sorted runs `source[runs[2r]..runs[2r + 1])`, `r < count`, merged pairwise, round by round, into
 * one sorted list of distinct members (scratch). `runs` (scratch) is overwritten: after the first
 * round it holds the bounds of the merged runs, which lie end to end in one buffer, run `r` from
 * `runs[r]` to `runs[r + 1]`. Each round reads a pair's bounds before it writes the bound of their
 * merge at a lower index, so the bounds need no second array.
 */
function mergeAll(scratch: Scratch, source: Uint32Array, runs: Uint32Array, count: number, total: number): Uint32Array {
  if (count === 0) return EMPTY;
  if (count === 1) return source.subarray(runs[0]!, runs[1]!);
  let target = scratch.list(total);
  let spare = scratch.list(total);
  let merged = 0;
  for (let r = 0, at = 0; r < count; r += 2) {
    const from = runs[2 * r]!;
    const to = runs[2 * r + 1]!;
    at =
      r + 1 < count
        ? mergeSorted(source, from, to, source, runs[2 * r + 2]!, runs[2 * r + 3]!, target, at)
        : copyRun(source, from, to, target, at);
    runs[++merged] = at;
  }
  runs[0] = 0;
  while (merged > 1) {
    let next = 0;
    for (let r = 0; r < merged; r += 2) {
      const from = runs[r]!;
      const middle = runs[r + 1]!;
      const at = runs[next]!;
      runs[++next] =
        r + 1 < merged
          ? mergeSorted(target, from, middle, target, middle, runs[r + 2]!, spare, at)
          : copyRun(target, from, middle, spare, at);
    }
    [target, spare] = [spare, target];
    merged = next;
  }
  return target.subarray(0, runs[1]!);
}

function copyRun(source: Uint32Array, from: number, to: number, out: Uint32Array, at: number): number {
  out.set(source.subarray(from, to), at);
  return at + to - from;
}
