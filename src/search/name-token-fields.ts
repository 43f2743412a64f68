/**
 * The index tokens of a name entry (`NameTokens`: trigrams, words, reversals, key lengths, the
 * prominence bits), as an index derives them while it is built (`src/index/derived-fields.ts`):
 * the embedded engine in a worker thread when the index is large, the Elasticsearch loader before
 * it sends the entry. They come from the keys the entry keeps (`exactKeys`, `foldedKeys`,
 * `rankText`, `foldedRankText`) and its taxon's rank and observation count, handed over as one
 * text: the worker splits it for less than it would cost to compute the keys again.
 */
import { fieldsOf } from '../json.ts';
import { Interner, nameTokens, type NameEntry } from './name-entry.ts';

type TokenSource = Pick<
  NameEntry,
  'exactKeys' | 'foldedKeys' | 'rankText' | 'foldedRankText' | 'taxonRank' | 'observationCountFinland'
>;

/**
 * The input's parts are joined by `PART`, a list's keys by `KEY`: control characters no name
 * normally holds. An entry whose keys hold one (or are empty, which the joined form cannot tell
 * apart) is handed over as JSON, marked by `AS_JSON` first. Writing the joined form takes about
 * half as long as `JSON.stringify` did, and splitting it less than parsing
 * (docs/decisions.md, "The names index build").
 */
const PART = '\u001e';
const KEY = '\u001f';
const AS_JSON = '\u001d';
// biome-ignore lint/suspicious/noControlCharactersInRegex: the separators are control characters, chosen so.
const SEPARATORS = /[\u001d-\u001f]/;

/** Text the joined form holds as it is: not empty, no separator. */
const plain = (text: string) => text !== '' && !SEPARATORS.test(text);

function joinedKeys(keys: readonly string[]): string | undefined {
  if (keys.length === 0) return undefined;
  for (const key of keys) if (!plain(key)) return undefined;
  return keys.join(KEY);
}

/** What the tokens of an entry come from, as the derivation's input; undefined when it lacks a key. */
export function nameTokenInput(entry: object): string | undefined {
  const { exactKeys, foldedKeys, rankText, foldedRankText, taxonRank, observationCountFinland } =
    entry as Partial<TokenSource>;
  if (!Array.isArray(exactKeys) || !Array.isArray(foldedKeys)) return undefined;
  if (typeof rankText !== 'string' || typeof foldedRankText !== 'string') return undefined;
  // An empty part says "the same as the strict one": folded keys and text usually are.
  const exact = joinedKeys(exactKeys);
  const folded = foldedKeys === exactKeys ? '' : joinedKeys(foldedKeys);
  // No rank is an empty part: an empty rank, like a rank holding a separator, goes as JSON.
  const rank = taxonRank ?? '';
  const count = Number.isFinite(observationCountFinland) ? String(observationCountFinland) : '';
  if (
    exact === undefined ||
    folded === undefined ||
    !plain(rankText) ||
    (foldedRankText !== rankText && !plain(foldedRankText)) ||
    (taxonRank !== undefined && !plain(taxonRank)) ||
    (observationCountFinland !== undefined && count === '')
  )
    return (
      AS_JSON + JSON.stringify([exactKeys, foldedKeys, rankText, foldedRankText, taxonRank, observationCountFinland])
    );
  const foldedText = foldedRankText === rankText ? '' : foldedRankText;
  return exact + PART + folded + PART + rankText + PART + foldedText + PART + rank + PART + count;
}

type Source = [string[], string[], string, string, string | null, number | null];

/** The parts of `nameTokenInput`'s text. */
function sourceOf(input: string): Source {
  if (input.startsWith(AS_JSON)) return JSON.parse(input.slice(AS_JSON.length)) as Source;
  const [exact, folded, rankText, foldedText, rank, count] = input.split(PART) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const exactKeys = exact.split(KEY);
  return [
    exactKeys,
    folded === '' ? exactKeys : folded.split(KEY),
    rankText,
    foldedText === '' ? rankText : foldedText,
    rank === '' ? null : rank,
    count === '' ? null : Number(count),
  ];
}

/** Derives the tokens of names from `nameTokenInput`, each word reversed once per derivation (`Interner`). */
export function nameTokenDeriver(): (input: string) => Record<string, unknown> {
  const interner = new Interner();
  return (input) => {
    const [exactKeys, foldedKeys, rankText, foldedRankText, taxonRank, observationCountFinland] = sourceOf(input);
    const attributes = {
      ...(taxonRank === null ? {} : { taxonRank }),
      ...(observationCountFinland === null ? {} : { observationCountFinland }),
    };
    const keys = { exactKeys, foldedKeys, rankText, foldedRankText };
    return fieldsOf(nameTokens(keys, attributes, interner));
  };
}
