/**
 * A line the same, byte for byte, as its taxon's line in the version read before is not checked
 * again, and its taxon takes that document's values (`withValuesOf`, `readVersionFile`'s `reuse`).
 * Each version must still hold the documents it holds loaded alone, key order included, whatever
 * its tree does to the taxon's derived fields.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { givenTaxonOf } from '../../loaders/derive.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { readVersionFile } from '../../loaders/read-version.ts';
import type { Taxon } from '../../src/taxon/schema.ts';
import { fixtureCopy, ndjson, removeTempDirs } from '../helpers/data-dir.ts';

afterAll(removeTempDirs);

const species = (id: string, isPartOf: string, scientificName: string, extra: object = {}) => ({
  id,
  isPartOf,
  taxonRank: 'MX.species',
  scientificName,
  ...extra,
});

/** Lines the two versions share, byte for byte; their tree (the other lines) differs. */
const SHARED = [
  // Under a genus that loses its groups and is hidden in the second version: its groups' closure
  // goes, and its nearest visible ancestor changes.
  species('MX.3', 'MX.2', 'Parus major'),
  // Given an empty list of groups: the closure first, the empty list given once the closure is empty.
  species('MX.4', 'MX.2', 'Parus minor', { informalTaxonGroups: [] }),
  // Given groups below its genus's, an evaluation with habitats (copied with their search strings)
  // and a derived field, which the loader removes.
  species('MX.5', 'MX.7', 'Bubo bubo', {
    depth: 99,
    informalTaxonGroups: ['MVL.1161'],
    latestRedListEvaluation: { redListStatus: 'MX.iucnLC', primaryHabitat: { habitat: 'MKV.habitatMk' } },
    primaryHabitat: { habitat: 'MKV.habitatMkk' },
  }),
  // Under the root, hidden in the second version: no visible ancestor is left.
  species('MX.8', 'MX.1', 'Felis catus'),
  // Under a genus whose rank in the second version is none that `parent` summarises, under a root
  // that is none either: no summaries are left.
  species('MX.10', 'MX.9', 'Canis lupus'),
];

const FIRST = [
  { id: 'MX.1', taxonRank: 'MX.kingdom', scientificName: 'Animalia' },
  { id: 'MX.2', isPartOf: 'MX.1', taxonRank: 'MX.genus', scientificName: 'Parus', informalTaxonGroups: ['MVL.1'] },
  { id: 'MX.7', isPartOf: 'MX.1', taxonRank: 'MX.genus', scientificName: 'Bubo', informalTaxonGroups: ['MVL.1'] },
  { id: 'MX.9', isPartOf: 'MX.1', taxonRank: 'MX.genus', scientificName: 'Canis' },
  ...SHARED,
];

const SECOND = [
  { id: 'MX.1', taxonRank: 'MX.superdomain', scientificName: 'Animalia', hiddenTaxon: true },
  { id: 'MX.2', isPartOf: 'MX.1', taxonRank: 'MX.genus', scientificName: 'Parus', hiddenTaxon: true },
  { id: 'MX.7', isPartOf: 'MX.1', taxonRank: 'MX.genus', scientificName: 'Bubo', informalTaxonGroups: ['MVL.1'] },
  { id: 'MX.9', isPartOf: 'MX.1', taxonRank: 'MX.section', scientificName: 'Canis' },
  ...SHARED,
];

describe('lines the same as in the version read before', () => {
  it('are not checked again, and are handed to `reuse` with the taxon of the line before', async () => {
    const dir = await fixtureCopy({ 'current.ndjson': ndjson(FIRST), 'MR.424.ndjson': ndjson(SECOND) });
    const first = await readVersionFile(`${dir}/current.ndjson`, 'current.ndjson', []);
    const reused: Taxon[] = [];
    const sameLines: string[] = [];
    const indexOfId = new Map(first.lines.map(({ taxon }, i) => [taxon.id, i]));
    const second = await readVersionFile(`${dir}/MR.424.ndjson`, 'MR.424.ndjson', [], {
      previous: { lines: first.lines, bytes: first.bytes, indexOfId },
      reuse: (taxon, before) => {
        sameLines.push(taxon.id);
        reused.push(before);
        return taxon;
      },
    });
    // The genus MX.7's line is the same too.
    const same = ['MX.7', ...SHARED.map((t) => t.id)];
    expect(sameLines).toEqual(same);
    expect(reused).toEqual(first.lines.filter((line) => same.includes(line.taxon.id)).map((line) => line.taxon));
    expect(second.lines.map((line) => line.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('give each version the documents it holds loaded alone, as the data gave them', async () => {
    const together = await fixtureCopy({ 'current.ndjson': ndjson(FIRST), 'MR.424.ndjson': ndjson(SECOND) });
    const alone = await fixtureCopy({ 'current.ndjson': ndjson(SECOND), 'MR.424.ndjson': null });
    const { dataSet } = await loadDataDirectory(together);
    const single = (await loadDataDirectory(alone)).dataSet.versions[0]!.documents;
    const second = dataSet.versions[1]!.documents;
    const withoutRanks = ({ scientificNameSortRank: _s, finnishNameSortRank: _f, ...rest }: object & Taxon) => rest;
    expect(JSON.stringify(second.map(withoutRanks))).toBe(JSON.stringify(single.map(withoutRanks)));
    expect(second.map(givenTaxonOf)).toEqual(single.map(givenTaxonOf));
    // What the tree did to them, as a check that the cases are there.
    const doc = (id: string) => second.find((d) => d.id === id)!;
    expect(doc('MX.3').informalTaxonGroups).toBeUndefined();
    expect(doc('MX.4').informalTaxonGroups).toEqual([]);
    expect(doc('MX.8').isPartOfNonHidden).toBeUndefined();
    expect(doc('MX.10').parent).toBeUndefined();
    expect(doc('MX.5').latestRedListEvaluation?.primaryHabitatSearchStrings).toEqual(['MKV.habitatMk', 'MKV.habitatM']);
    expect(givenTaxonOf(doc('MX.5')).informalTaxonGroups).toEqual(['MVL.1161']);
    expect(doc('MX.5').informalTaxonGroups).toEqual(['MVL.1', 'MVL.1161', 'MVL.1141']);
    // The first version's documents are not the second's.
    for (const { id } of SHARED) expect(dataSet.versions[0]!.documents.find((d) => d.id === id)).not.toBe(doc(id));
  });
});
