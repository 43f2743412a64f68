import { describe, expect, it } from 'vitest';
import { ids, type Client } from './suite.ts';

/** Exports as JSON arrays: the same taxa and records, in the same order, as the page routes. */
export function exportBehaviour(client: Client) {
  describe('GET|POST /taxa/export, /taxa/species/export, /taxa/{id}/species/export, /taxa/changes/export', () => {
    it('exports what the page routes list, in their order', async () => {
      for (const [page, exported] of [
        [
          '/taxa?pageSize=1000&selectedFields=id,scientificName',
          '/taxa/export?format=json&selectedFields=id,scientificName',
        ],
        [
          '/taxa?pageSize=1000&includeHidden=true&checklistVersion=MR.424',
          '/taxa/export?format=json&includeHidden=true&checklistVersion=MR.424',
        ],
        ['/taxa/species?pageSize=1000&selectedFields=id', '/taxa/species/export?format=json&selectedFields=id'],
        ['/taxa/MX.9040/species?pageSize=1000&lang=fi', '/taxa/MX.9040/species/export?format=json&lang=fi'],
        ['/taxa/changes?from=MR.424&pageSize=1000', '/taxa/changes/export?from=MR.424&format=json'],
      ]) {
        const expected = await client.get(page!);
        expect(expected.body.total, page).toBeGreaterThan(1);
        const answer = await client.get(exported!);
        expect(answer.status, exported).toBe(200);
        expect(answer.body, exported).toEqual(expected.body.results);
      }
    });

    it('takes the filter body', async () => {
      const filter = { 'latestRedListStatusFinland.status': '!MX.iucnLC', finnish: true };
      const expected = await client.post('/taxa?pageSize=1000&selectedFields=id', filter);
      const answer = await client.post('/taxa/export?format=json&selectedFields=id', filter);
      expect(ids(answer.body)).toEqual(ids(expected.body.results));
      const changes = await client.post('/taxa/changes/export?from=MR.424&format=json', { changeTypes: 'added' });
      expect(ids(changes.body)).toEqual(['MX.9033', 'MX.26447', 'MX.9060', 'MX.9061']);
    });
  });
}
