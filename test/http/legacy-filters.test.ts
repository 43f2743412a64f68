/**
 * The legacy filters compile to the same search bodies as their current equivalents, written out
 * here by hand: the legacy query is read by the legacy route's own schema, the current body by the
 * current parser. Every legacy filter of the translation table has a case.
 */
import { describe, expect, it } from 'vitest';
import { LEGACY_SEARCH_FILTERS, LEGACY_TAXA_FILTERS } from '../../src/http/legacy-parameters.ts';
import { searchParamsOf } from '../../src/http/routes/search.ts';
import { searchQuery as currentSearchQuery } from '../../src/http/schemas/search.ts';
import { searchQuery, taxaQuery } from '../../src/http/v0/parameters.ts';
import { legacyFilter, legacyFilterBody, legacySearchParams } from '../../src/http/v0/requests.ts';
import { parseFilterBody } from '../../src/query/filter-body.ts';
import { DEFAULT_SORT } from '../../src/query/sort.ts';
import { compileTaxaPage } from '../../src/query/taxa-request.ts';
import type { FilterNode } from '../../src/query/nodes/index.ts';

const queryOf = (text: string) => Object.fromEntries(new URLSearchParams(text));

const bodyOf = (filter: FilterNode) =>
  compileTaxaPage({
    filter,
    scope: { checklist: ['MR.1'], includeHidden: false },
    sort: DEFAULT_SORT,
    page: 1,
    pageSize: 20,
    fields: {},
  });

/** legacy query string → the current filter body it stands for */
const TAXA_CASES: [string, Record<string, unknown>][] = [
  ['informalGroupFilters=MVL.1,MVL.2', { informalTaxonGroups: ['MVL.1', 'MVL.2'] }],
  ['redListEvaluationGroups=MVL.1', { redListEvaluationGroups: 'MVL.1' }],
  ['invasiveSpeciesMainGroups=HBE.1,HBE.2', { invasiveSpeciesMainGroups: ['HBE.1', 'HBE.2'] }],
  ['adminStatusFilters=MX.finlex160_1997_appendix4', { administrativeStatuses: 'MX.finlex160_1997_appendix4' }],
  ['redListStatusFilters=MX.iucnEN,MX.iucnCR', { 'latestRedListStatusFinland.status': ['MX.iucnEN', 'MX.iucnCR'] }],
  ['typesOfOccurrenceFilters=MX.typeOfOccurrenceOccurs', { typeOfOccurrenceInFinland: 'MX.typeOfOccurrenceOccurs' }],
  [
    'typesOfOccurrenceNotFilters=MX.typeOfOccurrenceAnthropogenic,MX.doesNotOccur',
    { typeOfOccurrenceInFinland: ['!MX.typeOfOccurrenceAnthropogenic', '!MX.doesNotOccur'] },
  ],
  [
    'typesOfOccurrenceFilters=MX.typeOfOccurrenceOccurs&typesOfOccurrenceNotFilters=MX.doesNotOccur',
    { typeOfOccurrenceInFinland: ['MX.typeOfOccurrenceOccurs', '!MX.doesNotOccur'] },
  ],
  ['primaryHabitat=MKV.habitatM', { primaryHabitatSearchStrings: 'MKV.habitatM' }],
  ['anyHabitat=MKV.habitatM,MKV.habitatK', { anyHabitatSearchStrings: ['MKV.habitatM', 'MKV.habitatK'] }],
  ['hasLatestRedListEvaluation=true', { hasLatestRedListEvaluation: true }],
  ['hasLatestRedListEvaluation=false', { hasLatestRedListEvaluation: false }],
  ['latestRedListEvaluation.threatenedAtArea=ML.690', { 'latestRedListEvaluation.threatenedAtArea': 'ML.690' }],
  ['latestRedListEvaluation.redListStatus=MX.iucnNT', { 'latestRedListEvaluation.redListStatus': 'MX.iucnNT' }],
  [
    'latestRedListEvaluation.primaryHabitat=MKV.habitatM',
    { 'latestRedListEvaluation.primaryHabitatSearchStrings': 'MKV.habitatM' },
  ],
  [
    'latestRedListEvaluation.anyHabitat=MKV.habitatM',
    { 'latestRedListEvaluation.anyHabitatSearchStrings': 'MKV.habitatM' },
  ],
  ['latestRedListEvaluation.primaryThreat=MKV.threatM', { 'latestRedListEvaluation.primaryThreat': 'MKV.threatM' }],
  [
    'latestRedListEvaluation.threats=MKV.threatM,MKV.threatR',
    { 'latestRedListEvaluation.threats': ['MKV.threatM', 'MKV.threatR'] },
  ],
  [
    'latestRedListEvaluation.primaryEndangermentReason=MKV.endangermentReasonM',
    { 'latestRedListEvaluation.primaryEndangermentReason': 'MKV.endangermentReasonM' },
  ],
  [
    'latestRedListEvaluation.endangermentReasons=MKV.endangermentReasonM',
    { 'latestRedListEvaluation.endangermentReasons': 'MKV.endangermentReasonM' },
  ],
  ['taxonRanks=MX.genus,MX.species', { taxonRank: ['MX.genus', 'MX.species'] }],
  ['taxonSets=MX.taxonSetSykeButterflyMonitoring', { taxonSets: 'MX.taxonSetSykeButterflyMonitoring' }],
  ['invasiveSpeciesFilter=true', { invasiveSpecies: true }],
  ['invasiveSpeciesFilter=false', { invasiveSpecies: false }],
  ['hasMediaFilter=true', { hasMultimedia: true }],
  ['hasMediaFilter=false', {}],
  ['hasDescriptionFilter=true', { hasDescriptions: true }],
  ['hasBoldData=true', { hasBold: true }],
  ['onlyFinnish=true', { finnish: true }],
  ['onlyFinnish=false', {}],
  ['species=true', { species: true }],
  [
    'informalGroupFilters=MVL.1&taxonRanks=MX.species&onlyFinnish=true&redListStatusFilters=MX.iucnNT',
    // the clauses of an AND come in the order of the body's keys: here the table's
    {
      informalTaxonGroups: 'MVL.1',
      'latestRedListStatusFinland.status': 'MX.iucnNT',
      taxonRank: 'MX.species',
      finnish: true,
    },
  ],
];

describe('legacy taxa filters', () => {
  it.each(TAXA_CASES)('%s compiles to the search body of its current filter body', (legacy, current) => {
    const legacyBody = bodyOf(legacyFilter(taxaQuery.parse(queryOf(legacy))));
    expect(legacyBody).toEqual(bodyOf(parseFilterBody(current)));
  });

  it('has a case for every legacy filter of the translation table', () => {
    const covered = new Set(TAXA_CASES.flatMap(([legacy]) => [...new URLSearchParams(legacy).keys()]));
    expect([...Object.keys(LEGACY_TAXA_FILTERS)].filter((name) => !covered.has(name))).toEqual([]);
  });

  it('gives no filter for parameters that are absent', () => {
    expect(legacyFilterBody(taxaQuery.parse({}))).toEqual({});
  });
});

/** legacy name-search query string → the current name search's query string */
const SEARCH_CASES: [string, string][] = [
  ['query=susi', 'query=susi'],
  ['query=susi&informalTaxonGroup=MVL.1,MVL.2', 'query=susi&informalTaxonGroups=MVL.1,MVL.2'],
  ['query=susi&excludedInformalTaxonGroup=MVL.1', 'query=susi&informalTaxonGroups=!MVL.1'],
  [
    'query=susi&informalTaxonGroup=MVL.2&excludedInformalTaxonGroup=MVL.1',
    'query=susi&informalTaxonGroups=MVL.2,!MVL.1',
  ],
  ['query=susi&includedNameTypes=MX.vernacularName', 'query=susi&nameTypes=MX.vernacularName'],
  ['query=susi&excludeNameTypes=MX.hasMisappliedName', 'query=susi&nameTypes=!MX.hasMisappliedName'],
  ['query=susi&includedLanguages=fi,sv', 'query=susi&languages=fi,sv'],
  ['query=susi&onlySpecies=true', 'query=susi&species=true'],
  ['query=susi&onlySpecies=false', 'query=susi'],
  ['query=susi&onlyFinnish=true', 'query=susi&finnish=true'],
  ['query=susi&onlyInvasive=true', 'query=susi&invasiveSpecies=true'],
  ['query=susi&taxonSets=MX.taxonSetA', 'query=susi&taxonSets=MX.taxonSetA'],
  [
    'query=susi&limit=3&matchType=exact,partial&includeHidden=true&checklist=MR.2',
    'query=susi&limit=3&matchType=exact,partial&includeHidden=true&checklist=MR.2',
  ],
];

describe('legacy name-search filters', () => {
  it.each(SEARCH_CASES)('%s asks the search what %s asks', (legacy, current) => {
    expect(legacySearchParams(searchQuery.parse(queryOf(legacy)))).toEqual(
      searchParamsOf(currentSearchQuery.parse(queryOf(current))),
    );
  });

  it('has a case for every legacy search filter of the translation table', () => {
    const covered = new Set(SEARCH_CASES.flatMap(([legacy]) => [...new URLSearchParams(legacy).keys()]));
    expect([...Object.keys(LEGACY_SEARCH_FILTERS)].filter((name) => !covered.has(name))).toEqual([]);
  });
});
