/**
 * The index tokens of a name entry (`NameTokens`: trigrams, words, reversals, key lengths, the
 * prominence bits), as an index derives them while it is built (`src/index/derived-fields.ts`):
 * the embedded engine in a worker thread when the index is large, the Elasticsearch loader before
 * it sends the entry. They come from the keys the entry keeps (`exactKeys`, `foldedKeys`,
 * `rankText`, `foldedRankText`) and its taxon's rank and observation count, handed over as one
 * JSON text: the worker parses them for less than it would cost to compute the keys again.
 */
import { Interner, nameTokens, type NameEntry } from './name-entry.ts';

type TokenSource = Pick<
  NameEntry,
  'exactKeys' | 'foldedKeys' | 'rankText' | 'foldedRankText' | 'taxonRank' | 'observationCountFinland'
>;

/** What the tokens of an entry come from, as the derivation's input; undefined when it lacks a key. */
export function nameTokenInput(entry: object): string | undefined {
  const { exactKeys, foldedKeys, rankText, foldedRankText, taxonRank, observationCountFinland } =
    entry as Partial<TokenSource>;
  if (!Array.isArray(exactKeys) || !Array.isArray(foldedKeys)) return undefined;
  if (typeof rankText !== 'string' || typeof foldedRankText !== 'string') return undefined;
  return JSON.stringify([exactKeys, foldedKeys, rankText, foldedRankText, taxonRank, observationCountFinland]);
}

/** Derives the tokens of names from `nameTokenInput`, each word reversed once per derivation (`Interner`). */
export function nameTokenDeriver(): (input: string) => Record<string, unknown> {
  const interner = new Interner();
  return (input) => {
    const [exactKeys, foldedKeys, rankText, foldedRankText, taxonRank, observationCountFinland] = JSON.parse(input) as [
      string[],
      string[],
      string,
      string,
      string | null,
      number | null,
    ];
    const attributes = {
      ...(taxonRank === null ? {} : { taxonRank }),
      ...(observationCountFinland === null ? {} : { observationCountFinland }),
    };
    const keys = { exactKeys, foldedKeys, rankText, foldedRankText };
    return nameTokens(keys, attributes, interner) as unknown as Record<string, unknown>;
  };
}
