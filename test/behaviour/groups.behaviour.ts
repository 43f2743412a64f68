import { describe, expect, it } from 'vitest';
import { ids, type Client } from './suite.ts';

export function groupBehaviour(client: Client) {
  describe('GET /informal-taxon-groups', () => {
    it('pages the groups, translated', async () => {
      const { body } = await client.get('/informal-taxon-groups?pageSize=2', { 'accept-language': 'fi' });
      expect(body).toMatchObject({ currentPage: 1, pageSize: 2, total: 7, lastPage: 4, nextPage: 2 });
      expect(body.results[0]).toEqual({ id: 'MVL.1', name: 'Linnut', hasSubGroup: ['MVL.1141'] });
    });

    it('pages the groups of idIn, with selectedFields only', async () => {
      const { body } = await client.get(
        '/informal-taxon-groups?idIn=MVL.343,MVL.1,MVL.nope&selectedFields=id,name&lang=fi',
      );
      expect(body).toMatchObject({ currentPage: 1, total: 2, lastPage: 1 });
      expect(body.results).toEqual([
        { id: 'MVL.1', name: 'Linnut' },
        { id: 'MVL.343', name: expect.any(String) },
      ]);
      const names = await client.get('/informal-taxon-groups?selectedFields=name&pageSize=1');
      expect(names.body.results).toEqual([{ name: 'Birds' }]);
      const whole = await client.get('/informal-taxon-groups?selectedFields=&pageSize=1');
      expect(whole.body.results[0]).toMatchObject({ id: 'MVL.1', name: 'Birds' });
    });

    it('answers roots, children and siblings as lists ({results, @context}), as the real API does', async () => {
      for (const url of [
        '/informal-taxon-groups/roots',
        '/informal-taxon-groups/MVL.1/children',
        '/informal-taxon-groups/MVL.2/siblings',
      ]) {
        const { body } = await client.get(url);
        expect(Object.keys(body).sort(), url).toEqual(['@context', 'results']);
      }
    });

    it('answers one group, its children, parent and siblings', async () => {
      expect((await client.get('/informal-taxon-groups/MVL.1161?lang=en')).body).toEqual({
        id: 'MVL.1161',
        name: 'Owls',
        '@context': 'http://schema.laji.fi/context/informalTaxonGroup-en.jsonld',
      });
      const multi = (await client.get('/informal-taxon-groups/MVL.1161?lang=multi')).body;
      expect(multi['@context']).toBe('http://schema.laji.fi/context/informalTaxonGroup.jsonld');
      const roots = (await client.get('/informal-taxon-groups/roots?lang=sv')).body;
      expect(roots['@context']).toBe('http://schema.laji.fi/context/informalTaxonGroup-sv.jsonld');
      const none = (await client.get('/informal-taxon-groups/MVL.1161/children')).body;
      expect(none).toEqual({ results: [], '@context': 'http://schema.laji.fi/context/generic.jsonld' });
      const versions = (await client.get('/checklist-versions?lang=fi')).body;
      expect(versions['@context']).toBe('http://schema.laji.fi/context/checklistVersion-fi.jsonld');
      const noVersion = (await client.get('/checklist-versions?idIn=MR.999')).body;
      expect(noVersion['@context']).toBe('http://schema.laji.fi/context/generic.jsonld');
      expect(ids((await client.get('/informal-taxon-groups/MVL.1/children')).body.results)).toEqual(['MVL.1141']);
      expect((await client.get('/informal-taxon-groups/MVL.1161/parent')).body.id).toBe('MVL.1141');
      expect((await client.get('/informal-taxon-groups/MVL.1/parent')).status).toBe(404);
      expect(ids((await client.get('/informal-taxon-groups/MVL.2/siblings')).body.results)).toEqual([
        'MVL.1',
        'MVL.2',
        'MVL.343',
      ]);
      expect((await client.get('/informal-taxon-groups/MVL.999')).status).toBe(404);
    });

    it('lists the roots and the whole tree', async () => {
      expect(ids((await client.get('/informal-taxon-groups/roots')).body.results)).toEqual([
        'MVL.1',
        'MVL.2',
        'MVL.343',
      ]);
      const tree = await client.get('/informal-taxon-groups/tree', { 'accept-language': 'sv' });
      expect(tree.body.results[0]).toEqual({
        id: 'MVL.1',
        name: 'Fåglar',
        hasSubGroup: [
          { id: 'MVL.1141', name: 'Rovfåglar och ugglor', hasSubGroup: [{ id: 'MVL.1161', name: 'Ugglor' }] },
        ],
      });
    });

    it('takes page and pageSize on the unpaged lists, as clients of the real API send them, and answers them whole', async () => {
      for (const list of ['/roots', '/tree', '/MVL.1/children', '/MVL.1/siblings']) {
        const url = `/informal-taxon-groups${list}`;
        const whole = await client.get(url);
        expect((await client.get(`${url}?pageSize=1&page=2`)).body, url).toEqual(whole.body);
        expect((await client.get(`${url}?pageSize=0`)).body, url).toEqual(whole.body);
        expect((await client.get(`${url}?page=0`)).status, url).toBe(422);
        expect((await client.get(`${url}?colour=red`)).status, url).toBe(422);
      }
      const parent = (await client.get('/informal-taxon-groups/MVL.1161/parent?lang=fi')).body;
      expect(parent).toMatchObject({
        id: 'MVL.1141',
        '@context': 'http://schema.laji.fi/context/informalTaxonGroup-fi.jsonld',
      });
    });
  });

  describe('GET /red-list-evaluation-groups', () => {
    const base = '/red-list-evaluation-groups';
    const context = (suffix: string) => `http://schema.laji.fi/context/iucnRedListTaxonGroup${suffix}.jsonld`;

    it('pages the groups, translated, idIn picking some and counting them in total', async () => {
      const { status, body } = await client.get(`${base}?pageSize=3`, { 'accept-language': 'fi' });
      expect(status).toBe(200);
      expect(body).toMatchObject({ currentPage: 1, pageSize: 3, total: 8, lastPage: 3, nextPage: 2 });
      expect(body['@context']).toBe(context('-fi'));
      expect(body.results[0]).toEqual({
        id: 'MVL.9001',
        name: 'Selkärankaiset',
        hasIucnSubGroup: ['MVL.9002', 'MVL.9003'],
      });
      const picked = await client.get(`${base}?idIn=MVL.9012,MVL.9003,MVL.1&pageSize=2&lang=en`);
      expect(picked.body).toMatchObject({ currentPage: 1, pageSize: 2, total: 2, lastPage: 1 });
      expect(picked.body.results).toEqual([
        {
          id: 'MVL.9003',
          name: 'Birds',
          includesInformalTaxonGroup: ['MVL.1'],
          includesTaxon: ['MX.37580'],
        },
        { id: 'MVL.9012', name: 'Butterflies' },
      ]);
      const fields = await client.get(`${base}?idIn=MVL.9011&selectedFields=id,hasIucnSubGroup`);
      expect(fields.body.results).toEqual([{ id: 'MVL.9011', hasIucnSubGroup: ['MVL.9012', 'MVL.9013'] }]);
      const none = await client.get(`${base}?idIn=MVL.1`);
      expect(none.body).toMatchObject({
        total: 0,
        results: [],
        '@context': 'http://schema.laji.fi/context/generic.jsonld',
      });
    });

    it('answers one group with its subgroups by id and its context, in each language', async () => {
      const { status, body } = await client.get(`${base}/MVL.9001?lang=sv`);
      expect(status).toBe(200);
      expect(body).toEqual({
        id: 'MVL.9001',
        name: 'Ryggradsdjur',
        hasIucnSubGroup: ['MVL.9002', 'MVL.9003'],
        '@context': context('-sv'),
      });
      const multi = (await client.get(`${base}/MVL.9002?lang=multi`)).body;
      expect(multi).toEqual({
        id: 'MVL.9002',
        name: { fi: 'Nisäkkäät', sv: 'Däggdjur', en: 'Mammals' },
        includesInformalTaxonGroup: ['MVL.2'],
        '@context': context(''),
      });
      expect((await client.get(`${base}/MVL.9002`, { 'accept-language': 'fi' })).body.name).toBe('Nisäkkäät');
    });

    it('answers 404 for an id that is no red-list evaluation group, an informal group among them', async () => {
      for (const id of ['MA.308', 'MVL.1', 'MVL.404']) {
        for (const path of ['', '/children', '/parent', '/siblings']) {
          const { status, body } = await client.get(`${base}/${id}${path}`);
          expect(status, `${id}${path}`).toBe(404);
          expect(body.message).toBe(`Red-list evaluation group '${id}' not found`);
        }
      }
    });

    it("answers a group's parent, a root's parent a 404", async () => {
      expect((await client.get(`${base}/MVL.9012/parent?lang=en`)).body).toEqual({
        id: 'MVL.9011',
        name: 'Butterflies and moths',
        hasIucnSubGroup: ['MVL.9012', 'MVL.9013'],
        '@context': context('-en'),
      });
      expect((await client.get(`${base}/MVL.9011/parent`)).body.id).toBe('MVL.9010');
      const root = await client.get(`${base}/MVL.9010/parent`);
      expect(root.status).toBe(404);
      expect(root.body.message).toBe("Red-list evaluation group 'MVL.9010' has no parent");
    });

    it('answers children and siblings as lists, the roots for the siblings of a root', async () => {
      const children = (await client.get(`${base}/MVL.9011/children?lang=fi`)).body;
      expect(children).toEqual({
        results: [
          { id: 'MVL.9012', name: 'Päiväperhoset' },
          { id: 'MVL.9013', name: 'Yöperhoset' },
        ],
        '@context': context('-fi'),
      });
      const leaf = (await client.get(`${base}/MVL.9012/children`)).body;
      expect(leaf).toEqual({ results: [], '@context': 'http://schema.laji.fi/context/generic.jsonld' });
      expect(ids((await client.get(`${base}/MVL.9013/siblings`)).body.results)).toEqual(['MVL.9012', 'MVL.9013']);
      expect(ids((await client.get(`${base}/MVL.9002/siblings`)).body.results)).toEqual(['MVL.9002', 'MVL.9003']);
      expect(ids((await client.get(`${base}/MVL.9023/siblings`)).body.results)).toEqual([
        'MVL.9001',
        'MVL.9023',
        'MVL.9010',
      ]);
    });

    it('lists the roots, subgroups by id', async () => {
      const { status, body } = await client.get(`${base}/roots`, { 'accept-language': 'en' });
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(['@context', 'results']);
      expect(body['@context']).toBe(context('-en'));
      expect(body.results).toEqual([
        { id: 'MVL.9001', name: 'Vertebrates', hasIucnSubGroup: ['MVL.9002', 'MVL.9003'] },
        { id: 'MVL.9023', name: 'Vascular plants', includesInformalTaxonGroup: ['MVL.343'] },
        { id: 'MVL.9010', name: 'Insects', hasIucnSubGroup: ['MVL.9011'] },
      ]);
    });

    it('answers the tree: the roots, their subgroups nested in hasIucnSubGroup with their fields', async () => {
      const { status, body } = await client.get(`${base}/tree?lang=fi`);
      expect(status).toBe(200);
      expect(body['@context']).toBe(context('-fi'));
      expect(ids(body.results)).toEqual(['MVL.9001', 'MVL.9023', 'MVL.9010']);
      expect(body.results[0]).toEqual({
        id: 'MVL.9001',
        name: 'Selkärankaiset',
        hasIucnSubGroup: [
          { id: 'MVL.9002', name: 'Nisäkkäät', includesInformalTaxonGroup: ['MVL.2'] },
          { id: 'MVL.9003', name: 'Linnut', includesInformalTaxonGroup: ['MVL.1'], includesTaxon: ['MX.37580'] },
        ],
      });
      expect(body.results[2]).toEqual({
        id: 'MVL.9010',
        name: 'Hyönteiset',
        hasIucnSubGroup: [
          {
            id: 'MVL.9011',
            name: 'Perhoset',
            hasIucnSubGroup: [
              { id: 'MVL.9012', name: 'Päiväperhoset' },
              { id: 'MVL.9013', name: 'Yöperhoset' },
            ],
          },
        ],
      });
    });
  });

  describe('GET /metadata/alts/{alt}', () => {
    it("answers the schema's labels of an enumeration whichever engine holds the taxa", async () => {
      const { status, body } = await client.get('/metadata/alts/MX.taxonRankEnum', { 'accept-language': 'fi' });
      expect(status).toBe(200);
      expect(body['@context']).toBe('https://api.laji.fi/context/metadata-alt-fi');
      expect(body.results.slice(0, 3)).toEqual([
        { id: 'MX.superdomain', value: 'luonto' },
        { id: 'MX.domain', value: 'yläkunta' },
        { id: 'MX.kingdom', value: 'kunta' },
      ]);
      expect((await client.get('/v0/metadata/ranges/MX.taxonRankEnum?lang=fi')).body).toEqual(body.results);
    });
  });

  describe('GET /checklists', () => {
    it('pages the public checklists the data directory declares, names in the answer language', async () => {
      const { status, body } = await client.get('/checklists', { 'accept-language': 'fi' });
      expect(status).toBe(200);
      // MR.2 says it is not public: it is not listed, as the real API lists only public ones.
      expect(body).toMatchObject({ currentPage: 1, total: 1, lastPage: 1 });
      // The context of the answer language, as the real API names it.
      expect(body['@context']).toBe('http://schema.laji.fi/context/checklist-fi.jsonld');
      expect(body.results[0]).toEqual({
        id: 'MR.1',
        name: 'Pääluettelo',
        owner: 'MA.1',
        rootTaxon: 'MX.37600',
        isPublic: true,
        'dc:bibliographicCitation': 'Test fixture: the master checklist',
      });
      expect((await client.get('/checklists?idIn=MR.2&lang=sv')).body).toMatchObject({ total: 0, results: [] });
      const picked = await client.get('/checklists?idIn=MR.1,MR.2&selectedFields=id,dc:bibliographicCitation');
      expect(picked.body.results).toEqual([
        { id: 'MR.1', 'dc:bibliographicCitation': 'Test fixture: the master checklist' },
      ]);
      // An empty selection names no field: the whole checklists, as for taxa (it was a 500).
      for (const empty of ['', ',']) {
        const whole = await client.get(`/checklists?idIn=MR.1&selectedFields=${empty}`);
        expect(whole.status, empty).toBe(200);
        expect(whole.body.results[0], empty).toMatchObject({ id: 'MR.1', owner: 'MA.1' });
      }
      const named = await client.get('/checklists?idIn=MR.1&selectedFields=owner');
      expect(named.body.results).toEqual([{ owner: 'MA.1' }]);
      const wrong = await client.get('/checklists?selectedFields=id,colour');
      expect(wrong.status).toBe(422);
      expect(Object.keys(wrong.body.details)).toEqual(['/query/selectedFields']);
      // One checklist is answered whether public or not.
      expect((await client.get('/checklists/MR.2?lang=sv')).body).toMatchObject({ id: 'MR.2', isPublic: false });
    });

    it('answers one checklist, an unknown one a 404', async () => {
      const { status, body } = await client.get('/checklists/MR.1?lang=en');
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: 'MR.1', name: 'Master checklist', '@context': expect.any(String) });
      const unknown = await client.get('/checklists/MR.404');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe("Checklist 'MR.404' is not declared");
    });

    it('names the checklists the taxa belong to', async () => {
      // Every checklist a taxon names is declared: listed, or answered alone (one not public).
      const used = (
        await client.get('/taxa/aggregate?aggregateBy=nameAccordingTo&includeHidden=true&checklist=MR.1,MR.2')
      ).body;
      expect(used.nameAccordingTo).toHaveLength(2);
      for (const bucket of used.nameAccordingTo)
        expect((await client.get(`/checklists/${bucket.values.nameAccordingTo}`)).status).toBe(200);
    });
  });
}
