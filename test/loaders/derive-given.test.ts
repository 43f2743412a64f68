/**
 * A document as the data gave it, which change records compare (`givenTaxonOf`, `givenCanonical`,
 * `sameGivenValues` in `loaders/derive.ts`), and a document as its version serves it
 * (`servedDocument`). Each test loads a small data directory of its own.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { givenCanonical, givenTaxonOf, sameGivenValues, servedDocument } from '../../loaders/derive.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';
import { fixtureCopy, ndjson, removeTempDirs } from '../helpers/data-dir.ts';

afterAll(removeTempDirs);

const ROOT = { id: 'MX.1', taxonRank: 'MX.kingdom', scientificName: 'Animalia' };

/** An owl given what deriving remakes: groups, media without their taxon, an evaluation with habitats, a derived field. */
const OWL = {
  id: 'MX.2',
  taxonRank: 'MX.species',
  isPartOf: 'MX.1',
  scientificName: 'Bubo bubo',
  depth: 99,
  informalTaxonGroups: ['MVL.1161'],
  multimedia: [{ thumbnailURL: 'a.jpg' }],
  latestRedListEvaluation: { redListStatus: 'MX.iucnVU', primaryHabitat: { habitat: 'MKV.habitatMk' } },
};

/** The documents of each version (`current`, then `MR.424` when given), by id. */
async function loaded(current: object[], older?: object[]) {
  const dir = await fixtureCopy({
    'current.ndjson': ndjson(current),
    'MR.424.ndjson': older === undefined ? null : ndjson(older),
  });
  const { dataSet } = await loadDataDirectory(dir);
  return dataSet.versions.map((version) => {
    const byId = new Map(version.documents.map((doc) => [doc.id, doc]));
    return (id: string): TaxonDocument => byId.get(id)!;
  });
}

describe('a document as the data gave it', () => {
  it('leaves out the derived fields and species, and holds the groups, media and evaluation as given', async () => {
    const [taxon] = await loaded([ROOT, OWL, { id: 'MX.3', isPartOf: 'MX.1', taxonRank: 'MX.species', species: true }]);
    expect(givenTaxonOf(taxon!('MX.2'))).toStrictEqual({
      id: 'MX.2',
      taxonRank: 'MX.species',
      isPartOf: 'MX.1',
      scientificName: 'Bubo bubo',
      multimedia: [{ thumbnailURL: 'a.jpg' }],
      latestRedListEvaluation: { redListStatus: 'MX.iucnVU', primaryHabitat: { habitat: 'MKV.habitatMk' } },
      informalTaxonGroups: ['MVL.1161'],
    });
    expect(givenTaxonOf(taxon!('MX.3'))).toStrictEqual({ id: 'MX.3', isPartOf: 'MX.1', taxonRank: 'MX.species' });
    expect(givenTaxonOf(taxon!('MX.1'))).toStrictEqual(ROOT);
  });

  it('leaves out an empty list of groups given', async () => {
    const [taxon] = await loaded([ROOT, { id: 'MX.2', isPartOf: 'MX.1', informalTaxonGroups: [] }]);
    expect(givenTaxonOf(taxon!('MX.2'))).toStrictEqual({ id: 'MX.2', isPartOf: 'MX.1' });
  });

  it('is written canonically: keys sorted at every depth, the given values only', async () => {
    const [taxon] = await loaded([ROOT, OWL, { id: 'MX.3', taxonRank: 'MX.species', isPartOf: 'MX.1' }]);
    expect(givenCanonical(taxon!('MX.2'))).toBe(
      '{"id":"MX.2","informalTaxonGroups":["MVL.1161"],"isPartOf":"MX.1",' +
        '"latestRedListEvaluation":{"primaryHabitat":{"habitat":"MKV.habitatMk"},"redListStatus":"MX.iucnVU"},' +
        '"multimedia":[{"thumbnailURL":"a.jpg"}],"scientificName":"Bubo bubo","taxonRank":"MX.species"}',
    );
    expect(givenCanonical(taxon!('MX.3'))).toBe('{"id":"MX.3","isPartOf":"MX.1","taxonRank":"MX.species"}');
    expect(givenCanonical(taxon!('MX.1'))).toBe('{"id":"MX.1","scientificName":"Animalia","taxonRank":"MX.kingdom"}');
  });
});

describe('two versions’ documents seen as the same as given', () => {
  const species = (id: string, extra: object = {}) => ({ id, isPartOf: 'MX.1', taxonRank: 'MX.species', ...extra });
  // Media that name their taxon and an evaluation without habitats: kept as given, and shared
  // between the versions as any equal value is.
  const CONTENTS = {
    multimedia: [{ thumbnailURL: 'a.jpg', taxon: { id: 'MX.2' } }],
    latestRedListEvaluation: { redListStatus: 'MX.iucnLC' },
  };
  const CURRENT = [
    ROOT,
    // Inserted: every taxon after it has another place, so their derived fields differ.
    species('MX.10'),
    species('MX.2', { scientificName: 'Bubo bubo', informalTaxonGroups: ['MVL.1161'], ...CONTENTS }),
    species('MX.3', { scientificName: 'Parus major' }),
    species('MX.4', { informalTaxonGroups: ['MVL.1161', 'MVL.2'] }),
    species('MX.5', { informalTaxonGroups: ['MVL.1161'] }),
    species('MX.6', { informalTaxonGroups: ['MVL.1161', 'MVL.2'] }),
    species('MX.7', { informalTaxonGroups: ['MVL.2'] }),
    species('MX.8', { scientificName: 'Strix' }),
    species('MX.9', { scientificName: 'Strix aluco', vernacularName: { fi: 'lehtopöllö' } }),
  ];
  const OLDER = [
    ROOT,
    // The same values written otherwise: the line is read again.
    {
      scientificName: 'Bubo bubo',
      taxonRank: 'MX.species',
      isPartOf: 'MX.1',
      id: 'MX.2',
      informalTaxonGroups: ['MVL.1161'],
      ...CONTENTS,
    },
    species('MX.3', { scientificName: 'Parus minor' }),
    species('MX.4', { informalTaxonGroups: ['MVL.1161'] }),
    species('MX.5', { informalTaxonGroups: ['MVL.2'] }),
    species('MX.6', { informalTaxonGroups: ['MVL.1161', 'MVL.343'] }),
    species('MX.7'),
    species('MX.8', { scientificName: 'Strix', vernacularName: { fi: 'pöllöt' } }),
    species('MX.9', { scientificName: 'Strix aluco' }),
  ];

  it('when every given field holds the same value, whatever their derived fields', async () => {
    const [current, older] = await loaded(CURRENT, OLDER);
    expect(current!('MX.2').taxonomicOrder).not.toBe(older!('MX.2').taxonomicOrder);
    expect(sameGivenValues(current!('MX.2'), older!('MX.2'))).toBe(true);
    expect(sameGivenValues(older!('MX.2'), current!('MX.2'))).toBe(true);
    expect(sameGivenValues(current!('MX.1'), older!('MX.1'))).toBe(true);
  });

  it('not when a given value or the given groups differ, or a field is given in one only', async () => {
    const [current, older] = await loaded(CURRENT, OLDER);
    const same = (id: string) => [sameGivenValues(current!(id), older!(id)), sameGivenValues(older!(id), current!(id))];
    // A name.
    expect(same('MX.3')).toEqual([false, false]);
    // Groups: one more, another one, another second one, none.
    expect(same('MX.4')).toEqual([false, false]);
    expect(same('MX.5')).toEqual([false, false]);
    expect(same('MX.6')).toEqual([false, false]);
    expect(same('MX.7')).toEqual([false, false]);
    // A field given in one version only.
    expect(same('MX.8')).toEqual([false, false]);
    expect(same('MX.9')).toEqual([false, false]);
  });
});

describe('a document as its version serves it', () => {
  it('is the document itself where it holds its place, else a copy with the place', async () => {
    const [taxon] = await loaded([ROOT, { id: 'MX.2', isPartOf: 'MX.1' }]);
    const doc = taxon!('MX.2');
    expect(doc.taxonomicOrder).toBe(2);
    expect(servedDocument(doc, 1)).toBe(doc);
    const moved = servedDocument(doc, 4);
    expect(moved).not.toBe(doc);
    expect(moved).toStrictEqual({ ...doc, taxonomicOrder: 5 });
    expect(moved.id).toBe('MX.2');
    expect(doc.taxonomicOrder).toBe(2);
    expect(servedDocument(doc, 0).taxonomicOrder).toBe(1);
  });
});
