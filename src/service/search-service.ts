/**
 * Name search (docs/api.md, "Name search"). For each requested list (exact, partial, likely, in that order) the
 * names index hands over candidates. Exact and partial candidates come in the comparator's order
 * as far as the index can know it: static rank (steps 1–5), for partial candidates a score of
 * steps 7–14, then `nameOrder` (15–17); the service keeps those FinBIF's rules accept, ranks
 * whole only what the index could not order (a static group of exact matches, or of partial
 * matches with equal scores), and takes each taxon once, at its best match, until `limit` taxa
 * are found. Pages are read as the answer needs them, so a search stops where its answer ends.
 * Likely candidates come as one set, the names sharing most of the query's trigrams
 * (`compileLikely`); the service measures their similarity and keeps, as FinBIF does, the
 * `limit` most similar names, then ranks them.
 *
 * FinBIF's finishing rules kept: synonym matches of taxa that have a match on their own
 * scientific name are dropped from partial and likely; a taxon seen in an earlier list is not
 * repeated; `limit` caps the combined result.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { SearchBody, SearchEngine } from '../index/engine.ts';
import { NAMES_INDEX_SETTINGS } from '../index/mappings/names-mapping.ts';
import {
  compileExact,
  compileLikely,
  prepareNameSearch,
  preparePartial,
  type CandidatePage,
  type NameSearchParams,
  type NameSearchRequest,
} from '../query/name-search.ts';
import { compileTaxonById } from '../query/taxa-request.ts';
import {
  classifyName,
  idLookupName,
  isExactByKeys,
  isPartialByKeys,
  isTaxonIdExact,
  LIKELY_THRESHOLD,
  likelySimilarityAboveThreshold,
  MIN_LIKELY_LENGTH,
  MIN_PARTIAL_LENGTH,
  type MatchType,
} from '../search/match-kinds.ts';
import { normaliseName } from '../search/normalise.ts';
import { entryAttributesOf, type INDEX_ONLY_FIELDS, type NameEntry } from '../search/name-entry.ts';
import { compareFeatures, compareStrings, sortMatches } from '../search/rank.ts';
import { rankFeatures, type RankFeatures } from '../search/rank-features.ts';
import type { RankQuery } from '../search/ranking-text.ts';
import { staticRank } from '../search/static-rank.ts';
import type { TaxonDocument } from '../taxon/schema.ts';
import type { VersionIndices, Versions } from './versions.ts';

/** A candidate as the index returns it (without its index-only tokens). */
export type Candidate = Omit<NameEntry, (typeof INDEX_ONLY_FIELDS)[number]>;
export type HitEntry = Omit<
  Candidate,
  'id' | 'exactKeys' | 'foldedKeys' | 'rankText' | 'foldedRankText' | 'nameOrder'
> &
  Partial<Pick<Candidate, 'rankText' | 'foldedRankText' | 'nameOrder'>>;
type SearchHit = estypes.SearchHit<Candidate>;

export interface NameMatchHit {
  entry: HitEntry;
  matchType: MatchType;
  similarity?: number;
}

type RankedHit = NameMatchHit & {
  matchingName: string;
  nameType: string;
  nameLanguage?: string;
  finnish: boolean;
  species: boolean;
  taxonRank?: string;
  observationCountFinland?: number;
  taxonId: string;
  /** the entry's place among equal matches (steps 15–17) */
  nameOrder?: number;
};

const LIST_ORDER: readonly MatchType[] = ['EXACT', 'PARTIAL', 'LIKELY'];
/**
 * The first page of candidates: a few per taxon the answer can hold, at least MIN_FIRST_PAGE;
 * when more are needed, pages grow fourfold up to MAX_PAGE.
 */
const MIN_FIRST_PAGE = 16;
const CANDIDATES_PER_RESULT = 2;
const MAX_PAGE = 20_000;
const firstPage = (request: NameSearchRequest) => Math.max(MIN_FIRST_PAGE, request.limit * CANDIDATES_PER_RESULT);
/**
 * The deepest candidate of one list that is read: the names index's result window, past which
 * Elasticsearch refuses a page (the embedded engine has no window, and stops there too).
 */
export const MAX_CANDIDATES = NAMES_INDEX_SETTINGS.max_result_window;

function ranked(entry: HitEntry, matchType: MatchType, similarity?: number): RankedHit {
  return {
    entry,
    matchType,
    ...(similarity !== undefined ? { similarity } : {}),
    matchingName: entry.name,
    nameType: entry.nameType,
    ...(entry.language ? { nameLanguage: entry.language } : {}),
    finnish: entry.finnish,
    species: entry.species,
    taxonId: entry.taxonId,
    ...(entry.taxonRank ? { taxonRank: entry.taxonRank } : {}),
    ...(entry.observationCountFinland !== undefined ? { observationCountFinland: entry.observationCountFinland } : {}),
    ...(entry.rankText !== undefined ? { rankText: entry.rankText } : {}),
    ...(entry.nameOrder !== undefined ? { nameOrder: entry.nameOrder } : {}),
    ...(entry.foldedRankText !== undefined ? { foldedRankText: entry.foldedRankText } : {}),
  };
}

/** Accepts an exact or partial candidate by FinBIF's rule for that list. */
function accept(entry: Candidate, type: 'EXACT' | 'PARTIAL', request: NameSearchRequest): RankedHit | undefined {
  const { query } = request;
  if (type === 'EXACT') {
    return isExactByKeys(entry, query) || isTaxonIdExact(entry.taxonId, query) ? ranked(entry, 'EXACT') : undefined;
  }
  return isPartialByKeys(entry, query) ? ranked(entry, 'PARTIAL') : undefined;
}

/**
 * FinBIF's likely list before its finishing rules: of the candidates above the similarity
 * threshold, the `limit` most similar (then by name, FinBIF's `ORDER BY jaro_winkler DESC, name`).
 * Beyond FinBIF, names of taxa already found in an earlier list and repeats of a taxon's name
 * literal (in another language) are left out first, so they do not take the places of others.
 */
function mostSimilar(hits: readonly SearchHit[], request: NameSearchRequest, seen: ReadonlySet<string>): RankedHit[] {
  const found: { match: RankedHit; similarity: number; name: string }[] = [];
  const literals = new Map<string, number>();
  for (const hit of hits) {
    const entry = hit._source!;
    if (seen.size > 0 && seen.has(entry.taxonId)) continue;
    // Likely candidates never equal the query (`compileLikely`).
    const similarity = likelySimilarityAboveThreshold(entry, request.query);
    if (!(similarity > LIKELY_THRESHOLD)) continue;
    const match = {
      match: ranked(entry, 'LIKELY', Math.round(similarity * 1000) / 1000),
      similarity,
      name: normaliseName(entry.name),
    };
    // Of a literal's entries, the one the comparator's static steps and `nameOrder` put first.
    const literal = literalOf(entry);
    const earlier = literals.get(literal);
    if (earlier === undefined) literals.set(literal, found.push(match) - 1);
    else if (precedes(entry, found[earlier]!.match.entry)) found[earlier] = match;
  }
  found.sort(
    (a, b) =>
      b.similarity - a.similarity ||
      compareStrings(a.name, b.name) ||
      (a.match.nameOrder ?? 0) - (b.match.nameOrder ?? 0),
  );
  return found.slice(0, request.limit).map(({ match }) => match);
}

/** A taxon's name literal: the same name may be listed in several languages. */
function literalOf(entry: HitEntry & { taxonId: string }): string {
  return `${entry.taxonId}\u0000${entry.name}`;
}

function precedes(a: HitEntry, b: HitEntry): boolean {
  return a.staticRank !== b.staticRank ? a.staticRank < b.staticRank : (a.nameOrder ?? 0) < (b.nameOrder ?? 0);
}

function asksFor(type: MatchType, request: NameSearchRequest): boolean {
  const { query, matchTypes } = request;
  if (!matchTypes.includes(type)) return false;
  if (type === 'PARTIAL') return query.raw.length >= MIN_PARTIAL_LENGTH;
  if (type === 'LIKELY') return query.normalised.length >= MIN_LIKELY_LENGTH || matchTypes.every((t) => t === 'LIKELY');
  return true;
}

/**
 * FinBIF drops a synonym match when the taxon also matches by its scientific name in any list.
 * The candidate carries that name, so the rule is decided here and not by reading every list.
 */
function hasPrimaryMatch(entry: HitEntry, request: NameSearchRequest): boolean {
  const { nameTypes } = request;
  if (!entry.scientificName || nameTypes.exclude.includes('MX.scientificName')) return false;
  if (nameTypes.include.length > 0 && !nameTypes.include.includes('MX.scientificName')) return false;
  return classifyName(entry.scientificName, request.query, request.matchTypes) !== undefined;
}

interface Answer {
  results: RankedHit[];
  seen: Set<string>;
  limit: number;
}

/**
 * Adds a match by FinBIF's finishing rules (a synonym of a taxon whose own name matches is
 * dropped from partial and likely; each taxon once); says whether the answer is full. `primary`
 * decides, when given, which taxa have that match (the likely list: `likelyMatches`).
 */
function take(
  match: RankedHit,
  type: MatchType,
  request: NameSearchRequest,
  answer: Answer,
  primary: (entry: HitEntry) => boolean = (entry) => hasPrimaryMatch(entry, request),
): boolean {
  if (type !== 'EXACT' && match.nameType.startsWith('MX.has') && primary(match.entry)) return false;
  if (!answer.seen.has(match.taxonId)) {
    answer.seen.add(match.taxonId);
    answer.results.push(match);
  }
  return answer.results.length >= answer.limit;
}

/** Merges two streams in the comparator's order (`nameOrder` breaking its ties). */
async function* merge(
  a: AsyncGenerator<RankedHit>,
  b: AsyncGenerator<RankedHit>,
  query: RankQuery,
): AsyncGenerator<RankedHit> {
  const features = new WeakMap<RankedHit, RankFeatures>();
  const featuresOf = (hit: RankedHit) => features.get(hit) ?? features.set(hit, rankFeatures(hit, query)).get(hit)!;
  const before = (x: RankedHit, y: RankedHit) =>
    (compareFeatures(featuresOf(x), featuresOf(y)) || (x.nameOrder ?? 0) - (y.nameOrder ?? 0)) <= 0;
  let [x, y] = await Promise.all([a.next(), b.next()]);
  while (!x.done || !y.done) {
    if (!x.done && (y.done || before(x.value, y.value))) {
      yield x.value;
      x = await a.next();
    } else if (!y.done) {
      yield y.value;
      y = await b.next();
    }
  }
}

/** The one hit of an id lookup: the taxon's scientific name (or URI) with the taxon's attributes. */
function lookupEntry(taxon: TaxonDocument): HitEntry {
  const { matchingName, nameType } = idLookupName(taxon);
  const attributes = entryAttributesOf(taxon);
  return { ...attributes, name: matchingName, nameType, staticRank: staticRank({ ...attributes, nameType }) };
}

async function idLookup(index: VersionIndices, id: string): Promise<NameMatchHit[]> {
  const result = await index.search<TaxonDocument>('taxa', compileTaxonById(id, {}));
  const taxon = result.hits.hits[0]?._source;
  return taxon ? [{ entry: lookupEntry(taxon), matchType: 'EXACT' }] : [];
}

/**
 * One list's accepted candidates in the comparator's order, read page by page as they are
 * consumed. `groupOf` names what the index cannot order further: candidates of one group are
 * ranked whole; without it, the index order is final.
 */
async function* stream(
  index: VersionIndices,
  type: 'EXACT' | 'PARTIAL',
  compile: (page: CandidatePage) => SearchBody,
  request: NameSearchRequest,
  seen: Set<string>,
  groupOf?: (entry: Candidate, hit: SearchHit) => number,
): AsyncGenerator<RankedHit> {
  let group: RankedHit[] = [];
  let groupKey: number | undefined;
  let read = 0;
  const names = new Set<string>();
  for (let next = firstPage(request); read < MAX_CANDIDATES; next = Math.min(next * 4, MAX_PAGE)) {
    const size = Math.min(next, MAX_CANDIDATES - read);
    const result = await index.search<Candidate>('names', compile({ from: read, size }));
    const hits = result.hits.hits;
    for (const hit of hits) {
      const entry = hit._source!;
      if (seen.size > 0 && seen.has(entry.taxonId)) continue;
      const match = accept(entry, type, request);
      if (!match) continue;
      // A taxon's name literal once (the same name may be listed in several languages).
      const name = literalOf(entry);
      if (names.has(name)) continue;
      names.add(name);
      if (!groupOf) {
        yield match;
        continue;
      }
      const key = groupOf(entry, hit);
      if (key !== groupKey) {
        yield* sortMatches(group, request.query.ranking);
        group = [];
        groupKey = key;
      }
      group.push(match);
    }
    read += hits.length;
    const total = typeof result.hits.total === 'number' ? result.hits.total : (result.hits.total?.value ?? 0);
    if (hits.length < size || read >= total) break;
  }
  yield* sortMatches(group, request.query.ranking);
}

async function fill(
  matches: AsyncGenerator<RankedHit>,
  type: MatchType,
  request: NameSearchRequest,
  answer: Answer,
): Promise<void> {
  for await (const match of matches) if (take(match, type, request, answer)) return;
}

const byStaticRank = (entry: Candidate) => entry.staticRank;
// Scores are below 2^24 (`partialScore`) and static ranks below 64: one number holds both.
const byStaticRankAndScore = (entry: Candidate, hit: SearchHit) => entry.staticRank * 2 ** 24 + Number(hit.sort?.[1]);

function partialMatches(
  index: VersionIndices,
  request: NameSearchRequest,
  seen: Set<string>,
): AsyncGenerator<RankedHit> {
  const partial = preparePartial(request);
  const { order } = partial;
  const ask = (lastWord?: boolean) => (page: CandidatePage) => partial.page(page, lastWord);
  if (order === 'final') return stream(index, 'PARTIAL', ask(), request, seen);
  if (order === 'grouped') return stream(index, 'PARTIAL', ask(), request, seen, byStaticRankAndScore);
  const endingLikeQuery = stream(index, 'PARTIAL', ask(true), request, seen, () => 0);
  return merge(endingLikeQuery, stream(index, 'PARTIAL', ask(false), request, seen), request.query.ranking);
}

async function likelyMatches(index: VersionIndices, request: NameSearchRequest, answer: Answer): Promise<void> {
  // A long query's trigrams outnumber a short name's: when the strict pass finds nothing,
  // ask once more for shorter names with a smaller share (`LIKELY_PASSES`).
  for (const pass of ['strict', 'relaxed'] as const) {
    const result = await index.search<Candidate>('names', compileLikely(request, pass));
    const found = mostSimilar(result.hits.hits, request, answer.seen);
    if (found.length === 0) continue;
    // FinBIF reads the likely list's primary matches from the list as cut to `limit`: a taxon
    // whose scientific name did not make it keeps its synonyms. (A scientific name matching in
    // an earlier list has put its taxon in the answer already.)
    const primary = new Set(found.filter((m) => m.nameType === 'MX.scientificName').map((m) => m.taxonId));
    const listed = (entry: HitEntry) => primary.has(entry.taxonId);
    for (const match of sortMatches(found, request.query.ranking))
      if (take(match, 'LIKELY', request, answer, listed)) break;
    return;
  }
}

export type SearchService = ReturnType<typeof createSearchService>;

/**
 * An engine that runs the whole name search next to its indices: the worker engine, whose
 * thread runs this service over its own engine, so that one name search is one message between
 * the threads instead of one per list and page of candidates.
 */
export interface NameSearchEngine {
  nameSearch(version: string, params: NameSearchParams): Promise<NameMatchHit[]>;
}

/**
 * The name search to serve over `engine`: the engine's own when it has one (`NameSearchEngine`),
 * otherwise this service over `versions`.
 */
export function nameSearchOf(engine: SearchEngine & Partial<NameSearchEngine>, versions: Versions): SearchService {
  const own = engine.nameSearch?.bind(engine);
  return own ? { search: own } : createSearchService({ versions });
}

/**
 * The hits as routes read them (what an engine thread sends back): the ranking's own fields left
 * out, and of each entry its keys and the ranking's texts, which only the search reads.
 */
export function nameMatchHits(hits: readonly NameMatchHit[]): NameMatchHit[] {
  return hits.map(({ entry, matchType, similarity }) => ({ entry: hitEntryOf(entry), matchType, similarity }));
}

function hitEntryOf(entry: HitEntry): HitEntry {
  const { id, exactKeys, foldedKeys, rankText, foldedRankText, nameOrder, ...kept } = entry as Candidate;
  return kept;
}

export function createSearchService({ versions }: { versions: Versions }) {
  return {
    /**
     * The query is prepared here, once, into the request every step reads.
     *
     * @example await search.search('current', { query: 'Parus maj', limit: 10, ... })
     */
    async search(version: string, params: NameSearchParams): Promise<NameMatchHit[]> {
      const request = prepareNameSearch(params);
      const index = await versions.at(version);
      if (!request.query.searchable) return [];
      if (request.query.taxonId !== undefined) return idLookup(index, request.query.taxonId);
      const answer: Answer = { results: [], seen: new Set(), limit: request.limit };
      for (const type of LIST_ORDER.filter((t) => asksFor(t, request))) {
        if (answer.results.length >= answer.limit) break;
        if (type === 'LIKELY') await likelyMatches(index, request, answer);
        else if (type === 'EXACT')
          await fill(
            stream(index, type, (page) => compileExact(request, page), request, answer.seen, byStaticRank),
            type,
            request,
            answer,
          );
        else await fill(partialMatches(index, request, answer.seen), type, request, answer);
      }
      return answer.results;
    },
  };
}
