import { describe, expect, it } from 'vitest';
import { ids, type Client } from './suite.ts';

export function filterBehaviour(client: Client) {
  describe('POST /taxa', () => {
    const filter = async (body: unknown, query = '') => {
      const response = await client.post(`/taxa?pageSize=100&selectedFields=id${query}`, body);
      expect(response.status).toBe(200);
      return ids(response.body.results);
    };

    it('matches a string value, and an array as OR', async () => {
      expect(await filter({ 'latestRedListStatusFinland.status': 'MX.iucnEN' })).toEqual(['MX.46549']);
      expect(await filter({ 'latestRedListStatusFinland.status': ['MX.iucnEN', 'MX.iucnNT'] })).toEqual([
        'MX.28965',
        'MX.46549',
        'MX.47169',
      ]);
    });

    it('combines keys with AND: every taxon endangered in a given habitat', async () => {
      const body = {
        'latestRedListStatusFinland.status': ['MX.iucnEN', 'MX.iucnNT', 'MX.iucnVU'],
        'primaryHabitat.habitat': 'MKV.habitatM',
      };
      expect(await filter(body)).toEqual(['MX.46549']);
    });

    it('finds the taxa of a habitat and of every narrower one by its search strings', async () => {
      // Forests: two taxa of MKV.habitatM itself, two of dry heath forests (MKV.habitatMkk) below it.
      const forests = ['MX.46587', 'MX.46549', 'MX.37812', 'MX.9056'];
      expect(new Set(await filter({ anyHabitatSearchStrings: 'MKV.habitatM' }))).toEqual(new Set(forests));
      expect(new Set(await filter({ primaryHabitatSearchStrings: 'MKV.habitatM' }))).toEqual(new Set(forests));
      expect(await filter({ primaryHabitatSearchStrings: 'MKV.habitatMk' })).toEqual(['MX.37812', 'MX.9056']);
      expect(await filter({ 'primaryHabitat.habitat': 'MKV.habitatM' })).toEqual(['MX.46587', 'MX.46549']);
      // With its specific type, and the broader habitat with it.
      expect(await filter({ anyHabitatSearchStrings: 'MKV.habitatK[MKV.habitatSpecificTypeV]' })).toEqual(['MX.28965']);
      // Every taxon endangered in forests: one filter on the broad habitat.
      const endangered = { 'latestRedListStatusFinland.status': ['MX.iucnEN', 'MX.iucnVU'] };
      expect(await filter({ ...endangered, anyHabitatSearchStrings: 'MKV.habitatM' })).toEqual(['MX.46549']);
      const { body } = await client.get('/taxa/MX.37812?selectedFields=primaryHabitatSearchStrings');
      expect(body.primaryHabitatSearchStrings).toEqual(['MKV.habitatMkk', 'MKV.habitatMk', 'MKV.habitatM']);
    });

    it('filters on what a taxon has: media, descriptions, barcodes, a red-list evaluation', async () => {
      expect(await filter({ hasMultimedia: true })).toEqual(['MX.28965']);
      expect(await filter({ hasDescriptions: true })).toEqual(['MX.28965']);
      expect(await filter({ hasLatestRedListEvaluation: true })).toEqual(['MX.28965']);
      expect(await filter({ hasBold: true })).toEqual([]);
      const all = (await client.post('/taxa?pageSize=0', {})).body.total;
      for (const flag of ['hasMultimedia', 'hasDescriptions', 'hasLatestRedListEvaluation', 'hasBold']) {
        const without = (await client.post('/taxa?pageSize=0', { [flag]: false })).body.total;
        const withIt = (await client.post('/taxa?pageSize=0', { [flag]: true })).body.total;
        expect(without + withIt, flag).toBe(all);
      }
    });

    it('negates with a leading !, keeping taxa that lack the field', async () => {
      expect(
        await filter({
          'primaryHabitat.habitat': 'MKV.habitatM',
          administrativeStatuses: '!MX.habitatsDirectiveAnnexIV',
        }),
      ).toEqual(['MX.46587']);
      const notGame = await filter({ species: true, administrativeStatuses: ['!MX.gameMammal', '!MX.gameBird'] });
      expect(notGame).toEqual(['MX.28965', 'MX.26447', 'MX.47169', 'MX.37812', 'MX.9054', 'MX.9056', 'MX.9059']);
      expect(await filter({ administrativeStatuses: ['MX.gameMammal', '!MX.habitatsDirectiveAnnexIV'] })).toEqual([
        'MX.46587',
      ]);
    });

    it('filters booleans', async () => {
      expect(await filter({ invasiveSpecies: true })).toEqual(['MX.26447']);
      expect(await filter({ hiddenTaxon: true }, '&includeHidden=true')).toEqual(['MX.9031', 'MX.9042']);
      expect(await filter({ hiddenTaxon: true })).toEqual([]);
      expect(await filter({ cursiveName: true, species: false })).toEqual([
        'MX.9022',
        'MX.9032',
        'MX.9033',
        'MX.51126',
        'MX.9044',
        'MX.9046',
        'MX.9053',
        'MX.9055',
        'MX.9058',
      ]);
    });

    it('matches any item of an array of objects, and nested and multi-language paths', async () => {
      expect(await filter({ 'multimedia.author': 'A. Kuvaaja' })).toEqual(['MX.28965']);
      expect(await filter({ 'vernacularName.fi': 'kettu' })).toEqual(['MX.46587']);
      expect(await filter({ 'alternativeVernacularName.fi': 'repolainen' })).toEqual(['MX.46587']);
      expect(await filter({ 'parent.family.id': 'MX.9043', species: true })).toEqual(['MX.46587', 'MX.46549']);
      expect(await filter({ 'redListStatusesInFinland.status': 'MX.iucnNT' })).toEqual(['MX.28965']);
      expect(await filter({ 'synonyms.scientificName': 'Canis lycaon' })).toEqual(['MX.46549']);
    });

    it('filters the derived fields', async () => {
      expect(await filter({ isPartOfNonHidden: 'MX.9041' })).toEqual(['MX.9043', 'MX.9045']);
      expect(await filter({ nonHiddenParents: 'MX.9043', hasChildren: false })).toEqual(['MX.46587', 'MX.46549']);
      expect(await filter({ informalTaxonGroups: 'MVL.1141', species: true })).toEqual(['MX.28965']);
    });

    it('adds the query parameters as clauses of the same AND', async () => {
      expect(await filter({ species: true }, '&parentTaxonId=MX.9050')).toEqual([
        'MX.37812',
        'MX.9054',
        'MX.9056',
        'MX.9059',
      ]);
      expect(await filter({ species: true }, '&parentTaxonId=MX.9050&checklist=MR.2')).toEqual(['MX.9060']);
    });

    it('with no body, or an empty one, filters nothing', async () => {
      expect((await client.post('/taxa', {})).body.total).toBe(35);
      expect((await client.post('/taxa', undefined)).body.total).toBe(35);
      expect((await client.post('/taxa', 'null')).body.total).toBe(35);
      const text = await client.post('/taxa', 'taxonRank', { 'content-type': 'text/plain' });
      expect(text.status).toBe(422);
      const xml = await client.post('/taxa', '<a/>', { 'content-type': 'application/xml' });
      expect(xml.status).toBe(415);
      expect(xml.body.errorCode).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('sorts and pages like GET', async () => {
      const { body } = await client.post(
        '/taxa?sortOrder=scientificName%20desc&pageSize=2&page=2&selectedFields=scientificName',
        { species: true },
      );
      expect(body).toMatchObject({ currentPage: 2, total: 10, lastPage: 5 });
      expect(body.results.map((t: { scientificName: string }) => t.scientificName)).toEqual([
        'Pinus sylvestris',
        'Picea abies subsp. obovata',
      ]);
    });
  });

  describe('POST /taxa bad bodies', () => {
    it('names an unknown key with its JSON pointer', async () => {
      const { status, body } = await client.post('/taxa', { taxonRank: 'MX.species', colour: 'red' });
      expect(status).toBe(422);
      expect(body).toMatchObject({
        errorCode: 'VALIDATION_EXCEPTION',
        message: "Unknown filter 'colour'",
        details: { '/body/colour': ["Unknown filter 'colour'"] },
      });
      expect(body.localized).toBe(true);
    });

    it('lists every bad value at once', async () => {
      const { status, body } = await client.post('/taxa', {
        finnish: 'yes',
        taxonRank: 5,
        scientificName: [],
        'a/b': 'x',
        informalTaxonGroups: ['MVL.1', 2],
      });
      expect(status).toBe(422);
      expect(Object.keys(body.details).sort()).toEqual([
        '/body/a~1b',
        '/body/finnish',
        '/body/informalTaxonGroups',
        '/body/scientificName',
        '/body/taxonRank',
      ]);
      expect(body.details['/body/finnish']).toEqual(["Filter 'finnish' takes a boolean"]);
      expect(body.message).toContain('(and 4 more)');
    });

    it("refuses a bare '!' or an empty value instead of matching everything", async () => {
      const { status, body } = await client.post('/taxa', { taxonRank: '!', informalTaxonGroups: ['MVL.1', ''] });
      expect(status).toBe(422);
      expect(body.details).toEqual({
        '/body/taxonRank': ["Filter 'taxonRank' takes a value after '!'"],
        '/body/informalTaxonGroups/1': ["Filter 'informalTaxonGroups' takes a value"],
      });
    });

    it('refuses numbers as filter keys: only string and boolean leaves filter', async () => {
      const { status, body } = await client.post('/taxa', { taxonomicOrder: '1' });
      expect(status).toBe(422);
      expect(body.details).toEqual({ '/body/taxonomicOrder': ["Unknown filter 'taxonomicOrder'"] });
    });

    it('refuses a body that is not an object', async () => {
      for (const payload of ['[1,2]', '"text"', '42', 'true']) {
        const { status, body } = await client.post('/taxa', payload);
        expect(status).toBe(422);
        expect(body.details).toEqual({ '/body': ['must be a JSON object of filters'] });
      }
    });

    it('answers malformed JSON with a 400 error object', async () => {
      const { status, body } = await client.post('/taxa', '{"taxonRank": ');
      expect(status).toBe(400);
      expect(body.errorCode).toBe('BAD_REQUEST');
      expect(body.message).toMatch(/JSON/);
    });

    it('treats __proto__, constructor and prototype as unknown keys without polluting anything', async () => {
      for (const key of ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']) {
        const { status, body } = await client.post('/taxa', `{"${key}": {"polluted": "yes"}}`);
        expect(status).toBe(422);
        expect(body.details).toEqual({ [`/body/${key}`]: [`Unknown filter '${key}'`] });
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
}
