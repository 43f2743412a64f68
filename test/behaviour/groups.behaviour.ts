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
