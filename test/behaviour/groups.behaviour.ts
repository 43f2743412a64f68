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
      expect((await client.get('/informal-taxon-groups/MVL.1161')).body).toEqual({ id: 'MVL.1161', name: 'Owls' });
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
}
