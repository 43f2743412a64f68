/**
 * Name search requests → search bodies over a names index (DESIGN §7). One body per match type
 * and page; each asks for candidates with term-level clauses on the keys the loader precomputed,
 * in the order of the comparator's static steps (`staticRank`), and the search service checks
 * every candidate against FinBIF's rules (`src/search/match-kinds.ts`) before ranking. The index
 * narrows, the rules decide, and both engines return the same candidates in the same order.
 *
 * @example compileExact(request, { from: 0, size: 200 })
 */
import type { estypes } from '@elastic/elasticsearch';
import type { SearchBody } from '../index/engine.ts';
import { rankQuery } from '../search/rank-features.ts';
import { foldDiacritics } from '../search/normalise.ts';
import { GRAM_LENGTH, trigrams } from '../search/name-entry.ts';
import type { MatchType, PreparedQuery } from '../search/match-kinds.ts';
import { and, compileNode, exists, not, or, prefix, term, terms, type FilterNode } from './nodes/index.ts';
import { stringClauses } from './filter-body.ts';

/** A comma list with `!` exclusions, as `taxonSets`, `informalTaxonGroups` and `nameTypes` take. */
export interface ListFilter {
  include: string[];
  exclude: string[];
}

export interface NameSearchRequest {
  query: PreparedQuery;
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

/** Which slice of the candidates, in static-rank order. */
export interface CandidatePage {
  from: number;
  size: number;
}

/** Share of the query's trigrams a likely candidate must have; the service relaxes it once. */
export const LIKELY_GRAM_SHARE = { strict: 0.5, relaxed: 0.25 } as const;

/** Candidates carry their keys and ranking texts (for the rules) but not their index-only tokens. */
const SOURCE = { excludes: ['grams', 'rankWords', 'foldedRankWords'] };

const SORT_AFTER_RANK = [{ taxonomicOrder: { order: 'asc' } }, { id: { order: 'asc' } }] as const;

function listClauses(field: string, list: ListFilter): FilterNode[] {
  return stringClauses(field, [...list.include, ...list.exclude.map((value) => `!${value}`)]);
}

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
function candidates(filter: FilterNode, page: CandidatePage, scored?: estypes.QueryDslQueryContainer[]): SearchBody {
  return {
    query: scored ? { bool: { filter: [compileNode(filter)], should: scored } } : compileNode(filter),
    sort: [{ staticRank: { order: 'asc' } }, ...(scored ? [{ _score: { order: 'desc' } } as const] : []), ...SORT_AFTER_RANK],
    from: page.from,
    size: page.size,
    track_total_hits: true,
    _source: SOURCE,
  };
}

/** Exact: a key equals a key of the query (folded keys when the query has no diacritics). */
export function compileExact(request: NameSearchRequest, page: CandidatePage): SearchBody {
  const { query } = request;
  const keyField = query.foldsNames ? 'foldedKeys' : 'exactKeys';
  const byName = terms.build(keyField, [...query.keys]);
  // FinBIF's exact query also matches the taxon id itself (`OR qname = :word`).
  const byId = term.build('taxonId', query.normalised);
  return candidates(and.build([or.build([byName, byId]), nameFilters(request)]), page);
}

function wordsOf(key: string): string[] {
  return foldDiacritics(key).split(' ').filter((word) => word !== '');
}

function gramClauses(word: string): FilterNode[] {
  return word.length >= GRAM_LENGTH ? trigrams([word]).map((g) => term.build('grams', g)) : [];
}

/** One query key as candidates: grams of a single word; the first word as a prefix, then grams. */
function partialKeyClause(key: string): FilterNode {
  const [first = '', ...rest] = wordsOf(key);
  if (rest.length === 0) {
    const grams = gramClauses(first);
    return grams.length > 0 ? and.build(grams) : prefix.build('foldedKeys', first);
  }
  return and.build([prefix.build('foldedKeys', first), ...rest.flatMap(gramClauses)]);
}

/**
 * Steps 7–10 of the comparator as a score, so that partial candidates come in the comparator's
 * order of groups (static rank, then this score): 4 when a word of the name equals a query word
 * (steps 7 and 8), otherwise 2 when the name starts with the query (9) plus 1 when a word of it
 * does (10). The groups are coarse where the steps count (two equal words score as one), so the
 * service still ranks inside each group with the whole comparator.
 */
function partialScore(request: NameSearchRequest): estypes.QueryDslQueryContainer[] {
  const ranking = rankQuery(request.query.raw);
  const [text, words] = ranking.fold ? ['foldedRankText', 'foldedRankWords'] : ['rankText', 'rankWords'];
  const wordEqual = terms.build(words, [...ranking.words]);
  const scored = (node: FilterNode, boost: number) => ({ constant_score: { filter: compileNode(node), boost } });
  return [
    scored(and.build([wordEqual]), 4),
    scored(and.build([prefix.build(text, ranking.text), not.build(wordEqual)]), 2),
    scored(and.build([prefix.build(words, ranking.text), not.build(wordEqual)]), 1),
  ];
}

/** Partial: substring of a one-word query, word prefixes of a multi-word one (checked after). */
export function compilePartial(request: NameSearchRequest, page: CandidatePage): SearchBody {
  const keys = [...new Set(request.query.keys.map((key) => key.trim()).filter((key) => key !== ''))];
  return candidates(and.build([or.build(keys.map(partialKeyClause)), nameFilters(request)]), page, partialScore(request));
}

/** Likely: names sharing a share of the query's trigrams; Jaro–Winkler then decides. */
export function compileLikely(request: NameSearchRequest, page: CandidatePage, share: number = LIKELY_GRAM_SHARE.strict) {
  const grams = trigrams(request.query.keys.map((key) => foldDiacritics(key)));
  const minimum = Math.max(1, Math.ceil(grams.length * share));
  const shared = or.build(grams.map((g) => term.build('grams', g)), minimum);
  return candidates(and.build([shared, nameFilters(request)]), page);
}
