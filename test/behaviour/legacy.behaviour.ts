import { describe, expect, it } from 'vitest';
import { ids, type Client } from './suite.ts';

/** The legacy error object, its message naming what was wrong. */
function expectLegacyError(body: any, statusCode: number, pointer?: string) {
  expect(body).toMatchObject({ error: { statusCode, name: expect.any(String), message: expect.any(String) } });
  expect(Object.keys(body)).toEqual(['error']);
  if (pointer) expect(Object.keys(body.error.details)).toEqual([pointer]);
}

const PAGE_KEYS = ['currentPage', 'pageSize', 'total', 'lastPage', 'results'];

export function legacyBehaviour(client: Client) {
  describe('GET /v0/taxa', () => {
    it('answers the legacy page object, in taxonomic order, without the *MultiLang copies', async () => {
      const { status, body } = await client.get('/v0/taxa?pageSize=10');
      expect(status).toBe(200);
      expect(Object.keys(body)).toEqual(expect.arrayContaining(PAGE_KEYS));
      expect(body).toMatchObject({ currentPage: 1, pageSize: 10, total: 35, lastPage: 4, nextPage: 2 });
      expect(ids(body.results).slice(0, 4)).toEqual(['MX.37600', 'MX.37602', 'MX.9010', 'MX.37580']);
      expect(body.results[0].vernacularName).toBe('living organisms');
      expect(body.results.some((taxon: object) => 'vernacularNameMultiLang' in taxon)).toBe(false);
      // The legacy taxa have no licence field; the current interface's do.
      expect(body.results.some((taxon: object) => 'intellectualRights' in taxon)).toBe(false);
      expect(body.aggregations).toBeUndefined();
    });

    it('names the parent and the checklist as the legacy taxa do (isPartOf, checklist: [id] after the id)', async () => {
      const { body } = await client.get('/v0/taxa?onlyFinnish=true&taxonRanks=MX.species&pageSize=10');
      const fox = (body.results as Record<string, unknown>[]).find((taxon) => taxon.id === 'MX.46587')!;
      expect(fox).toMatchObject({ id: 'MX.46587', checklist: ['MR.1'], isPartOf: 'MX.51126' });
      expect(Object.keys(fox).slice(0, 2)).toEqual(['id', 'checklist']);
      expect(fox).not.toHaveProperty('nameAccordingTo');
      const single = await client.get('/v0/taxa/MX.46587');
      expect(single.body).toMatchObject({ checklist: ['MR.1'], isPartOf: 'MX.51126' });
      const parents = await client.get('/v0/taxa/MX.46587/parents');
      expect(parents.body.at(-1)).toMatchObject({ id: 'MX.51126', isPartOf: expect.any(String) });
      // The current interface keeps both as they are: no isPartOf, nameAccordingTo.
      const current = await client.get('/taxa/MX.46587');
      expect(current.body).not.toHaveProperty('isPartOf');
      expect(current.body.nameAccordingTo).toBe('MR.1');
    });

    it('takes only the legacy page sizes: 0 answers the total alone, others are a 400 naming pageSize', async () => {
      const counted = await client.get('/v0/taxa?pageSize=0');
      expect(counted.body).toMatchObject({ total: 35, pageSize: 0, lastPage: 1, results: [] });
      for (const size of ['7', '25', '2000', 'many']) {
        const { status, body } = await client.get(`/v0/taxa?pageSize=${size}`);
        expect(status).toBe(400);
        expectLegacyError(body, 400, '/query/pageSize');
      }
      const second = await client.get('/v0/taxa?pageSize=20&page=2&selectedFields=id');
      expect(second.body).toMatchObject({ currentPage: 2, prevPage: 1, total: 35 });
      expect(second.body.results).toHaveLength(15);
    });

    it('filters with the legacy parameters as the current filter body does', async () => {
      const pairs: [string, Record<string, unknown>][] = [
        ['informalGroupFilters=MVL.2', { informalTaxonGroups: 'MVL.2' }],
        ['taxonRanks=MX.genus,MX.species', { taxonRank: ['MX.genus', 'MX.species'] }],
        [
          'redListStatusFilters=MX.iucnEN,MX.iucnNT',
          { 'latestRedListStatusFinland.status': ['MX.iucnEN', 'MX.iucnNT'] },
        ],
        [
          'adminStatusFilters=MX.birdsDirectiveStatusAppendix1',
          { administrativeStatuses: 'MX.birdsDirectiveStatusAppendix1' },
        ],
        ['invasiveSpeciesFilter=true', { invasiveSpecies: true }],
        ['onlyFinnish=true&informalGroupFilters=MVL.1', { finnish: true, informalTaxonGroups: 'MVL.1' }],
        ['species=true&primaryHabitat=MKV.habitatM', { species: true, primaryHabitatSearchStrings: 'MKV.habitatM' }],
        [
          'typesOfOccurrenceNotFilters=MX.typeOfOccurrenceAnthropogenic&species=true',
          { typeOfOccurrenceInFinland: '!MX.typeOfOccurrenceAnthropogenic', species: true },
        ],
      ];
      for (const [legacy, current] of pairs) {
        const old = await client.get(`/v0/taxa?${legacy}&pageSize=100&selectedFields=id`);
        const now = await client.post('/taxa?pageSize=100&selectedFields=id', current);
        expect(old.status, legacy).toBe(200);
        expect(ids(old.body.results), legacy).toEqual(ids(now.body.results));
        expect(old.body.total, legacy).toBe(now.body.total);
      }
      // a filter that keeps some taxa and drops others, so the comparison above says something
      const mammals = await client.get('/v0/taxa?informalGroupFilters=MVL.2&pageSize=100&selectedFields=id');
      expect(mammals.body.total).toBeGreaterThan(0);
      expect(mammals.body.total).toBeLessThan(35);
    });

    it('takes parentTaxonId, checklist, includeHidden and the include* switches', async () => {
      const under = await client.get('/v0/taxa?parentTaxonId=MX.9040&selectedFields=id');
      expect(ids(under.body.results)).toEqual([
        'MX.9041',
        'MX.9043',
        'MX.51126',
        'MX.46587',
        'MX.9044',
        'MX.46549',
        'MX.9045',
        'MX.9046',
        'MX.47169',
      ]);
      const hidden = await client.get('/v0/taxa?parentTaxonId=MX.9040&includeHidden=true&selectedFields=id');
      expect(ids(hidden.body.results)).toContain('MX.9042');
      expect((await client.get('/v0/taxa?checklist=MR.2&selectedFields=id')).body.total).toBe(2);
      const bubo = await client.get('/v0/taxa?parentTaxonId=MX.9022&includeMedia=true&includeDescriptions=true');
      expect(bubo.body.results[0].multimedia).toHaveLength(1);
      expect(bubo.body.results[0].descriptions[0].title).toBe('Description');
      const plain = await client.get('/v0/taxa?parentTaxonId=MX.9022');
      expect(plain.body.results[0].multimedia).toBeUndefined();
    });

    it('sorts by the legacy names of the orders', async () => {
      const names = async (order: string) =>
        (await client.get(`/v0/taxa?taxonRanks=MX.genus&selectedFields=id&sortOrder=${order}`)).body.results;
      expect(ids(await names('scientific_name'))).toEqual(
        ids(
          (await client.post('/taxa?selectedFields=id&sortOrder=scientificName', { taxonRank: 'MX.genus' })).body
            .results,
        ),
      );
      expect(ids(await names('finnish_name'))).toEqual(
        ids(
          (await client.post('/taxa?selectedFields=id&sortOrder=finnishName', { taxonRank: 'MX.genus' })).body.results,
        ),
      );
      expect(ids(await names('scientific_name'))).not.toEqual(ids(await names('taxonomic')));
      const { status, body } = await client.get('/v0/taxa?sortOrder=scientificName');
      expect(status).toBe(422);
      expectLegacyError(body, 422, '/query/sortOrder');
    });

    it('answers in lang, falling back to another language unless langFallback=false', async () => {
      const canis = async (query: string) =>
        (
          await client.get(
            `/v0/taxa?parentTaxonId=MX.9043&taxonRanks=MX.genus&selectedFields=id,vernacularName&${query}`,
          )
        ).body.results;
      // Canis has a Swedish name only
      expect(await canis('lang=fi')).toEqual([
        { id: 'MX.51126', vernacularName: 'ketut' },
        { id: 'MX.9044', vernacularName: 'hundsläktet' },
      ]);
      expect(await canis('lang=fi&langFallback=false')).toEqual([
        { id: 'MX.51126', vernacularName: 'ketut' },
        { id: 'MX.9044' },
      ]);
      expect(await canis('lang=multi')).toEqual([
        { id: 'MX.51126', vernacularName: { fi: 'ketut', en: 'foxes' } },
        { id: 'MX.9044', vernacularName: { sv: 'hundsläktet' } },
      ]);
      const { status, body } = await client.get('/v0/taxa?lang=de');
      expect(status).toBe(422);
      expectLegacyError(body, 422, '/query/lang');
    });

    it('answers aggregateBy as aggregations inside the page, as the current aggregation does', async () => {
      const aggregateBy = 'taxonRank=ranks;latestRedListStatusFinland.status,finnish';
      const { body } = await client.get(
        `/v0/taxa?pageSize=0&aggregateBy=${aggregateBy}&aggregateSize=3&aggregateOrderBy=count`,
      );
      const current = await client.get(`/taxa/aggregate?aggregateBy=${aggregateBy}&aggregateSize=3`);
      expect(body.results).toEqual([]);
      expect(body.aggregations).toEqual(current.body);
      expect(body.aggregations.ranks).toHaveLength(3);
      const filtered = await client.get('/v0/taxa?pageSize=10&aggregateBy=taxonRank&informalGroupFilters=MVL.2');
      const filteredNow = await client.post('/taxa/aggregate?aggregateBy=taxonRank', { informalTaxonGroups: 'MVL.2' });
      expect(filtered.body.aggregations).toEqual(filteredNow.body);
      expect(filtered.body.results).toHaveLength(10);
      const bad = await client.get('/v0/taxa?aggregateBy=colour');
      expect(bad.status).toBe(422);
      expectLegacyError(bad.body, 422, '/query/aggregateBy');
    });
  });

  describe('GET /v0/taxa/species and /v0/taxa/{id}/species', () => {
    it('pages species-level taxa, all or under a taxon', async () => {
      expect((await client.get('/v0/taxa/species?selectedFields=id')).body.total).toBe(10);
      const under = await client.get('/v0/taxa/MX.9040/species?selectedFields=id');
      expect(ids(under.body.results)).toEqual(['MX.46587', 'MX.46549', 'MX.47169']);
      const endangered = await client.get('/v0/taxa/MX.9040/species?redListStatusFilters=MX.iucnEN&selectedFields=id');
      const endangeredNow = await client.post('/taxa/MX.9040/species?selectedFields=id', {
        'latestRedListStatusFinland.status': 'MX.iucnEN',
      });
      expect(ids(endangered.body.results)).toEqual(ids(endangeredNow.body.results));
      expect(endangered.body.total).toBeLessThan(under.body.total);
      expect((await client.get('/v0/taxa/MX.404/species')).body).toMatchObject({ total: 0, results: [] });
    });
  });

  describe('GET /v0/taxa/{id}', () => {
    it('answers the taxon, its children nested maxLevel levels deep (hidden ones skipped)', async () => {
      const plain = await client.get('/v0/taxa/MX.9040?selectedFields=id,scientificName');
      expect(plain.body).toEqual({ id: 'MX.9040', scientificName: 'Mammalia' });
      const { body } = await client.get('/v0/taxa/MX.9041?maxLevel=2&selectedFields=scientificName');
      expect(body).toEqual({
        scientificName: 'Carnivora',
        children: [
          { scientificName: 'Canidae', children: [{ scientificName: 'Vulpes' }, { scientificName: 'Canis' }] },
          { scientificName: 'Mustelidae', children: [{ scientificName: 'Lutra' }] },
        ],
      });
      const hidden = await client.get('/v0/taxa/MX.9041?maxLevel=1&includeHidden=true&selectedFields=id');
      expect(hidden.body).toEqual({ id: 'MX.9041', children: [{ id: 'MX.9042' }] });
      const leaf = await client.get('/v0/taxa/MX.46587?maxLevel=1&selectedFields=id');
      expect(leaf.body).toEqual({ id: 'MX.46587', children: [] });
    });

    it('filters and sorts the nested children', async () => {
      const { body } = await client.get('/v0/taxa/MX.9043?maxLevel=1&selectedFields=id&sortOrder=scientific_name');
      expect(ids(body.children)).toEqual(['MX.9044', 'MX.51126']);
      const finnish = await client.get('/v0/taxa/MX.9043?maxLevel=2&selectedFields=id&onlyFinnish=true');
      expect(finnish.body.children).toEqual([]);
    });

    it('is a 404 legacy error for an unknown taxon, a 422 for a bad maxLevel', async () => {
      const { status, body } = await client.get('/v0/taxa/MX.404');
      expect(status).toBe(404);
      expectLegacyError(body, 404);
      const bad = await client.get('/v0/taxa/MX.9040?maxLevel=-1');
      expect(bad.status).toBe(422);
      expectLegacyError(bad.body, 422, '/query/maxLevel');
      for (const url of ['/v0/taxa/MX.9040?maxLevel=11', '/v0/taxa/MX.9040/children?maxLevel=100']) {
        const deep = await client.get(url);
        expect(deep.status, url).toBe(422);
        expectLegacyError(deep.body, 422, '/query/maxLevel');
        expect(deep.body.error.details['/query/maxLevel']).toEqual(['must be at most 10']);
      }
      expect((await client.get('/v0/taxa/MX.9040?maxLevel=10&selectedFields=id')).status).toBe(200);
    });
  });

  describe('GET /v0/taxa/{id}/children, /parents, /descriptions, /media', () => {
    it('children: a bare array, hidden children raised, maxLevel levels below each', async () => {
      const { status, body } = await client.get('/v0/taxa/MX.9041/children?selectedFields=id');
      expect(status).toBe(200);
      expect(body).toEqual([{ id: 'MX.9043' }, { id: 'MX.9045' }]);
      const nested = await client.get('/v0/taxa/MX.9041/children?selectedFields=id&maxLevel=1');
      expect(nested.body).toEqual([
        { id: 'MX.9043', children: [{ id: 'MX.51126' }, { id: 'MX.9044' }] },
        { id: 'MX.9045', children: [{ id: 'MX.9046' }] },
      ]);
      const current = await client.get('/taxa/MX.9041/children');
      const legacy = await client.get('/v0/taxa/MX.9041/children');
      expect(ids(legacy.body)).toEqual(ids(current.body.results));
      expect((await client.get('/v0/taxa/MX.404/children')).status).toBe(404);
    });

    it('parents: a bare array from the root down', async () => {
      const { body } = await client.get('/v0/taxa/MX.46587/parents?selectedFields=id,scientificName&lang=fi');
      expect(ids(body)).toEqual(['MX.37600', 'MX.37602', 'MX.9010', 'MX.9040', 'MX.9041', 'MX.9043', 'MX.51126']);
      expect(body.at(-1)).toEqual({ id: 'MX.51126', scientificName: 'Vulpes' });
    });

    it('descriptions and media: bare arrays in the language asked', async () => {
      const fi = await client.get('/v0/taxa/MX.28965/descriptions?lang=fi');
      expect(fi.body[0].title).toBe('Kuvaus');
      expect(fi.body[0].groups[0].variables[0].content).toBe('Suuri pöllö.');
      const sv = await client.get('/v0/taxa/MX.28965/descriptions?lang=sv&langFallback=false');
      expect(sv.body[0].title).toBeUndefined();
      const media = await client.get('/v0/taxa/MX.28965/media');
      expect(media.body).toEqual([expect.objectContaining({ id: 'MM.1', author: 'A. Kuvaaja' })]);
      expect((await client.get('/v0/taxa/MX.46587/media')).body).toEqual([]);
    });
  });

  describe('GET /v0/autocomplete/taxon', () => {
    it('answers {query, result}: each hit an item keyed by its taxon, valued by its matching name, with the hit as payload when asked', async () => {
      const search = (await client.get('/v0/taxa/search?query=huuhk&limit=5&lang=fi')).body;
      expect(search.length).toBeGreaterThan(0);
      const bare = await client.get('/v0/autocomplete/taxon?q=huuhk&limit=5');
      expect(bare.status).toBe(200);
      expect(bare.body).toEqual({
        query: 'huuhk',
        result: search.map((hit: { id: string; matchingName: string }) => ({ key: hit.id, value: hit.matchingName })),
      });
      const { body } = await client.get('/v0/autocomplete/taxon?q=huuhk&limit=5&includePayload=true');
      expect(body.result[0]).toEqual({
        key: 'MX.28965',
        value: 'huuhkaja',
        payload: {
          matchingName: 'huuhkaja',
          nameType: 'MX.vernacularName',
          scientificName: 'Bubo bubo',
          scientificNameAuthorship: '(Linnaeus, 1758)',
          taxonRankId: 'MX.species',
          cursiveName: true,
          finnish: true,
          species: true,
          vernacularName: 'huuhkaja',
          informalTaxonGroups: [
            { id: 'MVL.1', name: 'Linnut' },
            { id: 'MVL.1141', name: 'Petolinnut ja pöllöt' },
            { id: 'MVL.1161', name: 'Pöllöt' },
          ],
          kingdomScientificName: 'Animalia',
          matchType: search[0].type,
        },
      });
      const english = await client.get('/v0/autocomplete/taxon?q=huuhk&limit=1&includePayload=true&lang=en');
      expect(english.body.result[0].payload.informalTaxonGroups[0]).toEqual({ id: 'MVL.1', name: 'Birds' });
      expect((await client.get('/v0/autocomplete/taxon?limit=5')).status).toBe(422);
      expect((await client.get('/v0/autocomplete/taxon?q=Moomin&matchType=exact')).body).toEqual({
        query: 'Moomin',
        result: [],
      });
    });
  });

  describe('GET /v0/taxa/search', () => {
    it('answers a bare array of hits, multilingual fields as objects unless lang', async () => {
      const { status, body } = await client.get('/v0/taxa/search?query=Bubo%20bubo&matchType=exact&limit=1');
      expect(status).toBe(200);
      expect(body).toEqual([
        {
          matchingName: 'Bubo bubo',
          nameType: 'MX.scientificName',
          id: 'MX.28965',
          scientificName: 'Bubo bubo',
          scientificNameAuthorship: '(Linnaeus, 1758)',
          taxonRank: 'MX.species',
          cursiveName: true,
          finnish: true,
          species: true,
          vernacularName: { fi: 'huuhkaja', sv: 'berguv', en: 'Eurasian Eagle-owl' },
          informalGroups: [
            { id: 'MVL.1', name: { fi: 'Linnut', sv: 'Fåglar', en: 'Birds' } },
            {
              id: 'MVL.1141',
              name: { fi: 'Petolinnut ja pöllöt', sv: 'Rovfåglar och ugglor', en: 'Birds of prey and owls' },
            },
            { id: 'MVL.1161', name: { fi: 'Pöllöt', sv: 'Ugglor', en: 'Owls' } },
          ],
          kingdomScientificName: 'Animalia',
          type: 'exactMatches',
        },
      ]);
      const fi = await client.get('/v0/taxa/search?query=Bubo%20bubo&matchType=exact&limit=1&lang=fi');
      expect(fi.body[0]).toMatchObject({
        vernacularName: 'huuhkaja',
        informalGroups: [{ id: 'MVL.1', name: 'Linnut' }, {}, {}],
      });
      expect((await client.get('/v0/taxa/search?query=Moomin&matchType=exact')).body).toEqual([]);
    });

    it('filters with the legacy names as the current search does', async () => {
      const pairs: [string, string][] = [
        ['query=Canis&onlySpecies=true', 'query=Canis&species=true'],
        ['query=susi&excludeNameTypes=MX.vernacularName', 'query=susi&nameTypes=!MX.vernacularName'],
        ['query=Vulpes&excludedInformalTaxonGroup=MVL.2', 'query=Vulpes&informalTaxonGroups=!MVL.2'],
        [
          'query=Bubo&informalTaxonGroup=MVL.1161&onlyFinnish=true',
          'query=Bubo&informalTaxonGroups=MVL.1161&finnish=true',
        ],
        ['query=Oxyura&onlyInvasive=true', 'query=Oxyura&invasiveSpecies=true'],
        ['query=varg&includedLanguages=fi', 'query=varg&languages=fi'],
      ];
      for (const [legacy, current] of pairs) {
        const old = await client.get(`/v0/taxa/search?${legacy}`);
        const now = await client.get(`/taxa/search?${current}`);
        expect(old.status, legacy).toBe(200);
        expect(
          old.body.map((hit: any) => [hit.id, hit.matchingName]),
          legacy,
        ).toEqual(now.body.results.map((hit: any) => [hit.id, hit.matchingName]));
      }
      const all = await client.get('/v0/taxa/search?query=Canis');
      const species = await client.get('/v0/taxa/search?query=Canis&onlySpecies=true');
      expect(species.body.length).toBeLessThan(all.body.length);
    });

    it("observationMode appends ' sp.' to scientific-name matches of taxa above species", async () => {
      const { body } = await client.get('/v0/taxa/search?query=Bubo&observationMode=true');
      const byId = Object.fromEntries(body.map((hit: any) => [hit.id, hit.matchingName]));
      expect(byId['MX.9022']).toBe('Bubo sp.');
      expect(byId['MX.28965']).toBe('Bubo bubo');
      const vernacular = await client.get('/v0/taxa/search?query=huuhkajat&observationMode=true');
      expect(vernacular.body[0]).toMatchObject({ id: 'MX.9022', matchingName: 'huuhkajat' });
    });

    it('requires query: a legacy error naming it', async () => {
      const { status, body } = await client.get('/v0/taxa/search');
      expect(status).toBe(422);
      expectLegacyError(body, 422, '/query/query');
    });
  });

  describe('the legacy error object and the Swagger 2.0 document', () => {
    it('answers unknown routes and methods under /v0 with the legacy error object', async () => {
      const unknown = await client.get('/v0/taxa/MX.37600/cousins');
      expect(unknown.status).toBe(404);
      expectLegacyError(unknown.body, 404);
      const post = await client.post('/v0/taxa', {});
      expect(post.status).toBe(405);
      expectLegacyError(post.body, 405);
      // the current interface keeps its own error object, and refuses legacy names
      const current = await client.get('/taxa?onlyFinnish=true');
      expect(current.status).toBe(422);
      expect(current.body.errorCode).toBe('VALIDATION_EXCEPTION');
    });

    it('answers the informal taxon groups, their roots and their tree as pages, as the current routes list them', async () => {
      const all = (await client.get('/informal-taxon-groups?lang=multi&pageSize=1000')).body;
      const list = await client.get('/v0/informal-taxon-groups?lang=multi');
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ currentPage: 1, total: all.total, pageSize: all.total, lastPage: 1 });
      expect(list.body['@context']).toBe('http://schema.laji.fi/context/informalTaxonGroup.jsonld');
      expect(list.body.results).toEqual(all.results);
      // A group's subgroups by id.
      const parent = list.body.results.find((group: { hasSubGroup?: string[] }) => group.hasSubGroup);
      expect(parent.hasSubGroup.every((id: unknown) => typeof id === 'string')).toBe(true);

      const finnish = await client.get('/v0/informal-taxon-groups?lang=fi&pageSize=2&page=2');
      expect(finnish.body).toMatchObject({ currentPage: 2, pageSize: 2, total: all.total, prevPage: 1 });
      expect(finnish.body['@context']).toBe('http://schema.laji.fi/context/informalTaxonGroup-fi.jsonld');
      expect(finnish.body.results.map((group: { id: string }) => group.id)).toEqual(
        all.results.slice(2, 4).map((group: { id: string }) => group.id),
      );
      expect(typeof finnish.body.results[0].name).toBe('string');

      const roots = (await client.get('/informal-taxon-groups/roots?lang=en')).body.results;
      const legacyRoots = await client.get('/v0/informal-taxon-groups/roots?lang=en');
      expect(legacyRoots.body).toMatchObject({ total: roots.length, pageSize: roots.length, results: roots });

      const tree = (await client.get('/informal-taxon-groups/tree?lang=sv')).body.results;
      const legacyTree = await client.get('/v0/informal-taxon-groups/tree?lang=sv');
      expect(legacyTree.status).toBe(200);
      expect(legacyTree.body).toMatchObject({ total: tree.length, results: tree });
      expect(
        legacyTree.body.results.some((group: { hasSubGroup?: { id: string }[] }) => group.hasSubGroup?.[0]?.id),
      ).toBe(true);
      expect((await client.get('/v0/informal-taxon-groups?pageSize=0')).status).toBe(422);
      expect((await client.get('/v0/informal-taxon-groups?lang=xx')).status).toBe(422);
    });

    it('describes exactly the legacy routes with the parameters they validate', async () => {
      const { status, body } = await client.get('/v0/swagger.json');
      expect(status).toBe(200);
      expect(body).toMatchObject({
        swagger: '2.0',
        info: { title: 'API documentation', version: '0.1' },
        basePath: '/v0',
      });
      expect(Object.keys(body.paths).sort()).toEqual([
        '/autocomplete/taxon',
        '/informal-taxon-groups',
        '/informal-taxon-groups/roots',
        '/informal-taxon-groups/tree',
        '/metadata/ranges/{range}',
        '/taxa',
        '/taxa/search',
        '/taxa/species',
        '/taxa/{id}',
        '/taxa/{id}/children',
        '/taxa/{id}/descriptions',
        '/taxa/{id}/media',
        '/taxa/{id}/parents',
        '/taxa/{id}/species',
      ]);
      const names = (path: string) => body.paths[path].get.parameters.map((p: { name: string }) => p.name).sort();
      expect(names('/taxa/{id}/media')).toEqual(['checklistVersion', 'id', 'lang']);
      expect(names('/metadata/ranges/{range}')).toEqual(['lang', 'langFallback', 'range']);
      expect(names('/taxa/{id}/parents')).toEqual(['checklistVersion', 'id', 'lang', 'langFallback', 'selectedFields']);
      expect(names('/taxa')).toEqual(
        [
          'lang',
          'langFallback',
          'informalGroupFilters',
          'redListEvaluationGroups',
          'invasiveSpeciesMainGroups',
          'adminStatusFilters',
          'redListStatusFilters',
          'typesOfOccurrenceFilters',
          'typesOfOccurrenceNotFilters',
          'primaryHabitat',
          'anyHabitat',
          'hasLatestRedListEvaluation',
          'latestRedListEvaluation.threatenedAtArea',
          'latestRedListEvaluation.redListStatus',
          'latestRedListEvaluation.primaryHabitat',
          'latestRedListEvaluation.anyHabitat',
          'latestRedListEvaluation.primaryThreat',
          'latestRedListEvaluation.threats',
          'latestRedListEvaluation.primaryEndangermentReason',
          'latestRedListEvaluation.endangermentReasons',
          'taxonRanks',
          'taxonSets',
          'invasiveSpeciesFilter',
          'hasMediaFilter',
          'hasDescriptionFilter',
          'hasBoldData',
          'includeHidden',
          'includeMedia',
          'includeDescriptions',
          'includeRedListEvaluations',
          'selectedFields',
          'onlyFinnish',
          'checklist',
          'checklistVersion',
          'sortOrder',
          'page',
          'pageSize',
          'aggregateBy',
          'aggregateOrderBy',
          'aggregateSize',
          'species',
          'parentTaxonId',
        ].sort(),
      );
      const parameter = (path: string, name: string) =>
        body.paths[path].get.parameters.find((p: { name: string }) => p.name === name);
      expect(parameter('/taxa', 'pageSize')).toMatchObject({
        in: 'query',
        type: 'string',
        enum: ['0', '10', '20', '50', '100', '1000'],
        default: '20',
      });
      expect(parameter('/taxa', 'sortOrder').enum).toEqual(['taxonomic', 'scientific_name', 'finnish_name']);
      expect(parameter('/taxa', 'includeHidden')).toMatchObject({ type: 'boolean', default: false });
      expect(parameter('/taxa/search', 'query')).toMatchObject({ required: true, type: 'string' });
      expect(parameter('/taxa/{id}', 'id')).toMatchObject({ in: 'path', required: true });
      expect(parameter('/taxa/{id}', 'maxLevel')).toMatchObject({ type: 'integer', default: 0 });
      // not in the current interface's document
      const openapi = await client.get('/openapi');
      expect(Object.keys(openapi.body.paths).filter((path) => path.startsWith('/v0'))).toEqual([]);
    });
  });
}
