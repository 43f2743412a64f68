import { describe, expect, it } from 'vitest';
import type { Client } from './suite.ts';

export function aggregateBehaviour(client: Client) {
  describe('GET /taxa/aggregate', () => {
    it('counts taxa per value, by count then value', async () => {
      const { status, body } = await client.get('/taxa/aggregate?aggregateBy=taxonRank&aggregateSize=3');
      expect(status).toBe(200);
      expect(body).toEqual({
        taxonRank: [
          { values: { taxonRank: 'MX.genus' }, count: 9 },
          { values: { taxonRank: 'MX.species' }, count: 9 },
          { values: { taxonRank: 'MX.family' }, count: 5 },
        ],
      });
    });

    it('nests with commas, names with =, separates with ;', async () => {
      const { body } = await client.get(
        '/taxa/aggregate?aggregateBy=latestRedListStatusFinland.status,primaryHabitat.habitat=statusHabitat;finnish',
      );
      expect(body.statusHabitat).toEqual([
        { values: { 'latestRedListStatusFinland.status': 'MX.iucnLC', 'primaryHabitat.habitat': 'MKV.habitatM' }, count: 1 },
        { values: { 'latestRedListStatusFinland.status': 'MX.iucnLC', 'primaryHabitat.habitat': 'MKV.habitatRk' }, count: 1 },
        { values: { 'latestRedListStatusFinland.status': 'MX.iucnLC', 'primaryHabitat.habitat': 'MKV.habitatVr' }, count: 1 },
        { values: { 'latestRedListStatusFinland.status': 'MX.iucnNT', 'primaryHabitat.habitat': 'MKV.habitatK' }, count: 1 },
        { values: { 'latestRedListStatusFinland.status': 'MX.iucnNT', 'primaryHabitat.habitat': 'MKV.habitatVj' }, count: 1 },
        { values: { 'latestRedListStatusFinland.status': 'MX.iucnEN', 'primaryHabitat.habitat': 'MKV.habitatM' }, count: 1 },
      ]);
      expect(body.finnish).toEqual([{ values: { finnish: true }, count: 10 }]);
    });

    it('gives a row with count 0 for a level without buckets', async () => {
      const { body } = await client.get('/taxa/aggregate?aggregateBy=taxonRank,invasiveSpeciesEstablishment&id=MX.26447,MX.46587');
      expect(body['taxonRank,invasiveSpeciesEstablishment']).toEqual([
        { values: { taxonRank: 'MX.species', invasiveSpeciesEstablishment: 'MX.invasiveNotYetInFinland' }, count: 1 },
      ]);
      const none = await client.get('/taxa/aggregate?aggregateBy=taxonRank,invasiveSpeciesEstablishment&id=MX.46587');
      expect(none.body['taxonRank,invasiveSpeciesEstablishment']).toEqual([{ values: { taxonRank: 'MX.species' }, count: 0 }]);
    });

    it('POST aggregates the filtered taxa; species routes aggregate species', async () => {
      const { body } = await client.post('/taxa/aggregate?aggregateBy=administrativeStatuses', { species: true, 'parent.class.id': 'MX.9040' });
      expect(body.administrativeStatuses).toEqual([
        { values: { administrativeStatuses: 'MX.gameMammal' }, count: 2 },
        { values: { administrativeStatuses: 'MX.habitatsDirectiveAnnexIV' }, count: 2 },
      ]);
      const species = await client.get('/taxa/species/aggregate?aggregateBy=cursiveName');
      expect(species.body.cursiveName).toEqual([{ values: { cursiveName: true }, count: 10 }]);
      const under = await client.get('/taxa/MX.37580/species/aggregate?aggregateBy=finnish');
      expect(under.body.finnish).toEqual([{ values: { finnish: true }, count: 3 }]);
      expect((await client.get('/taxa/MX.404/species/aggregate?aggregateBy=finnish')).status).toBe(404);
    });

    it('refuses unknown fields and a missing or malformed aggregateBy', async () => {
      const unknown = await client.get('/taxa/aggregate?aggregateBy=colour');
      expect(unknown.status).toBe(422);
      expect(unknown.body.details).toEqual({ '/query/aggregateBy': ["unknown field(s) 'colour'"] });
      expect((await client.get('/taxa/aggregate')).status).toBe(422);
      expect((await client.get('/taxa/aggregate?aggregateBy=a=b=c')).status).toBe(422);
      expect((await client.get('/taxa/aggregate?aggregateBy=taxonRank,')).status).toBe(422);
      expect((await client.get('/taxa/aggregate?aggregateBy=taxonRank&aggregateSize=0')).status).toBe(422);
    });
  });
}
