/** A conjunction planned on its operands' estimates. */
import type { Bitset } from '../sets/bitset.ts';
import { DocList } from '../sets/doc-set.ts';
import type { Scratch } from '../sets/scratch.ts';
import { prefer } from './strategy.ts';
import {
  BIT_SET,
  EMPTY,
  EXTRACT,
  FUSED_AND,
  FUSED_AND_NOT,
  PROBE,
  WORD_COUNT,
  WORD_FILL,
  WORD_FUSED,
} from './operand-costs.ts';
import { AllDocs, Operand, operandOfMatches, type Matches } from './operand.ts';

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
    // The order operands are planned in, and which leads, are choices between equal answers
    // (docs/mutation.md): whatever they are, the matches are the same.
    // Stryker disable all
    const ordered = required.length > 0 ? required.slice().sort(bySize) : [new AllDocs(allDocs)];
    this.estimate = ordered[0]!.estimate;
    const excludedOrder = excluded.slice().sort(byLargerSize);
    let lead = 0;
    let cost = Infinity;
    for (let i = 0; i < Math.min(ordered.length, LEADS_TRIED); i++) {
      const leadCost = listPlanCost(ordered, i, excludedOrder, docCount);
      if (i === 0 || (leadCost !== cost && prefer(leadCost, cost))) [lead, cost] = [i, leadCost];
    }
    // Stryker restore all
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
    this.evaluated ??=
      this.estimate === 0 ? { docs: new DocList(this.docCount, EMPTY), count: 0 } : this.conjoin(scratch);
    return this.evaluated;
  }

  private conjoin(scratch: Scratch): Matches {
    const { lead, probes } = this;
    // Stryker disable next-line ConditionalExpression,BlockStatement: the list plan and the bitset plan give the same matches
    if (this.asLists) {
      if (probes.length === 0) {
        const docs = lead.list(scratch);
        return { docs: new DocList(this.docCount, docs), count: docs.length };
      }
      const first = lead.listFiltered(scratch, probes[0]!, this.requiredProbes > 0);
      const docs = first.docs;
      let count = first.count;
      for (let i = 1; i < probes.length && count > 0; i++)
        count = probes[i]!.filter(scratch, docs, count, docs, i < this.requiredProbes);
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
    return this.evaluated === undefined
      ? this.planCost() + (this.asLists ? 0 : this.wordCount * WORD_COUNT + this.estimate * EXTRACT)
      : 0;
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

  // Stryker disable next-line BlockStatement: a bitset at hand is a shortcut: the other ways compute the same set
  override readyBits(): Bitset | undefined {
    return this.asOperand?.readyBits();
  }

  /** Filtering candidates through the operands, without evaluating this conjunction whole. */
  private throughCost(n: number): number {
    let cost = this.lead.filterCost(n);
    let remaining = (n * this.lead.estimate) / this.docCount;
    for (const [i, probe] of this.probes.entries()) {
      cost += probe.filterCost(remaining);
      remaining =
        i < this.requiredProbes
          ? (remaining * probe.estimate) / this.docCount
          : Math.max(0, remaining * (1 - probe.estimate / this.docCount));
    }
    return cost;
  }

  override filterCost(n: number): number {
    if (this.asOperand !== undefined) return this.asOperand.filterCost(n);
    return Math.min(this.throughCost(n) + n, this.planCost() + n * PROBE * 2);
  }

  override filter(scratch: Scratch, cands: Uint32Array, n: number, out: Uint32Array, keep: boolean): number {
    // Stryker disable next-line all: filtering through the operands or by the evaluated conjunction gives the same candidates
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
    for (let i = 0; i < this.probes.length && count > 0; i++)
      count = this.probes[i]!.filter(scratch, out, count, out, i < this.requiredProbes);
    return count;
  }
}

/** Leads tried when planning a conjunction: the operands with the fewest matches. */
const LEADS_TRIED = 3;

// Stryker disable all: orders of planning, choices between equal answers (above)
const bySize = (a: Operand, b: Operand) => a.estimate - b.estimate;
const byLargerSize = (a: Operand, b: Operand) => b.estimate - a.estimate;
// Stryker restore all

/** Cost of the list plan led by `required[lead]`: its list, filtered by each other operand in turn. */
function listPlanCost(
  required: readonly Operand[],
  lead: number,
  excluded: readonly Operand[],
  docCount: number,
): number {
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
    remaining = isRequired
      ? (remaining * probe.estimate) / docCount
      : Math.max(0, remaining * (1 - probe.estimate / docCount));
  }
  return first ? leader.listCost() : cost;
}

/**
 * Cost of the bitset plan: the lead combined with the bitsets at hand in one counting pass (or
 * copied), then with every other operand, then counted unless the count is known.
 */
function bitsPlanCost(
  lead: Operand,
  required: readonly Operand[],
  excluded: readonly Operand[],
  words: number,
): number {
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
