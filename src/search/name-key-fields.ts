/**
 * The index tokens of a name entry (`NameTokens`: trigrams, words, reversals, key lengths), as an
 * index derives them from the entry's `name` while it is built (`src/index/derived-fields.ts`):
 * the embedded engine in a worker thread when the index is large, the Elasticsearch loader before
 * it sends the entry. The keys an entry keeps (`exactKeys`, `rankText`, …) are read from it.
 */
import { entryKeys, Interner } from './name-entry.ts';

/** Derives the tokens of names, each word reversed once per derivation (`Interner`). */
export function nameKeyDeriver(): (name: string) => Record<string, unknown> {
  const interner = new Interner();
  return (name) => entryKeys(name, interner) as unknown as Record<string, unknown>;
}
