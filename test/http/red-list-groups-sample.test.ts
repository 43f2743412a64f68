import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedListEvaluationGroup } from '../../src/taxon/catalog.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

/** The sample's red-list evaluation groups, read straight from the file. */
const groups = JSON.parse(
  readFileSync('data/sample/red-list-evaluation-groups.json', 'utf8'),
) as RedListEvaluationGroup[];
const subgroupIds = new Set(groups.flatMap((group) => group.hasIucnSubGroup ?? []));

describe('red-list evaluation groups on the sample', () => {
  let built: TestApp;
  beforeAll(async () => {
    built = await buildTestApp({ dataDir: 'data/sample' });
  });
  afterAll(async () => built?.app.close());

  const get = async (url: string) => (await built.app.inject({ method: 'GET', url })).json();

  it('serves every group of the file, the roots those no group lists as a subgroup', async () => {
    const page = await get('/red-list-evaluation-groups?pageSize=1000&lang=multi');
    expect(page.total).toBe(groups.length);
    expect(page.results).toEqual(groups);
    const roots = await get('/red-list-evaluation-groups/roots');
    expect(roots.results.map((group: { id: string }) => group.id)).toEqual(
      groups.filter((group) => !subgroupIds.has(group.id)).map((group) => group.id),
    );
  });

  it('covers informal groups the sample serves, and no id is both kinds of group', async () => {
    const informal = await get('/informal-taxon-groups?pageSize=1000&selectedFields=id');
    const informalIds = new Set(informal.results.map((group: { id: string }) => group.id));
    for (const group of groups) {
      expect(informalIds.has(group.id), group.id).toBe(false);
      for (const id of group.includesInformalTaxonGroup ?? []) expect(informalIds.has(id), id).toBe(true);
    }
    for (const id of groups.flatMap((group) => group.includesTaxon ?? []))
      expect((await built.app.inject({ method: 'GET', url: `/taxa/${id}` })).statusCode, id).toBe(200);
  });
});
