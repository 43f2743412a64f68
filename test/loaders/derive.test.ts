import { describe, expect, it } from 'vitest';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';
import { FIXTURE_DIR } from '../helpers/data-dir.ts';

/**
 * The fixture's current version, derived anew in each test (a few milliseconds): the derivation
 * runs inside the test, where a mutation run can switch a mutant of it on (docs/mutation.md).
 */
async function derived() {
  const { dataSet } = await loadDataDirectory(FIXTURE_DIR);
  const docs: TaxonDocument[] = dataSet.versions[0]!.documents;
  const byId = new Map(docs.map((d) => [d.id, d]));
  return { docs, taxon: (id: string) => byId.get(id)! };
}

describe('derived fields', () => {
  it('gives ancestor lists root first, with and without hidden taxa', async () => {
    const { taxon } = await derived();
    const fox = taxon('MX.46587');
    expect(fox.parents).toEqual([
      'MX.37600',
      'MX.37602',
      'MX.9010',
      'MX.9040',
      'MX.9041',
      'MX.9042',
      'MX.9043',
      'MX.51126',
    ]);
    expect(fox.parentsIncludeSelf?.at(-1)).toBe('MX.46587');
    expect(fox.depth).toBe(8);
    expect(fox.nonHiddenParents).toEqual([
      'MX.37600',
      'MX.37602',
      'MX.9010',
      'MX.9040',
      'MX.9041',
      'MX.9043',
      'MX.51126',
    ]);
    expect(fox.nonHiddenDepth).toBe(7);
    expect(fox.hasParent).toBe(true);
    expect(taxon('MX.37600')).toMatchObject({ parents: [], depth: 0, hasParent: false });
  });

  it('raises the children of a hidden taxon to its nearest non-hidden ancestor', async () => {
    const { taxon } = await derived();
    expect(taxon('MX.9043').isPartOfNonHidden).toBe('MX.9041');
    expect(taxon('MX.9045').isPartOfNonHidden).toBe('MX.9041');
    expect(taxon('MX.9042').isPartOfNonHidden).toBe('MX.9041');
    expect(taxon('MX.9042').nonHiddenParentsIncludeSelf).not.toContain('MX.9042');
  });

  it('numbers taxa in pre-order with siblings in line order, and documents come in that order', async () => {
    const { docs, taxon } = await derived();
    expect(docs.map((d) => d.taxonomicOrder)).toEqual(docs.map((_, i) => i + 1));
    const order = (id: string) => taxon(id).taxonomicOrder!;
    expect(order('MX.37602')).toBeLessThan(order('MX.28965'));
    expect(order('MX.28965')).toBeLessThan(order('MX.37601'));
  });

  it('counts species (rank species) and Finnish species in each subtree, itself included', async () => {
    const { taxon } = await derived();
    expect(taxon('MX.37600')).toMatchObject({ countOfSpecies: 10, countOfFinnishSpecies: 9 });
    expect(taxon('MX.9042')).toMatchObject({ countOfSpecies: 3, hasChildren: true });
    expect(taxon('MX.46587')).toMatchObject({ countOfSpecies: 1, countOfFinnishSpecies: 1, hasChildren: false });
    expect(taxon('MX.9054')).toMatchObject({ countOfSpecies: 0, species: true });
  });

  it('sets species from the rank when the input does not', async () => {
    const { taxon } = await derived();
    expect(taxon('MX.9022').species).toBe(false);
    expect(taxon('MX.28965').species).toBe(true);
  });

  it('inherits informal groups and closes them upwards over the group hierarchy', async () => {
    const { taxon } = await derived();
    expect(taxon('MX.28965').informalTaxonGroups).toEqual(['MVL.1', 'MVL.1161', 'MVL.1141']);
    expect(taxon('MX.37812').informalTaxonGroups).toEqual(['MVL.343', 'MVL.1081', 'MVL.1083']);
    expect(taxon('MX.37602').informalTaxonGroups).toBeUndefined();
  });

  it('builds the parent object by rank', async () => {
    const { taxon } = await derived();
    const fox = taxon('MX.46587');
    expect(Object.keys(fox.parent ?? {})).toEqual([
      'kingdom',
      'phylum',
      'class',
      'order',
      'suborder',
      'family',
      'genus',
    ]);
    expect(fox.parent?.genus).toEqual({
      id: 'MX.51126',
      scientificName: 'Vulpes',
      scientificNameAuthorship: 'Frisch, 1775',
      vernacularName: { fi: 'ketut', en: 'foxes' },
      taxonRank: 'MX.genus',
      cursiveName: true,
    });
  });

  it('ranks names for sorting: Finnish collation puts ä after z, missing names get no rank', async () => {
    const { docs, taxon } = await derived();
    const byFinnish = docs
      .filter((d) => d.finnishNameSortRank !== undefined)
      .sort((a, b) => a.finnishNameSortRank! - b.finnishNameSortRank!)
      .map((d) => d.vernacularName?.fi);
    expect(byFinnish.at(-1)).toBe('ängelmät');
    expect(byFinnish[0]).toBe('eliöt');
    expect(taxon('MX.9044').finnishNameSortRank).toBeUndefined();
    expect(taxon('MX.9020').finnishNameSortRank).toBe(taxon('MX.9021').finnishNameSortRank);
  });

  it('never trusts derived fields from the input', async () => {
    const { fixtureCopy, ndjson } = await import('../helpers/data-dir.ts');
    const dir = await fixtureCopy({
      'current.ndjson': ndjson([
        { id: 'MX.1', depth: 99, taxonomicOrder: 7, parents: ['MX.x'], scientificNameSortRank: 5 },
        { id: 'MX.2', isPartOf: 'MX.1', hasChildren: true },
      ]),
      'MR.424.ndjson': null,
    });
    const { dataSet } = await loadDataDirectory(dir);
    const [first, second] = dataSet.versions[0]!.documents;
    expect(first).toMatchObject({ depth: 0, taxonomicOrder: 1, parents: [] });
    expect(first?.scientificNameSortRank).toBeUndefined();
    expect(second).toMatchObject({ hasChildren: false, depth: 1 });
  });
});
