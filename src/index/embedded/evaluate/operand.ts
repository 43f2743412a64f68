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
import type { Bitset } from '../sets/bitset.ts';
import { DocList, filterByBits, filterBySorted, type DocSet } from '../sets/doc-set.ts';
import type { Scratch } from '../sets/scratch.ts';
import { prefer } from './strategy.ts';
import { BIT_SET, EMPTY, EXTRACT, gallopCost, PROBE, WORD_COUNT, WORD_FILL, WORD_OP } from './operand-costs.ts';

/** Matches as evaluation hands them on, with their number when it is known without counting. */
export interface Matches {
  docs: DocSet;
  count: number | undefined;
}

export abstract class Operand {
  /** At most this many documents match. */
  abstract readonly estimate: number;
  /** Exactly this many documents match, when known without counting. */
  abstract readonly exact: number | undefined;

  constructor(readonly docCount: number) {}

  // Stryker disable all: read only by the cost estimates (docs/mutation.md)
  protected get wordCount(): number {
    return (this.docCount + 31) >>> 5;
  }
  // Stryker restore all

  /** A bitset of the matches that costs nothing to get (shared: read-only). */
  // Stryker disable next-line BlockStatement: its body returns undefined, as an empty body does
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
    // Stryker disable next-line BlockStatement: without this way the other runs, with the same matches
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
    // Stryker disable next-line BlockStatement: without this way the other runs, with the same matches
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
    return Math.min(
      this.bitsCost() + this.wordCount * WORD_OP,
      this.listCost() + this.estimate * (PROBE + BIT_SET) + this.wordCount * WORD_FILL,
    );
  }

  /** Keeps in `target` only the matches. */
  intersectInto(scratch: Scratch, target: Bitset): void {
    const ready = this.readyBits();
    if (ready !== undefined) {
      target.and(ready);
    } else if (
      prefer(
        this.bitsCost() + this.wordCount * WORD_OP,
        this.listCost() + this.estimate * (PROBE + BIT_SET) + this.wordCount * WORD_FILL,
      )
    ) {
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
    // Stryker disable next-line BlockStatement: without this way the other runs, with the same matches
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
    else if (prefer(this.listCost() + this.estimate * BIT_SET, this.bitsCost() + this.wordCount * WORD_OP))
      target.addAll(this.list(scratch));
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

  // Stryker disable next-line BlockStatement: a bitset at hand is a shortcut: the other ways compute the same set
  override readyBits(): Bitset {
    return this.all;
  }

  listCost(): number {
    return this.docCount;
  }

  list(scratch: Scratch): Uint32Array {
    const docs = scratch.list(this.docCount).subarray(0, this.docCount);
    // Stryker disable next-line EqualityOperator: a typed array ignores a write past its end
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

  // Stryker disable next-line BlockStatement: a bitset at hand is a shortcut: the other ways compute the same set
  override readyBits(): Bitset {
    return this.set;
  }

  listCost(): number {
    return this.wordCount * WORD_COUNT + this.estimate * EXTRACT;
  }

  list(scratch: Scratch): Uint32Array {
    if (this.listed === undefined) {
      // Stryker disable next-line LogicalOperator: the count is known wherever one is built (leaf-matcher.ts, operandOfMatches)
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
