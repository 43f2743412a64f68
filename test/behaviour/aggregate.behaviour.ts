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
        {
          values: { 'latestRedListStatusFinland.status': 'MX.iucnLC', 'primaryHabitat.habitat': 'MKV.habitatM' },
          count: 1,
        },
        {
          values: { 'latestRedListStatusFinland.status': 'MX.iucnLC', 'primaryHabitat.habitat': 'MKV.habitatRk' },
          count: 1,
        },
        {
          values: { 'latestRedListStatusFinland.status': 'MX.iucnLC', 'primaryHabitat.habitat': 'MKV.habitatVr' },
          count: 1,
        },
        {
          values: { 'latestRedListStatusFinland.status': 'MX.iucnNT', 'primaryHabitat.habitat': 'MKV.habitatK' },
          count: 1,
        },
        {
          values: { 'latestRedListStatusFinland.status': 'MX.iucnNT', 'primaryHabitat.habitat': 'MKV.habitatVj' },
          count: 1,
        },
        {
          values: { 'latestRedListStatusFinland.status': 'MX.iucnEN', 'primaryHabitat.habitat': 'MKV.habitatM' },
          count: 1,
        },
      ]);
      // A boolean's buckets are keyed 1 and 0, as the cluster keys them and the real API answers them.
      expect(body.finnish).toEqual([{ values: { finnish: 1 }, count: 10 }]);
    });

    it('gives a row with count 0 for a level without buckets', async () => {
      const { body } = await client.get(
        '/taxa/aggregate?aggregateBy=taxonRank,invasiveSpeciesEstablishment&id=MX.26447,MX.46587',
      );
      expect(body['taxonRank,invasiveSpeciesEstablishment']).toEqual([
        { values: { taxonRank: 'MX.species', invasiveSpeciesEstablishment: 'MX.invasiveNotYetInFinland' }, count: 1 },
      ]);
      const none = await client.get('/taxa/aggregate?aggregateBy=taxonRank,invasiveSpeciesEstablishment&id=MX.46587');
      expect(none.body['taxonRank,invasiveSpeciesEstablishment']).toEqual([
        { values: { taxonRank: 'MX.species' }, count: 0 },
      ]);
    });

    it('POST aggregates the filtered taxa; species routes aggregate species', async () => {
      const { body } = await client.post('/taxa/aggregate?aggregateBy=administrativeStatuses', {
        species: true,
        'parent.class.id': 'MX.9040',
      });
      expect(body.administrativeStatuses).toEqual([
        { values: { administrativeStatuses: 'MX.gameMammal' }, count: 2 },
        { values: { administrativeStatuses: 'MX.habitatsDirectiveAnnexIV' }, count: 2 },
      ]);
      const species = await client.get('/taxa/species/aggregate?aggregateBy=cursiveName');
      expect(species.body.cursiveName).toEqual([{ values: { cursiveName: 1 }, count: 10 }]);
      const under = await client.get('/taxa/MX.37580/species/aggregate?aggregateBy=finnish');
      expect(under.body.finnish).toEqual([{ values: { finnish: 1 }, count: 3 }]);
      // Under an unknown taxon, as its page of species is empty, so are its aggregations.
      const unknown = await client.get('/taxa/MX.404/species/aggregate?aggregateBy=finnish');
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual({ finnish: [{ values: {}, count: 0 }] });
      expect((await client.get('/taxa/MX.404/species')).body).toMatchObject({ total: 0, results: [] });
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

    const refusal = (pointer: string, text: string) => ({
      errorCode: 'BAD_REQUEST',
      message: expect.stringContaining(text),
      localized: true,
      details: { [`/query/${pointer}`]: [expect.stringContaining(text)] },
    });

    it('refuses up front what could make more buckets than the limit, naming the parameter and the limit', async () => {
      const deep = await client.get(
        '/taxa/aggregate?aggregateSize=10000&aggregateBy=parents,parents,parents,parents,parents,parents',
      );
      expect(deep.status).toBe(400);
      expect(deep.body).toEqual(refusal('aggregateBy', 'at most 5 nested fields in one aggregation (got 6)'));
      const wide = await client.get('/taxa/aggregate?aggregateBy=parents,parents,parents,parents,parents');
      expect(wide.status).toBe(400);
      expect(wide.body).toEqual(refusal('aggregateBy', 'can make 111,110 buckets; at most 65,536 are allowed'));
      const siblings = await client.get(
        `/taxa/aggregate?aggregateBy=${Array.from({ length: 21 }, (_, i) => `taxonRank=a${i}`).join(';')}`,
      );
      expect(siblings.status).toBe(400);
      expect(siblings.body).toEqual(refusal('aggregateBy', 'at most 20 aggregations in one request (got 21)'));
      const size = await client.get('/taxa/aggregate?aggregateBy=taxonRank&aggregateSize=10001');
      expect(size.status).toBe(400);
      expect(size.body).toEqual(refusal('aggregateSize', 'at most 10000 (got 10001)'));
      const posted = await client.post('/taxa/species/aggregate?aggregateBy=parents,parents&aggregateSize=300', {});
      expect(posted.status).toBe(400);
      expect(posted.body).toEqual(refusal('aggregateBy', 'can make 90,300 buckets'));
    });

    it('answers the largest requests the limits allow', async () => {
      const nested = await client.get('/taxa/aggregate?aggregateBy=parents,parents&aggregateSize=255');
      expect(nested.status).toBe(200);
      expect(nested.body['parents,parents'].length).toBeGreaterThan(35);
      const one = await client.get('/taxa/aggregate?aggregateBy=id&aggregateSize=10000');
      expect(one.status).toBe(200);
      expect(one.body.id).toHaveLength(35);
    });
  });
}
