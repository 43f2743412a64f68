/**
 * A derivation for the tests of derived fields (`derived-fields.test.ts`): a word's letters, its
 * length and its reversal. An input of `fail` makes it throw, in whichever thread it runs.
 */
import type { FieldDerivation } from '../../../src/index/embedded/build/derived-fields.ts';

export function letterDeriver(): (word: string) => Record<string, unknown> {
  return (word) => {
    if (word === 'fail') throw new Error('cannot derive the fields of [fail]');
    return { letters: [...new Set(word)], length: word.length, reversed: [...word].reverse().join('') };
  };
}

export const LETTERS: FieldDerivation = {
  fields: ['letters', 'length', 'reversed'],
  input: (doc) => (doc as { word?: unknown }).word,
  make: letterDeriver,
  module: import.meta.url,
  exportName: 'letterDeriver',
};
