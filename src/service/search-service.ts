/**
 * Name search (DESIGN §7): asks the names index for candidates of each requested match type,
 * keeps those FinBIF's rules accept, then finishes the lists as FinBIF does — synonym matches of
 * taxa found by their own scientific name dropped from partial and likely, each list sorted by the
 * 17-step comparator, each taxon once at its best match, `limit` over the whole.
 */
import type { SearchEngine } from '../index/engine.ts';
import { compileExact, compileLikely, compilePartial, type NameSearchRequest } from '../query/name-search.ts';
import { compileTaxonById } from '../query/taxa-request.ts';
import {
  idLookupName, isExact, isPartial, isTaxonIdExact, likelySimilarity, LIKELY_THRESHOLD, MIN_LIKELY_LENGTH,
  MIN_PARTIAL_LENGTH, taxonIdOfQuery, type MatchType,
} from '../search/match-kinds.ts';
import type { NameEntry } from '../search/name-entry.ts';
import { sortMatches } from '../search/rank.ts';
import type { TaxonDocument } from '../taxon/schema.ts';

export interface NameMatchHit {
  entry: Omit<NameEntry, 'exactKeys' | 'foldedKeys' | 'grams' | 'id'>;
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

function ranked(entry: NameMatchHit['entry'], matchType: MatchType, similarity?: number): RankedHit {
  return {
    entry, matchType, ...(similarity !== undefined ? { similarity } : {}),
    matchingName: entry.name, nameType: entry.nameType, ...(entry.language ? { nameLanguage: entry.language } : {}),
    finnish: entry.finnish, species: entry.species, taxonId: entry.taxonId,
    ...(entry.taxonRank ? { taxonRank: entry.taxonRank } : {}),
    ...(entry.observationCountFinland !== undefined ? { observationCountFinland: entry.observationCountFinland } : {}),
  };
}

/** Accepts a candidate of one list by FinBIF's rule for that list. */
function accept(entry: NameMatchHit['entry'], type: MatchType, request: NameSearchRequest): RankedHit | undefined {
  const { query } = request;
  if (type === 'EXACT') {
    return isExact(entry.name, query) || isTaxonIdExact(entry.taxonId, query) ? ranked(entry, 'EXACT') : undefined;
  }
  if (type === 'PARTIAL') return isPartial(entry.name, query) ? ranked(entry, 'PARTIAL') : undefined;
  if (isExact(entry.name, query)) return undefined;
  const similarity = likelySimilarity(entry.name, query);
  return similarity > LIKELY_THRESHOLD ? ranked(entry, 'LIKELY', Math.round(similarity * 1000) / 1000) : undefined;
}

function asksFor(type: MatchType, request: NameSearchRequest): boolean {
  const { query, matchTypes } = request;
  if (!matchTypes.includes(type)) return false;
  if (type === 'PARTIAL') return query.raw.length >= MIN_PARTIAL_LENGTH;
  if (type === 'LIKELY') return query.normalised.length >= MIN_LIKELY_LENGTH || matchTypes.every((t) => t === 'LIKELY');
  return true;
}

const COMPILERS = { EXACT: compileExact, PARTIAL: compilePartial, LIKELY: compileLikely } as const;

/** FinBIF's finishing of the three lists; `limit` then caps the combined result. */
function finish(lists: Map<MatchType, RankedHit[]>, request: NameSearchRequest): RankedHit[] {
  const primary = new Set(
    [...lists.values()].flat().filter((m) => m.nameType === 'MX.scientificName').map((m) => m.taxonId),
  );
  const seen = new Set<string>();
  const result: RankedHit[] = [];
  for (const type of LIST_ORDER) {
    let list = lists.get(type) ?? [];
    if (type !== 'EXACT') list = list.filter((m) => !(m.nameType.startsWith('MX.has') && primary.has(m.taxonId)));
    for (const match of sortMatches(list, request.query.raw)) {
      if (seen.has(match.taxonId) || result.length >= request.limit) continue;
      seen.add(match.taxonId);
      result.push(match);
    }
  }
  return result;
}

function lookupEntry(taxon: TaxonDocument): NameMatchHit['entry'] {
  const { matchingName, nameType } = idLookupName(taxon);
  return {
    taxonId: taxon.id, name: matchingName, nameType, checklist: taxon.nameAccordingTo ?? '.',
    ...(taxon.scientificName !== undefined ? { scientificName: taxon.scientificName } : {}),
    ...(taxon.scientificNameAuthorship !== undefined ? { scientificNameAuthorship: taxon.scientificNameAuthorship } : {}),
    ...(taxon.taxonRank !== undefined ? { taxonRank: taxon.taxonRank } : {}),
    ...(taxon.cursiveName !== undefined ? { cursiveName: taxon.cursiveName } : {}),
    finnish: taxon.finnish === true, species: taxon.species === true, invasiveSpecies: taxon.invasiveSpecies === true,
    hidden: taxon.hiddenTaxon === true, taxonomicOrder: taxon.taxonomicOrder ?? 0,
    ...(taxon.vernacularName !== undefined ? { vernacularName: taxon.vernacularName } : {}),
    ...(taxon.informalTaxonGroups ? { informalTaxonGroups: taxon.informalTaxonGroups } : {}),
    ...(taxon.parent?.kingdom?.scientificName ? { kingdomScientificName: taxon.parent.kingdom.scientificName } : {}),
  };
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

  async function candidatesOf(version: string, type: MatchType, request: NameSearchRequest): Promise<RankedHit[]> {
    const result = await engine.search<NameMatchHit['entry']>({ version, kind: 'names' }, COMPILERS[type](request));
    const seen = new Set<string>();
    const accepted: RankedHit[] = [];
    for (const hit of result.hits.hits) {
      const entry = hit._source!;
      const key = `${entry.taxonId}\u0000${entry.name}`;
      if (seen.has(key)) continue;
      const match = accept(entry, type, request);
      if (match) accepted.push(match), seen.add(key);
    }
    return accepted;
  }

  return {
    /** @example await search.search('current', request) */
    async search(checklistVersion: string, request: NameSearchRequest): Promise<NameMatchHit[]> {
      const version = await resolveVersion(checklistVersion);
      if (!request.query.searchable) return [];
      const id = taxonIdOfQuery(request.query.raw);
      if (id !== undefined) return idLookup(version, id);
      const types = LIST_ORDER.filter((type) => asksFor(type, request));
      const found = await Promise.all(types.map((type) => candidatesOf(version, type, request)));
      return finish(new Map(types.map((type, i) => [type, found[i]!])), request);
    },
  };
}
