/**
 * Name search (DESIGN §7). For each requested list (exact, partial, likely, in that order) the
 * names index hands over candidates in the order of the comparator's static steps; the service
 * keeps those FinBIF's rules accept, ranks each static group with the full 17-step comparator and
 * takes each taxon once, at its best match, until `limit` taxa are found. A group ranks before
 * every later one, so the search stops at the group that fills the answer instead of ranking
 * every candidate.
 *
 * FinBIF's finishing rules kept: synonym matches of taxa that have a match on their own
 * scientific name are dropped from partial and likely; a taxon seen in an earlier list is not
 * repeated; `limit` caps the combined result.
 */
import type { SearchBody, SearchEngine } from '../index/engine.ts';
import {
  compileExact, compileLikely, compilePartial, LIKELY_GRAM_SHARE, type CandidatePage, type NameSearchRequest,
} from '../query/name-search.ts';
import { compileTaxonById } from '../query/taxa-request.ts';
import {
  classifyName, idLookupName, isExactByKeys, isPartialByKeys, isTaxonIdExact, LIKELY_THRESHOLD,
  likelySimilarityByKeys, MIN_LIKELY_LENGTH, MIN_PARTIAL_LENGTH, taxonIdOfQuery, type MatchType,
} from '../search/match-kinds.ts';
import { entryAttributesOf, type NameEntry } from '../search/name-entry.ts';
import { sortMatches } from '../search/rank.ts';
import { staticRank } from '../search/static-rank.ts';
import type { TaxonDocument } from '../taxon/schema.ts';

/** A candidate as the index returns it (without its trigrams). */
export type Candidate = Omit<NameEntry, 'grams' | 'rankWords' | 'foldedRankWords'>;
export type HitEntry = Omit<Candidate, 'id' | 'exactKeys' | 'foldedKeys' | 'rankText' | 'foldedRankText'> &
  Partial<Pick<Candidate, 'rankText' | 'foldedRankText'>>;

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
};

const LIST_ORDER: readonly MatchType[] = ['EXACT', 'PARTIAL', 'LIKELY'];
/** The first page of candidates; when more are needed, the rest come in pages of at most MAX_PAGE. */
const FIRST_PAGE = 128;
const MAX_PAGE = 20_000;

function ranked(entry: HitEntry, matchType: MatchType, similarity?: number): RankedHit {
  return {
    entry, matchType, ...(similarity !== undefined ? { similarity } : {}),
    matchingName: entry.name, nameType: entry.nameType, ...(entry.language ? { nameLanguage: entry.language } : {}),
    finnish: entry.finnish, species: entry.species, taxonId: entry.taxonId,
    ...(entry.taxonRank ? { taxonRank: entry.taxonRank } : {}),
    ...(entry.observationCountFinland !== undefined ? { observationCountFinland: entry.observationCountFinland } : {}),
    ...(entry.rankText !== undefined ? { rankText: entry.rankText } : {}),
    ...(entry.foldedRankText !== undefined ? { foldedRankText: entry.foldedRankText } : {}),
  };
}

/** Accepts a candidate of one list by FinBIF's rule for that list. */
function accept(entry: Candidate, type: MatchType, request: NameSearchRequest): RankedHit | undefined {
  const { query } = request;
  if (type === 'EXACT') {
    return isExactByKeys(entry, query) || isTaxonIdExact(entry.taxonId, query) ? ranked(entry, 'EXACT') : undefined;
  }
  if (type === 'PARTIAL') return isPartialByKeys(entry, query) ? ranked(entry, 'PARTIAL') : undefined;
  if (isExactByKeys(entry, query)) return undefined;
  const similarity = likelySimilarityByKeys(entry, query);
  return similarity > LIKELY_THRESHOLD ? ranked(entry, 'LIKELY', Math.round(similarity * 1000) / 1000) : undefined;
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

/** Ranks one static group and adds its taxa not seen yet. */
function takeGroup(group: RankedHit[], type: MatchType, request: NameSearchRequest, answer: Answer): void {
  let matches = group;
  if (type !== 'EXACT') matches = matches.filter((m) => !(m.nameType.startsWith('MX.has') && hasPrimaryMatch(m.entry, request)));
  for (const match of sortMatches(matches, request.query.raw)) {
    if (answer.results.length >= answer.limit) return;
    if (answer.seen.has(match.taxonId)) continue;
    answer.seen.add(match.taxonId);
    answer.results.push(match);
  }
}

/** The one hit of an id lookup: the taxon's scientific name (or URI) with the taxon's attributes. */
function lookupEntry(taxon: TaxonDocument): HitEntry {
  const { matchingName, nameType } = idLookupName(taxon);
  const attributes = entryAttributesOf(taxon);
  return { ...attributes, name: matchingName, nameType, staticRank: staticRank({ ...attributes, nameType }) };
}

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService({ engine, resolveVersion }: {
  engine: SearchEngine;
  resolveVersion: (version: string) => Promise<string>;
}) {
  async function idLookup(version: string, id: string): Promise<NameMatchHit[]> {
    const result = await engine.search<TaxonDocument>({ version, kind: 'taxa' }, compileTaxonById(id, {}));
    const taxon = result.hits.hits[0]?._source;
    return taxon ? [{ entry: lookupEntry(taxon), matchType: 'EXACT' }] : [];
  }

  /** Walks one list's candidates page by page, a static group at a time, until the answer is full. */
  async function walkList(version: string, type: MatchType, compile: (page: CandidatePage) => SearchBody,
    request: NameSearchRequest, answer: Answer): Promise<number> {
    let group: RankedHit[] = [];
    let groupRank = -1;
    let read = 0;
    const names = new Set<string>();
    for (let size = FIRST_PAGE; ; ) {
      const result = await engine.search<Candidate>({ version, kind: 'names' }, compile({ from: read, size }));
      const hits = result.hits.hits;
      for (const hit of hits) {
        const entry = hit._source!;
        // A group: the static rank, and for partial candidates the score of steps 7–10 as well.
        const rank = entry.staticRank * 8 + (type === 'PARTIAL' ? 7 - Number(hit.sort?.[1] ?? 0) : 0);
        if (rank !== groupRank) {
          takeGroup(group, type, request, answer);
          if (answer.results.length >= answer.limit) return read;
          group = [];
          groupRank = rank;
        }
        const key = `${entry.taxonId}\u0000${entry.name}`;
        const match = answer.seen.has(entry.taxonId) || names.has(key) ? undefined : accept(entry, type, request);
        if (match) group.push(match), names.add(key);
      }
      read += hits.length;
      const total = typeof result.hits.total === 'number' ? result.hits.total : (result.hits.total?.value ?? 0);
      if (hits.length < size || read >= total) break;
      // A group larger than the first page is ranked whole anyway: read the rest at once rather
      // than have the index evaluate and sort the same query page after page.
      size = Math.min(total - read, MAX_PAGE);
    }
    takeGroup(group, type, request, answer);
    return read;
  }

  async function walkLikely(version: string, request: NameSearchRequest, answer: Answer): Promise<void> {
    const before = answer.results.length;
    await walkList(version, 'LIKELY', (page) => compileLikely(request, page), request, answer);
    // Few shared trigrams still leave room for a close name (a long query for a short name):
    // when the strict share finds nothing, ask once more with the relaxed one.
    if (answer.results.length === before && answer.results.length < answer.limit) {
      await walkList(version, 'LIKELY', (page) => compileLikely(request, page, LIKELY_GRAM_SHARE.relaxed), request, answer);
    }
  }

  return {
    /** @example await search.search('current', request) */
    async search(checklistVersion: string, request: NameSearchRequest): Promise<NameMatchHit[]> {
      const version = await resolveVersion(checklistVersion);
      if (!request.query.searchable) return [];
      const id = taxonIdOfQuery(request.query.raw);
      if (id !== undefined) return idLookup(version, id);
      const answer: Answer = { results: [], seen: new Set(), limit: request.limit };
      for (const type of LIST_ORDER.filter((t) => asksFor(t, request))) {
        if (answer.results.length >= answer.limit) break;
        if (type === 'LIKELY') await walkLikely(version, request, answer);
        else await walkList(version, type, (page) => (type === 'EXACT' ? compileExact : compilePartial)(request, page), request, answer);
      }
      return answer.results;
    },
  };
}
