/**
 * FinBIF's ordering of name-search hits (`TaxonSearchResponse.MATCH_COMPARATOR`): 17 steps, each
 * consulted only when all earlier ones tie. Used to sort each of the exact, partial and likely
 * lists before every taxon is kept at its first (best) match.
 */
import { rankFeatures, type RankedMatch, type RankFeatures } from './rank-features.ts';
import { rankQuery, type RankQuery } from './ranking-text.ts';

export type { RankedMatch } from './rank-features.ts';

/** FinBIF's name-type order: lower first; a name type not listed comes last. */
export const NAME_TYPE_ORDER: Readonly<Record<string, number>> = Object.freeze({
  id: 0,
  'MX.scientificName': 0,
  'MX.vernacularName': 0,
  'MX.birdlifeCode': 1,
  'MX.euringCode': 1,
  'MX.hasSynonym': 2,
  'MX.hasBasionym': 2,
  'MX.tradeName': 2,
  'MX.alternativeVernacularName': 2,
  'MX.hasHeterotypicSynonym': 3,
  'MX.hasHomotypicSynonym': 3,
  'MX.hasObjectiveSynonym': 3,
  'MX.hasSubjectiveSynonym': 3,
  'MX.colloquialVernacularName': 4,
  'MX.obsoleteVernacularName': 4,
  'MX.hasMisappliedName': 4,
  'MX.hasMisspelledName': 4,
  'MX.hasOrthographicVariant': 4,
  'MX.hasUncertainSynonym': 4,
  'MX.hasAlternativeName': 4,
});

/** Java's `Integer.MAX_VALUE`, FinBIF's order of an unlisted name type. */
export const OTHER_NAME_TYPE_ORDER = 2_147_483_647;

const NAME_TYPE_POSITION = new Map(Object.entries(NAME_TYPE_ORDER));

export function nameTypeOrder(nameType: string): number {
  return NAME_TYPE_POSITION.get(nameType) ?? OTHER_NAME_TYPE_ORDER;
}

/**
 * FinBIF's rounding of the observation count before comparing: 0 → 0, 1–10 → 10, 11–100 → 100,
 * below 1,000 down to hundreds, below 100,000 down to thousands, else down to ten thousands.
 * So taxa with about as many observations fall through to the later steps.
 *
 * @example roundObservationCount(2632) // 2000
 */
export function roundObservationCount(count: number | undefined): number {
  if (count === undefined || !(count > 0)) return 0;
  if (count <= 10) return 10;
  if (count <= 100) return 100;
  if (count < 1_000) return floorTo(count, 100);
  if (count < 100_000) return floorTo(count, 1_000);
  return floorTo(count, 10_000);
}

type Step = (a: RankFeatures, b: RankFeatures) => number;

/** The steps in FinBIF's order; the number is the reference's step number. */
const STEPS: readonly Step[] = [
  /* 1 */ preferTrue((f) => f.match.finnish),
  /* 2 */ preferTrue((f) => f.match.taxonRank === 'MX.species'),
  /* 3 */ preferTrue((f) => f.match.species),
  /* 4 */ preferTrue((f) => f.match.matchType !== 'LIKELY'),
  /* 5 */ (a, b) => nameTypeOrder(a.match.nameType) - nameTypeOrder(b.match.nameType),
  /* 6 */ higherSimilarity,
  /* 7 */ preferTrue((f) => f.equalsQuery),
  /* 8 */ (a, b) => b.wordMatchCount - a.wordMatchCount,
  /* 9 */ preferTrue((f) => f.startsWithQuery),
  /* 10 */ preferTrue((f) => f.wordStartsWithQuery),
  /* 11 */ preferTrue((f) => f.match.taxonRank === 'MX.genus'),
  /* 12 */ (a, b) =>
    roundObservationCount(b.match.observationCountFinland) - roundObservationCount(a.match.observationCountFinland),
  /* 13 */ preferTrue((f) => f.wordEndsWithQuery),
  /* 14 */ preferTrue((f) => f.endsWithQuery),
  /* 15 */ preferTrue((f) => f.match.nameLanguage === 'fi'),
  /* 16 */ (a, b) => compareStrings(a.lowerName, b.lowerName),
  /* 17 */ (a, b) => compareStrings(a.match.nameType, b.match.nameType),
];

/**
 * FinBIF's comparator: negative when `a` ranks before `b` for this (raw) query, 0 on a full tie.
 *
 * @example [m1, m2].sort((a, b) => compareMatches(a, b, 'parus'))
 */
export function compareMatches(a: RankedMatch, b: RankedMatch, query: string): number {
  const prepared = rankQuery(query);
  return compareFeatures(rankFeatures(a, prepared), rankFeatures(b, prepared));
}

/**
 * Sorts a copy by `compareMatches`, computing each match's features once. Full ties (FinBIF leaves
 * them in database row order) are broken by taxon id so that the answer is deterministic. The
 * query comes prepared (`PreparedQuery.ranking`).
 *
 * @example sortMatches(matches, prepareQuery('parus').ranking)
 */
export function sortMatches<T extends RankedMatch>(matches: readonly T[], query: RankQuery): T[] {
  return matches
    .map((match) => rankFeatures(match, query))
    .sort((a, b) => compareFeatures(a, b) || compareStrings(a.match.taxonId ?? '', b.match.taxonId ?? ''))
    .map((features) => features.match);
}

export function compareFeatures(a: RankFeatures, b: RankFeatures): number {
  for (const step of STEPS) {
    const order = step(a, b);
    if (order !== 0) return order;
  }
  return 0;
}

function preferTrue(test: (features: RankFeatures) => boolean): Step {
  return (a, b) => Number(test(b)) - Number(test(a));
}

/** Only when both matches carry a similarity (likely matches do). */
function higherSimilarity(a: RankFeatures, b: RankFeatures): number {
  const x = a.match.similarity;
  const y = b.match.similarity;
  if (x === undefined || y === undefined) return 0;
  return y - x;
}

/** Java's `String.compareTo`: UTF-16 code unit order, as JavaScript's `<`. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function floorTo(count: number, unit: number): number {
  return Math.floor(count / unit) * unit;
}
