import { describe, expect, it } from 'vitest';
import type { Client } from './suite.ts';

/**
 * The fixture's current version against MR.424: Oxyura and Oxyura jamaicensis (birds), Thalictrum
 * testum and Salix ×rubens added; Canis lupus renamed from 'Canis lupus lupus-old'; Bubo bubo's
 * red-list status EN in MR.424, NT now.
 */
const ids = (body: { results: { id: string }[] }) => body.results.map((r) => r.id);

export function changesBehaviour(client: Client) {
  describe('GET|POST /taxa/changes', () => {
    it("pages one record per taxon that differs, in the newer version's taxonomic order", async () => {
      const { status, body } = await client.get(
        '/taxa/changes?from=MR.424&to=current&selectedFields=changeTypes,to.taxonomicOrder',
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({ currentPage: 1, pageSize: 20, total: 6, lastPage: 1 });
      expect(ids(body)).toEqual(['MX.28965', 'MX.9033', 'MX.26447', 'MX.46549', 'MX.9060', 'MX.9061']);
      const orders = body.results.map((r: { to: { taxonomicOrder: number } }) => r.to.taxonomicOrder);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      expect(body.results.map((r: { changeTypes: string[] }) => r.changeTypes)).toEqual([
        ['changed'],
        ['added'],
        ['added'],
        ['renamed'],
        ['added'],
        ['added'],
      ]);
      const second = await client.get('/taxa/changes?from=MR.424&pageSize=4&page=2&selectedFields=changeTypes');
      expect(second.body).toMatchObject({ currentPage: 2, total: 6, lastPage: 2, prevPage: 1 });
      expect(ids(second.body)).toEqual(['MX.9060', 'MX.9061']);
      // Past the indices' result window (1,000,000): the empty page with the true total, not a 500.
      const far = await client.get('/taxa/changes?from=MR.424&page=1001&pageSize=1000');
      expect(far.status).toBe(200);
      expect(far.body).toMatchObject({ currentPage: 1001, total: 6, results: [] });
    });

    it('says what differs, and gives the taxon of each version in the answer language', async () => {
      const { body } = await client.get('/taxa/changes?from=MR.424&changeType=changed', { 'accept-language': 'fi' });
      expect(body.results).toHaveLength(1);
      const [record] = body.results;
      expect(record).toMatchObject({
        id: 'MX.28965',
        changeTypes: ['changed'],
        fields: ['latestRedListStatusFinland.status'],
        differences: [{ field: 'latestRedListStatusFinland.status', from: 'MX.iucnEN', to: 'MX.iucnNT' }],
        from: {
          id: 'MX.28965',
          scientificName: 'Bubo bubo',
          vernacularName: 'huuhkaja',
          latestRedListStatusFinland: { status: 'MX.iucnEN' },
        },
        to: { id: 'MX.28965', vernacularName: 'huuhkaja', latestRedListStatusFinland: { status: 'MX.iucnNT' } },
      });
      expect(record.from).not.toHaveProperty('scientificNameSortRank');
      const renamed = await client.get('/taxa/changes?from=MR.424&changeType=renamed&selectedFields=differences');
      expect(renamed.body.results).toEqual([
        {
          id: 'MX.46549',
          differences: [{ field: 'scientificName', from: 'Canis lupus lupus-old', to: 'Canis lupus' }],
        },
      ]);
    });

    it('leaves out the side a taxon is absent from, in either direction', async () => {
      const added = await client.get('/taxa/changes?from=MR.424&changeType=added');
      expect(ids(added.body)).toEqual(['MX.9033', 'MX.26447', 'MX.9060', 'MX.9061']);
      for (const record of added.body.results) expect(record).not.toHaveProperty('from');
      const removed = await client.get(
        '/taxa/changes?from=current&to=MR.424&changeType=removed&selectedFields=changeTypes,from.scientificName',
      );
      expect(removed.body.results).toEqual([
        { id: 'MX.9033', changeTypes: ['removed'], from: { scientificName: 'Oxyura' } },
        { id: 'MX.26447', changeTypes: ['removed'], from: { scientificName: 'Oxyura jamaicensis' } },
        { id: 'MX.9060', changeTypes: ['removed'], from: { scientificName: 'Thalictrum testum' } },
        { id: 'MX.9061', changeTypes: ['removed'], from: { scientificName: 'Salix ×rubens' } },
      ]);
    });

    it("filters by change type, field, place in the tree, group and the taxon's flags", async () => {
      const get = async (query: string) => ids((await client.get(`/taxa/changes?from=MR.424&${query}`)).body);
      expect(await get('changeType=!added')).toEqual(['MX.28965', 'MX.46549']);
      expect(await get('changeType=renamed,changed')).toEqual(['MX.28965', 'MX.46549']);
      expect(await get('field=scientificName')).toEqual(['MX.46549']);
      expect(await get('parentTaxonId=MX.37580')).toEqual(['MX.28965', 'MX.9033', 'MX.26447']);
      expect(await get('informalTaxonGroups=MVL.1')).toEqual(['MX.28965', 'MX.9033', 'MX.26447']);
      expect(await get('informalTaxonGroups=!MVL.1')).toEqual(['MX.46549', 'MX.9060', 'MX.9061']);
      expect(await get('species=false')).toEqual(['MX.9033']);
    });

    it('takes the filter body over record paths, with ! and arrays as OR', async () => {
      const post = async (body: object) => ids((await client.post('/taxa/changes?from=MR.424', body)).body);
      expect(await post({ changeTypes: 'renamed' })).toEqual(['MX.46549']);
      expect(await post({ 'to.latestRedListStatusFinland.status': ['MX.iucnNT', 'MX.iucnVU'] })).toEqual(['MX.28965']);
      expect(await post({ 'from.informalTaxonGroups': 'MVL.2' })).toEqual(['MX.46549']);
      expect(await post({ changeTypes: '!added', fields: '!scientificName' })).toEqual(['MX.28965']);
      expect(await post({ id: ['MX.9060', 'MX.9061'], 'to.finnish': true })).toEqual(['MX.9061']);
    });

    it('aggregates the records by their paths', async () => {
      const { status, body } = await client.get(
        '/taxa/changes/aggregate?from=MR.424&aggregateBy=changeTypes;to.taxonRank=rank',
      );
      expect(status).toBe(200);
      expect(body.changeTypes).toEqual([
        { values: { changeTypes: 'added' }, count: 4 },
        { values: { changeTypes: 'changed' }, count: 1 },
        { values: { changeTypes: 'renamed' }, count: 1 },
      ]);
      expect(body.rank).toContainEqual({ values: { 'to.taxonRank': 'MX.species' }, count: 4 });
      const posted = await client.post('/taxa/changes/aggregate?from=MR.424&aggregateBy=changeTypes', {
        'to.finnish': true,
      });
      expect(posted.body.changeTypes).toEqual([
        { values: { changeTypes: 'added' }, count: 2 },
        { values: { changeTypes: 'changed' }, count: 1 },
        { values: { changeTypes: 'renamed' }, count: 1 },
      ]);
    });

    it('refuses what it cannot compare with the error object, at the place of the problem', async () => {
      const unknown = await client.get('/taxa/changes?from=MR.999');
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({
        errorCode: 'UNKNOWN_CHECKLIST_VERSION',
        details: { '/query/from': ['must be one of: current, MR.424'] },
      });
      expect((await client.get('/taxa/changes?from=MR.424&to=MR.9')).body.details).toEqual({
        '/query/to': ['must be one of: current, MR.424'],
      });
      const same = await client.get('/taxa/changes?from=current');
      expect(same.status).toBe(422);
      expect(same.body.details).toEqual({ '/query/to': ["must be another version than from ('current')"] });
      expect((await client.get('/taxa/changes')).body.details).toHaveProperty(['/query/from']);
      expect((await client.get('/taxa/changes?from=MR.424&changeType=moved,shrunk')).status).toBe(422);
      const badBody = await client.post('/taxa/changes?from=MR.424', { colour: 'red', 'to.taxonRank': 1 });
      expect(badBody.status).toBe(422);
      expect(badBody.body.details).toEqual({
        '/body/colour': ["Unknown filter 'colour'"],
        '/body/to.taxonRank': ["Filter 'to.taxonRank' takes a string or a non-empty array of strings"],
      });
      expect((await client.get('/taxa/changes/aggregate?from=MR.424&aggregateBy=colour')).status).toBe(422);
    });
  });

  describe('GET /taxa/{id}/history', () => {
    it('gives the taxon in every version, oldest first, with what changed at each step', async () => {
      const { status, body } = await client.get('/taxa/MX.46549/history', { 'accept-language': 'en' });
      expect(status).toBe(200);
      expect(body.id).toBe('MX.46549');
      expect(body.history.map((step: { version: string }) => step.version)).toEqual(['MR.424', 'current']);
      const [before, now] = body.history;
      expect(before).not.toHaveProperty('change');
      expect(before.taxon).toMatchObject({ scientificName: 'Canis lupus lupus-old', vernacularName: 'Wolf' });
      expect(now.taxon).toMatchObject({ scientificName: 'Canis lupus' });
      expect(now.change).toEqual({
        changeTypes: ['renamed'],
        fields: ['scientificName'],
        differences: [{ field: 'scientificName', from: 'Canis lupus lupus-old', to: 'Canis lupus' }],
      });
      const unchanged = await client.get('/taxa/MX.37580/history');
      expect(unchanged.body.history.map((step: object) => Object.keys(step).sort())).toEqual([
        ['taxon', 'version'],
        ['taxon', 'version'],
      ]);
    });

    it('says where the taxon is absent, and is a 404 for a taxon of no version', async () => {
      const { body } = await client.get('/taxa/MX.9033/history');
      expect(body.history[0]).toEqual({ version: 'MR.424', absent: true });
      expect(body.history[1]).toMatchObject({
        version: 'current',
        taxon: { scientificName: 'Oxyura' },
        change: { changeTypes: ['added'] },
      });
      const missing = await client.get('/taxa/MX.0/history');
      expect(missing.status).toBe(404);
      expect(missing.body.errorCode).toBe('TAXON_NOT_FOUND');
    });
  });
}
