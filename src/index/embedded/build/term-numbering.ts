/**
 * Turns a field's distinct values into a sorted term dictionary and gives every value its
 * ordinal: keywords in code point order, numbers in numeric order.
 */
import { codeUnitRank, sortCodePointOrder } from '../primitives/code-point-order.ts';
import { KeywordDictionary, NumericDictionary, type TermDictionary } from './term-dictionary.ts';

/** The ordinal of every value, and the dictionary the ordinals point into. */
export interface Numbering {
  dictionary: TermDictionary;
  ords: Uint32Array;
}

export function keywordDictionary(terms: string[]): KeywordDictionary {
  return new KeywordDictionary(sortCodePointOrder(terms));
}

export function numericDictionary(terms: number[]): NumericDictionary {
  return new NumericDictionary(Float64Array.from(terms).sort());
}

/** Numbers one field's values: see `numberStringLists`. */
export function numberStrings(values: string[]): Numbering {
  return numberStringLists([values])[0]!;
}

/**
 * Numbers the values of several keyword fields together: their distinct values (the fields of
 * one collection share many: a name, its folded form, its keys) are ranked once, and each field's
 * dictionary is the part of that order it uses.
 *
 * The values are first grouped by their first code unit, then each group is told apart through a
 * hash map and sorted alone: a map and a sort of a few tens of thousands of strings stay in the
 * processor's caches, where one of a million misses them at every step (the twelve names fields
 * of 100,000 taxa numbered together, 2.6 million values: 1.49–1.84 s against 2.15–2.69 s with one
 * map and one sort).
 */
export function numberStringLists(lists: readonly string[][]): Numbering[] {
  // Copied by hand: `Array.prototype.flat` takes several times as long.
  const values: string[] = new Array(lists.reduce((sum, list) => sum + list.length, 0));
  let at = 0;
  for (const list of lists) for (let i = 0; i < list.length; i++) values[at++] = list[i]!;
  const { sorted, ranks } = rankByFirstUnit(values);
  let start = 0;
  return lists.map((list) => numberByRank(ranks.subarray(start, (start += list.length)), sorted));
}

/**
 * The group of a value: the empty string first, then one per first code unit, in the code point
 * order of the strings' first characters (surrogates, which start the characters above U+FFFF,
 * after U+E000–U+FFFF).
 */
function groupOf(value: string): number {
  return value.length === 0 ? 0 : 1 + codeUnitRank(value.charCodeAt(0));
}

/** The distinct values in code point order, and the rank among them of each of `values`. */
function rankByFirstUnit(values: readonly string[]): { sorted: string[]; ranks: Uint32Array } {
  const groups = new Uint32Array(GROUPS + 1);
  // Each value's group, then its id within the group, then its rank.
  const ranks = new Uint32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const group = groupOf(values[i]!);
    ranks[i] = group;
    groups[group + 1]!++;
  }
  for (let group = 0; group < GROUPS; group++) groups[group + 1]! += groups[group]!;
  // Each group's values, by their index in `values`.
  const members = new Uint32Array(values.length);
  const cursor = groups.slice(0, GROUPS);
  for (let i = 0; i < values.length; i++) members[cursor[ranks[i]!]!++] = i;
  const sorted: string[] = [];
  for (let group = 0; group < GROUPS; group++) {
    const [start, end] = [groups[group]!, groups[group + 1]!];
    if (start === end) continue;
    const ids = new Map<string, number>();
    const distinct: string[] = [];
    for (let m = start; m < end; m++) {
      const value = values[members[m]!]!;
      let id = ids.get(value);
      if (id === undefined) {
        id = distinct.length;
        ids.set(value, id);
        distinct.push(value);
      }
      ranks[members[m]!] = id;
    }
    const inOrder = sortCodePointOrder(distinct);
    const rankOfId = new Uint32Array(distinct.length);
    for (let r = 0; r < inOrder.length; r++) rankOfId[ids.get(inOrder[r]!)!] = sorted.length + r;
    for (let m = start; m < end; m++) ranks[members[m]!] = rankOfId[ranks[members[m]!]!]!;
    for (const value of inOrder) sorted.push(value);
  }
  return { sorted, ranks };
}

/** The groups of `groupOf`: the empty string and one per code unit. */
const GROUPS = 0x10001;

/** One field's numbering from the ranks of its values among all fields' (a copy of `ranks`). */
function numberByRank(ranks: Uint32Array, sorted: readonly string[]): Numbering {
  const ords = ranks.slice();
  const ordOfRank = new Int32Array(sorted.length).fill(-1);
  for (let i = 0; i < ords.length; i++) ordOfRank[ords[i]!] = 0;
  const terms: string[] = [];
  for (let rank = 0; rank < sorted.length; rank++)
    if (ordOfRank[rank] === 0) ordOfRank[rank] = terms.push(sorted[rank]!) - 1;
  for (let i = 0; i < ords.length; i++) ords[i] = ordOfRank[ords[i]!]!;
  return { dictionary: new KeywordDictionary(terms), ords };
}

export function numberNumbers(values: number[]): Numbering {
  return numberIntegerSpan(values) ?? numberBySort(values);
}

/** Integers spanning at most this many times their count are numbered through a table of the span. */
const INTEGER_SPAN_FACTOR = 4;

/** Integer values close together (positions, ranks, lengths): numbered without a sort, or `undefined`. */
function numberIntegerSpan(values: number[]): Numbering | undefined {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (!Number.isInteger(value)) return undefined;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (values.length === 0 || max - min >= INTEGER_SPAN_FACTOR * values.length) return undefined;
  const ordOf = new Int32Array(max - min + 1).fill(-1);
  for (const value of values) ordOf[value - min] = 0;
  const terms: number[] = [];
  for (let offset = 0; offset < ordOf.length; offset++)
    if (ordOf[offset] === 0) ordOf[offset] = terms.push(min + offset) - 1;
  const ords = new Uint32Array(values.length);
  for (let i = 0; i < values.length; i++) ords[i] = ordOf[values[i]! - min]!;
  return { dictionary: new NumericDictionary(Float64Array.from(terms)), ords };
}

function numberBySort(values: number[]): Numbering {
  const sorted = Float64Array.from(values).sort();
  let unique = 0;
  for (let i = 0; i < sorted.length; i++)
    if (unique === 0 || sorted[i] !== sorted[unique - 1]) sorted[unique++] = sorted[i]!;
  const dictionary = new NumericDictionary(sorted.slice(0, unique));
  const ords = new Uint32Array(values.length);
  for (let i = 0; i < values.length; i++) ords[i] = dictionary.lowerBound(values[i]!);
  return { dictionary, ords };
}
