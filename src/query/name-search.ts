/**
 * Name search requests → search bodies over a names index (DESIGN §7). One body per match type;
 * each asks for candidates with term-level clauses on the keys the loader precomputed, and the
 * search service checks every candidate against FinBIF's rules (`src/search/match-kinds.ts`)
 * before ranking. So the index narrows, the rules decide, and both engines return the same
 * candidates.
 *
 * @example compileExact(nameSearchRequest({ query: 'susi' }))
 */
import type { estypes } from '@elastic/elasticsearch';
import type { SearchBody } from '../index/engine.ts';
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

/** Candidates read per list at most: far above any checklist's matches for one query. */
export const MAX_CANDIDATES = 10_000;
/** Likely candidates, best gram overlap first, that are scored by Jaro–Winkler. */
export const LIKELY_CANDIDATES = 300;
/** Share of the query's trigrams a likely candidate must have. */
export const LIKELY_GRAM_SHARE = 0.25;

const SOURCE: estypes.SearchSourceConfig = { excludes: ['exactKeys', 'foldedKeys', 'grams'] };

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

function candidates(filter: FilterNode, size: number): SearchBody {
  return {
    query: compileNode(filter),
    sort: [{ taxonomicOrder: { order: 'asc' } }, { id: { order: 'asc' } }],
    size,
    _source: SOURCE,
  };
}

/** Exact: a key equals a key of the query (folded keys when the query has no diacritics). */
export function compileExact(request: NameSearchRequest): SearchBody {
  const { query } = request;
  const keyField = query.foldsNames ? 'foldedKeys' : 'exactKeys';
  const byName = terms.build(keyField, [...query.keys]);
  // FinBIF's exact query also matches the taxon id itself (`OR qname = :word`).
  const byId = term.build('taxonId', query.normalised);
  return candidates(and.build([or.build([byName, byId]), nameFilters(request)]), MAX_CANDIDATES);
}

function wordsOf(key: string): string[] {
  return foldDiacritics(key).split(' ').filter((word) => word !== '');
}

/** One query key as candidates: grams of a single word; the first word as a prefix, then grams. */
function partialKeyClause(key: string): FilterNode {
  const [first = '', ...rest] = wordsOf(key);
  const gramsOf = (word: string) => (word.length >= GRAM_LENGTH ? trigrams([word]) : []);
  if (rest.length === 0) {
    const grams = gramsOf(first);
    return grams.length > 0 ? and.build(grams.map((g) => term.build('grams', g))) : prefix.build('foldedKeys', first);
  }
  const later = rest.flatMap(gramsOf).map((g) => term.build('grams', g));
  return and.build([prefix.build('foldedKeys', first), ...later]);
}

/** Partial: substring of a one-word query, word prefixes of a multi-word one (checked after). */
export function compilePartial(request: NameSearchRequest): SearchBody {
  const keys = [...new Set(request.query.keys.map((key) => key.trim()).filter((key) => key !== ''))];
  const byKeys = or.build(keys.map(partialKeyClause));
  return candidates(and.build([byKeys, nameFilters(request)]), MAX_CANDIDATES);
}

/**
 * Likely: names sharing at least a quarter of the query's trigrams, the most shared first (each
 * shared trigram adds a constant score of 1); Jaro–Winkler then decides among them.
 */
export function compileLikely(request: NameSearchRequest): SearchBody {
  const grams = trigrams(request.query.keys.map((key) => foldDiacritics(key)));
  const minimum = Math.max(1, Math.floor(grams.length * LIKELY_GRAM_SHARE));
  const scored: estypes.QueryDslQueryContainer[] = grams.map((g) => ({
    constant_score: { filter: { term: { grams: g } }, boost: 1 },
  }));
  return {
    query: { bool: { filter: [compileNode(nameFilters(request))], should: scored, minimum_should_match: minimum } },
    sort: [{ _score: { order: 'desc' } }, { taxonomicOrder: { order: 'asc' } }, { id: { order: 'asc' } }],
    size: LIKELY_CANDIDATES,
    _source: SOURCE,
  };
}
