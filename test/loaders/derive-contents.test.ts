/**
 * The fields derived from a taxon's own line (`describeContents` in `loaders/derive.ts`): the
 * facts the API filters on, the media's taxon, the habitat search strings of the taxon and of its
 * red-list evaluation, `species` and the summaries of ancestors. Each test loads a small version
 * of its own (the fixture's habitats and informal groups), so the derivation runs inside it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { givenTaxonOf } from '../../loaders/derive.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';
import { fixtureCopy, ndjson, removeTempDirs } from '../helpers/data-dir.ts';

afterAll(removeTempDirs);

const ROOT = { id: 'MX.1', taxonRank: 'MX.kingdom', scientificName: 'Animalia' };

/** `taxa` under the root, loaded as the only version: its documents by id. */
async function derivedUnderRoot(taxa: object[]) {
  const rows = taxa.map((taxon) => ({ isPartOf: 'MX.1', taxonRank: 'MX.species', ...taxon }));
  const dir = await fixtureCopy({ 'current.ndjson': ndjson([ROOT, ...rows]), 'MR.424.ndjson': null });
  const { dataSet } = await loadDataDirectory(dir);
  const byId = new Map(dataSet.versions[0]!.documents.map((doc) => [doc.id, doc]));
  return (id: string): TaxonDocument => byId.get(id)!;
}

describe('facts read from a taxon’s own fields', () => {
  it('say whether a taxon has media, descriptions, barcode records and an evaluation, false when empty', async () => {
    const taxon = await derivedUnderRoot([
      {
        id: 'MX.2',
        multimedia: [{ thumbnailURL: 'a.jpg' }],
        descriptions: [{ id: 'd1' }],
        bold: { barcodes: 2 },
        latestRedListEvaluation: { redListStatus: 'MX.iucnLC' },
      },
      { id: 'MX.3', multimedia: [], descriptions: [], bold: {} },
      { id: 'MX.4' },
    ]);
    expect(taxon('MX.2')).toMatchObject({
      hasMultimedia: true,
      hasDescriptions: true,
      hasBold: true,
      hasLatestRedListEvaluation: true,
    });
    for (const id of ['MX.3', 'MX.4'])
      expect(taxon(id)).toMatchObject({
        hasMultimedia: false,
        hasDescriptions: false,
        hasBold: false,
        hasLatestRedListEvaluation: false,
      });
    expect(taxon('MX.3').multimedia).toEqual([]);
    expect(taxon('MX.4')).not.toHaveProperty('multimedia');
    expect(taxon('MX.4')).not.toHaveProperty('latestRedListEvaluation');
  });

  it('name in each medium the taxon it shows: the one given, else the taxon itself', async () => {
    const taxon = await derivedUnderRoot([
      {
        id: 'MX.2',
        scientificName: 'Bubo bubo',
        vernacularName: { fi: 'huuhkaja' },
        multimedia: [
          { thumbnailURL: 'a.jpg' },
          { thumbnailURL: 'b.jpg', taxon: { id: 'MX.9', scientificName: 'Bubo' } },
        ],
      },
      { id: 'MX.3', multimedia: [{ thumbnailURL: 'c.jpg' }] },
      { id: 'MX.4', multimedia: [{ thumbnailURL: 'd.jpg', taxon: { id: 'MX.4' } }] },
      { id: 'MX.5', taxonRank: undefined, multimedia: [{ thumbnailURL: 'e.jpg' }] },
    ]);
    expect(taxon('MX.2').multimedia).toStrictEqual([
      {
        thumbnailURL: 'a.jpg',
        taxon: { id: 'MX.2', scientificName: 'Bubo bubo', vernacularName: { fi: 'huuhkaja' }, taxonRank: 'MX.species' },
      },
      { thumbnailURL: 'b.jpg', taxon: { id: 'MX.9', scientificName: 'Bubo' } },
    ]);
    // Only the fields the taxon has: no name is named undefined.
    expect(taxon('MX.3').multimedia).toStrictEqual([
      { thumbnailURL: 'c.jpg', taxon: { id: 'MX.3', taxonRank: 'MX.species' } },
    ]);
    expect(taxon('MX.4').multimedia).toStrictEqual([{ thumbnailURL: 'd.jpg', taxon: { id: 'MX.4' } }]);
    expect(taxon('MX.5').multimedia).toStrictEqual([{ thumbnailURL: 'e.jpg', taxon: { id: 'MX.5' } }]);
    // Compared between versions as the data gave them.
    expect(givenTaxonOf(taxon('MX.2')).multimedia).toStrictEqual([
      { thumbnailURL: 'a.jpg' },
      { thumbnailURL: 'b.jpg', taxon: { id: 'MX.9', scientificName: 'Bubo' } },
    ]);
    expect(givenTaxonOf(taxon('MX.4')).multimedia).toStrictEqual([{ thumbnailURL: 'd.jpg', taxon: { id: 'MX.4' } }]);
  });

  it('give the search strings of the primary habitat, and of it with the secondary ones, broader habitats included', async () => {
    const taxon = await derivedUnderRoot([
      { id: 'MX.2', primaryHabitat: { habitat: 'MKV.habitatMk' } },
      { id: 'MX.3', secondaryHabitats: [{ habitat: 'MKV.habitatVr' }] },
      {
        id: 'MX.4',
        primaryHabitat: { habitat: 'MKV.habitatMkk', habitatSpecificTypes: ['MKV.habitatSpecificTypeJ'] },
        secondaryHabitats: [{ habitat: 'MKV.habitatK' }],
      },
      { id: 'MX.5' },
      // Habitats given, but none named.
      { id: 'MX.6', primaryHabitat: { habitatSpecificTypes: ['MKV.habitatSpecificTypeJ'] }, secondaryHabitats: [] },
    ]);
    expect(taxon('MX.2')).toMatchObject({
      primaryHabitatSearchStrings: ['MKV.habitatMk', 'MKV.habitatM'],
      anyHabitatSearchStrings: ['MKV.habitatMk', 'MKV.habitatM'],
    });
    expect(taxon('MX.3')).not.toHaveProperty('primaryHabitatSearchStrings');
    expect(taxon('MX.3').anyHabitatSearchStrings).toEqual(['MKV.habitatVr', 'MKV.habitatV']);
    const primary = [
      'MKV.habitatMkk',
      'MKV.habitatMk',
      'MKV.habitatM',
      'MKV.habitatMkk[MKV.habitatSpecificTypeJ]',
      'MKV.habitatMk[MKV.habitatSpecificTypeJ]',
      'MKV.habitatM[MKV.habitatSpecificTypeJ]',
    ];
    expect(taxon('MX.4')).toMatchObject({
      primaryHabitatSearchStrings: primary,
      anyHabitatSearchStrings: [...primary, 'MKV.habitatK'],
    });
    expect(taxon('MX.5')).not.toHaveProperty('primaryHabitatSearchStrings');
    expect(taxon('MX.5')).not.toHaveProperty('anyHabitatSearchStrings');
    expect(taxon('MX.6')).not.toHaveProperty('primaryHabitatSearchStrings');
    expect(taxon('MX.6')).not.toHaveProperty('anyHabitatSearchStrings');
  });

  it('add the habitat search strings to the red-list evaluation, given ones replaced, and keep the given one for comparing', async () => {
    const taxon = await derivedUnderRoot([
      {
        id: 'MX.2',
        latestRedListEvaluation: {
          redListStatus: 'MX.iucnVU',
          primaryHabitat: { habitat: 'MKV.habitatMk' },
          secondaryHabitats: [{ habitat: 'MKV.habitatV' }],
        },
      },
      {
        id: 'MX.3',
        latestRedListEvaluation: { redListStatus: 'MX.iucnNT', secondaryHabitats: [{ habitat: 'MKV.habitatR' }] },
      },
      { id: 'MX.4', latestRedListEvaluation: { redListStatus: 'MX.iucnLC' } },
      {
        id: 'MX.5',
        latestRedListEvaluation: { redListStatus: 'MX.iucnLC', primaryHabitatSearchStrings: ['MKV.habitatK'] },
      },
      {
        id: 'MX.6',
        latestRedListEvaluation: { redListStatus: 'MX.iucnLC', anyHabitatSearchStrings: ['MKV.habitatK'] },
      },
    ]);
    expect(taxon('MX.2').latestRedListEvaluation).toStrictEqual({
      redListStatus: 'MX.iucnVU',
      primaryHabitat: { habitat: 'MKV.habitatMk' },
      secondaryHabitats: [{ habitat: 'MKV.habitatV' }],
      primaryHabitatSearchStrings: ['MKV.habitatMk', 'MKV.habitatM'],
      anyHabitatSearchStrings: ['MKV.habitatMk', 'MKV.habitatM', 'MKV.habitatV'],
    });
    expect(taxon('MX.3').latestRedListEvaluation).toStrictEqual({
      redListStatus: 'MX.iucnNT',
      secondaryHabitats: [{ habitat: 'MKV.habitatR' }],
      anyHabitatSearchStrings: ['MKV.habitatR'],
    });
    expect(taxon('MX.4').latestRedListEvaluation).toStrictEqual({ redListStatus: 'MX.iucnLC' });
    // Search strings are derived, never taken from the data.
    expect(taxon('MX.5').latestRedListEvaluation).toStrictEqual({ redListStatus: 'MX.iucnLC' });
    expect(taxon('MX.6').latestRedListEvaluation).toStrictEqual({ redListStatus: 'MX.iucnLC' });
    // The taxon's own habitat fields are not the evaluation's.
    expect(taxon('MX.2')).not.toHaveProperty('primaryHabitatSearchStrings');
    expect(givenTaxonOf(taxon('MX.2')).latestRedListEvaluation).toStrictEqual({
      redListStatus: 'MX.iucnVU',
      primaryHabitat: { habitat: 'MKV.habitatMk' },
      secondaryHabitats: [{ habitat: 'MKV.habitatV' }],
    });
    expect(givenTaxonOf(taxon('MX.4')).latestRedListEvaluation).toStrictEqual({ redListStatus: 'MX.iucnLC' });
  });
});

describe('fields derived from the tree and the rank', () => {
  it('keep species as given, whatever the rank', async () => {
    const taxon = await derivedUnderRoot([
      { id: 'MX.2', taxonRank: 'MX.genus', species: true },
      { id: 'MX.3', taxonRank: 'MX.species', species: false },
      { id: 'MX.4', taxonRank: 'MX.genus' },
    ]);
    expect(taxon('MX.2').species).toBe(true);
    expect(taxon('MX.3').species).toBe(false);
    expect(taxon('MX.4').species).toBe(false);
  });

  it('give a root no parent, nearest visible ancestor nor summaries, and a taxon under it those of the root', async () => {
    const taxon = await derivedUnderRoot([{ id: 'MX.2' }]);
    const root = taxon('MX.1');
    expect(root).toMatchObject({ parents: [], nonHiddenParents: [], depth: 0, nonHiddenDepth: 0, hasParent: false });
    expect(root.parentsIncludeSelf).toEqual(['MX.1']);
    expect(root.nonHiddenParentsIncludeSelf).toEqual(['MX.1']);
    expect(root).not.toHaveProperty('isPartOfNonHidden');
    expect(root).not.toHaveProperty('parent');
    expect(taxon('MX.2').isPartOfNonHidden).toBe('MX.1');
    expect(taxon('MX.2').parent).toStrictEqual({
      kingdom: { id: 'MX.1', scientificName: 'Animalia', taxonRank: 'MX.kingdom' },
    });
  });

  it('summarise an ancestor by the names it has, and leave out ancestors of ranks that have no summary', async () => {
    const dir = await fixtureCopy({
      'current.ndjson': ndjson([
        { id: 'MX.1' },
        { id: 'MX.2', isPartOf: 'MX.1', taxonRank: 'MX.genus' },
        { id: 'MX.3', isPartOf: 'MX.2', taxonRank: 'MX.section', scientificName: 'Sectio' },
        { id: 'MX.4', isPartOf: 'MX.3', taxonRank: 'MX.species', cursiveName: false },
        { id: 'MX.5', isPartOf: 'MX.4', taxonRank: 'MX.subspecies' },
      ]),
      'MR.424.ndjson': null,
    });
    const { dataSet } = await loadDataDirectory(dir);
    const [root, genus, , species, subspecies] = dataSet.versions[0]!.documents;
    expect(root).not.toHaveProperty('parent');
    expect(genus).not.toHaveProperty('parent');
    expect(species!.parent).toStrictEqual({ genus: { id: 'MX.2', taxonRank: 'MX.genus' } });
    expect(subspecies!.parent).toStrictEqual({
      genus: { id: 'MX.2', taxonRank: 'MX.genus' },
      species: { id: 'MX.4', taxonRank: 'MX.species', cursiveName: false },
    });
  });
});
