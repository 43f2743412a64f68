/**
 * The text FinBIF's comparator reads, of a name and of a query: lower case, whitespace collapsed,
 * and here also without `×` and lone `x` tokens and, when the query has no diacritics, folded
 * (see `rank-features.ts`). A query's form is computed once, when the query is prepared
 * (`prepareQuery` in `match-kinds.ts`); a name's is precomputed in the names index.
 */
import { foldDiacritics, hasDiacritics, javaTrim, normaliseQuery, removeLoneX } from './normalise.ts';

export interface RankQuery {
  text: string;
  words: readonly string[];
  fold: boolean;
}

/** @example rankQuery('Parus  Major').text // 'parus major' */
export function rankQuery(query: string): RankQuery {
  const fold = !hasDiacritics(normaliseQuery(query));
  const text = rankingText(query, fold);
  return { text, words: text.split(' '), fold };
}

/** NFC, lower case, `×` removed, whitespace collapsed and trimmed, lone `x` removed, folded on request. */
export function rankingText(text: string, fold: boolean): string {
  const collapsed = javaTrim(text.normalize('NFC').toLowerCase().replaceAll('×', '').replace(/\s+/g, ' '));
  const plain = removeLoneX(collapsed);
  return fold ? foldDiacritics(plain) : plain;
}
