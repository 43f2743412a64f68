/**
 * What FinBIF's comparator asks of one match against the search word, computed once per match so
 * that sorting does not recompute it at every comparison.
 *
 * FinBIF compares `matchingName.toLowerCase()` with the search word lower-cased and
 * whitespace-collapsed. Here both sides are also freed of `×` and lone `x` tokens, and, when the
 * query has no diacritics, folded: a match found through folding or a hybrid variant is then
 * ranked as the name the user meant (`kaki` equals `käki`, `käkilintu` starts with `kaki`).
 * For a name and query with neither diacritics nor hybrid signs this is exactly FinBIF's test.
 */
import { rankingText, type RankQuery } from './ranking-text.ts';
import type { MatchType } from './match-kinds.ts';

/** One candidate hit, as the comparator sees it. Callers may pass richer objects. */
export interface RankedMatch {
  /** The name literal as written (FinBIF's CASEDNAME). */
  matchingName: string;
  /** `MX.scientificName`, `MX.vernacularName`, `MX.hasSynonym`, …, or `id`. */
  nameType: string;
  /** Language of a vernacular name (`fi`, `sv`, …); none for scientific names. */
  nameLanguage?: string;
  matchType: MatchType;
  /** Jaro–Winkler similarity, for likely matches. */
  similarity?: number;
  finnish: boolean;
  /** Species or lower (`isSpecies`). */
  species: boolean;
  taxonRank?: string;
  observationCountFinland?: number;
  /** Only for the deterministic last tie-break of `sortMatches`. */
  taxonId?: string;
  /** `rankingText` of the name, strict and folded, when precomputed (the names index has them). */
  rankText?: string;
  foldedRankText?: string;
}

export interface RankFeatures<T extends RankedMatch = RankedMatch> {
  match: T;
  /** FinBIF's step 16 key: the matching name lower-cased, nothing else. */
  lowerName: string;
  equalsQuery: boolean;
  wordMatchCount: number;
  startsWithQuery: boolean;
  wordStartsWithQuery: boolean;
  wordEndsWithQuery: boolean;
  endsWithQuery: boolean;
}

export function rankFeatures<T extends RankedMatch>(match: T, query: RankQuery): RankFeatures<T> {
  const text = (query.fold ? match.foldedRankText : match.rankText) ?? rankingText(match.matchingName, query.fold);
  const words = text.split(' ');
  const q = query.text;
  return {
    match,
    lowerName: match.matchingName.toLowerCase(),
    equalsQuery: text === q,
    wordMatchCount: countWordMatches(words, query.words),
    startsWithQuery: text.startsWith(q),
    // FinBIF: a single-word name only needs to start with the search word.
    wordStartsWithQuery: words.length > 1 ? words.some((w) => w !== q && w.startsWith(q)) : text.startsWith(q),
    wordEndsWithQuery: words.some((w) => w !== q && w.endsWith(q)),
    endsWithQuery: text.endsWith(q),
  };
}

/** Pairs of a name word and a query word that are equal (FinBIF's `wordMatchCount`). */
function countWordMatches(nameWords: readonly string[], queryWords: readonly string[]): number {
  let count = 0;
  for (const nameWord of nameWords) {
    for (const queryWord of queryWords) if (nameWord === queryWord) count++;
  }
  return count;
}
