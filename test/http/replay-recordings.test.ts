/**
 * The recorded exchanges with the real API (two sets of recordings made by a client of the real
 * API: a recent one and an earlier, larger one) whose routes this service serves, replayed over
 * the bundled sample (data/sample): each request is sent as recorded, and the answer is compared
 * with what the real API answered, written out here: the status, the envelope's keys, and for
 * every hit or group its keys and the kind of each value, field by field; the values too where
 * the sample holds the same taxon or group. The payloads that clients of the real API were built
 * against (a form library's autocomplete payloads, an invasive-species site's legacy page of one
 * taxon) are checked the same way.
 *
 * The earlier recordings keep no status; their bodies are answers, not error objects, so 200.
 *
 * The `@context` of the answers is compared only for an empty search, which the real API answers
 * with `http://schema.laji.fi/context/generic.jsonld`: otherwise the recordings name the host they
 * were made against (`https://api.laji.fi/context/taxon-search-en`, `https://apitest.laji.fi/…`),
 * or `…/informalTaxonGroup-en.jsonld` for the English tree, where this service answers
 * `…/taxon-search.jsonld` and `…/informalTaxonGroup.jsonld`.
 *
 * Replayed elsewhere: the legacy `/v0/taxa/search` recordings, in legacy-search-sample.test.ts;
 * what `/metadata/alts/…` and the eight `/v0/metadata/ranges/…` answered (administrative
 * statuses, ranks, types of occurrence, habitats, habitat types, IUCN statuses, secure levels and
 * threatened statuses), in metadata.test.ts.
 *
 * Out of scope, for routes this service does not serve (its legacy interface is the taxa routes
 * only): the recorded `/v0/informal-taxon-groups` (flat in every language, and the English tree)
 * and a site's payload of it in Finnish; a mobile app's payload of `/v0/autocomplete/taxon`.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.ts';

type Kind = (value: unknown) => boolean;

const isString: Kind = (v) => typeof v === 'string';
const isBoolean: Kind = (v) => typeof v === 'boolean';
const isNumber: Kind = (v) => typeof v === 'number';
const isQname =
  (prefix: string): Kind =>
  (v) =>
    typeof v === 'string' && v.startsWith(prefix);
const isListOf =
  (kind: Kind): Kind =>
  (v) =>
    Array.isArray(v) && v.every(kind);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** `{id, name}` with the name a string: a group as a hit names it, in the answer language */
const isNamedGroup: Kind = (v) =>
  isObject(v) && Object.keys(v).sort().join() === 'id,name' && isQname('MVL.')(v.id) && isString(v.name);

function expectKinds(what: string, value: Record<string, unknown>, kinds: Record<string, Kind>): void {
  for (const [field, fits] of Object.entries(kinds))
    if (field in value) expect(fits(value[field]), `${what}.${field}: ${JSON.stringify(value[field])}`).toBe(true);
}

const sortedKeys = (value: object): string[] => Object.keys(value).sort();

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp({ dataDir: 'data/sample' }));
});
afterAll(async () => app.close());

async function get(url: string): Promise<{ status: number; body: any }> {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
}

// ---------------------------------------------------------------------------------------------
// GET /taxa/search

/** The fields of a recorded hit and the kind of each (their order is that of `hit()` below). */
const HIT_KINDS: Record<string, Kind> = {
  matchingName: isString,
  nameType: isQname('MX.'),
  id: isQname('MX.'),
  checklist: isQname('MR.'),
  scientificName: isString,
  // left out for a taxon without one (the recorded Aves and Rhodophyta)
  scientificNameAuthorship: isString,
  taxonRank: isQname('MX.'),
  cursiveName: isBoolean,
  finnish: isBoolean,
  species: isBoolean,
  // in the answer language: the requests ask none, and the real API answered English
  vernacularName: isString,
  // left out for a taxon in no group (the recorded Plantae)
  informalGroups: (v) => Array.isArray(v) && v.length > 0 && v.every(isNamedGroup),
  kingdomScientificName: isString,
  type: (v) => v === 'exactMatches',
};

interface RecordedHit {
  matchingName: string;
  nameType: string;
  id: string;
  checklist: string;
  scientificName: string;
  scientificNameAuthorship?: string;
  taxonRank: string;
  cursiveName: boolean;
  finnish: boolean;
  species: boolean;
  vernacularName: string;
  informalGroups?: { id: string; name: string }[];
  kingdomScientificName: string;
  type: string;
}

/** A recorded exact match, its fields in the recorded order; a species is cursive, a higher taxon not. */
function hit(
  id: string,
  [scientificName, scientificNameAuthorship]: [string, string?],
  taxonRank: string,
  vernacularName: string,
  groups: [string, string][],
  kingdomScientificName: string,
  nameType: 'MX.scientificName' | 'MX.vernacularName',
): RecordedHit {
  const species = taxonRank === 'MX.species';
  return {
    matchingName: nameType === 'MX.scientificName' ? scientificName : vernacularName,
    nameType,
    id,
    checklist: 'MR.1',
    scientificName,
    ...(scientificNameAuthorship === undefined ? {} : { scientificNameAuthorship }),
    taxonRank,
    cursiveName: species,
    finnish: true,
    species,
    vernacularName,
    ...(groups.length === 0 ? {} : { informalGroups: groups.map(([groupId, name]) => ({ id: groupId, name })) }),
    kingdomScientificName,
    type: 'exactMatches',
  };
}

const OWL = hit(
  'MX.28965',
  ['Bubo bubo', '(Linnaeus, 1758)'],
  'MX.species',
  'Eurasian Eagle-owl',
  [
    ['MVL.1', 'Birds'],
    ['MVL.1141', 'Birds of prey and owls'],
    ['MVL.1161', 'Owls'],
  ],
  'Animalia',
  'MX.scientificName',
);
const SWAN = hit(
  'MX.26280',
  ['Cygnus cygnus', '(Linnaeus, 1758)'],
  'MX.species',
  'Whooper Swan',
  [
    ['MVL.1', 'Birds'],
    ['MVL.1241', 'Waterbirds'],
  ],
  'Animalia',
  'MX.scientificName',
);
const OTTER = hit(
  'MX.47169',
  ['Lutra lutra', '(Linnaeus, 1758)'],
  'MX.species',
  'Otter',
  [['MVL.2', 'Mammals']],
  'Animalia',
  'MX.vernacularName',
);
const BIRDS = hit('MX.37580', ['Aves'], 'MX.class', 'Birds', [['MVL.1', 'Birds']], 'Animalia', 'MX.vernacularName');
const PLANTS = hit('MX.37601', ['Plantae', 'Haeckel'], 'MX.kingdom', 'Plants', [], 'Plantae', 'MX.vernacularName');
const RED_ALGAE = hit(
  'MX.70088',
  ['Rhodophyta'],
  'MX.phylum',
  'Red algae',
  [
    ['MVL.22', 'Algae'],
    ['MVL.82', 'Macro algae'],
    ['MVL.542', 'Red algae'],
  ],
  'Plantae',
  'MX.vernacularName',
);

/**
 * Where the hand-made sample holds other data than FinBIF for a recorded taxon:
 * - `name case`: the sample writes the English names of higher taxa in lower case ("birds",
 *   "plants", "red algae"), so `matchingName` and `vernacularName` are compared ignoring case;
 * - `authorship`: the sample gives the taxon an authorship that the recording has not (Aves
 *   "Linnaeus, 1758", Rhodophyta "Wettstein, 1901"), so that field is left out of the comparison.
 */
type SampleDifference = 'name case' | 'authorship';

interface SearchRecording {
  folders: ('recording' | 'earlier recording')[];
  /** the recorded query string; `personEmail` is the recording client's, and the service takes it */
  query: string;
  /** the one hit recorded, or none */
  hit?: RecordedHit;
  sampleDiffers?: SampleDifference[];
  /** recorded fields this service leaves out though the sample holds what they say; reported, not compared */
  notYetAnswered?: (keyof RecordedHit)[];
}

const BOTH: SearchRecording['folders'] = ['recording', 'earlier recording'];
const SEARCH_RECORDINGS: SearchRecording[] = [
  { folders: BOTH, query: 'query=Bubo+bubo&matchType=exact&limit=1&personEmail=noreply%40laji.fi', hit: OWL },
  { folders: BOTH, query: 'query=Cygnus+cygnus&matchType=exact&limit=1', hit: SWAN },
  { folders: BOTH, query: 'query=Otter&matchType=exact&limit=1&personEmail=noreply%40laji.fi', hit: OTTER },
  { folders: BOTH, query: 'query=not_a_taxa&matchType=exact&limit=1' },
  // no taxon is called "Algae": it is the name of an informal group
  { folders: ['earlier recording'], query: 'query=Algae&matchType=exact&limit=1' },
  {
    folders: ['earlier recording'],
    query: 'query=Birds&matchType=exact&limit=1',
    hit: BIRDS,
    sampleDiffers: ['name case', 'authorship'],
  },
  {
    folders: ['earlier recording'],
    query: 'query=Plants&matchType=exact&limit=1',
    hit: PLANTS,
    sampleDiffers: ['name case'],
  },
  {
    folders: ['earlier recording'],
    query: 'query=Red+algae&matchType=exact&limit=1',
    hit: RED_ALGAE,
    sampleDiffers: ['name case', 'authorship'],
  },
];

describe('recorded /taxa/search exchanges, replayed over the sample', () => {
  const replays = SEARCH_RECORDINGS.flatMap((recording) =>
    recording.folders.map((folder) => [`${folder}: /taxa/search?${recording.query}`, recording] as const),
  );

  it.each(replays)('%s', async (_, { query, hit: recordedHit, sampleDiffers = [], notYetAnswered = [] }) => {
    const { status, body } = await get(`/taxa/search?${query}`);
    expect(status).toBe(200);
    expect(sortedKeys(body)).toEqual(['@context', 'results']);
    expect(isString(body['@context'])).toBe(true);
    if (recordedHit === undefined) {
      expect(body.results).toEqual([]);
      expect(body['@context']).toBe('http://schema.laji.fi/context/generic.jsonld');
      return;
    }
    const recorded: Partial<RecordedHit> = { ...recordedHit };
    for (const field of notYetAnswered) delete recorded[field];
    expect(body.results).toHaveLength(1);
    const ours = { ...body.results[0] };
    if (sampleDiffers.includes('authorship')) delete ours.scientificNameAuthorship;
    for (const field of notYetAnswered) delete ours[field];
    // the fields, in the recorded order, then the kind of each
    expect(Object.keys(ours)).toEqual(Object.keys(recorded));
    expectKinds('hit', ours, HIT_KINDS);
    // the values: every taxon recorded is in the sample, under the same id
    for (const [field, value] of Object.entries(recorded)) {
      if (sampleDiffers.includes('name case') && (field === 'matchingName' || field === 'vernacularName'))
        expect(ours[field].toLowerCase(), field).toBe((value as string).toLowerCase());
      // informal groups run from the broadest down, each followed by its subgroups
      else expect(ours[field], field).toEqual(value);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// GET /informal-taxon-groups and /informal-taxon-groups/tree

/**
 * The recorded group tree (`/informal-taxon-groups/tree?lang=en`), one group a line, `id name`,
 * indented two spaces a level, in the recorded order. The recording holds 158 groups under 14
 * roots; the sample holds 85 of them (all the roots but Myriapods MVL.37 and Other organisms
 * MVL.41), and only those are written here, each where the recording nests it. The other 73 are
 * not in the sample: for them there is nothing to answer, and the shape checks of every answered
 * group are all that applies. A group whose recorded subgroups the sample does not hold (Mites
 * and ticks MVL.234 without Water mites MVL.1263) has none here.
 */
const RECORDED_TREE = `
MVL.1 Birds
  MVL.1141 Birds of prey and owls
    MVL.1161 Owls
    MVL.1162 Birds of prey
  MVL.1241 Waterbirds
MVL.2 Mammals
  MVL.1181 Small mammals
  MVL.187 Bats
MVL.22 Algae
  MVL.82 Macro algae
    MVL.542 Red algae
    MVL.543 Green algae
    MVL.544 Brown algae and yellow green algae
MVL.23 Bryophytes
  MVL.561 Mosses
  MVL.562 Liverworts
MVL.232 Insects and arachnids
  MVL.223 Katydids, crickets, grasshopper
  MVL.224 True flies
    MVL.341 Nematoceran flies
    MVL.342 Brachyceran flies
  MVL.234 Mites and ticks
  MVL.235 Harvestmen
  MVL.30 Sawflies, wasps, ants and bees
    MVL.1288 Ants
    MVL.1289 Wasps
    MVL.1290 Bees
  MVL.31 Moths and butterflies
    MVL.181 Butterflies
    MVL.182 Sphinx moths
    MVL.183 Owlet moths
    MVL.184 Geometer moths
    MVL.237 Macrolepidoptera
    MVL.238 Microlepidoptera
  MVL.33 Beetles
  MVL.34 True bugs
    MVL.701 Heteropterans
    MVL.702 Auchenorrhynchans
  MVL.36 Dragonflies
  MVL.38 Spiders
MVL.233 Fungi and lichens
  MVL.24 Macrofungi
    MVL.121 Aphyllophoroid fungi
      MVL.122 Polypores
      MVL.123 Jelly fungi, tremelloid fungi
      MVL.127 Hydnoid fungi
      MVL.641 Cantharelloid fungi
    MVL.61 Agaricoid fungi
    MVL.62 Boletoid fungi
    MVL.81 Gastroid fungi, puffballs
  MVL.25 Lichenized and lichenicolous fungi
    MVL.381 Lichenized fungi
  MVL.361 Non-lichenized Ascomycota
MVL.26 Reptiles and amphibians
  MVL.161 Amphibians
  MVL.162 Reptiles
MVL.27 Fishes
  MVL.1284 Freshwater fishes
MVL.28 Worms
  MVL.241 Annelids
    MVL.503 Earthworms, oligochaetes
MVL.343 Vascular plants
  MVL.1062 Berry plants
  MVL.1102 Plant life forms
    MVL.1083 Trees
      MVL.1081 Evergreen trees
      MVL.1082 Deciduous trees
    MVL.1086 Shrubs
      MVL.1084 Evergreen bushes
      MVL.1085 Deciduous shrubs
    MVL.1089 Chamaephytes
      MVL.1087 Evergreen chamaephytes
      MVL.1088 Deciduous chamaephytes
    MVL.1100 Aquatic plants
      MVL.1095 Helophytes
      MVL.1097 Elodeids
  MVL.1103 Carnivorous plants
  MVL.1221 Spring flowers
MVL.39 Crustaceans
  MVL.213 Macrocrustaceans
    MVL.214 Crabs, shrimps and crayfishes
    MVL.462 Woodlice
MVL.40 Molluscs
  MVL.239 Bivalves
  MVL.240 Landsnails and slugs
`;

interface RecordedGroup {
  id: string;
  name: string;
  subGroups: RecordedGroup[];
}

function parseTree(text: string): RecordedGroup[] {
  const roots: RecordedGroup[] = [];
  const open: RecordedGroup[] = []; // the last group seen at each depth
  for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
    const depth = (line.length - line.trimStart().length) / 2;
    const [, id = '', name = ''] = /^\s*(\S+) (.+)$/.exec(line) ?? [];
    const group: RecordedGroup = { id, name, subGroups: [] };
    (depth === 0 ? roots : open[depth - 1]!.subGroups).push(group);
    open[depth] = group;
  }
  return roots;
}

const TREE = parseTree(RECORDED_TREE);
const ALL_GROUPS = TREE.flatMap(function all(group): RecordedGroup[] {
  return [group, ...group.subGroups.flatMap(all)];
});

describe('recorded /informal-taxon-groups exchanges, replayed over the sample', () => {
  it.each(['recording', 'earlier recording'])('%s: /informal-taxon-groups/tree?pageSize=1000&lang=en', async () => {
    const { status, body } = await get('/informal-taxon-groups/tree?pageSize=1000&lang=en');
    expect(status).toBe(200);
    expect(sortedKeys(body)).toEqual(['@context', 'results']);
    // Each group is {id, name, hasSubGroup?}: the name in English, the subgroups nested, and no
    // hasSubGroup on a group without any; at each level in the recorded order. The keys are
    // compared as a set: the recording writes them hasSubGroup, name, id.
    const compare = (answered: any[], recorded: RecordedGroup[], path: string): void => {
      expect(
        answered.map((group) => group.id),
        path,
      ).toEqual(recorded.map((group) => group.id));
      recorded.forEach((expected, i) => {
        const group = answered[i];
        const where = `${path}/${expected.id}`;
        expect(sortedKeys(group), where).toEqual(
          expected.subGroups.length > 0 ? ['hasSubGroup', 'id', 'name'] : ['id', 'name'],
        );
        expectKinds(where, group, { id: isQname('MVL.'), name: isString, hasSubGroup: isListOf(isObject) });
        expect(group.name, where).toBe(expected.name);
        compare(group.hasSubGroup ?? [], expected.subGroups, where);
      });
    };
    compare(body.results, TREE, '');
  });

  it('earlier recording: /informal-taxon-groups?pageSize=1000', async () => {
    const { status, body } = await get('/informal-taxon-groups?pageSize=1000');
    expect(status).toBe(200);
    expect(sortedKeys(body)).toEqual(['@context', 'currentPage', 'lastPage', 'pageSize', 'results', 'total']);
    // the recording has all 158 groups; the sample holds 85 of them
    expect(body).toMatchObject({ currentPage: 1, pageSize: 1000, lastPage: 1, total: ALL_GROUPS.length });
    // The recording lists the groups in the order of their ids as strings, each with the ids of its
    // subgroups (those the sample holds) in the order the tree nests them.
    expect(body.results.map((group: { id: string }) => group.id)).toEqual(ALL_GROUPS.map((group) => group.id).sort());
    const recorded = new Map(ALL_GROUPS.map((group) => [group.id, group]));
    for (const group of body.results) {
      const expected = recorded.get(group.id)!;
      expect(sortedKeys(group), group.id).toEqual(
        expected.subGroups.length > 0 ? ['hasSubGroup', 'id', 'name'] : ['id', 'name'],
      );
      // The recorded `name` is {fi, sv, en} (the request asks no language, and the real API then
      // answered all three); this service's contract answers English when no language is asked.
      expectKinds(group.id, group, { id: isQname('MVL.'), name: isString, hasSubGroup: isListOf(isQname('MVL.')) });
      expect(group.name, group.id).toBe(expected.name);
      if (expected.subGroups.length > 0)
        expect(group.hasSubGroup, group.id).toEqual(expected.subGroups.map((subGroup) => subGroup.id));
    }
  });
});

// ---------------------------------------------------------------------------------------------
// a form library's autocomplete payloads: GET /autocomplete/taxa

/**
 * laji-form's taxon field asks `/autocomplete/taxa` for exact and partial matches, hidden taxa
 * left out, in the form's language; the mocks' names are Finnish. The mocks hold one hit each, the
 * exact match that the field selects, and it reads the fields written here. Two of the mocks'
 * fields are not compared: `taxonRankId`, the legacy autocomplete's name, which the current API
 * renamed `taxonRank` (its migration notes), so the mocks' value is expected there; and
 * `autocompleteSelectedName`, which the kuusi mock's own test sets ("foobar").
 */
const AUTOCOMPLETE_KINDS: Record<string, Kind> = {
  key: isQname('MX.'),
  value: isString,
  matchingName: isString,
  informalGroups: (v) => Array.isArray(v) && v.every(isNamedGroup),
  scientificName: isString,
  scientificNameAuthorship: isString,
  taxonRank: isQname('MX.'),
  type: (v) => v === 'exactMatches',
  cursiveName: isBoolean,
  finnish: isBoolean,
  species: isBoolean,
  nameType: isQname('MX.'),
  vernacularName: isString,
};

interface AutocompleteMock {
  query: string;
  expected: Record<string, unknown> & { informalGroups: { id: string; name: string }[] };
  /** the sample puts the taxon in more groups than the mock: the mock's are the broadest of ours */
  moreGroupsInSample?: true;
}

const AUTOCOMPLETE_MOCKS: AutocompleteMock[] = [
  {
    query: 'kettu',
    expected: {
      key: 'MX.46587',
      value: 'kettu',
      matchingName: 'kettu',
      informalGroups: [{ id: 'MVL.2', name: 'Nisäkkäät' }],
      scientificName: 'Vulpes vulpes',
      scientificNameAuthorship: '(Linnaeus, 1758)',
      taxonRank: 'MX.species',
      type: 'exactMatches',
      cursiveName: true,
      finnish: true,
      species: true,
      nameType: 'MX.vernacularName',
      vernacularName: 'kettu',
    },
  },
  {
    // kuusi is an obsolete Finnish name of Picea abies; the hit names it by its current one
    query: 'kuusi',
    expected: {
      key: 'MX.37812',
      value: 'kuusi',
      matchingName: 'kuusi',
      informalGroups: [{ id: 'MVL.343', name: 'Putkilokasvit' }],
      scientificName: 'Picea abies',
      scientificNameAuthorship: '(L.) H. Karst.',
      taxonRank: 'MX.species',
      type: 'exactMatches',
      cursiveName: true,
      finnish: true,
      species: true,
      nameType: 'MX.obsoleteVernacularName',
      vernacularName: 'metsäkuusi',
    },
    // the sample also puts Picea abies in the life-form groups (Plant life forms MVL.1102, Trees
    // MVL.1083, Evergreen trees MVL.1081) below Vascular plants
    moreGroupsInSample: true,
  },
];

describe('the autocomplete payloads laji-form was built against, over the sample', () => {
  const replays = AUTOCOMPLETE_MOCKS.map(
    (mock) => [`the form's payload for ${mock.query}: /autocomplete/taxa?query=${mock.query}`, mock] as const,
  );
  it.each(replays)('%s', async (_, mock) => {
    const { status, body } = await get(
      `/autocomplete/taxa?query=${mock.query}&matchType=exact,partial&includeHidden=false&lang=fi`,
    );
    expect(status).toBe(200);
    expect(sortedKeys(body)).toEqual(['@context', 'results']);
    const [first] = body.results;
    // the client reads these fields; the answer may carry more (id, checklist, kingdomScientificName)
    expect(Object.keys(first)).toEqual(expect.arrayContaining(Object.keys(mock.expected)));
    expectKinds('hit', first, AUTOCOMPLETE_KINDS);
    const { informalGroups, ...rest } = mock.expected;
    expect(first).toMatchObject(rest);
    if (mock.moreGroupsInSample) expect(first.informalGroups.slice(0, informalGroups.length)).toEqual(informalGroups);
    else expect(first.informalGroups).toEqual(informalGroups);
  });
});

// ---------------------------------------------------------------------------------------------
// an invasive-species site's legacy page of one taxon

/**
 * vieraslajit asks the legacy interface for a taxon's species (`taxa/{id}/species`) with their
 * media; the species of the genus Oxyura MX.26445 in the sample are Oxyura jamaicensis MX.26447
 * alone, a page of one taxon as the mock holds.
 */
const LEGACY_PAGE = '/v0/taxa/MX.26445/species?pageSize=10&includeMedia=true';

/** The recorded taxon's fields that the sample holds, with their recorded values. */
const LEGACY_TAXON: Record<string, unknown> = {
  id: 'MX.26447',
  administrativeStatuses: ['MX.euInvasiveSpeciesList', 'MX.nationalInvasiveSpeciesStrategy'],
  cursiveName: true,
  species: true,
  countOfSpecies: 1,
  countOfFinnishSpecies: 1,
  typeOfOccurrenceInFinland: ['MX.typeOfOccurrenceAnthropogenic'],
  invasiveSpecies: true,
  birdlifeCode: 'OXYJAM',
  invasiveSpeciesEstablishment: 'MX.invasiveNotYetInFinland',
  occurrenceInFinland: 'MX.occurrenceInFinlandPublished',
  scientificName: 'Oxyura jamaicensis',
  scientificNameAuthorship: '(J.F. Gmelin, 1789)',
  taxonRank: 'MX.species',
  vernacularName: 'Ruddy Duck',
  finnish: true,
  hasParent: true,
  hasChildren: false,
  checklist: ['MR.1'],
  isPartOf: 'MX.26445',
};
// not yet answered: `finnishSpecies` (recorded true, a Finnish species; ours none: the sample does
// not give it, and this service does not guess it).
// Not in the sample, so not compared: `taxonExpert`, `taxonEditor`, `originalPublication`,
// `occurrenceInFinlandPublication`, `stableInFinland`, `expertChangesFromParent`.

const LEGACY_TAXON_KINDS: Record<string, Kind> = {
  id: isQname('MX.'),
  administrativeStatuses: isListOf(isQname('MX.')),
  cursiveName: isBoolean,
  species: isBoolean,
  countOfSpecies: isNumber,
  countOfFinnishSpecies: isNumber,
  typeOfOccurrenceInFinland: isListOf(isQname('MX.')),
  invasiveSpecies: isBoolean,
  birdlifeCode: isString,
  multimedia: isListOf(isObject),
  invasiveSpeciesEstablishment: isQname('MX.'),
  occurrenceInFinland: isQname('MX.'),
  scientificName: isString,
  scientificNameAuthorship: isString,
  taxonRank: isQname('MX.'),
  vernacularName: isString,
  informalTaxonGroups: isListOf(isQname('MVL.')),
  finnish: isBoolean,
  hasParent: isBoolean,
  hasChildren: isBoolean,
  checklist: isListOf(isQname('MR.')),
  isPartOf: isQname('MX.'),
};

/**
 * The recorded medium, the real laji.fi image record MM.50252, which the sample holds first (with
 * an illustrative second one). Not in the sample: its `licenseDescription` ("Creative Commons
 * Attribution Share-Alike 4.0").
 */
const RECORDED_MEDIUM = {
  source: 'default',
  thumbnailURL: "https://image.laji.fi/MM.50252/MX.26447_ERISMATURE_ROUX_D'AMERIQUE_male_Annesov_thumb.jpg",
  fullURL: "https://image.laji.fi/MM.50252/MX.26447_ERISMATURE_ROUX_D'AMERIQUE_male_Annesov.jpg",
  author: 'wikipedia:Annesov',
  copyrightOwner: 'wikipedia:Annesov',
  licenseAbbreviation: 'CC-BY-SA-4.0',
};

describe('the legacy page vieraslajit was built against, over the sample', () => {
  it(`the site's legacy page of Oxyura jamaicensis: ${LEGACY_PAGE}`, async () => {
    const { status, body } = await get(LEGACY_PAGE);
    expect(status).toBe(200);
    // the recorded envelope, which names a next page on its last page too
    expect(sortedKeys(body)).toEqual(['currentPage', 'lastPage', 'nextPage', 'pageSize', 'results', 'total']);
    expect(body).toMatchObject({ currentPage: 1, nextPage: 1, lastPage: 1, pageSize: 10, total: 1 });
    expect(body.results).toHaveLength(1);
    const [taxon] = body.results;
    expect(Object.keys(taxon)).toEqual(
      expect.arrayContaining([...Object.keys(LEGACY_TAXON), 'multimedia', 'informalTaxonGroups']),
    );
    // The answer carries more fields than the mock (nameAccordingTo, euringCode, parents,
    // parentsIncludeSelf, nonHiddenParentsIncludeSelf, taxonomicOrder, parent, hasMultimedia,
    // hasDescriptions, hasBold, hasLatestRedListEvaluation); the mock's request is not known, and
    // it may have chosen its fields, so those are not compared.
    expectKinds('taxon', taxon, LEGACY_TAXON_KINDS);
    expect(taxon).toMatchObject(LEGACY_TAXON);
    expect(taxon.multimedia[0]).toMatchObject(RECORDED_MEDIUM);
    // Recorded [MVL.1, MVL.128]: MVL.128 is a bird group of the old grouping, which the sample
    // (the current 158 groups) does not hold; Birds comes first, the broadest.
    expect(taxon.informalTaxonGroups[0]).toBe('MVL.1');
  });
});
