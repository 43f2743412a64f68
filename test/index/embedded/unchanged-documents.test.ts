/**
 * A version's taxa that hold the values of the version before's (`EngineData`'s `unchanged`, from the
 * loader) are not walked again when its taxa index is built: every answer stays the one an index
 * that walked them gives, and only an index of the version before, built in the same load, counts
 * as having checked them.
 */
import { describe, expect, it } from 'vitest';
import { engineDataOf, taxaOnly } from '../../../loaders/engine-data.ts';
import { loadDataDirectory } from '../../../loaders/load-data-dir.ts';
import { createEmbeddedEngine } from '../../../src/index/embedded-engine.ts';
import type { EngineData, SearchBody } from '../../../src/index/engine.ts';
import { isDeepFrozen } from '../../../src/index/embedded/primitives/json.ts';

const { dataSet } = await loadDataDirectory('data/sample');

const BODIES: SearchBody[] = [
  { size: 10_000, sort: ['taxonomicOrder'] },
  {
    size: 0,
    aggs: {
      groups: { terms: { field: 'informalTaxonGroups', size: 100 } },
      status: { terms: { field: 'latestRedListStatusFinland.status', size: 100 } },
      habitat: { terms: { field: 'primaryHabitat.habitat', size: 100 } },
      rank: { terms: { field: 'taxonRank', size: 100 } },
    },
  },
  {
    size: 10_000,
    query: { bool: { filter: [{ term: { 'latestRedListStatusFinland.status': 'MX.iucnEN' } }] } },
    sort: ['taxonomicOrder'],
  },
];

async function answers(data: EngineData) {
  const engine = createEmbeddedEngine();
  engine.replaceData(data);
  const all = [];
  for (const { id } of data.versions) {
    for (const body of BODIES) {
      const { took, ...rest } = await engine.search({ version: id, kind: 'taxa' }, body);
      all.push(rest);
    }
  }
  return all;
}

describe('taxa unchanged since the version before', () => {
  it('are answered as when every document is walked, in every version', async () => {
    const data = taxaOnly(engineDataOf(dataSet));
    expect(data.versions.slice(1).every((version) => version.unchanged?.taxa?.some((at) => at !== -1))).toBe(true);
    const walked = {
      ...data,
      versions: data.versions.map(({ id, indices, ownValues }) => ({ id, indices, ownValues })),
    };
    const unwalked = await answers(data);
    // Hits share the documents kept, so these are frozen through, the unwalked ones too.
    const kept = data.versions.flatMap(({ indices }) => (indices.taxa ?? []) as object[]);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((doc) => isDeepFrozen(doc))).toBe(true);
    const all = await answers(walked);
    expect(unwalked).toEqual(all);
    expect(JSON.stringify(all)).toContain('MX.iucnEN');
  });

  it('are checked where the version before was not indexed in the same load', () => {
    const wrong = { id: 'MX.2', observationCountFinland: 'many' };
    const catalog = { informalTaxonGroups: [], checklistVersions: [] };
    const claimed = { taxa: Int32Array.of(0) };
    // The first version has no version before; the second's before was not indexed here.
    expect(() =>
      createEmbeddedEngine().replaceData({
        catalog,
        versions: [{ id: 'current', indices: { taxa: [wrong] }, unchanged: claimed }],
      }),
    ).toThrow(/observationCountFinland/);
    expect(() =>
      createEmbeddedEngine().replaceData({
        catalog,
        versions: [
          { id: 'current', indices: {} },
          { id: 'MR.424', indices: { taxa: [wrong] }, unchanged: claimed },
        ],
      }),
    ).toThrow(/observationCountFinland/);
  });
});
