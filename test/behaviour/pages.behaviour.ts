import { describe, expect, it } from 'vitest';
import { ids, type Client } from './suite.ts';

const NEVER_RETURNED = [
  'isPartOf',
  'isPartOfNonHidden',
  'depth',
  'nonHiddenDepth',
  'nonHiddenParents',
  'scientificNameSortRank',
  'finnishNameSortRank',
];

export function pageBehaviour(client: Client) {
  describe('GET /taxa', () => {
    it('answers a page envelope in taxonomic order, hidden taxa and other checklists left out', async () => {
      const { status, body } = await client.get('/taxa');
      expect(status).toBe(200);
      expect(body).toMatchObject({ currentPage: 1, pageSize: 20, total: 35, lastPage: 2, nextPage: 2 });
      expect(body.prevPage).toBeUndefined();
      expect(body.results).toHaveLength(20);
      expect(ids(body.results).slice(0, 5)).toEqual(['MX.37600', 'MX.37602', 'MX.9010', 'MX.37580', 'MX.9020']);
      expect(ids(body.results)).not.toContain('MX.9031');
    });

    it('answers the last page and an empty page past the end with the same total', async () => {
      const last = await client.get('/taxa?page=2');
      expect(last.body).toMatchObject({ currentPage: 2, total: 35, lastPage: 2, prevPage: 1 });
      expect(last.body.results).toHaveLength(15);
      expect(last.body.nextPage).toBeUndefined();
      const past = await client.get('/taxa?page=9&pageSize=10');
      expect(past.status).toBe(200);
      expect(past.body).toMatchObject({ currentPage: 9, total: 35, lastPage: 4, results: [] });
      const far = await client.get('/taxa?page=99999999&pageSize=1000');
      expect(far.body).toMatchObject({ total: 35, results: [] });
    });

    it('answers the total alone for pageSize=0, on every paged route', async () => {
      const totalOnly = { pageSize: 0, lastPage: 1, results: [] };
      const taxa = await client.get('/taxa?pageSize=0');
      expect(taxa.status).toBe(200);
      expect(taxa.body).toMatchObject({ ...totalOnly, currentPage: 1, total: 35 });
      expect(taxa.body).not.toHaveProperty('nextPage');
      const second = await client.get('/taxa?pageSize=0&page=2');
      expect(second.body).toMatchObject({ ...totalOnly, currentPage: 2, prevPage: 1, total: 35 });
      const posted = await client.post('/taxa?pageSize=0', { finnish: true });
      expect(posted.body).toMatchObject({
        ...totalOnly,
        total: (await client.post('/taxa', { finnish: true })).body.total,
      });
      const routes = [
        '/taxa/species',
        '/taxa/MX.9040/species',
        '/taxa/changes?from=MR.424',
        '/informal-taxon-groups',
        '/red-list-evaluation-groups',
        '/checklist-versions',
      ];
      for (const route of routes) {
        const all = await client.get(route);
        const counted = await client.get(`${route}${route.includes('?') ? '&' : '?'}pageSize=0`);
        expect(counted.status, route).toBe(200);
        expect(counted.body, route).toMatchObject({ ...totalOnly, total: all.body.total });
        expect(all.body.total, route).toBeGreaterThan(0);
      }
      expect((await client.get('/taxa?pageSize=-1')).status).toBe(422);
    });

    it('never returns internal fields, and heavy fields only when asked', async () => {
      const { body } = await client.get('/taxa?pageSize=100&includeHidden=true');
      for (const taxon of body.results) for (const field of NEVER_RETURNED) expect(taxon).not.toHaveProperty(field);
      const owl = body.results.find((t: { id: string }) => t.id === 'MX.28965');
      expect(owl).not.toHaveProperty('multimedia');
      expect(owl).not.toHaveProperty('descriptions');
      expect(owl).not.toHaveProperty('latestRedListEvaluation');
      expect(owl.parentsIncludeSelf.at(-1)).toBe('MX.28965');
      const asked = await client.get(
        '/taxa?id=MX.28965&includeMedia=true&includeDescriptions=true&includeRedListEvaluations=true',
      );
      expect(asked.body.results[0].multimedia[0].author).toBe('A. Kuvaaja');
      expect(asked.body.results[0].descriptions[0].groups[0].variables[0].content).toBe('A large owl.');
      expect(asked.body.results[0].latestRedListEvaluation.redListStatus).toBe('MX.iucnNT');
    });

    it('takes includeHidden, checklist and parentTaxonId', async () => {
      expect((await client.get('/taxa?includeHidden=true')).body.total).toBe(37);
      expect(ids((await client.get('/taxa?checklist=MR.2')).body.results)).toEqual(['MX.9060', 'MX.9061']);
      const both = await client.get('/taxa?checklist=MR.1,MR.2&pageSize=100');
      expect(both.body.total).toBe(35 + 2);
      expect(ids(both.body.results)).toEqual(expect.arrayContaining(['MX.9060', 'MX.9061', 'MX.37600']));
      expect((await client.get('/taxa?checklist=,')).status).toBe(422);
      const mammals = await client.get('/taxa?parentTaxonId=MX.9040');
      expect(ids(mammals.body.results)).toEqual([
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
    });

    it('under a taxon, takes parentTaxonId too (the species under both) and the simple filters on POST too', async () => {
      const speciesIds = async (url: string, body?: object) =>
        ids((body === undefined ? await client.get(url) : await client.post(url, body)).body.results);
      const underOrder = await speciesIds('/taxa/MX.9041/species?pageSize=100');
      expect(underOrder.length).toBeGreaterThan(0);
      expect(await speciesIds('/taxa/MX.37600/species?pageSize=100')).not.toEqual(underOrder);
      expect(await speciesIds('/taxa/MX.37600/species?pageSize=100&parentTaxonId=MX.9041')).toEqual(underOrder);
      expect(await speciesIds('/taxa/MX.9041/species?pageSize=100&parentTaxonId=MX.37601')).toEqual([]);
      const finnish = await speciesIds('/taxa/MX.37600/species?pageSize=100&finnish=true');
      expect(finnish.length).toBeGreaterThan(0);
      expect(await speciesIds('/taxa/MX.37600/species?pageSize=100&finnish=true', {})).toEqual(finnish);
      const both = await speciesIds('/taxa/MX.37600/species?pageSize=100&parentTaxonId=MX.9041&finnish=true', {
        species: true,
      });
      expect(both).toEqual(underOrder.filter((id) => finnish.includes(id)));
      const aggregate = await client.post('/taxa/MX.37600/species/aggregate?aggregateBy=id&finnish=true', {});
      const buckets: { values: { id: string } }[] = aggregate.body.id;
      expect(buckets.map((bucket) => bucket.values.id).sort()).toEqual([...finnish].sort());
      const exported = await client.post('/taxa/MX.37600/species/export?format=json&parentTaxonId=MX.9041', {});
      expect(ids(exported.body)).toEqual(underOrder);
    });

    it('takes the simple filters informalTaxonGroups, id, invasiveSpecies and finnish', async () => {
      expect(ids((await client.get('/taxa?informalTaxonGroups=MVL.1161')).body.results)).toEqual([
        'MX.9020',
        'MX.9021',
        'MX.9022',
        'MX.28965',
      ]);
      expect((await client.get('/taxa?informalTaxonGroups=MVL.1161,MVL.2')).body.total).toBe(14);
      expect(ids((await client.get('/taxa?id=MX.46549,MX.46587')).body.results)).toEqual(['MX.46587', 'MX.46549']);
      expect(ids((await client.get('/taxa?invasiveSpecies=true')).body.results)).toEqual(['MX.26447']);
      expect((await client.get('/taxa?finnish=true')).body.total).toBe(10);
    });

    it('takes false as not true: a taxon that leaves the flag out is one whose flag is false', async () => {
      const all = (await client.get('/taxa?pageSize=0')).body.total;
      expect(all).toBe(35);
      // No taxon of the fixture says `finnish: false` or `invasiveSpecies: false`: they leave it out.
      expect((await client.get('/taxa?finnish=false')).body.total).toBe(all - 10);
      expect((await client.get('/taxa?invasiveSpecies=false')).body.total).toBe(all - 1);
      expect(ids((await client.get('/taxa?invasiveSpecies=false&pageSize=100')).body.results)).not.toContain(
        'MX.26447',
      );
      expect((await client.post('/taxa?pageSize=0', { finnish: false })).body.total).toBe(all - 10);
      expect((await client.post('/taxa?pageSize=0', { finnish: [] })).status).toBe(422);
      expect((await client.get('/v0/taxa?invasiveSpeciesFilter=false&pageSize=0')).body.total).toBe(all - 1);
    });

    it('sorts by scientific name and Finnish name with precomputed collation ranks, both directions', async () => {
      const scientific = await client.get('/taxa?sortOrder=scientificName&pageSize=4&selectedFields=scientificName');
      expect(scientific.body.results.map((t: { scientificName: string }) => t.scientificName)).toEqual([
        'Animalia',
        'Anseriformes',
        'Aves',
        'Biota',
      ]);
      const desc = await client.get('/taxa?sortOrder=scientificName%20desc&pageSize=2&selectedFields=scientificName');
      expect(desc.body.results.map((t: { scientificName: string }) => t.scientificName)).toEqual([
        'Vulpes vulpes',
        'Vulpes',
      ]);
      const finnish = await client.get('/taxa?sortOrder=finnishName&pageSize=100&selectedFields=id,vernacularName', {
        'accept-language': 'fi',
      });
      const names = finnish.body.results.map((t: { vernacularName?: string }) => t.vernacularName);
      expect(names.slice(0, 2)).toEqual(['eliöt', 'eläimet']);
      // ä after z; taxa without a Finnish name last (Canis is shown by its Swedish name in fallback)
      expect(ids(finnish.body.results).slice(-3)).toEqual(['MX.9058', 'MX.9033', 'MX.9044']);
      expect(names.slice(-3)).toEqual(['ängelmät', undefined, 'hundsläktet']);
      const finnishDesc = await client.get('/taxa?sortOrder=finnishName+desc&pageSize=1&selectedFields=id');
      expect(ids(finnishDesc.body.results)).toEqual(['MX.9058']);
    });

    it('sorts by any field of the taxon, values first, ties and missing values in taxonomic order', async () => {
      const all = (await client.get('/taxa?pageSize=100&selectedFields=id,latestRedListStatusFinland')).body.results;
      const status = (taxon: { latestRedListStatusFinland?: { status?: string } }) =>
        taxon.latestRedListStatusFinland?.status;
      const rated = all.filter((taxon: object) => status(taxon) !== undefined);
      expect(rated.length).toBeGreaterThan(2);
      const byStatus = (order: 1 | -1) => [
        ...[...rated].sort((a, b) => (status(a) === status(b) ? 0 : status(a)! < status(b)! ? -order : order)),
        ...all.filter((taxon: object) => status(taxon) === undefined),
      ];
      for (const [param, order] of [
        ['latestRedListStatusFinland.status', 1],
        ['latestRedListStatusFinland.status desc', -1],
      ] as const) {
        const sorted = await client.get(
          `/taxa?pageSize=100&selectedFields=id,latestRedListStatusFinland&sortOrder=${encodeURIComponent(param)}`,
        );
        expect(sorted.status, param).toBe(200);
        expect(ids(sorted.body.results), param).toEqual(ids(byStatus(order)));
      }
      const bad = await client.get('/taxa?sortOrder=nope');
      expect(bad.status).toBe(422);
      expect(bad.body.details['/query/sortOrder'][0]).toMatch(/a field of the taxon/);
      expect((await client.get('/taxa?sortOrder=scientificNameSortRank')).status).toBe(422);
      expect((await client.get('/taxa?sortOrder=taxonRank%20sideways')).status).toBe(422);
    });

    it('ties break by taxonomic order, so pages are deterministic slices', async () => {
      // An engine holding the taxa in taxonomic order answers so even without the tie-break; a
      // cluster storing them otherwise does not (test/index/elasticsearch/stored-order.test.ts).
      const all = await client.get('/taxa?sortOrder=finnishName&pageSize=35&selectedFields=id');
      const pages = await Promise.all(
        [1, 2, 3, 4].map((p) => client.get(`/taxa?sortOrder=finnishName&pageSize=10&page=${p}&selectedFields=id`)),
      );
      expect(pages.flatMap((p) => ids(p.body.results))).toEqual(ids(all.body.results));
      const owls = all.body.results
        .map((t: { id: string }) => t.id)
        .filter((id: string) => id === 'MX.9020' || id === 'MX.9021');
      expect(owls).toEqual(['MX.9020', 'MX.9021']);
    });

    it('carries the JSON-LD context, and the licence on the answer object, as the real API answers', async () => {
      const context = 'https://api.laji.fi/context/taxon-elastic-en';
      const rights = 'MZ.intellectualRightsCC-BY-4.0';
      for (const url of ['/taxa?pageSize=3', '/taxa/species?pageSize=3', '/taxa/MX.37600/species?pageSize=3']) {
        const { body } = await client.get(`${url}&lang=en`);
        expect(body['@context'], url).toBe(context);
        expect(Object.keys(body).at(-1), url).toBe('@context');
        expect(body.results.length, url).toBe(3);
        expect(Object.keys(body).slice(-2), url).toEqual(['intellectualRights', '@context']);
        expect(body.intellectualRights, url).toBe(rights);
        for (const taxon of body.results) expect(taxon, url).not.toHaveProperty('intellectualRights');
      }
      const fox = await client.get('/taxa/MX.46587?lang=en');
      expect(fox.body).toMatchObject({ id: 'MX.46587', intellectualRights: rights, '@context': context });
      const children = await client.get('/taxa/MX.51126/children?lang=en');
      expect(children.body['@context']).toBe(context);
      expect(children.body.intellectualRights).toBe(rights);
      expect(children.body.results.length).toBeGreaterThan(0);
      for (const taxon of children.body.results) expect(taxon).not.toHaveProperty('intellectualRights');
      const parents = await client.get('/taxa/MX.46587/parents?lang=en');
      expect(parents.body).toMatchObject({ '@context': context, intellectualRights: rights });
      // The context names the language of the answer; an empty page or list has the generic one.
      for (const lang of ['fi', 'sv', 'multi']) {
        const named = `https://api.laji.fi/context/taxon-elastic-${lang}`;
        expect((await client.get(`/taxa?pageSize=1&lang=${lang}`)).body['@context']).toBe(named);
        expect((await client.get(`/taxa/MX.46587?lang=${lang}`)).body['@context']).toBe(named);
        expect((await client.get(`/taxa/MX.46587/parents?lang=${lang}`)).body['@context']).toBe(named);
      }
      const generic = 'http://schema.laji.fi/context/generic.jsonld';
      expect((await client.get('/taxa?id=MX.404')).body['@context']).toBe(generic);
      expect((await client.get('/taxa?id=MX.404')).body).toMatchObject({ total: 0, results: [] });
      expect((await client.post('/taxa?pageSize=5', { id: 'MX.404' })).body['@context']).toBe(generic);
      expect((await client.get('/taxa/MX.46549/children')).body).toEqual({
        results: [],
        '@context': generic,
        intellectualRights: rights,
      });
      // Whatever a selection names, the answer carries the licence, and its taxa do not.
      const selected = await client.get('/taxa?id=MX.46587&selectedFields=id');
      expect(selected.body).toMatchObject({ results: [{ id: 'MX.46587' }], intellectualRights: rights });
      expect(selected.body.results[0]).toEqual({ id: 'MX.46587' });
      const alone = await client.get('/taxa/MX.46587?selectedFields=id');
      expect(alone.body).toEqual({ id: 'MX.46587', intellectualRights: rights, '@context': context });
    });

    it('returns only the selected fields', async () => {
      const { body } = await client.get('/taxa?id=MX.46587&selectedFields=id,vernacularName,parent.genus.id');
      expect(body.results[0]).toEqual({
        id: 'MX.46587',
        vernacularName: 'Red Fox',
        parent: { genus: { id: 'MX.51126' } },
      });
      const multi = await client.get('/taxa?id=MX.46587&selectedFields=id,vernacularNameMultiLang');
      expect(multi.body.results[0]).toEqual({
        id: 'MX.46587',
        vernacularNameMultiLang: { fi: 'kettu', sv: 'rödräv', en: 'Red Fox' },
      });
    });

    it('translates by Accept-Language with q-weights, keeps objects for multi, falls back en → fi → sv', async () => {
      const fox = (lang: string) => client.get('/taxa/MX.46587', { 'accept-language': lang }).then((r) => r.body);
      expect((await fox('fi')).vernacularName).toBe('kettu');
      expect((await fox('sv-FI')).vernacularName).toBe('rödräv');
      expect((await fox('en;q=0.4, sv;q=0.9, fi;q=0.5')).vernacularName).toBe('rödräv');
      expect((await fox('de, *;q=0.1')).vernacularName).toBe('Red Fox');
      expect((await fox('multi')).vernacularName).toEqual({ fi: 'kettu', sv: 'rödräv', en: 'Red Fox' });
      const translated = await fox('fi');
      expect(translated.vernacularNameMultiLang).toEqual({ fi: 'kettu', sv: 'rödräv', en: 'Red Fox' });
      expect(translated.alternativeVernacularName).toEqual(['repolainen']);
      expect(translated.alternativeVernacularNameMultiLang).toEqual({ fi: ['repolainen'] });
      expect(translated.parent.genus.vernacularName).toBe('ketut');
      const canis = await client.get('/taxa/MX.9044', { 'accept-language': 'fi' });
      expect(canis.body.vernacularName).toBe('hundsläktet');
      const bubo = await client.get('/taxa/MX.9022', { 'accept-language': 'sv' });
      expect(bubo.body.vernacularName).toBe('huuhkajat');
    });

    it('takes the answer language from lang before Accept-Language, on every route that translates', async () => {
      const en = { 'accept-language': 'en' };
      const fox = await client.get('/taxa/MX.46587?lang=fi&selectedFields=vernacularName', en);
      expect(fox.body).toEqual({
        vernacularName: 'kettu',
        intellectualRights: 'MZ.intellectualRightsCC-BY-4.0',
        '@context': 'https://api.laji.fi/context/taxon-elastic-fi',
      });
      const page = await client.get('/taxa?lang=sv&id=MX.46587&selectedFields=vernacularName', en);
      expect(page.body.results).toEqual([{ vernacularName: 'rödräv' }]);
      const multi = await client.get('/taxa/MX.46587?lang=multi&selectedFields=vernacularName', en);
      expect(multi.body.vernacularName).toEqual({ fi: 'kettu', sv: 'rödräv', en: 'Red Fox' });
      const parents = await client.get('/taxa/MX.46587/parents?lang=fi&selectedFields=id,vernacularName', en);
      expect(parents.body.results).toContainEqual({ id: 'MX.51126', vernacularName: 'ketut' });
      const hits = await client.get('/taxa/search?query=kettu&limit=1&lang=sv', en);
      expect(hits.body.results[0].vernacularName).toBe('rödräv');
      const versions = await client.get('/checklist-versions?lang=fi', en);
      const english = await client.get('/checklist-versions', en);
      expect(versions.body.results).not.toEqual(english.body.results);
      const groups = await client.get('/informal-taxon-groups/tree?lang=fi', en);
      expect(groups.body.results).not.toEqual((await client.get('/informal-taxon-groups/tree', en)).body.results);
      for (const url of [
        '/taxa?lang=de',
        '/taxa/MX.46587?lang=FI',
        '/checklist-versions?lang=',
        '/taxa/search?query=kettu&lang=x',
      ]) {
        const refused = await client.get(url);
        expect(refused.status, url).toBe(422);
        expect(Object.keys(refused.body.details), url).toEqual(['/query/lang']);
      }
    });

    it('serves other checklist versions side by side', async () => {
      const old = await client.get(
        '/taxa?checklistVersion=MR.424&id=MX.28965,MX.26447,MX.46549&selectedFields=id,scientificName,latestRedListStatusFinland',
      );
      expect(old.body.results).toEqual([
        {
          id: 'MX.28965',
          scientificName: 'Bubo bubo',
          latestRedListStatusFinland: { status: 'MX.iucnEN', year: 2019 },
        },
        {
          id: 'MX.46549',
          scientificName: 'Canis lupus lupus-old',
          latestRedListStatusFinland: { status: 'MX.iucnEN', year: 2019 },
        },
      ]);
      const versions = await client.get('/checklist-versions', { 'accept-language': 'fi' });
      // current, the default, is not a version: the real API lists the dated ones.
      expect(versions.body.results).toEqual([{ id: 'MR.424', versionName: 'Punainen kirja 2019' }]);
      expect(versions.body).toMatchObject({ currentPage: 1, total: 1, lastPage: 1, '@context': expect.any(String) });
      expect((await client.get('/checklist-versions/current')).status).toBe(404);
      expect((await client.get('/checklist-versions?idIn=current')).body).toMatchObject({ total: 0, results: [] });
      const chosen = await client.get('/checklist-versions?idIn=MR.424,MR.999&pageSize=5');
      expect(chosen.body).toMatchObject({ total: 1, pageSize: 5, results: [{ id: 'MR.424' }] });
      const one = (await client.get('/checklist-versions/MR.424')).body;
      expect(one).toMatchObject({ id: 'MR.424', versionName: 'Red list 2019', '@context': expect.any(String) });
      expect((await client.get('/checklist-versions/MR.425')).status).toBe(404);
      // The older spelling clients of the real API still call answers the same.
      expect((await client.get('/checklistVersions?idIn=MR.424,MR.999&pageSize=5')).body).toEqual(chosen.body);
      expect((await client.get('/checklistVersions/MR.424')).body).toEqual(one);
      expect((await client.get('/checklistVersions/MR.425')).status).toBe(404);
    });
  });

  describe('GET /taxa/{id}', () => {
    it('answers one taxon with its derived fields', async () => {
      const { status, body } = await client.get('/taxa/MX.46587');
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id: 'MX.46587',
        scientificName: 'Vulpes vulpes',
        taxonRank: 'MX.species',
        species: true,
        hasChildren: false,
        hasParent: true,
        countOfSpecies: 1,
        taxonomicOrder: 20,
        parent: { genus: { id: 'MX.51126', scientificName: 'Vulpes' }, kingdom: { id: 'MX.37602' } },
      });
    });

    it('answers hidden taxa and taxa of other checklists by id', async () => {
      expect((await client.get('/taxa/MX.9042')).body.hiddenTaxon).toBe(true);
      expect((await client.get('/taxa/MX.9060')).body.nameAccordingTo).toBe('MR.2');
    });

    it('is a 404 error object for an unknown taxon', async () => {
      const { status, body } = await client.get('/taxa/MX.404');
      expect(status).toBe(404);
      expect(body).toEqual({
        errorCode: 'TAXON_NOT_FOUND',
        message: "Taxon 'MX.404' not found",
        localized: true,
      });
      // In Finnish or Swedish the message is the catalogue's text for the code.
      const fi = await client.get('/taxa/MX.404', { 'accept-language': 'fi' });
      expect(fi.body).toEqual({ errorCode: 'TAXON_NOT_FOUND', message: 'Taksonia ei löytynyt', localized: true });
      const sv = await client.get('/taxa/MX.404?lang=sv', { 'accept-language': 'fi' });
      expect(sv.body.message).toBe('Taxonet hittades inte');
      const multi = await client.get('/taxa/MX.404?lang=multi');
      expect(multi.body).toMatchObject({ message: "Taxon 'MX.404' not found", localized: false });
      const invalid = await client.get('/taxa?pageSize=x', { 'accept-language': 'sv' });
      expect(invalid.body).toMatchObject({ message: 'Ogiltig begäran', localized: true });
      expect(Object.keys(invalid.body.details)).toEqual(['/query/pageSize']);
    });

    it('serves descriptions and media as lists', async () => {
      const bubo = {
        id: 'MX.28965',
        scientificName: 'Bubo bubo',
        scientificNameAuthorship: '(Linnaeus, 1758)',
        vernacularName: 'huuhkaja',
        taxonRank: 'MX.species',
        cursiveName: true,
      };
      const descriptions = await client.get('/taxa/MX.28965/descriptions', { 'accept-language': 'fi' });
      expect(descriptions.body.results[0].groups[0].title).toBe('Tuntomerkit');
      const media = await client.get('/taxa/MX.28965/media', { 'accept-language': 'fi' });
      expect(media.body.results).toEqual([
        {
          id: 'MM.1',
          author: 'A. Kuvaaja',
          licenseAbbreviation: 'CC-BY-4.0',
          fullURL: 'https://image.example/MM.1.jpg',
          // each medium names its taxon, in the answer language
          taxon: bubo,
        },
      ]);
      expect((await client.get('/taxa/MX.46587/media')).body.results).toEqual([]);
      expect((await client.get('/taxa/MX.404/media')).status).toBe(404);
      // The taxon's media carry their taxon too, as /media gives them.
      const withMedia = await client.get('/taxa/MX.28965?includeMedia=true&lang=fi&selectedFields=id,multimedia');
      expect(withMedia.body.multimedia).toEqual(media.body.results);
    });

    it('filters by the taxon a medium shows (multimedia.taxon.*)', async () => {
      const shows = async (filter: object) =>
        (await client.post('/taxa?selectedFields=id&pageSize=10', filter)).body.results.map(
          (t: { id: string }) => t.id,
        );
      expect(await shows({ 'multimedia.taxon.id': 'MX.28965' })).toEqual(['MX.28965']);
      expect(await shows({ 'multimedia.taxon.scientificName': 'Bubo bubo', 'multimedia.id': 'MM.1' })).toEqual([
        'MX.28965',
      ]);
      expect(await shows({ 'multimedia.taxon.vernacularName.fi': 'huuhkaja' })).toEqual(['MX.28965']);
      expect(await shows({ 'multimedia.taxon.id': 'MX.46587' })).toEqual([]);
    });
  });
}
