/** `should` with a minimum: the documents at least `k` clauses match. */
import type { Bitset } from '../sets/bitset.ts';
import { countFound, filterByBits, filterByCounts } from '../sets/doc-set.ts';
import type { Scratch } from '../sets/scratch.ts';
import { prefer } from './strategy.ts';
import { BIT_SET, EXTRACT, PROBE, WORD_COUNT, WORD_OP } from './operand-costs.ts';
import { Operand } from './operand.ts';

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
    const each = this.clauses.reduce(
      (total, clause) => total + Math.min(clause.bitsCost(), clause.listCost() + clause.estimate * BIT_SET),
      0,
    );
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
    for (const clause of this.clauses)
      countFound(cands, n, found, clause.filter(scratch, cands, n, found, true), counts);
    return filterByCounts(cands, n, counts, this.k, out, keep);
  }
}
