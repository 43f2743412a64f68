/**
 * A line the same, byte for byte, as its taxon's line in the version read before is neither parsed
 * nor checked again (`readVersionFile`): deriving makes its document a copy of that one's where its
 * tree leaves its derived fields as they were, and parses it only where it does not.
 * Each version must still hold the documents it holds loaded alone, key order included, whatever
 * its tree does to the taxon's derived fields.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { givenTaxonOf, servedDocument } from '../../loaders/derive.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { readVersionFile } from '../../loaders/read-version.ts';
import type { Taxon, TaxonDocument } from '../../src/taxon/schema.ts';
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
  it("are neither parsed nor checked again: their taxon is the line before's until the version is derived", async () => {
    const dir = await fixtureCopy({ 'current.ndjson': ndjson(FIRST), 'MR.424.ndjson': ndjson(SECOND) });
    const first = await readVersionFile(`${dir}/current.ndjson`, 'current.ndjson', []);
    const indexOfId = new Map(first.lines.map(({ taxon }, i) => [taxon.id, i]));
    const second = await readVersionFile(`${dir}/MR.424.ndjson`, 'MR.424.ndjson', [], {
      previous: { lines: first.lines, bytes: first.bytes, indexOfId },
    });
    // The genus MX.7's line is the same too.
    const same = ['MX.7', ...SHARED.map((t) => t.id)];
    const sameLines = second.lines.filter((line) => line.sameLineAs !== undefined);
    expect(sameLines.map((line) => line.taxon.id)).toEqual(same);
    const before = first.lines.filter((line) => same.includes(line.taxon.id));
    for (const [i, line] of sameLines.entries()) {
      expect(line.sameLineAs).toBe(before[i]!.taxon);
      expect(line.taxon).toBe(line.sameLineAs);
    }
    // The others are parsed, and every line's text is kept, to be parsed when it must be.
    for (const line of second.lines.filter((l) => l.sameLineAs === undefined))
      expect(first.lines.map((l) => l.taxon)).not.toContain(line.taxon);
    expect(second.lines.map((_, i) => JSON.parse(second.bytes.text(i)).id)).toEqual(SECOND.map((t) => t.id));
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

  it('say which documents hold the values of the version before but for their place, and leave those as they are', async () => {
    const owl = species('MX.5', 'MX.7', 'Bubo bubo', {
      informalTaxonGroups: ['MVL.1161'],
      latestRedListEvaluation: { redListStatus: 'MX.iucnLC', primaryHabitat: { habitat: 'MKV.habitatMk' } },
      primaryHabitat: { habitat: 'MKV.habitatMkk' },
      secondaryHabitats: [{ habitat: 'MKV.habitatM' }],
      multimedia: [{ thumbnailURL: 'https://example.org/bubo.jpg' }],
    });
    const earlier = [
      { id: 'MX.1', taxonRank: 'MX.kingdom', scientificName: 'Animalia' },
      { id: 'MX.2', isPartOf: 'MX.1', taxonRank: 'MX.genus', scientificName: 'Parus', informalTaxonGroups: ['MVL.1'] },
      species('MX.3', 'MX.2', 'Parus major', { vernacularName: { fi: 'talitiainen' } }),
      species('MX.4', 'MX.2', 'Parus minor'),
      { id: 'MX.7', isPartOf: 'MX.1', taxonRank: 'MX.genus', scientificName: 'Bubo' },
      owl,
      species('MX.8', 'MX.7', 'Bubo scandiacus'),
    ];
    const later = [
      earlier[0]!,
      // Inserted before the others: every place after it moves.
      { id: 'MX.9', isPartOf: 'MX.1', taxonRank: 'MX.genus', scientificName: 'Canis' },
      earlier[1]!,
      // Its line changed.
      species('MX.3', 'MX.2', 'Parus major', { vernacularName: { fi: 'talitintti' } }),
      earlier[3]!,
      // The genus is renamed: its species' summaries of it change, though their lines do not.
      { id: 'MX.7', isPartOf: 'MX.1', taxonRank: 'MX.genus', scientificName: 'Strix' },
      owl,
      earlier[6]!,
    ];
    const together = await fixtureCopy({ 'current.ndjson': ndjson(earlier), 'MR.424.ndjson': ndjson(later) });
    const alone = await fixtureCopy({ 'current.ndjson': ndjson(later), 'MR.424.ndjson': null });
    const { dataSet } = await loadDataDirectory(together);
    const [first, second] = dataSet.versions;
    const ids = (positions: Int32Array | undefined, docs: { id: string }[]) =>
      [...positions!].map((at, i) => (at === -1 ? null : [docs[i]!.id, first!.documents[at]!.id]));
    // The root and the genus MX.2 are the same but for their place and counts; MX.4 too. MX.3's
    // line differs, MX.7's too, and MX.5 and MX.8 are summarised under another genus name.
    expect(ids(second!.unchanged, second!.documents)).toEqual([
      null,
      null,
      ['MX.2', 'MX.2'],
      null,
      ['MX.4', 'MX.4'],
      null,
      null,
      null,
    ]);
    expect(first!.unchanged!.every((at) => at === -1)).toBe(true);
    for (const [i, at] of second!.unchanged!.entries()) {
      if (at === -1) continue;
      // Held once: the version before's very document, served with its place in this version.
      const [doc, before] = [second!.documents[i]!, first!.documents[at]!];
      expect(doc).toBe(before);
      expect(servedDocument(doc, i).taxonomicOrder).toBe(i + 1);
      expect(servedDocument(doc, i).taxonomicOrder).not.toBe(before.taxonomicOrder);
    }
    // The owl's line is the same: its facts and habitats' strings are the version before's.
    const owlOf = (docs: TaxonDocument[]) => docs.find((d) => d.id === 'MX.5')!;
    expect(owlOf(second!.documents).anyHabitatSearchStrings).toBe(owlOf(first!.documents).anyHabitatSearchStrings);
    expect(owlOf(second!.documents).latestRedListEvaluation).toBe(owlOf(first!.documents).latestRedListEvaluation);
    const single = (await loadDataDirectory(alone)).dataSet.versions[0]!.documents;
    const withoutRanks = ({ scientificNameSortRank: _s, finnishNameSortRank: _f, ...rest }: object & Taxon) => rest;
    expect(JSON.stringify(second!.documents.map(servedDocument).map(withoutRanks))).toBe(
      JSON.stringify(single.map(withoutRanks)),
    );
    expect(second!.documents.map(givenTaxonOf)).toEqual(single.map(givenTaxonOf));
    expect(owlOf(single).hasMultimedia).toBe(true);
    expect(owlOf(single).anyHabitatSearchStrings).toEqual(['MKV.habitatMkk', 'MKV.habitatMk', 'MKV.habitatM']);
  });
});
