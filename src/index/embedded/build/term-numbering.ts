/**
 * Turns a field's distinct values into a sorted term dictionary and gives every value its
 * ordinal: keywords in code point order, numbers in numeric order.
 */
import { sortCodePointOrder } from '../primitives/code-point-order.ts';
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
 * Numbers the values of several keyword fields with one sort: their distinct values together
 * (the fields of one collection share many: a name, its folded form, its keys) are sorted once,
 * by the native string order, and each field's dictionary is the part of that order it uses.
 */
export function numberStringLists(lists: readonly string[][]): Numbering[] {
  const ids = new Map<string, number>();
  const distinct: string[] = [];
  const idLists = lists.map((values) => {
    const valueIds = new Uint32Array(values.length);
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      let id = ids.get(value);
      if (id === undefined) {
        id = distinct.length;
        ids.set(value, id);
        distinct.push(value);
      }
      valueIds[i] = id;
    }
    return valueIds;
  });
  const sorted = sortCodePointOrder(distinct.slice());
  const rankOfId = new Uint32Array(sorted.length);
  for (let rank = 0; rank < sorted.length; rank++) rankOfId[ids.get(sorted[rank]!)!] = rank;
  return idLists.map((valueIds) => numberByRank(valueIds, rankOfId, sorted));
}

/** One field's numbering from the ranks of its values among all fields' (`valueIds` is overwritten). */
function numberByRank(valueIds: Uint32Array, rankOfId: Uint32Array, sorted: readonly string[]): Numbering {
  const ordOfRank = new Int32Array(sorted.length).fill(-1);
  for (let i = 0; i < valueIds.length; i++) {
    const rank = rankOfId[valueIds[i]!]!;
    valueIds[i] = rank;
    ordOfRank[rank] = 0;
  }
  const terms: string[] = [];
  for (let rank = 0; rank < sorted.length; rank++)
    if (ordOfRank[rank] === 0) ordOfRank[rank] = terms.push(sorted[rank]!) - 1;
  for (let i = 0; i < valueIds.length; i++) valueIds[i] = ordOfRank[valueIds[i]!]!;
  return { dictionary: new KeywordDictionary(terms), ords: valueIds };
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
