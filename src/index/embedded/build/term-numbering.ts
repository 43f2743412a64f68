/**
 * Turns a field's distinct values into a sorted term dictionary and gives every value its
 * ordinal: keywords in code point order, numbers in numeric order.
 */
import { needsCodePointOrder, sortCodePointOrder } from '../primitives/code-point-order.ts';
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

/** Sorts value positions by value (UTF-16 order first, code point order when it differs). */
export function numberStrings(values: string[]): Numbering {
  const order = Array.from({ length: values.length }, (_, i) => i);
  order.sort((a, b) => {
    const x = values[a]!;
    const y = values[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const terms: string[] = [];
  const ords = new Uint32Array(values.length);
  for (const position of order) {
    const value = values[position]!;
    if (terms.length === 0 || terms[terms.length - 1] !== value) terms.push(value);
    ords[position] = terms.length - 1;
  }
  if (!needsCodePointOrder(terms)) return { dictionary: new KeywordDictionary(terms), ords };
  const dictionary = keywordDictionary(terms.slice());
  const ordOf = new Map(dictionary.terms.map((term, ord) => [term, ord]));
  for (let i = 0; i < ords.length; i++) ords[i] = ordOf.get(terms[ords[i]!]!)!;
  return { dictionary, ords };
}

export function numberNumbers(values: number[]): Numbering {
  const sorted = Float64Array.from(values).sort();
  let unique = 0;
  for (let i = 0; i < sorted.length; i++)
    if (unique === 0 || sorted[i] !== sorted[unique - 1]) sorted[unique++] = sorted[i]!;
  const dictionary = new NumericDictionary(sorted.slice(0, unique));
  const ords = new Uint32Array(values.length);
  for (let i = 0; i < values.length; i++) ords[i] = dictionary.lowerBound(values[i]!);
  return { dictionary, ords };
}
