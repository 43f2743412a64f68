/**
 * A derivation for the tests of derived fields (`derived-fields.test.ts`): a word's letters, its
 * length and its reversal. An input of `fail` makes it throw, in whichever thread it runs; an
 * input of `hang` makes it loop for ever in the worker thread that derives fields, as a worker
 * that died would never answer.
 */
import { workerData } from 'node:worker_threads';
import type { FieldDerivation, WorkerData } from '../../../src/index/embedded/build/derived-fields.ts';

const inDerivationWorker = (workerData as Partial<WorkerData> | null)?.exportName === 'letterDeriver';

export function letterDeriver(): (word: string) => Record<string, unknown> {
  return (word) => {
    if (word === 'fail') throw new Error('cannot derive the fields of [fail]');
    if (word === 'hang' && inDerivationWorker) for (;;);
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
