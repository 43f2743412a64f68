/**
 * The query-independent head of FinBIF's comparator as one integer: steps 1 (Finnish taxon
 * first), 2 (rank species first), 3 (species or lower first) and 5 (name-type order); step 4
 * (not likely before likely) is constant within a list. Matches of a lower static rank always
 * come first, so the index can hand candidates over in this order and the search can stop once
 * the groups it has ranked fill the answer.
 */
import { nameTypeOrder } from './rank.ts';

/** Name-type orders run 0–4; unlisted types (FinBIF's Integer.MAX_VALUE) come after them. */
const UNLISTED_NAME_TYPE = 7;

export interface StaticRankInput {
  finnish: boolean;
  taxonRank?: string;
  species: boolean;
  nameType: string;
}

export function staticRank(match: StaticRankInput): number {
  const head = (match.finnish ? 0 : 4) + (match.taxonRank === 'MX.species' ? 0 : 2) + (match.species ? 0 : 1);
  return head * 8 + Math.min(nameTypeOrder(match.nameType), UNLISTED_NAME_TYPE);
}
