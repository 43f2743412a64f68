/**
 * The legacy name search over the bundled sample (data/sample), asked what clients of the legacy
 * interface were seen asking (an exact match, one hit; some also send `personEmail`, which the
 * legacy interface ignored). Each answer is compared with what the legacy interface answered them,
 * written out here: the shape field by field (the fields, their order and their kinds), and the
 * values, since the sample holds the same taxa under the same names.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.ts';

/** The fields of a legacy hit, in order, and the kind of each. */
const HIT_SHAPE: [string, (value: unknown) => boolean][] = [
  ['matchingName', (v) => typeof v === 'string'],
  ['nameType', (v) => typeof v === 'string' && v.startsWith('MX.')],
  ['id', (v) => typeof v === 'string' && v.startsWith('MX.')],
  ['scientificName', (v) => typeof v === 'string'],
  ['scientificNameAuthorship', (v) => typeof v === 'string'],
  ['taxonRank', (v) => typeof v === 'string' && v.startsWith('MX.')],
  ['cursiveName', (v) => typeof v === 'boolean'],
  ['finnish', (v) => typeof v === 'boolean'],
  ['species', (v) => typeof v === 'boolean'],
  // the names by language, an empty object for a taxon without any
  ['vernacularName', (v) => isLanguageObject(v)],
  [
    'informalGroups',
    (v) =>
      Array.isArray(v) &&
      v.every(
        (group) =>
          Object.keys(group).join() === 'id,name' && isLanguageObject(group.name) && group.id.startsWith('MVL.'),
      ),
  ],
  ['kingdomScientificName', (v) => typeof v === 'string'],
  ['type', (v) => v === 'exactMatches'],
];

function isLanguageObject(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(value).every(([language, text]) => /^[a-z]{2}$/.test(language) && typeof text === 'string')
  );
}

interface Expected {
  id: string;
  matchingName: string;
  nameType: string;
  scientificName: string;
  scientificNameAuthorship: string;
  vernacularName: Record<string, string>;
  informalGroups: string[];
}

const species = (
  id: string,
  scientificName: string,
  scientificNameAuthorship: string,
  vernacularName: Record<string, string>,
  informalGroups: string[],
  matched: { matchingName: string; nameType: string } = { matchingName: scientificName, nameType: 'MX.scientificName' },
): Expected => ({ id, scientificName, scientificNameAuthorship, vernacularName, informalGroups, ...matched });

const OWL = species(
  'MX.28965',
  'Bubo bubo',
  '(Linnaeus, 1758)',
  { fi: 'huuhkaja', sv: 'berguv', en: 'Eurasian Eagle-owl' },
  ['MVL.1', 'MVL.1141', 'MVL.1161'],
);
const SWAN = species(
  'MX.26280',
  'Cygnus cygnus',
  '(Linnaeus, 1758)',
  { fi: 'laulujoutsen', sv: 'sångsvan', en: 'Whooper Swan' },
  ['MVL.1', 'MVL.1241'],
);
const otter = (matched?: { matchingName: string; nameType: string }) =>
  species(
    'MX.47169',
    'Lutra lutra',
    '(Linnaeus, 1758)',
    { fi: 'saukko', sv: 'utter', en: 'Otter' },
    ['MVL.2'],
    matched,
  );
const TIT = species(
  'MX.34567',
  'Parus major',
  'Linnaeus, 1758',
  { fi: 'talitiainen', sv: 'talgoxe', en: 'Great Tit' },
  ['MVL.1'],
);
const FOX = species('MX.46587', 'Vulpes vulpes', '(Linnaeus, 1758)', { fi: 'kettu', sv: 'rödräv', en: 'Red Fox' }, [
  'MVL.2',
]);
const FLY = species('MX.279648', 'Scoliocentra nigrinervis', '(Wahlgren, 1918)', {}, ['MVL.224', 'MVL.232', 'MVL.342']);

/** query string → the one hit answered, or none */
const REQUESTS: [string, Expected | undefined][] = [
  ['query=Bubo%20bubo&matchType=exact&limit=1', OWL],
  ['query=Cygnus%20cygnus&matchType=exact&limit=1', SWAN],
  ['query=Cygnus%20cygnus&matchType=exact&limit=1&personEmail=noreply%40laji.fi', SWAN],
  ['query=Lutra%20lutra&matchType=exact&limit=1', otter()],
  ['query=MX.279648&matchType=exact&limit=1', FLY],
  ['query=Moomin&matchType=exact&limit=1', undefined],
  ['query=Otter&matchType=exact&limit=1', otter({ matchingName: 'Otter', nameType: 'MX.vernacularName' })],
  ['query=Parus%20major&matchType=exact&limit=1', TIT],
  ['query=Parus%20major&matchType=exact&limit=1&personEmail=noreply%40laji.fi', TIT],
  ['query=Parus%20najor&matchType=exact&limit=1', undefined],
  ['query=Parus%20najor&matchType=exact&limit=1&personEmail=noreply%40laji.fi', undefined],
  ['query=Vulpes%20vulpes&matchType=exact&limit=1', FOX],
];

describe('the legacy name search over the sample, as the legacy interface answered', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildTestApp({ dataDir: 'data/sample' }));
  });
  afterAll(async () => app.close());

  it.each(REQUESTS)('/v0/taxa/search?%s', async (query, expected) => {
    const response = await app.inject({ method: 'GET', url: `/v0/taxa/search?${query}` });
    expect(response.statusCode).toBe(200);
    const hits = response.json();
    expect(Array.isArray(hits)).toBe(true);
    if (expected === undefined) {
      expect(hits).toEqual([]);
      return;
    }
    expect(hits).toHaveLength(1);
    const [hit] = hits;
    expect(Object.keys(hit)).toEqual(HIT_SHAPE.map(([field]) => field));
    for (const [field, fits] of HIT_SHAPE)
      expect(fits(hit[field]), `${field}: ${JSON.stringify(hit[field])}`).toBe(true);
    expect(hit).toMatchObject({
      id: expected.id,
      matchingName: expected.matchingName,
      nameType: expected.nameType,
      scientificName: expected.scientificName,
      scientificNameAuthorship: expected.scientificNameAuthorship,
      vernacularName: expected.vernacularName,
      taxonRank: 'MX.species',
      cursiveName: true,
      finnish: true,
      species: true,
      kingdomScientificName: 'Animalia',
    });
    expect(hit.vernacularName).toEqual(expected.vernacularName);
    expect(hit.informalGroups.map((group: { id: string }) => group.id).sort()).toEqual(expected.informalGroups);
  });
});
