/**
 * Name search requests → search bodies over a names index (docs/api.md, "Name search"). One body per match type
 * and page; each asks for candidates with term-level clauses on the keys the loader precomputed,
 * in the order of the comparator's static steps (`staticRank`), and the search service checks
 * every candidate against FinBIF's rules (`src/search/match-kinds.ts`) before ranking. The index
 * narrows, the rules decide, and both engines return the same candidates in the same order.
 *
 * @example compileExact(request, { from: 0, size: 200 })
 */
import type { Query } from '../index/search-body.ts';
import type { SearchBody } from '../index/engine.ts';
import { MAX_WORD_REPEAT, PROMINENCE_BITS, repeatToken, reverse } from '../search/entry-order.ts';
import { foldDiacritics, hasDiacritics } from '../search/normalise.ts';
import { GRAM_LENGTH, INDEX_ONLY_FIELDS, SHORT_WORD_LENGTH, trigrams } from '../search/name-entry.ts';
import {
  codePointLength,
  likelyKeyLengths,
  prepareQuery,
  type MatchType,
  type PreparedQuery,
} from '../search/match-kinds.ts';
import {
  and,
  compileNode,
  contains,
  exists,
  longerPrefix,
  not,
  or,
  prefix,
  range,
  term,
  terms,
  type FilterNode,
} from './nodes/index.ts';
import { listClauses, type ListFilter } from './filter-body.ts';

/** A name search as asked: the query as typed, and what to list. */
export interface NameSearchParams {
  query: string;
  limit: number;
  matchTypes: readonly MatchType[];
  /** `nameAccordingTo` of the taxa; none means any checklist */
  checklists?: string[];
  taxonSets: ListFilter;
  informalTaxonGroups: ListFilter;
  nameTypes: ListFilter;
  languages: string[];
  includeHidden: boolean;
  species?: boolean;
  finnish?: boolean;
  invasiveSpecies?: boolean;
}

/** A name search prepared once: the query in every form the rules, the compiler and the comparator read. */
export interface NameSearchRequest extends Omit<NameSearchParams, 'query'> {
  query: PreparedQuery;
}

/** @example prepareNameSearch({ ...params, query: 'Parus maj' }).query.normalised // 'PARUS MAJ' */
export function prepareNameSearch(params: NameSearchParams): NameSearchRequest {
  return { ...params, query: prepareQuery(params.query) };
}

/** Which slice of the candidates, in static-rank order. */
export interface CandidatePage {
  from: number;
  size: number;
}

/**
 * The two passes of likely candidates. Strict: names sharing half of the query's trigrams
 * (a shared first three or four letters counting as one more each). Relaxed, asked once when
 * the strict pass finds nothing: a quarter, for names shorter than the query, which a long
 * query's trigrams outnumber (a name as long as the query or longer that is close to it shares
 * most of them). Both keep to the lengths `likelyKeyLengths` allows.
 */
export const LIKELY_PASSES = {
  strict: { share: 0.5, shorterOnly: false },
  relaxed: { share: 0.25, shorterOnly: true },
} as const;

/**
 * The most candidates one likely pass hands over: those sharing the most trigrams and leading
 * letters, shorter names first among equals (with as many letters in common, a shorter name is
 * the more similar). FinBIF measures every name and keeps the `limit` most similar; the service
 * measures these. `npm run bench:recall` counts how many of FinBIF's ten most similar names
 * they hold.
 */
export const LIKELY_CANDIDATES = 256;

/** Jaro–Winkler's bonus for a common prefix grows up to four letters: the third and fourth are asked for. */
const LIKELY_PREFIX_LENGTHS = [3, 4];

export type LikelyPass = keyof typeof LIKELY_PASSES;

/** Candidates carry their keys and ranking texts (for the rules) but not their index-only tokens. */
const SOURCE = { excludes: [...INDEX_ONLY_FIELDS] };

/** Steps 15–17 of the comparator and the taxon id, precomputed: the order of otherwise equal candidates. */
const SORT_AFTER_RANK = [{ nameOrder: { order: 'asc' } }] as const;

/** The request's filters, shared by every match type. */
export function nameFilters(request: NameSearchRequest): FilterNode {
  const clauses: FilterNode[] = [];
  if (request.checklists?.length) clauses.push(terms.build('checklist', request.checklists));
  clauses.push(...listClauses('taxonSets', request.taxonSets));
  clauses.push(...listClauses('informalTaxonGroups', request.informalTaxonGroups));
  clauses.push(...listClauses('nameType', request.nameTypes));
  // Scientific names have no language and are never dropped by `languages`.
  if (request.languages.length > 0) {
    clauses.push(or.build([terms.build('language', request.languages), not.build(exists.build('language'))]));
  }
  if (!request.includeHidden) clauses.push(not.build(term.build('hidden', true)));
  for (const flag of ['species', 'finnish', 'invasiveSpecies'] as const) {
    const value = request[flag];
    if (value !== undefined) clauses.push(term.build(flag, value));
  }
  return and.build(clauses);
}

/** A page of candidates in static-rank order, or static rank then score when scored. */
function candidates(filter: FilterNode, page: CandidatePage, scored?: Query[]): SearchBody {
  return {
    query: scored ? { bool: { filter: [compileNode(filter)], should: scored } } : compileNode(filter),
    sort: [
      { staticRank: { order: 'asc' } },
      ...(scored ? [{ _score: { order: 'desc' } } as const] : []),
      ...SORT_AFTER_RANK,
    ],
    from: page.from,
    size: page.size,
    track_total_hits: true,
    _source: SOURCE,
  };
}

/** A name that equals the query: a key equals a key of the query (folded keys when the query has no diacritics). */
function equalsQuery(query: PreparedQuery): FilterNode {
  return terms.build(query.foldsNames ? 'foldedKeys' : 'exactKeys', [...query.keys]);
}

/** Exact: the name equals the query. */
export function compileExact(request: NameSearchRequest, page: CandidatePage): SearchBody {
  const { query } = request;
  const byName = equalsQuery(query);
  // FinBIF's exact query also matches the taxon id itself (`OR qname = :word`).
  const byId = term.build('taxonId', query.normalised);
  return candidates(and.build([or.build([byName, byId]), nameFilters(request)]), page);
}

/** A query key's words as typed: folded where they meet folded index fields. */
function wordsOf(key: string): string[] {
  return key.split(' ').filter((word) => word !== '');
}

/**
 * A word's trigrams as typed (folded when only folding makes it three letters long). One that
 * folding changes is a `diacriticGrams` term: only a query typed with diacritics has such, and
 * it compares with the names' strict keys, whose trigrams folding changes are there
 * (`diacriticTrigrams`); any other is a `grams` term. So `röst` is not handed every name with
 * `rost` in it.
 */
function gramClauses(word: string): FilterNode[] {
  const typed = word.length >= GRAM_LENGTH ? word : foldDiacritics(word);
  if (typed.length < GRAM_LENGTH) return [];
  return trigrams([typed]).map((g) => term.build(hasDiacritics(g) ? 'diacriticGrams' : 'grams', g));
}

/** A later word of a multi-word query: its trigrams, or a later word of the name starting with it. */
function laterWordClauses(word: string): FilterNode[] {
  const folded = foldDiacritics(word);
  return folded.length <= SHORT_WORD_LENGTH ? [term.build('laterWordPrefixes', folded)] : gramClauses(word);
}

/**
 * One query key as candidates: grams of a single word, or a word too short for them anywhere in
 * a name (a query of one or two letters typed with spaces after it, as `ar  `); for several
 * words, the first word as a prefix of the name, and each later one by `laterWordClauses`.
 */
function partialKeyClause(key: string): FilterNode {
  const [first = '', ...rest] = wordsOf(key);
  if (rest.length === 0) {
    const grams = gramClauses(first);
    return grams.length > 0 ? and.build(grams) : contains.build('foldedKeys', foldDiacritics(first));
  }
  return and.build([prefix.build('foldedKeys', foldDiacritics(first)), ...rest.flatMap(laterWordClauses)]);
}

/** Index fields of the ranking text: strict, or folded when the query folds. */
const RANK_FIELDS = {
  strict: {
    text: 'rankText',
    words: 'rankWords',
    repeats: 'rankWordRepeats',
    reversedWords: 'reversedRankWords',
    reversedLast: 'reversedLastWord',
  },
  folded: {
    text: 'foldedRankText',
    words: 'foldedRankWords',
    repeats: 'foldedRankWordRepeats',
    reversedWords: 'foldedReversedRankWords',
    reversedLast: 'foldedReversedLastWord',
  },
} as const;

/** Float32 sums of boosts are exact integers below 2^24: the score has this many bits. */
const SCORE_BITS = 24;

/** One comparator step as score: clauses worth `units` each, the sum below 2^width. */
interface ScorePart {
  clauses: { node: FilterNode; units: number }[];
  width: number;
}

const bitLength = (value: number) => Math.max(1, Math.ceil(Math.log2(value + 1)));
const flag = (node: FilterNode): ScorePart => ({ clauses: [{ node, units: 1 }], width: 1 });

/**
 * How the partial candidates' index order relates to the comparator's:
 * - `final`: score (steps 7–14) and `nameOrder` (15–17) are the comparator's order;
 * - `split`: a multi-word query, whose step 14 (the name ends with the query) the score leaves
 *   out. Only names whose last word is the query's last word can end with it: those few are
 *   asked for apart and ranked whole, the rest come in final order;
 * - `grouped`: the score holds only the first steps (a query of very many words); candidates of
 *   equal score are ranked whole.
 */
export type PartialOrder = 'final' | 'split' | 'grouped';

/**
 * Steps 7–14 of the comparator as parts of one score, most significant first. Each part sits
 * above all less significant ones, so ordering by the sum orders by the steps in turn:
 * 7 the name equals the query; 8 equal word pairs (repeated words count through their
 * occurrence tokens); 9 the name starts with the query; 10 a longer word starts with it; 11–12
 * genus, then rounded observations (bit tokens); 13 a longer word ends with it; 14 the name ends
 * with it. For a multi-word query steps 10 and 13 are always false (words have no spaces) and
 * step 14 is left out (see `PartialOrder`).
 */
function partialScoreParts(request: NameSearchRequest): { parts: ScorePart[]; order: PartialOrder } {
  const { ranking } = request.query;
  const fields = rankFields(ranking);
  const q = ranking.text;
  const oneWord = ranking.words.length === 1;
  const multiplicity = new Map<string, number>();
  for (const word of ranking.words) multiplicity.set(word, (multiplicity.get(word) ?? 0) + 1);
  const pairs: ScorePart['clauses'] = [];
  for (const [word, units] of multiplicity) {
    pairs.push({ node: term.build(fields.words, word), units });
    for (let occurrence = 2; occurrence <= MAX_WORD_REPEAT; occurrence++) {
      pairs.push({ node: term.build(fields.repeats, repeatToken(word, occurrence)), units });
    }
  }
  const prominence: ScorePart = {
    clauses: Array.from({ length: PROMINENCE_BITS }, (_, bit) => ({
      node: term.build('prominenceBits', String(bit)),
      units: 2 ** bit,
    })),
    width: PROMINENCE_BITS,
  };
  const parts: ScorePart[] = [
    flag(term.build(fields.text, q)),
    { clauses: pairs, width: bitLength(ranking.words.length * MAX_WORD_REPEAT) },
    flag(prefix.build(fields.text, q)),
    ...(oneWord ? [flag(longerPrefix.build(fields.words, q))] : []),
    prominence,
    ...(oneWord
      ? [
          flag(longerPrefix.build(fields.reversedWords, reverse(q))),
          flag(prefix.build(fields.reversedLast, reverse(q))),
        ]
      : []),
  ];
  // Keep the most significant parts that fit; dropping less significant ones only coarsens.
  let width = 0;
  const kept = parts.filter((part) => (width += part.width) <= SCORE_BITS);
  const order = kept.length < parts.length ? 'grouped' : oneWord ? 'final' : 'split';
  return { parts: kept, order };
}

function rankFields(ranking: { fold: boolean }) {
  return ranking.fold ? RANK_FIELDS.folded : RANK_FIELDS.strict;
}

function partialScore(parts: readonly ScorePart[]): Query[] {
  const clauses: Query[] = [];
  let shift = parts.reduce((sum, part) => sum + part.width, 0);
  for (const part of parts) {
    shift -= part.width;
    for (const { node, units } of part.clauses)
      clauses.push({ constant_score: { filter: compileNode(node), boost: units * 2 ** shift } });
  }
  return clauses;
}

/** A partial search: its order, and the body of any page, worked out once for all its pages. */
export interface PartialSearch {
  order: PartialOrder;
  /**
   * Partial: substring of a one-word query, word prefixes of a multi-word one (checked after).
   * `lastWord` asks for one side of a `split` order: the names whose last word is the query's
   * last word (`true`) or the others (`false`).
   */
  page(page: CandidatePage, lastWord?: boolean): SearchBody;
}

/** @example preparePartial(request).page({ from: 0, size: 128 }) */
export function preparePartial(request: NameSearchRequest): PartialSearch {
  const { parts, order } = partialScoreParts(request);
  const score = partialScore(parts);
  const keys = [...new Set(request.query.keys.map((key) => key.trim()).filter((key) => key !== ''))];
  const matching = [or.build(keys.map(partialKeyClause)), nameFilters(request)];
  const { ranking } = request.query;
  const endsLikeQuery = term.build(rankFields(ranking).reversedLast, reverse(ranking.words.at(-1)!));
  return {
    order,
    page(page, lastWord) {
      const clauses =
        lastWord === undefined ? matching : [...matching, lastWord ? endsLikeQuery : not.build(endsLikeQuery)];
      return candidates(and.build(clauses), page, score);
    },
  };
}

/** @example partialOrder(request) // 'final' for a one-word query */
export function partialOrder(request: NameSearchRequest): PartialOrder {
  return partialScoreParts(request).order;
}

/** One page of partial candidates (see `PartialSearch.page`). */
export function compilePartial(request: NameSearchRequest, page: CandidatePage, lastWord?: boolean): SearchBody {
  return preparePartial(request).page(page, lastWord);
}

/**
 * Likely: names of a possible length sharing a share of the query's trigrams, and not equal to
 * the query (FinBIF's `NAME != :word`), the `LIKELY_CANDIDATES` sharing the most; Jaro–Winkler
 * then decides. Each shared trigram and leading letters scores one (`constant_score`), so the
 * score counts them the same in both engines.
 */
export function compileLikely(request: NameSearchRequest, pass: LikelyPass = 'strict'): SearchBody {
  const { share, shorterOnly } = LIKELY_PASSES[pass];
  const folded = [...new Set(request.query.keys.map((key) => foldDiacritics(key)))];
  const grams = trigrams(folded);
  const starts = LIKELY_PREFIX_LENGTHS.map((length) => [
    ...new Set(folded.filter((key) => key.length > length).map((key) => key.slice(0, length))),
  ]).filter((prefixes) => prefixes.length > 0);
  const shared = [
    ...grams.map((gram) => term.build('grams', gram)),
    ...starts.map((prefixes) => {
      const clauses = prefixes.map((start) => prefix.build('foldedKeys', start));
      return clauses.length === 1 ? clauses[0]! : or.build(clauses);
    }),
  ];
  const lengths = request.query.keys.map(codePointLength);
  const longest = Math.max(...lengths);
  const window = {
    gte: Math.min(...lengths.map((length) => likelyKeyLengths(length).gte)),
    lte: shorterOnly ? longest - 1 : likelyKeyLengths(longest).lte,
  };
  const filter = and.build([
    range.build('keyLengths', window),
    not.build(equalsQuery(request.query)),
    nameFilters(request),
  ]);
  return {
    query: {
      bool: {
        filter: [compileNode(filter)],
        should: shared.map((clause) => ({ constant_score: { filter: compileNode(clause), boost: 1 } })),
        minimum_should_match: Math.max(1, Math.ceil(grams.length * share)),
      },
    },
    sort: [{ _score: { order: 'desc' } }, { keyLengths: { order: 'asc' } }, ...SORT_AFTER_RANK],
    size: LIKELY_CANDIDATES,
    track_total_hits: false,
    _source: SOURCE,
  };
}
