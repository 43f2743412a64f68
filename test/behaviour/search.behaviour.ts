import { describe, expect, it } from 'vitest';
import { jaroWinkler } from '../../src/search/jaro-winkler.ts';
import type { Client } from './suite.ts';

type Hit = { id: string; matchingName: string; nameType: string; type: string; similarity?: number };

export function searchBehaviour(client: Client) {
  const search = async (params: string, headers: Record<string, string> = {}) => {
    const response = await client.get(`/taxa/search?${params}`, headers);
    expect(response.status, params).toBe(200);
    return response.body.results as Hit[];
  };
  const brief = (hits: Hit[]) => hits.map((h) => `${h.type}:${h.id}:${h.matchingName}`);

  describe('GET /taxa/search', () => {
    it('answers an exact vernacular match in the shape of the real API', async () => {
      const { body } = await client.get('/taxa/search?query=susi');
      expect(body).toEqual({
        results: [
          {
            matchingName: 'susi',
            nameType: 'MX.vernacularName',
            id: 'MX.46549',
            checklist: 'MR.1',
            scientificName: 'Canis lupus',
            scientificNameAuthorship: 'Linnaeus, 1758',
            taxonRank: 'MX.species',
            cursiveName: true,
            finnish: true,
            species: true,
            vernacularName: 'Wolf',
            informalGroups: [{ id: 'MVL.2', name: 'Mammals' }],
            kingdomScientificName: 'Animalia',
            type: 'exactMatches',
          },
        ],
        '@context': expect.any(String),
      });
    });

    it('finds likely matches by Jaro–Winkler similarity, and nothing when only exact is asked', async () => {
      const likely = await search('query=susi%C3%A5pus');
      expect(brief(likely)).toEqual(['likelyMatches:MX.46549:susi']);
      expect(likely[0]!.similarity).toBeGreaterThan(0.88);
      expect(await search('query=susi%C3%A5pus&matchType=exact')).toEqual([]);
      expect(brief(await search('query=laulujoutsenn'))).toEqual(['likelyMatches:MX.26280:laulujoutsen']);
      // A name equal to the query is no likely match, even when likely is all that is asked.
      const onlyLikely = await search('query=laulujoutsen&matchType=likely');
      expect(onlyLikely.map((hit) => hit.matchingName.toLowerCase())).not.toContain('laulujoutsen');
    });

    it('measures the likely names of a query typed without diacritics on the names’ folded forms', async () => {
      // A swap typed without diacritics: compared with KELTAANGELMA, not KELTAÄNGELMÄ.
      const [hit] = (await search('query=keltaagnelma')).filter((h) => h.matchingName === 'keltaängelmä');
      expect(hit?.type).toBe('likelyMatches');
      const rounded = (n: number) => Math.round(n * 1000) / 1000;
      expect(hit!.similarity).toBe(rounded(jaroWinkler('KELTAAGNELMA', 'KELTAANGELMA')));
      expect(jaroWinkler('KELTAAGNELMA', 'KELTAÄNGELMÄ')).toBeLessThan(hit!.similarity!);
      // A query with diacritics compares strictly: the names' own forms.
      const [strict] = (await search('query=keltaägnelmä')).filter((h) => h.matchingName === 'keltaängelmä');
      expect(strict!.similarity).toBe(rounded(jaroWinkler('KELTAÄGNELMÄ', 'KELTAÄNGELMÄ')));
    });

    it('finds partial matches by substring, each taxon once, ranked species first', async () => {
      expect(brief(await search('query=kuusi'))).toEqual([
        'exactMatches:MX.37812:kuusi',
        'partialMatches:MX.9054:siperiankuusi',
      ]);
      expect(brief(await search('query=vulp'))).toEqual([
        'partialMatches:MX.46587:Vulpes vulpes',
        'partialMatches:MX.51126:Vulpes',
      ]);
      expect(await search('query=vul')).toEqual([]);
    });

    it('finds a query of one or two letters typed with spaces after it anywhere in a name', async () => {
      // `lp  ` is four characters as typed (enough for partial matches) and two once cleaned:
      // too short for trigrams, it is looked for inside the names, as SQL LIKE '%LP%' does.
      expect(brief(await search('query=lp%20%20&matchType=partial'))).toEqual([
        'partialMatches:MX.46587:Vulpes vulpes',
        'partialMatches:MX.51126:Vulpes',
      ]);
    });

    it('lists a name equal to the query as an exact match only, never as a partial one too', async () => {
      // Thalictrum holds its query as a substring too: only the partial list is asked for, so no
      // exact list before it has taken the taxon.
      expect(brief(await search('query=Thalictrum&matchType=partial'))).toEqual([
        'partialMatches:MX.9059:Thalictrum flavum',
      ]);
      expect(brief(await search('query=Thalictrum'))).toEqual([
        'exactMatches:MX.9058:Thalictrum',
        'partialMatches:MX.9059:Thalictrum flavum',
      ]);
      expect(await search('query=p%C3%B6ll%C3%B6t&matchType=partial')).toEqual([]);
      expect(brief(await search('query=p%C3%B6ll%C3%B6t'))).toEqual([
        'exactMatches:MX.9020:pöllöt',
        'exactMatches:MX.9021:pöllöt',
      ]);
    });

    it('matches each word of a multi-word query as a prefix', async () => {
      const hits = await search('query=picea%20ab&matchType=partial');
      expect(brief(hits)).toEqual([
        'partialMatches:MX.37812:Picea abies',
        'partialMatches:MX.9054:Picea abies subsp. obovata',
      ]);
    });

    it('matches later words of one or two letters as the start of a later word of the name', async () => {
      expect(brief(await search('query=picea%20a&matchType=partial'))).toEqual([
        'partialMatches:MX.37812:Picea abies',
        'partialMatches:MX.9054:Picea abies subsp. obovata',
      ]);
      expect(brief(await search('query=picea%20ob&matchType=partial'))).toEqual([
        'partialMatches:MX.9054:Picea abies subsp. obovata',
      ]);
      expect(await search('query=picea%20b&matchType=partial')).toEqual([]);
    });

    it('finds names with diacritics from a query typed without them', async () => {
      expect(brief(await search('query=manty'))).toEqual([
        'exactMatches:MX.9056:mänty',
        'partialMatches:MX.9052:mäntykasvit',
      ]);
      expect(brief(await search('query=poll&matchType=partial'))).toEqual([
        'partialMatches:MX.9020:pöllöt',
        'partialMatches:MX.9021:pöllöt',
      ]);
    });

    it('lets x and × hybrids find each other', async () => {
      for (const query of ['Salix%20%C3%97rubens', 'salix%20x%20rubens', 'Salix%20%C3%97%20rubens', 'salix%20rubens']) {
        expect(brief(await search(`query=${query}&checklist=MR.2`)), query).toEqual([
          'exactMatches:MX.9061:Salix ×rubens',
        ]);
      }
    });

    it('looks up ids as one exact match', async () => {
      for (const query of ['MX.46587', 'http%3A%2F%2Ftun.fi%2FMX.46587']) {
        expect(brief(await search(`query=${query}`))).toEqual(['exactMatches:MX.46587:Vulpes vulpes']);
      }
      expect(await search('query=MX.404')).toEqual([]);
    });

    it('finds synonyms, and drops them for taxa found by their own scientific name', async () => {
      expect(brief(await search('query=Canis%20lycaon&matchType=exact'))).toEqual([
        'exactMatches:MX.46549:Canis lycaon',
      ]);
      const hits = await search('query=Canis&matchType=exact,partial');
      expect(brief(hits)).toEqual(['exactMatches:MX.9044:Canis', 'partialMatches:MX.46549:Canis lupus']);
    });

    it('answers nothing for a query of one character', async () => {
      expect(await search('query=x')).toEqual([]);
    });

    it('filters by checklist, groups, name types, languages and taxon flags', async () => {
      expect(await search('query=kettu&informalTaxonGroups=MVL.1')).toEqual([]);
      expect(brief(await search('query=kettu&informalTaxonGroups=MVL.1,MVL.2'))).toEqual([
        'exactMatches:MX.46587:kettu',
      ]);
      expect(await search('query=kettu&informalTaxonGroups=!MVL.2')).toEqual([]);
      expect(brief(await search('query=kuusi&nameTypes=!MX.obsoleteVernacularName'))).toEqual([
        'partialMatches:MX.37812:metsäkuusi',
        'partialMatches:MX.9054:siperiankuusi',
      ]);
      expect(brief(await search('query=varg&languages=sv'))).toEqual(['exactMatches:MX.46549:varg']);
      expect(await search('query=varg&languages=fi,en')).toEqual([]);
      expect(brief(await search('query=Canis%20lupus&languages=fi&matchType=exact'))).toEqual([
        'exactMatches:MX.46549:Canis lupus',
      ]);
      expect(brief(await search('query=kuparisorsa&invasiveSpecies=true'))).toEqual([
        'exactMatches:MX.26447:kuparisorsa',
      ]);
      expect(await search('query=kuparisorsa&invasiveSpecies=false')).toEqual([]);
      expect(await search('query=ketut&species=true')).toEqual([]);
      expect(brief(await search('query=Thalictrum%20testum&checklist=MR.2'))).toEqual([
        'exactMatches:MX.9060:Thalictrum testum',
      ]);
      expect(await search('query=Thalictrum%20testum&matchType=exact')).toEqual([]);
      expect(await search('query=Caniformia')).toEqual([]);
      expect(brief(await search('query=Caniformia&includeHidden=true'))).toEqual(['exactMatches:MX.9042:Caniformia']);
    });

    it('caps the combined result at limit, translates and selects fields', async () => {
      expect(await search('query=p%C3%B6ll%C3%B6&limit=1')).toHaveLength(1);
      const [hit] = await search('query=huuhkaja&selectedFields=id,vernacularName,informalGroups', {
        'accept-language': 'fi',
      });
      expect(hit).toEqual({
        id: 'MX.28965',
        vernacularName: 'huuhkaja',
        informalGroups: [
          { id: 'MVL.1', name: 'Linnut' },
          { id: 'MVL.1141', name: 'Petolinnut ja pöllöt' },
          { id: 'MVL.1161', name: 'Pöllöt' },
        ],
      });
    });

    it('searches other checklist versions', async () => {
      expect(brief(await search('query=Canis%20lupus%20lupus-old&checklistVersion=MR.424'))).toEqual([
        'exactMatches:MX.46549:Canis lupus lupus-old',
      ]);
      expect(await search('query=kuparisorsa&checklistVersion=MR.424')).toEqual([]);
    });

    it('names the bad parameter', async () => {
      for (const [params, pointer] of [
        ['', '/query/query'],
        ['query=', '/query/query'],
        [`query=${'a'.repeat(201)}`, '/query/query'],
        ['query=susi&limit=0', '/query/limit'],
        ['query=susi&limit=1001', '/query/limit'],
        ['query=susi&limit=ten', '/query/limit'],
        ['query=susi&matchType=fuzzy', '/query/matchType'],
        ['query=susi&matchType=', '/query/matchType'],
        ['query=susi&languages=finnish!', '/query/languages'],
        ['query=susi&species=maybe', '/query/species'],
      ] as const) {
        const { status, body } = await client.get(`/taxa/search?${params}`);
        expect(status, params).toBe(422);
        expect(Object.keys(body.details), params).toEqual([pointer]);
      }
      expect((await client.get('/taxa/search?query=susi&checklistVersion=MR.1')).status).toBe(400);
    });
  });

  describe('GET /autocomplete/taxa', () => {
    it('adds key and value to each hit', async () => {
      const { status, body } = await client.get('/autocomplete/taxa?query=kuusi&limit=1', { 'accept-language': 'fi' });
      expect(status).toBe(200);
      expect(body.results).toEqual([
        expect.objectContaining({
          key: 'MX.37812',
          value: 'kuusi',
          matchingName: 'kuusi',
          nameType: 'MX.obsoleteVernacularName',
          scientificName: 'Picea abies',
          vernacularName: 'metsäkuusi',
          type: 'exactMatches',
        }),
      ]);
    });
  });
}
