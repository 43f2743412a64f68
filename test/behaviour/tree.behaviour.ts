import { describe, expect, it } from 'vitest';
import { ids, type Client } from './suite.ts';

export function treeBehaviour(client: Client) {
  describe('GET /taxa/{id}/children', () => {
    it('skips hidden children and raises theirs, in taxonomic order', async () => {
      const { status, body } = await client.get('/taxa/MX.9041/children');
      expect(status).toBe(200);
      expect(ids(body.results)).toEqual(['MX.9043', 'MX.9045']);
      expect(ids((await client.get('/taxa/MX.9030/children')).body.results)).toEqual(['MX.9032', 'MX.9033']);
      expect(body['@context']).toBeDefined();
    });

    it('with includeHidden gives the direct children as they are', async () => {
      expect(ids((await client.get('/taxa/MX.9041/children?includeHidden=true')).body.results)).toEqual(['MX.9042']);
      expect(ids((await client.get('/taxa/MX.9042/children?includeHidden=true')).body.results)).toEqual([
        'MX.9043',
        'MX.9045',
      ]);
    });

    it('sorts by sortOrder as pages do', async () => {
      const names = async (query: string) =>
        (
          await client.get(`/taxa/MX.37601/children?checklist=MR.1,MR.2&selectedFields=scientificName${query}`)
        ).body.results.map((t: { scientificName: string }) => t.scientificName);
      expect(await names('')).toEqual(['Tracheophyta', 'Salix ×rubens']);
      expect(await names('&sortOrder=scientificName')).toEqual(['Salix ×rubens', 'Tracheophyta']);
      expect(await names('&sortOrder=scientificName%20desc')).toEqual(['Tracheophyta', 'Salix ×rubens']);
      expect((await client.get('/taxa/MX.37601/children?sortOrder=colour')).status).toBe(422);
    });

    it('keeps sibling order, returns no children for a leaf and 404 for an unknown taxon', async () => {
      expect(ids((await client.get('/taxa/MX.37600/children')).body.results)).toEqual(['MX.37602', 'MX.37601']);
      expect((await client.get('/taxa/MX.46587/children')).body.results).toEqual([]);
      expect((await client.get('/taxa/MX.404/children')).status).toBe(404);
    });

    it('POST filters the children', async () => {
      const { body } = await client.post('/taxa/MX.9057/children', { 'vernacularName.fi': 'ängelmät' });
      expect(ids(body.results)).toEqual(['MX.9058']);
    });

    it('takes the simple filters in its query, GET and POST alike, as the real API does', async () => {
      const of = async (query: string) =>
        ids((await client.get(`/taxa/MX.37601/children?checklist=MR.1,MR.2${query}`)).body.results);
      expect(await of('')).toEqual(['MX.9050', 'MX.9061']);
      expect(await of('&finnish=true')).toEqual(['MX.9061']);
      expect(await of('&informalTaxonGroups=MVL.343')).toEqual(['MX.9050']);
      expect(await of('&id=MX.9061,MX.404')).toEqual(['MX.9061']);
      const both = await client.post('/taxa/MX.9057/children?checklist=MR.2&id=MX.9060', {
        informalTaxonGroups: 'MVL.343',
      });
      expect(ids(both.body.results)).toEqual(['MX.9060']);
      expect((await client.get('/taxa/MX.37601/children?finnish=maybe')).status).toBe(422);
    });

    it("answers the children of the taxon's own checklist unless checklist names others", async () => {
      // MX.37601 is of MR.1; of its children MX.9050 is too and MX.9061 of MR.2.
      const of = async (query: string) => ids((await client.get(`/taxa/MX.37601/children${query}`)).body.results);
      expect(await of('')).toEqual(['MX.9050']);
      expect(await of('?checklist=MR.2')).toEqual(['MX.9061']);
      expect(await of('?checklist=MR.1')).toEqual(['MX.9050']);
      expect(await of('?checklist=MR.1,MR.2')).toEqual(['MX.9050', 'MX.9061']);
      expect(await of('?checklist=MR.1&checklist=MR.2')).toEqual(['MX.9050', 'MX.9061']);
      const posted = await client.post('/taxa/MX.37601/children?checklist=MR.2', {});
      expect(ids(posted.body.results)).toEqual(['MX.9061']);
      expect((await client.post('/taxa/MX.37601/children', {})).body.results.map((t: { id: string }) => t.id)).toEqual([
        'MX.9050',
      ]);
      expect((await client.get('/taxa/MX.37601/children?checklist=')).status).toBe(422);
    });

    it("names each child's checklist whatever selectedFields names, as the real API does", async () => {
      const { body } = await client.get('/taxa/MX.37601/children?checklist=MR.1,MR.2&selectedFields=id');
      expect(body.results).toEqual([
        { id: 'MX.9050', nameAccordingTo: 'MR.1' },
        { id: 'MX.9061', nameAccordingTo: 'MR.2' },
      ]);
    });
  });

  describe('GET /taxa/{id}/parents', () => {
    it('gives the lineage from the root down, hidden ancestors left out', async () => {
      const { body } = await client.get('/taxa/MX.46587/parents?selectedFields=id,scientificName');
      expect(ids(body.results)).toEqual([
        'MX.37600',
        'MX.37602',
        'MX.9010',
        'MX.9040',
        'MX.9041',
        'MX.9043',
        'MX.51126',
      ]);
      expect(body.results.at(-1)).toEqual({ id: 'MX.51126', scientificName: 'Vulpes' });
    });

    it('with includeHidden has every ancestor', async () => {
      const { body } = await client.get('/taxa/MX.46587/parents?includeHidden=true');
      expect(ids(body.results)).toContain('MX.9042');
      expect(body.results).toHaveLength(8);
    });

    it('is empty for the root and 404 for an unknown taxon', async () => {
      expect((await client.get('/taxa/MX.37600/parents')).body.results).toEqual([]);
      expect((await client.get('/taxa/MX.404/parents')).status).toBe(404);
    });
  });

  describe('GET /taxa/species and /taxa/{id}/species', () => {
    it('pages species-level taxa', async () => {
      const { body } = await client.get('/taxa/species?selectedFields=id');
      expect(body.total).toBe(10);
      expect(ids(body.results)).toContain('MX.9054');
    });

    it('pages the species under a taxon, POST with filters', async () => {
      expect(ids((await client.get('/taxa/MX.9040/species')).body.results)).toEqual([
        'MX.46587',
        'MX.46549',
        'MX.47169',
      ]);
      const endangered = await client.post('/taxa/MX.9040/species', {
        'latestRedListStatusFinland.status': '!MX.iucnLC',
      });
      expect(ids(endangered.body.results)).toEqual(['MX.46549', 'MX.47169']);
      // Under an unknown taxon there are no species: an empty page, as the real API answers.
      const unknown = await client.get('/taxa/MX.404/species');
      expect(unknown.status).toBe(200);
      expect(unknown.body).toMatchObject({ total: 0, results: [] });
    });
  });
}
