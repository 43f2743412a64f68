/**
 * Whether one name literal matches one query, and how: FinBIF's exact, partial and likely rules
 * and its id lookup, one name at a time. The search service decides each candidate the index
 * hands over with them (`isExactByKeys`, `isPartialByKeys`, `likelySimilarityAboveThreshold`,
 * `classifyName`); the tests read whole checklists through them as the reference that the
 * indexed search must equal.
 *
 * Beyond FinBIF: names and queries are put in Unicode NFC first; a query without diacritics is
 * compared with the names' folded keys (`kaki` finds `käki`; a query with diacritics compares
 * strictly, `käki` does not find `kaki`); and names and queries are compared through all their
 * hybrid keys (`x` and `×` hybrids find each other).
 */
import { jaroWinkler, jaroWinklerAbove } from './jaro-winkler.ts';
import { foldDiacritics, hasDiacritics, hybridNameKeys, hybridVariants, normaliseQuery } from './normalise.ts';
import { rankQuery, type RankQuery } from './ranking-text.ts';

export type MatchType = 'EXACT' | 'PARTIAL' | 'LIKELY';

/** Every match type, best first: the order FinBIF fills and de-duplicates its lists in. */
export const MATCH_TYPES: readonly MatchType[] = ['EXACT', 'PARTIAL', 'LIKELY'];

/** A raw query shorter than this finds nothing. */
export const MIN_QUERY_LENGTH = 2;
/** A raw query (untrimmed, as typed) shorter than this has no partial matches. */
export const MIN_PARTIAL_LENGTH = 4;
/** A normalised query shorter than this has no likely matches, unless likely is all that is asked. */
export const MIN_LIKELY_LENGTH = 7;
/** Likely needs a Jaro–Winkler similarity strictly above this. */
export const LIKELY_THRESHOLD = 0.88;

const TUN_FI = 'http://tun.fi/';

/** The length Jaro–Winkler measures a string by. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/**
 * The lengths a name key can have and still be likely for a query key of `length` code points.
 * The common prefix adds at most 0.4 × (1 − Jaro), so a Jaro–Winkler above 0.88 needs a Jaro
 * above 0.8. With m matched characters (m at most either length, a for the query, b for the
 * name) that needs m/a + m/b > 1.4, hence 0.4a < b < 2.5a.
 *
 * @example likelyKeyLengths(7) // { gte: 3, lte: 17 }
 */
export function likelyKeyLengths(length: number): { gte: number; lte: number } {
  return { gte: Math.floor((2 * length) / 5) + 1, lte: Math.ceil((5 * length) / 2) - 1 };
}

export interface PreparedQuery {
  /** As received: the length rules count its UTF-16 code units, spaces included. */
  readonly raw: string;
  /** FinBIF's cleaned search word (`normaliseQuery`). */
  readonly normalised: string;
  /** `normalised` and its hybrid variants. */
  readonly keys: readonly string[];
  /** True when the query has no diacritics: names are then compared by their folded keys. */
  readonly foldsNames: boolean;
  /** False for a query that is too short or normalises to nothing. */
  readonly searchable: boolean;
  /** The text FinBIF's comparator compares names with, and its words (`rankQuery`). */
  readonly ranking: RankQuery;
  /** The taxon id the query names, when it is one: the search is then an id lookup (`taxonIdOfQuery`). */
  readonly taxonId: string | undefined;
}

export interface NameMatch {
  matchType: MatchType;
  /** Set for likely matches: the best similarity between a key of the name and of the query. */
  similarity?: number;
}

/**
 * Every form of the query that the rules, the compiler and the comparator read, worked out once
 * per search.
 *
 * @example prepareQuery('Parus  maj').normalised // 'PARUS MAJ'
 */
export function prepareQuery(raw: string): PreparedQuery {
  const normalised = normaliseQuery(raw.normalize('NFC'));
  return {
    raw,
    normalised,
    keys: hybridVariants(normalised),
    foldsNames: !hasDiacritics(normalised),
    searchable: raw.length >= MIN_QUERY_LENGTH && normalised !== '',
    ranking: rankQuery(raw),
    taxonId: taxonIdOfQuery(raw),
  };
}

/**
 * The keys a name is compared by: its normalised form (FinBIF's), hybrid variants, folded on
 * request. An index stores both the strict and the folded keys of every name.
 */
export function nameKeys(name: string, options: { fold: boolean }): string[] {
  const keys = hybridNameKeys(name.normalize('NFC'));
  return options.fold ? foldKeys(keys) : keys;
}

/** Keys folded (`foldDiacritics`): `nameKeys(name, { fold: true })` of the strict `nameKeys(name, { fold: false })`. */
export function foldKeys(keys: readonly string[]): string[] {
  return [...new Set(keys.map(foldDiacritics))];
}

/** FinBIF: `NAME = :word`, the normalised name equals the normalised query. */
export function isExact(name: string, query: PreparedQuery): boolean {
  if (!query.searchable) return false;
  return keysOf(name, query).some((key) => query.keys.includes(key));
}

/**
 * FinBIF: `NAME LIKE :pattern AND NAME != :word`, for raw queries of 4+ code units. See
 * `likePartial` for what the pattern matches.
 */
export function isPartial(name: string, query: PreparedQuery): boolean {
  if (!query.searchable || query.raw.length < MIN_PARTIAL_LENGTH || isExact(name, query)) return false;
  return keysOf(name, query).some((key) => query.keys.some((word) => likePartial(key, word)));
}

/**
 * FinBIF's partial pattern, `word.replace(" ", "% ") + "%"` for a word with spaces (Java replaces
 * every space) and `"%" + word + "%"` for one without, evaluated as SQL LIKE. So `PARUS MAJ` is
 * `PARUS% MAJ%`: the name starts with the first query word, and each later query word follows,
 * in order and without overlap, right after some later space. The words need not be consecutive
 * (`PARUS% MAJ%` matches `PARUS CAERULEUS MAJOR`) and the first need not be a whole word
 * (`PAR% MAJ%` matches `PARUS MAJOR`). `%` and `_` typed by the user are taken literally here,
 * where Oracle would treat them as wildcards.
 */
export function likePartial(name: string, word: string): boolean {
  if (!word.includes(' ')) return name.includes(word);
  const [first = '', ...rest] = word.split(' ');
  if (!name.startsWith(first)) return false;
  let position = first.length;
  for (const next of rest) {
    const found = name.indexOf(` ${next}`, position);
    if (found < 0) return false;
    position = found + 1 + next.length;
  }
  return true;
}

/** The best Jaro–Winkler similarity between a key of the name and a key of the query. */
export function likelySimilarity(name: string, query: PreparedQuery): number {
  let best = 0;
  for (const key of keysOf(name, query)) {
    for (const word of query.keys) best = Math.max(best, jaroWinkler(key, word));
  }
  return best;
}

/**
 * FinBIF: `jaro_winkler(NAME, :word) > 0.88 AND NAME != :word`, asked only when the normalised
 * query has 7+ code units or likely is the only match type requested (`likelyOnly`).
 */
export function isLikely(name: string, query: PreparedQuery, options: { likelyOnly?: boolean } = {}): boolean {
  if (!query.searchable || !allowsLikely(query, options.likelyOnly ?? false)) return false;
  return !isExact(name, query) && likelySimilarity(name, query) > LIKELY_THRESHOLD;
}

/**
 * The best requested match type of a name, or undefined. A name that is exact but whose exact
 * type was not asked for is no match at all, as in FinBIF (partial and likely exclude it).
 *
 * @example classifyName('maakotka', prepareQuery('kotka')) // { matchType: 'PARTIAL' }
 */
export function classifyName(
  name: string,
  query: PreparedQuery,
  matchTypes: readonly MatchType[] = MATCH_TYPES,
): NameMatch | undefined {
  if (matchTypes.includes('EXACT') && isExact(name, query)) return { matchType: 'EXACT' };
  if (matchTypes.includes('PARTIAL') && isPartial(name, query)) return { matchType: 'PARTIAL' };
  if (!matchTypes.includes('LIKELY')) return undefined;
  const likelyOnly = matchTypes.every((type) => type === 'LIKELY');
  if (!isLikely(name, query, { likelyOnly })) return undefined;
  return { matchType: 'LIKELY', similarity: likelySimilarity(name, query) };
}

/**
 * FinBIF's id lookup: a raw query starting with `MX.` or `http://tun.fi/MX.` (case-sensitive) is
 * answered by that taxon alone, as one exact match, and by nothing if there is no such taxon.
 *
 * @example taxonIdOfQuery('http://tun.fi/MX.46549') // 'MX.46549'
 */
export function taxonIdOfQuery(raw: string): string | undefined {
  if (raw.startsWith('MX.')) return raw;
  if (raw.startsWith(`${TUN_FI}MX.`)) return raw.slice(TUN_FI.length);
  return undefined;
}

/** The matching name of an id lookup: the scientific name, else the taxon's URI. */
export function idLookupName(taxon: { id: string; scientificName?: string }): {
  matchingName: string;
  nameType: string;
} {
  if (taxon.scientificName) return { matchingName: taxon.scientificName, nameType: 'MX.scientificName' };
  return { matchingName: `${TUN_FI}${taxon.id}`, nameType: 'id' };
}

/**
 * FinBIF's exact query also has `OR QNAME = :word` (in any checklist): a query that is not an id
 * lookup (`mx.46549`) but normalises to a taxon id makes every name of that taxon an exact match.
 */
export function isTaxonIdExact(taxonId: string, query: PreparedQuery): boolean {
  return query.searchable && query.normalised === taxonId;
}

function allowsLikely(query: PreparedQuery, likelyOnly: boolean): boolean {
  return likelyOnly || query.normalised.length >= MIN_LIKELY_LENGTH;
}

function keysOf(name: string, query: PreparedQuery): string[] {
  return nameKeys(name, { fold: query.foldsNames });
}

/**
 * The same rules over a name's precomputed keys (`nameKeys` strict and folded, as the names index
 * stores them), so the search does not normalise each candidate again.
 */
export interface NameKeys {
  exactKeys: readonly string[];
  foldedKeys: readonly string[];
}

function keysFor(keys: NameKeys, query: PreparedQuery): readonly string[] {
  return query.foldsNames ? keys.foldedKeys : keys.exactKeys;
}

export function isExactByKeys(keys: NameKeys, query: PreparedQuery): boolean {
  if (!query.searchable) return false;
  // Indexed loops, not `some`/`includes` or `for…of` (slow over frozen arrays): this runs for
  // every candidate of every list.
  const names = keysFor(keys, query);
  const words = query.keys;
  for (let i = 0; i < names.length; i++) {
    for (let j = 0; j < words.length; j++) if (names[i] === words[j]) return true;
  }
  return false;
}

export function isPartialByKeys(keys: NameKeys, query: PreparedQuery): boolean {
  if (!query.searchable || query.raw.length < MIN_PARTIAL_LENGTH || isExactByKeys(keys, query)) return false;
  const names = keysFor(keys, query);
  const words = query.keys;
  for (let i = 0; i < names.length; i++) {
    for (let j = 0; j < words.length; j++) if (likePartial(names[i]!, words[j]!)) return true;
  }
  return false;
}

/**
 * `likelySimilarity` over the precomputed keys when it is above `LIKELY_THRESHOLD`, else 0:
 * pairs that cannot get there are given up early (`jaroWinklerAbove`), which is most
 * candidates of an index.
 */
export function likelySimilarityAboveThreshold(keys: NameKeys, query: PreparedQuery): number {
  let best = 0;
  const names = keysFor(keys, query);
  const words = query.keys;
  for (let i = 0; i < names.length; i++) {
    for (let j = 0; j < words.length; j++)
      best = Math.max(best, jaroWinklerAbove(names[i]!, words[j]!, LIKELY_THRESHOLD) ?? 0);
  }
  return best;
}
