/**
 * Clauses as operands of query evaluation: each knows how many documents it may match (an upper
 * bound: posting list lengths are known before anything is read) and can deliver its matches in
 * the form the consumer needs, at a cost it can estimate:
 *
 * - `list`: the matches ascending (a posting list is one already: a view, no copy);
 * - `bits`: a bitset of the matches (dense terms have one ready);
 * - `filter`: keep, or drop, the members of a sorted candidate list that match, probing a bitset
 *   or galloping through a sorted list, so a selective conjunction never touches a full-width
 *   bitset;
 * - `intersectInto`, `subtractFrom`, `addTo`: combine with a bitset being built.
 *
 * `BoolOperand` plans a conjunction on these estimates (see `conjoin`). Costs are rough
 * nanoseconds on a current x86 core; only their ratios matter.
 */
import type { Bitset } from './bitset.ts';
import { DocList, filterByBits, filterBySorted, mergeSorted, type DocSet } from './doc-set.ts';
import type { FieldIndex } from './field-index.ts';
import type { Scratch } from './scratch.ts';
import { prefer } from './strategy.ts';

/**
 * Per 32 documents: AND/OR/AND-NOT of two bitsets; clearing or copying one; counting one. A
 * full-width pass streams whole bitsets through the caches (62.5 KB each at 500,000 documents),
 * measured at about twice what the same loop costs on cache-resident words.
 */
const WORD_OP = 0.8;
const WORD_FILL = 0.1;
const WORD_COUNT = 1.2;
/** Per document: setting or clearing its bit; testing a candidate against a bitset; one merge step. */
const BIT_SET = 0.8;
const PROBE = 1;
const MERGE = 1;
/** A list built from a bitset: a scan of the words and a step per member. */
const EXTRACT = 2;
/** Per 32 documents and operand, a bitset's share of a combined pass (`Bitset.assignCombination`). */
const WORD_FUSED = 0.5;
/** Bitsets at hand a combined pass takes, intersected and subtracted. */
const FUSED_AND = 3;
const FUSED_AND_NOT = 2;
/** Beyond this many posting lists a union is filtered as a whole, not list by list. */
const MAX_FILTERED_RUNS = 32;

/** Cost of intersecting (or subtracting) sorted lists of `n` and `m` members, the shorter galloping through the longer. */
function gallopCost(n: number, m: number): number {
  const small = Math.min(n, m);
  if (small === 0) return n;
  return small * (1 + 2 * Math.log2(1 + Math.max(n, m) / small)) + n * 0.2;
}

/** Matches as evaluation hands them on, with their number when it is known without counting. */
export interface Matches {
  docs: DocSet;
  count: number | undefined;
}

const EMPTY = new Uint32Array(0);

export abstract class Operand {
  /** At most this many documents match. */
  abstract readonly estimate: number;
  /** Exactly this many documents match, when known without counting. */
  abstract readonly exact: number | undefined;

  constructor(readonly docCount: number) {}

  protected get wordCount(): number {
    return (this.docCount + 31) >>> 5;
  }

  /** A bitset of the matches that costs nothing to get (shared: read-only). */
  readyBits(): Bitset | undefined {
    return undefined;
  }

  abstract listCost(): number;
  /** The matches ascending, exactly (shared or scratch: read-only). */
  abstract list(scratch: Scratch): Uint32Array;
  abstract bitsCost(): number;
  /** The matches as a bitset (shared or scratch: read-only). */
  abstract bits(scratch: Scratch): Bitset;

  /** The matches as whichever form is cheaper. */
  matches(scratch: Scratch): Matches {
    const ready = this.readyBits();
    if (ready !== undefined) return { docs: ready, count: this.exact };
    if (prefer(this.listCost(), this.bitsCost() + this.wordCount * WORD_COUNT)) {
      const docs = this.list(scratch);
      return { docs: new DocList(this.docCount, docs), count: docs.length };
    }
    return { docs: this.bits(scratch), count: this.exact };
  }

  /** Cost of `filter` over `n` candidates, preparation included. */
  filterCost(n: number): number {
    if (this.readyBits() !== undefined) return n * PROBE;
    return Math.min(this.bitsCost() + n * PROBE, this.listCost() + gallopCost(n, this.estimate));
  }

  /**
   * Writes to `out` the candidates `cands[0..n)` (sorted, distinct) that match (`keep`) or do
   * not (`!keep`), in order; returns how many. `out` may be `cands`.
   */
  filter(scratch: Scratch, cands: Uint32Array, n: number, out: Uint32Array, keep: boolean): number {
    const ready = this.readyBits();
    if (ready !== undefined) return filterByBits(cands, n, out, keep, ready);
    if (prefer(this.bitsCost() + n * PROBE, this.listCost() + gallopCost(n, this.estimate))) {
      return filterByBits(cands, n, out, keep, this.bits(scratch));
    }
    const docs = this.list(scratch);
    return filterBySorted(cands, n, out, keep, docs, 0, docs.length);
  }

  /** Cost of the matches as a list, kept or dropped by `probe` on the way. */
  listFilteredCost(probe: Operand): number {
    return this.listCost() + probe.filterCost(this.estimate);
  }

  /** The matches (kept or dropped by `probe`) in scratch memory; `count` slots hold them. */
  listFiltered(scratch: Scratch, probe: Operand, keep: boolean): { docs: Uint32Array; count: number } {
    const docs = this.list(scratch);
    const out = scratch.list(docs.length);
    return { docs: out, count: probe.filter(scratch, docs, docs.length, out, keep) };
  }

  intersectCost(): number {
    if (this.readyBits() !== undefined) return this.wordCount * WORD_OP;
    return Math.min(this.bitsCost() + this.wordCount * WORD_OP, this.listCost() + this.estimate * (PROBE + BIT_SET) + this.wordCount * WORD_FILL);
  }

  /** Keeps in `target` only the matches. */
  intersectInto(scratch: Scratch, target: Bitset): void {
    const ready = this.readyBits();
    if (ready !== undefined) {
      target.and(ready);
    } else if (prefer(this.bitsCost() + this.wordCount * WORD_OP, this.listCost() + this.estimate * (PROBE + BIT_SET) + this.wordCount * WORD_FILL)) {
      target.and(this.bits(scratch));
    } else {
      const docs = this.list(scratch);
      const kept = scratch.list(docs.length);
      const count = filterByBits(docs, docs.length, kept, true, target);
      target.clear().addAll(kept, 0, count);
    }
  }

  subtractCost(): number {
    if (this.readyBits() !== undefined) return this.wordCount * WORD_OP;
    return Math.min(this.bitsCost() + this.wordCount * WORD_OP, this.listCost() + this.estimate * BIT_SET);
  }

  /** Removes the matches from `target`; returns how many were there, when known. */
  subtractFrom(scratch: Scratch, target: Bitset): number | undefined {
    const ready = this.readyBits();
    if (ready !== undefined) {
      target.andNot(ready);
      return undefined;
    }
    if (prefer(this.bitsCost() + this.wordCount * WORD_OP, this.listCost() + this.estimate * BIT_SET)) {
      target.andNot(this.bits(scratch));
      return undefined;
    }
    return target.removeAll(this.list(scratch));
  }

  /** Adds the matches to `target`. */
  addTo(scratch: Scratch, target: Bitset): void {
    const ready = this.readyBits();
    if (ready !== undefined) target.or(ready);
    else if (prefer(this.listCost() + this.estimate * BIT_SET, this.bitsCost() + this.wordCount * WORD_OP)) target.addAll(this.list(scratch));
    else target.or(this.bits(scratch));
  }
}

/** Nothing matches. */
export class NoDocs extends Operand {
  readonly estimate = 0;
  readonly exact = 0;

  listCost(): number {
    return 0;
  }

  list(): Uint32Array {
    return EMPTY;
  }

  bitsCost(): number {
    return this.wordCount * WORD_FILL;
  }

  bits(scratch: Scratch): Bitset {
    return scratch.bitset();
  }
}

/** Every document. */
export class AllDocs extends Operand {
  readonly estimate: number;
  readonly exact: number;

  constructor(private readonly all: Bitset) {
    super(all.size);
    this.estimate = all.size;
    this.exact = all.size;
  }

  override readyBits(): Bitset {
    return this.all;
  }

  listCost(): number {
    return this.docCount;
  }

  list(scratch: Scratch): Uint32Array {
    const docs = scratch.list(this.docCount).subarray(0, this.docCount);
    for (let doc = 0; doc < docs.length; doc++) docs[doc] = doc;
    return docs;
  }

  bitsCost(): number {
    return 0;
  }

  bits(): Bitset {
    return this.all;
  }

  override intersectInto(): void {}
}

/** A bitset at hand: a field's documents with a value, or a result already evaluated. */
export class BitsOperand extends Operand {
  private listed: Uint32Array | undefined;

  constructor(
    private readonly set: Bitset,
    readonly estimate: number,
    readonly exact: number | undefined,
  ) {
    super(set.size);
  }

  override readyBits(): Bitset {
    return this.set;
  }

  listCost(): number {
    return this.wordCount * WORD_COUNT + this.estimate * EXTRACT;
  }

  list(scratch: Scratch): Uint32Array {
    if (this.listed === undefined) {
      const docs = scratch.list(this.exact ?? this.set.count());
      this.listed = docs.subarray(0, this.set.writeTo(docs));
    }
    return this.listed;
  }

  bitsCost(): number {
    return 0;
  }

  bits(): Bitset {
    return this.set;
  }
}

/** Documents in a sorted list: `ids`, or a result already evaluated. */
export class ListOperand extends Operand {
  readonly estimate: number;
  readonly exact: number;
  private built: Bitset | undefined;

  constructor(
    docCount: number,
    private readonly docs: Uint32Array,
  ) {
    super(docCount);
    this.estimate = docs.length;
    this.exact = docs.length;
  }

  listCost(): number {
    return 0;
  }

  list(): Uint32Array {
    return this.docs;
  }

  bitsCost(): number {
    return this.built === undefined ? this.wordCount * WORD_FILL + this.estimate * BIT_SET : 0;
  }

  bits(scratch: Scratch): Bitset {
    this.built ??= scratch.bitset().addAll(this.docs);
    return this.built;
  }
}

/** A matched set as an operand. */
export function operandOfMatches(matches: Matches, docCount: number): Operand {
  if (matches.docs instanceof DocList) return new ListOperand(docCount, matches.docs.docs);
  const bits = matches.docs as Bitset;
  const count = matches.count ?? bits.count();
  return new BitsOperand(bits, count, count);
}

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
    private readonly ords: readonly number[] | undefined,
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

  static ofOrds(field: FieldIndex, ords: readonly number[]): PostingsOperand {
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
    return Math.min(this.mergeCost(this.estimate), this.bitsCost() + this.wordCount * WORD_COUNT + this.estimate * EXTRACT);
  }

  list(scratch: Scratch): Uint32Array {
    if (this.listed !== undefined) return this.listed;
    if (this.runCount === 0) return EMPTY;
    if (this.runCount === 1) return (this.listed = this.run(0));
    if (prefer(this.mergeCost(this.estimate), this.bitsCost() + this.wordCount * WORD_COUNT + this.estimate * EXTRACT)) {
      const runs = Array.from({ length: this.runCount }, (_, i) => this.run(i));
      this.listed = mergeAll(scratch, runs, this.estimate);
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

  override filterCost(n: number): number {
    if (this.readyBits() !== undefined) return n * PROBE;
    const each = this.runCount <= MAX_FILTERED_RUNS ? this.probeEachCost(n) : Infinity;
    return Math.min(each, super.filterCost(n));
  }

  override filter(scratch: Scratch, cands: Uint32Array, n: number, out: Uint32Array, keep: boolean): number {
    if (this.readyBits() !== undefined || this.listed !== undefined) return super.filter(scratch, cands, n, out, keep);
    if (this.runCount === 1) {
      const ord = this.ordAt(0);
      return filterBySorted(cands, n, out, keep, this.postings, this.field.start(ord), this.field.start(ord + 1));
    }
    if (this.runCount > MAX_FILTERED_RUNS || !prefer(this.probeEachCost(n), super.filterCost(n))) return super.filter(scratch, cands, n, out, keep);
    // A candidate matches when any list holds it: mark per list, then keep or drop the marked.
    const marks = scratch.list(n).fill(0, 0, n);
    const found = scratch.list(n);
    for (let i = 0; i < this.runCount; i++) {
      const ord = this.ordAt(i);
      const dense = this.field.denseDocs(ord);
      const count =
        dense !== undefined
          ? filterByBits(cands, n, found, true, dense)
          : filterBySorted(cands, n, found, true, this.postings, this.field.start(ord), this.field.start(ord + 1));
      markFound(cands, n, found, count, marks);
    }
    let k = 0;
    const wanted = keep ? 1 : 0;
    for (let i = 0; i < n; i++) if (marks[i] === wanted) out[k++] = cands[i]!;
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
    if (each === Infinity || !prefer(each, super.listFilteredCost(probe))) {
      return super.listFiltered(scratch, probe, keep);
    }
    const survivors = scratch.list(this.estimate);
    const runs: Uint32Array[] = [];
    let offset = 0;
    for (let i = 0; i < this.runCount; i++) {
      const run = this.run(i);
      const kept = probe.filter(scratch, run, run.length, survivors.subarray(offset), keep);
      runs.push(survivors.subarray(offset, offset + kept));
      offset += kept;
    }
    const docs = mergeAll(scratch, runs, offset);
    return { docs, count: docs.length };
  }

  override subtractFrom(scratch: Scratch, target: Bitset): number | undefined {
    if (this.built !== undefined || this.listed !== undefined) return super.subtractFrom(scratch, target);
    let removed = 0;
    for (let i = 0; i < this.runCount; i++) {
      const ord = this.ordAt(i);
      const dense = this.field.denseDocs(ord);
      if (this.runCount === 1 && dense !== undefined && prefer(this.wordCount * WORD_OP, this.field.docFreq(ord) * BIT_SET)) {
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

  override addTo(scratch: Scratch, target: Bitset): void {
    if (this.built !== undefined) target.or(this.built);
    else for (let i = 0; i < this.runCount; i++) this.addRun(target, i);
  }
}

/** Sets `marks[i]` for the candidates `cands[i]` that are in `found[0..count)`, a subsequence of them. */
function markFound(cands: Uint32Array, n: number, found: Uint32Array, count: number, marks: Uint32Array): void {
  let j = 0;
  for (let i = 0; i < n && j < count; i++) {
    if (cands[i] === found[j]) {
      marks[i] = 1;
      j++;
    }
  }
}

/** Sorted lists merged into one sorted list of distinct members (scratch). */
function mergeAll(scratch: Scratch, lists: Uint32Array[], total: number): Uint32Array {
  if (lists.length === 0) return EMPTY;
  if (lists.length === 1) return lists[0]!;
  let current = lists;
  let buffers = [scratch.list(total), scratch.list(total)] as const;
  while (current.length > 1) {
    const [target] = buffers;
    const next: Uint32Array[] = [];
    let offset = 0;
    for (let i = 0; i < current.length; i += 2) {
      const a = current[i]!;
      const b = current[i + 1];
      const out = target.subarray(offset);
      const length = b === undefined ? (out.set(a), a.length) : mergeSorted(a, a.length, b, b.length, out);
      next.push(target.subarray(offset, offset + length));
      offset += length;
    }
    current = next;
    buffers = [buffers[1], buffers[0]];
  }
  return current[0]!;
}

/**
 * At least `k` of the clauses match: the `should` clauses of a `bool`. A bitset is built as
 * `level[j]` = documents seen in more than `j` clauses; candidates are counted clause by clause.
 */
export class AtLeastOperand extends Operand {
  readonly estimate: number;
  readonly exact = undefined;
  private built: Bitset | undefined;

  constructor(
    docCount: number,
    private readonly clauses: readonly Operand[],
    private readonly k: number,
  ) {
    super(docCount);
    const sum = clauses.reduce((total, clause) => total + clause.estimate, 0);
    this.estimate = Math.min(docCount, Math.floor(sum / k));
  }

  override readyBits(): Bitset | undefined {
    return this.built;
  }

  listCost(): number {
    return this.bitsCost() + this.wordCount * WORD_COUNT + this.estimate * EXTRACT;
  }

  list(scratch: Scratch): Uint32Array {
    const bits = this.bits(scratch);
    const docs = scratch.list(this.estimate);
    return docs.subarray(0, bits.writeTo(docs));
  }

  bitsCost(): number {
    if (this.built !== undefined) return 0;
    const each = this.clauses.reduce((total, clause) => total + Math.min(clause.bitsCost(), clause.listCost() + clause.estimate * BIT_SET), 0);
    const levels = each + this.clauses.length * this.k * this.wordCount * WORD_OP * 2;
    return this.k === 1 ? levels : Math.min(levels, this.countingOverListsCost());
  }

  bits(scratch: Scratch): Bitset {
    if (this.built !== undefined) return this.built;
    if (this.k === 1) {
      const union = scratch.bitset();
      for (const clause of this.clauses) clause.addTo(scratch, union);
      return (this.built = union);
    }
    if (this.clauses.length < 256 && prefer(this.countingOverListsCost(), this.levelsCost())) {
      return (this.built = this.countOverLists(scratch));
    }
    const level = Array.from({ length: this.k }, () => scratch.bitset());
    const both = scratch.bitset();
    for (const clause of this.clauses) {
      const set = clause.bits(scratch);
      for (let j = this.k - 1; j > 0; j--) level[j]!.or(both.setTo(level[j - 1]!).and(set));
      level[0]!.or(set);
    }
    return (this.built = level[this.k - 1]!);
  }

  /** Counting each clause's posting list: proportional to the postings, not the collection. */
  private countingOverListsCost(): number {
    return this.clauses.reduce((total, clause) => total + clause.listCost() + clause.estimate * 2 * PROBE, 0);
  }

  private levelsCost(): number {
    const each = this.clauses.reduce((total, clause) => total + clause.bitsCost(), 0);
    return each + this.clauses.length * this.k * this.wordCount * WORD_OP * 2;
  }

  /**
   * A document matches once `k` of the lists have named it. Selective `should` clauses, such
   * as the trigrams of a likely name-search query, then cost their postings instead of `k`
   * full-width bitset passes per clause.
   */
  private countOverLists(scratch: Scratch): Bitset {
    const counts = scratch.counts();
    const result = scratch.bitset();
    const lists = this.clauses.map((clause) => clause.list(scratch));
    for (const docs of lists) {
      for (let i = 0; i < docs.length; i++) if (++counts[docs[i]!]! === this.k) result.add(docs[i]!);
    }
    for (const docs of lists) for (let i = 0; i < docs.length; i++) counts[docs[i]!] = 0;
    return result;
  }

  private countingCost(n: number): number {
    return this.clauses.reduce((total, clause) => total + clause.filterCost(n) + n, 0);
  }

  override filterCost(n: number): number {
    if (this.built !== undefined) return n * PROBE;
    return Math.min(this.countingCost(n), this.bitsCost() + n * PROBE);
  }

  override filter(scratch: Scratch, cands: Uint32Array, n: number, out: Uint32Array, keep: boolean): number {
    if (this.built !== undefined || !prefer(this.countingCost(n), this.bitsCost() + n * PROBE)) {
      return filterByBits(cands, n, out, keep, this.bits(scratch));
    }
    const counts = scratch.list(n).fill(0, 0, n);
    const found = scratch.list(n);
    for (const clause of this.clauses) {
      const count = clause.filter(scratch, cands, n, found, true);
      let j = 0;
      for (let i = 0; i < n && j < count; i++) {
        if (cands[i] === found[j]) {
          counts[i]!++;
          j++;
        }
      }
    }
    let kept = 0;
    for (let i = 0; i < n; i++) if (counts[i]! >= this.k === keep) out[kept++] = cands[i]!;
    return kept;
  }
}

/**
 * A conjunction: every `required` operand matches and no `excluded` one does. Evaluated one of
 * two ways, whichever the estimates say is cheaper:
 *
 * - as lists: the matches of the most selective operand (its posting list as is, or several
 *   merged after filtering each) are the candidates; every other operand filters them in turn,
 *   cheapest survivors first. Touches only the candidates, never a full-width bitset;
 * - as a bitset: a scratch copy of the lead operand, intersected with the others word by word;
 *   sparse exclusions clear their bits one by one, keeping the count exact without a popcount.
 *
 * As a probe of an enclosing conjunction it filters candidates through its own operands, or
 * evaluates itself once and probes the result, whichever is cheaper.
 */
export class BoolOperand extends Operand {
  readonly estimate: number;
  readonly exact = undefined;
  private readonly lead: Operand;
  /** The other required operands, then the excluded ones, in the order they filter. */
  private readonly probes: readonly Operand[];
  private readonly requiredProbes: number;
  private readonly listPlanCost: number;
  private readonly bitsPlanCost: number;
  /** Evaluated as sorted lists (else as a bitset). */
  private readonly asLists: boolean;
  private evaluated: Matches | undefined;
  private asOperand: Operand | undefined;

  /** `required` empty means every document (a `bool` of only `must_not`). */
  constructor(docCount: number, required: readonly Operand[], excluded: readonly Operand[], allDocs: Bitset) {
    super(docCount);
    const ordered = required.length > 0 ? required.slice().sort(bySize) : [new AllDocs(allDocs)];
    this.estimate = ordered[0]!.estimate;
    const excludedOrder = excluded.slice().sort(byLargerSize);
    let lead = 0;
    let cost = Infinity;
    for (let i = 0; i < Math.min(ordered.length, LEADS_TRIED); i++) {
      const leadCost = listPlanCost(ordered, i, excludedOrder, docCount);
      if (i === 0 || (leadCost !== cost && prefer(leadCost, cost))) [lead, cost] = [i, leadCost];
    }
    this.lead = ordered[lead]!;
    ordered.splice(lead, 1);
    this.requiredProbes = ordered.length;
    this.bitsPlanCost = bitsPlanCost(this.lead, ordered, excludedOrder, this.wordCount);
    for (const operand of excludedOrder) ordered.push(operand);
    this.probes = ordered;
    this.listPlanCost = cost;
    this.asLists = prefer(this.listPlanCost, this.bitsPlanCost);
  }

  private planCost(): number {
    if (this.evaluated !== undefined) return 0;
    return this.asLists ? this.listPlanCost : this.bitsPlanCost;
  }

  /** The matches, evaluated once. */
  override matches(scratch: Scratch): Matches {
    this.evaluated ??= this.estimate === 0 ? { docs: new DocList(this.docCount, EMPTY), count: 0 } : this.conjoin(scratch);
    return this.evaluated;
  }

  private conjoin(scratch: Scratch): Matches {
    const { lead, probes } = this;
    if (this.asLists) {
      if (probes.length === 0) {
        const docs = lead.list(scratch);
        return { docs: new DocList(this.docCount, docs), count: docs.length };
      }
      const first = lead.listFiltered(scratch, probes[0]!, this.requiredProbes > 0);
      const docs = first.docs;
      let count = first.count;
      for (let i = 1; i < probes.length && count > 0; i++) count = probes[i]!.filter(scratch, docs, count, docs, i < this.requiredProbes);
      return { docs: new DocList(this.docCount, docs.subarray(0, count)), count };
    }
    const ready = lead.readyBits();
    if (probes.length === 0 && ready !== undefined) return { docs: ready, count: lead.exact };
    // Bitsets at hand combine with the lead in one counting pass; the others one by one after.
    const [all, none, rest] = [[] as Bitset[], [] as Bitset[], [] as number[]];
    for (let i = 0; i < probes.length; i++) {
      const bits = probes[i]!.readyBits();
      const [fused, limit] = i < this.requiredProbes ? [all, FUSED_AND] : [none, FUSED_AND_NOT];
      if (bits !== undefined && fused.length < limit) fused.push(bits);
      else rest.push(i);
    }
    const leadBits = ready ?? lead.bits(scratch);
    let target: Bitset;
    let count: number | undefined;
    if (all.length + none.length > 0) {
      target = scratch.bitset();
      count = target.assignCombination(leadBits, all, none);
    } else {
      target = scratch.copyOf(leadBits);
      count = lead.exact;
    }
    for (const i of rest) {
      if (i < this.requiredProbes) {
        probes[i]!.intersectInto(scratch, target);
        count = undefined;
      } else {
        const removed = probes[i]!.subtractFrom(scratch, target);
        count = count === undefined || removed === undefined ? undefined : count - removed;
      }
    }
    return { docs: target, count };
  }

  private evaluatedOperand(scratch: Scratch): Operand {
    this.asOperand ??= operandOfMatches(this.matches(scratch), this.docCount);
    return this.asOperand;
  }

  listCost(): number {
    return this.evaluated === undefined ? this.planCost() + (this.asLists ? 0 : this.wordCount * WORD_COUNT + this.estimate * EXTRACT) : 0;
  }

  list(scratch: Scratch): Uint32Array {
    return this.evaluatedOperand(scratch).list(scratch);
  }

  bitsCost(): number {
    return this.planCost() + (this.asLists ? this.wordCount * WORD_FILL + this.estimate * BIT_SET : 0);
  }

  bits(scratch: Scratch): Bitset {
    return this.evaluatedOperand(scratch).bits(scratch);
  }

  override readyBits(): Bitset | undefined {
    return this.asOperand?.readyBits();
  }

  /** Filtering candidates through the operands, without evaluating this conjunction whole. */
  private throughCost(n: number): number {
    let cost = this.lead.filterCost(n);
    let remaining = (n * this.lead.estimate) / this.docCount;
    for (const [i, probe] of this.probes.entries()) {
      cost += probe.filterCost(remaining);
      remaining = i < this.requiredProbes ? (remaining * probe.estimate) / this.docCount : Math.max(0, remaining * (1 - probe.estimate / this.docCount));
    }
    return cost;
  }

  override filterCost(n: number): number {
    if (this.asOperand !== undefined) return this.asOperand.filterCost(n);
    return Math.min(this.throughCost(n) + n, this.planCost() + n * PROBE * 2);
  }

  override filter(scratch: Scratch, cands: Uint32Array, n: number, out: Uint32Array, keep: boolean): number {
    if (this.asOperand !== undefined || !prefer(this.throughCost(n) + n, this.planCost() + n * PROBE * 2)) {
      return this.evaluatedOperand(scratch).filter(scratch, cands, n, out, keep);
    }
    if (keep) return this.filterThrough(scratch, cands, n, out);
    const kept = scratch.list(n);
    const count = this.filterThrough(scratch, cands, n, kept);
    return difference(cands, n, kept, count, out);
  }

  private filterThrough(scratch: Scratch, cands: Uint32Array, n: number, out: Uint32Array): number {
    if (this.estimate === 0) return 0;
    let count = this.lead.filter(scratch, cands, n, out, true);
    for (let i = 0; i < this.probes.length && count > 0; i++) count = this.probes[i]!.filter(scratch, out, count, out, i < this.requiredProbes);
    return count;
  }
}

/** Leads tried when planning a conjunction: the operands with the fewest matches. */
const LEADS_TRIED = 3;

const bySize = (a: Operand, b: Operand) => a.estimate - b.estimate;
const byLargerSize = (a: Operand, b: Operand) => b.estimate - a.estimate;

/** Cost of the list plan led by `required[lead]`: its list, filtered by each other operand in turn. */
function listPlanCost(required: readonly Operand[], lead: number, excluded: readonly Operand[], docCount: number): number {
  const leader = required[lead]!;
  let cost = 0;
  let remaining = leader.estimate;
  let first = true;
  for (let i = 0; i < required.length + excluded.length; i++) {
    if (i === lead) continue;
    const isRequired = i < required.length;
    const probe = isRequired ? required[i]! : excluded[i - required.length]!;
    cost += first ? leader.listFilteredCost(probe) : probe.filterCost(remaining);
    first = false;
    remaining = isRequired ? (remaining * probe.estimate) / docCount : Math.max(0, remaining * (1 - probe.estimate / docCount));
  }
  return first ? leader.listCost() : cost;
}

/**
 * Cost of the bitset plan: the lead combined with the bitsets at hand in one counting pass (or
 * copied), then with every other operand, then counted unless the count is known.
 */
function bitsPlanCost(lead: Operand, required: readonly Operand[], excluded: readonly Operand[], words: number): number {
  let cost = lead.bitsCost() + words * WORD_FILL;
  let [ands, andNots, intersected] = [0, 0, false];
  for (const operand of required) {
    if (operand.readyBits() !== undefined && ands < FUSED_AND) {
      ands++;
      cost += words * WORD_FUSED;
    } else {
      cost += operand.intersectCost();
      intersected = true;
    }
  }
  for (const operand of excluded) {
    if (operand.readyBits() !== undefined && andNots < FUSED_AND_NOT) {
      andNots++;
      cost += words * WORD_FUSED;
    } else {
      cost += operand.subtractCost();
    }
  }
  const combined = ands + andNots > 0;
  const countKnown = !intersected && (combined || lead.exact !== undefined);
  return cost + (combined ? words * WORD_COUNT : 0) + (countKnown ? 0 : words * WORD_COUNT);
}

/** `cands[0..n)` without `kept[0..count)`, a subsequence of them, into `out` (which may be `cands`). */
function difference(cands: Uint32Array, n: number, kept: Uint32Array, count: number, out: Uint32Array): number {
  let j = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const doc = cands[i]!;
    if (j < count && kept[j] === doc) j++;
    else out[k++] = doc;
  }
  return k;
}
