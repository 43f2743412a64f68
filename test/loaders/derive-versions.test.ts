/**
 * Versions derived one after the other (`VersionDerivation` in `loaders/derive.ts`), as the loader
 * reads them: each version's lines read against the version read before, its tree built, then
 * derived. A taxon whose line and place are as before is that version's very document; one whose
 * line is the same but whose ancestors changed is derived again, with the values of the version
 * before; the lists, summaries and facts equal to the version before's are that version's objects
 * (docs/versions-and-loading.md, "What versions share"). The value sharing of the loader, which
 * would make equal values the same objects anyway, is left out here.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { givenTaxonOf, VersionDerivation } from '../../loaders/derive.ts';
import { HabitatHierarchy } from '../../loaders/habitats.ts';
import type { DataProblem } from '../../loaders/problems.ts';
import { type PreviousLines, readVersionFile } from '../../loaders/read-version.ts';
import { buildTree } from '../../loaders/tree.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';
import { fixtureCopy, ndjson, removeTempDirs } from '../helpers/data-dir.ts';

afterAll(removeTempDirs);

const GROUPS = [
  { id: 'MVL.1', name: { en: 'Birds' }, hasSubGroup: ['MVL.1141'] },
  { id: 'MVL.1141', name: { en: 'Birds of prey and owls' }, hasSubGroup: ['MVL.1161'] },
  { id: 'MVL.1161', name: { en: 'Owls' } },
  { id: 'MVL.2', name: { en: 'Mammals' } },
];

const HABITATS = [{ id: 'MKV.habitatM' }, { id: 'MKV.habitatMk', parent: 'MKV.habitatM' }, { id: 'MKV.habitatV' }];

interface Derived {
  documents: TaxonDocument[];
  /** the ids of the documents held from the version before, each with the id at the place given there */
  held: [string, string][];
  doc: (id: string) => TaxonDocument;
}

/** The versions (their taxa, in line order) derived one after the other, as the loader does. */
async function derivedInTurn(...versions: object[][]): Promise<Derived[]> {
  // A directory of its own for the version files, removed after the tests.
  const dir = await fixtureCopy();
  const derivation = new VersionDerivation(GROUPS, new HabitatHierarchy(HABITATS));
  const derived: Derived[] = [];
  let previous: PreviousLines | undefined;
  for (const [i, taxa] of versions.entries()) {
    const file = `version-${i}.ndjson`;
    await writeFile(join(dir, file), ndjson(taxa));
    const problems: DataProblem[] = [];
    const { lines, bytes } = await readVersionFile(join(dir, file), file, problems, { previous });
    const tree = buildTree(file, lines, problems)!;
    expect(problems).toEqual([]);
    const orderOf = new Map(Array.from(tree.preorder, (position, order) => [lines[position]!.taxon.id, order]));
    const { documents, unchanged } = derivation.derive(
      tree,
      (id) => orderOf.get(id),
      (position) => bytes.text(position),
    );
    const before = derived.at(-1)?.documents ?? [];
    const held = [...unchanged].flatMap((at, position): [string, string][] =>
      at === -1 ? [] : [[documents[position]!.id, before[at]!.id]],
    );
    derived.push({ documents, held, doc: (id) => documents.find((doc) => doc.id === id)! });
    previous = { lines, bytes, indexOfId: tree.lineOfId };
  }
  return derived;
}

const taxon = (id: string, isPartOf: string, taxonRank: string | undefined, extra: object = {}) => ({
  id,
  isPartOf,
  ...(taxonRank === undefined ? {} : { taxonRank }),
  ...extra,
});

const KINGDOM = { id: 'MX.1', taxonRank: 'MX.kingdom', scientificName: 'Animalia' };

describe('a taxon whose line and place are as in the version before', () => {
  const earlier = [
    KINGDOM,
    taxon('MX.2', 'MX.1', 'MX.genus', { scientificName: 'Parus', informalTaxonGroups: ['MVL.1'] }),
    taxon('MX.3', 'MX.2', 'MX.species', { scientificName: 'Parus major' }),
    taxon('MX.4', 'MX.2', 'MX.species', { scientificName: 'Parus minor' }),
    taxon('MX.5', 'MX.2', 'MX.species', { scientificName: 'Parus ater', vernacularName: { fi: 'kuusitiainen' } }),
    // No rank that `parent` summarises: its child's summaries are the root's.
    taxon('MX.6', 'MX.1', undefined, { scientificName: 'Carnivora' }),
    taxon('MX.7', 'MX.6', 'MX.species', { scientificName: 'Canis lupus' }),
  ];
  const later = [
    earlier[0]!,
    // Inserted before the others: every place after it moves.
    taxon('MX.9', 'MX.1', 'MX.genus', { scientificName: 'Canis' }),
    ...earlier.slice(1, 4),
    // Its line changed.
    taxon('MX.5', 'MX.2', 'MX.species', { scientificName: 'Parus ater', vernacularName: { fi: 'kuusitintti' } }),
    ...earlier.slice(5),
  ];

  it('is the version before’s very document, and says where it is there', async () => {
    const [first, second] = await derivedInTurn(earlier, later);
    expect(first!.held).toEqual([]);
    // The root is derived anew (its place is made for each version); so is every changed line.
    expect(second!.held).toEqual([
      ['MX.2', 'MX.2'],
      ['MX.3', 'MX.3'],
      ['MX.4', 'MX.4'],
      ['MX.6', 'MX.6'],
      ['MX.7', 'MX.7'],
    ]);
    for (const [id] of second!.held) expect(second!.doc(id)).toBe(first!.doc(id));
    // Held as it was made: its place is the version before's.
    expect(second!.doc('MX.3').taxonomicOrder).toBe(3);
    expect(second!.doc('MX.5')).toMatchObject({ taxonomicOrder: 6, vernacularName: { fi: 'kuusitintti' } });
    expect(second!.doc('MX.1').taxonomicOrder).toBe(1);
  });

  it('gives a changed line the lists and summaries of the version before where they are its own', async () => {
    const [first, second] = await derivedInTurn(earlier, later);
    const [before, after] = [first!.doc('MX.5'), second!.doc('MX.5')];
    expect(after).not.toBe(before);
    expect(after.parentsIncludeSelf).toEqual(['MX.1', 'MX.2', 'MX.5']);
    expect(after.parentsIncludeSelf).toBe(before.parentsIncludeSelf);
    expect(after.nonHiddenParentsIncludeSelf).toBe(before.nonHiddenParentsIncludeSelf);
    expect(after.parent).toStrictEqual({
      kingdom: { id: 'MX.1', scientificName: 'Animalia', taxonRank: 'MX.kingdom' },
      genus: { id: 'MX.2', scientificName: 'Parus', taxonRank: 'MX.genus' },
    });
    expect(after.parent).toBe(before.parent);
    expect(second!.doc('MX.1').parentsIncludeSelf).toBe(first!.doc('MX.1').parentsIncludeSelf);
  });
});

describe('a line the same as before whose ancestors changed', () => {
  const owl = taxon('MX.5', 'MX.4', 'MX.species', {
    scientificName: 'Bubo bubo',
    vernacularName: { fi: 'huuhkaja' },
    informalTaxonGroups: ['MVL.1161'],
    multimedia: [{ thumbnailURL: 'owl.jpg' }],
    descriptions: [{ id: 'owl' }],
    bold: { barcodes: 1 },
    primaryHabitat: { habitat: 'MKV.habitatMk' },
    secondaryHabitats: [{ habitat: 'MKV.habitatV' }],
    latestRedListEvaluation: { redListStatus: 'MX.iucnLC', primaryHabitat: { habitat: 'MKV.habitatMk' } },
  });
  const eagleOwl = taxon('MX.6', 'MX.4', 'MX.species', {
    multimedia: [{ thumbnailURL: 'b.jpg', taxon: { id: 'MX.6' } }],
    latestRedListEvaluation: { redListStatus: 'MX.iucnNT' },
  });
  const plain = taxon('MX.7', 'MX.4', 'MX.species');
  const earlier = [
    KINGDOM,
    taxon('MX.2', 'MX.1', 'MX.family', { scientificName: 'Paridae' }),
    taxon('MX.3', 'MX.1', 'MX.family', { scientificName: 'Strigidae' }),
    taxon('MX.4', 'MX.2', 'MX.genus', { scientificName: 'Bubo', informalTaxonGroups: ['MVL.1'] }),
    owl,
    eagleOwl,
    plain,
  ];
  // The genus moves to the other family: its species' lines are the same, their ancestors not.
  const later = [...earlier.slice(0, 3), { ...earlier[3]!, isPartOf: 'MX.3' }, ...earlier.slice(4)];

  it('is derived again where its tree places it, with the facts and values of the version before', async () => {
    const [first, second] = await derivedInTurn(earlier, later);
    expect(second!.held).toEqual([
      ['MX.2', 'MX.2'],
      ['MX.3', 'MX.3'],
    ]);
    const [before, after] = [first!.doc('MX.5'), second!.doc('MX.5')];
    expect(after).not.toBe(before);
    expect(after).toMatchObject({
      parents: ['MX.1', 'MX.3', 'MX.4'],
      parentsIncludeSelf: ['MX.1', 'MX.3', 'MX.4', 'MX.5'],
      taxonomicOrder: 5,
      informalTaxonGroups: ['MVL.1', 'MVL.1161', 'MVL.1141'],
      hasMultimedia: true,
      hasDescriptions: true,
      hasBold: true,
      hasLatestRedListEvaluation: true,
      primaryHabitatSearchStrings: ['MKV.habitatMk', 'MKV.habitatM'],
      anyHabitatSearchStrings: ['MKV.habitatMk', 'MKV.habitatM', 'MKV.habitatV'],
    });
    expect(after.parent?.family).toStrictEqual({ id: 'MX.3', scientificName: 'Strigidae', taxonRank: 'MX.family' });
    expect(after.multimedia).toStrictEqual([
      {
        thumbnailURL: 'owl.jpg',
        taxon: { id: 'MX.5', scientificName: 'Bubo bubo', vernacularName: { fi: 'huuhkaja' }, taxonRank: 'MX.species' },
      },
    ]);
    expect(after.latestRedListEvaluation).toStrictEqual({
      redListStatus: 'MX.iucnLC',
      primaryHabitat: { habitat: 'MKV.habitatMk' },
      primaryHabitatSearchStrings: ['MKV.habitatMk', 'MKV.habitatM'],
      anyHabitatSearchStrings: ['MKV.habitatMk', 'MKV.habitatM'],
    });
    // The values of the line are the version before's objects.
    for (const key of ['vernacularName', 'primaryHabitat', 'secondaryHabitats', 'bold', 'descriptions'] as const)
      expect(after[key]).toBe(before[key]);
    for (const key of ['multimedia', 'latestRedListEvaluation', 'anyHabitatSearchStrings'] as const)
      expect(after[key]).toBe(before[key]);
    // Compared with other versions as the data gave it.
    expect(givenTaxonOf(after)).toStrictEqual({
      ...owl,
      multimedia: [{ thumbnailURL: 'owl.jpg' }],
      latestRedListEvaluation: { redListStatus: 'MX.iucnLC', primaryHabitat: { habitat: 'MKV.habitatMk' } },
      informalTaxonGroups: ['MVL.1161'],
    });
  });

  it('keeps a medium’s given taxon and an evaluation without habitats as given, and adds no field it lacks', async () => {
    const [, second] = await derivedInTurn(earlier, later);
    const eagle = second!.doc('MX.6');
    expect(eagle).toMatchObject({
      parents: ['MX.1', 'MX.3', 'MX.4'],
      hasMultimedia: true,
      hasDescriptions: false,
      hasBold: false,
      hasLatestRedListEvaluation: true,
    });
    expect(eagle.multimedia).toStrictEqual([{ thumbnailURL: 'b.jpg', taxon: { id: 'MX.6' } }]);
    expect(givenTaxonOf(eagle)).toStrictEqual({
      id: 'MX.6',
      isPartOf: 'MX.4',
      taxonRank: 'MX.species',
      multimedia: [{ thumbnailURL: 'b.jpg', taxon: { id: 'MX.6' } }],
      latestRedListEvaluation: { redListStatus: 'MX.iucnNT' },
    });
    const bare = second!.doc('MX.7');
    expect(bare).toMatchObject({ parents: ['MX.1', 'MX.3', 'MX.4'], hasMultimedia: false });
    for (const key of [
      'multimedia',
      'latestRedListEvaluation',
      'primaryHabitatSearchStrings',
      'anyHabitatSearchStrings',
    ])
      expect(bare).not.toHaveProperty(key);
  });
});

describe('hidden ancestors as versions change', () => {
  const earlier = [
    KINGDOM,
    taxon('MX.2', 'MX.1', undefined, { hiddenTaxon: true }),
    taxon('MX.3', 'MX.1', undefined, { hiddenTaxon: true }),
    taxon('MX.4', 'MX.2', 'MX.genus'),
    taxon('MX.5', 'MX.4', 'MX.species'),
    taxon('MX.6', 'MX.1', 'MX.genus'),
    taxon('MX.7', 'MX.6', 'MX.species'),
    taxon('MX.8', 'MX.6', 'MX.species', { hiddenTaxon: true }),
  ];
  const later = [
    ...earlier.slice(0, 3),
    // The genus moves from one hidden taxon to the other: its species' visible ancestors stay.
    taxon('MX.4', 'MX.3', 'MX.genus'),
    earlier[4]!,
    // The other genus is hidden, and its hidden species is not.
    taxon('MX.6', 'MX.1', 'MX.genus', { hiddenTaxon: true }),
    earlier[6]!,
    taxon('MX.8', 'MX.6', 'MX.species'),
  ];

  it('move the ancestors and the visible ancestors of a line the same as before', async () => {
    const [first, second] = await derivedInTurn(earlier, later);
    // Only the hidden taxa under the root are where they were.
    expect(second!.held).toEqual([
      ['MX.2', 'MX.2'],
      ['MX.3', 'MX.3'],
    ]);
    expect(second!.doc('MX.5')).toMatchObject({
      parents: ['MX.1', 'MX.3', 'MX.4'],
      nonHiddenParents: ['MX.1', 'MX.4'],
      isPartOfNonHidden: 'MX.4',
    });
    expect(second!.doc('MX.7')).toMatchObject({
      parents: ['MX.1', 'MX.6'],
      nonHiddenParents: ['MX.1'],
      nonHiddenParentsIncludeSelf: ['MX.1', 'MX.7'],
      isPartOfNonHidden: 'MX.1',
      nonHiddenDepth: 1,
    });
    expect(first!.doc('MX.8').nonHiddenParentsIncludeSelf).toEqual(['MX.1', 'MX.6']);
    expect(second!.doc('MX.8')).toMatchObject({
      nonHiddenParentsIncludeSelf: ['MX.1', 'MX.8'],
      isPartOfNonHidden: 'MX.1',
    });
    expect(second!.doc('MX.6').nonHiddenParentsIncludeSelf).toEqual(['MX.1']);
  });
});

describe('informal groups and summaries of ancestors as versions change', () => {
  const earlier = [
    KINGDOM,
    taxon('MX.2', 'MX.1', 'MX.genus', { scientificName: 'Bubo', informalTaxonGroups: ['MVL.1'] }),
    taxon('MX.3', 'MX.2', 'MX.species'),
    taxon('MX.4', 'MX.1', 'MX.genus', { scientificName: 'Canis', informalTaxonGroups: ['MVL.2'] }),
    taxon('MX.5', 'MX.4', 'MX.species'),
    taxon('MX.6', 'MX.1', 'MX.genus', { scientificName: 'Felis' }),
    taxon('MX.7', 'MX.6', 'MX.species'),
    taxon('MX.8', 'MX.1', 'MX.genus', { scientificName: 'Strix' }),
    taxon('MX.9', 'MX.8', 'MX.species'),
    taxon('MX.10', 'MX.8', 'MX.species'),
    taxon('MX.11', 'MX.1', 'MX.genus', { scientificName: 'Parus', informalTaxonGroups: ['MVL.1'] }),
    taxon('MX.12', 'MX.11', 'MX.species'),
  ];
  const later = [
    KINGDOM,
    // Other groups, then none.
    taxon('MX.2', 'MX.1', 'MX.genus', { scientificName: 'Bubo', informalTaxonGroups: ['MVL.2'] }),
    earlier[2]!,
    taxon('MX.4', 'MX.1', 'MX.genus', { scientificName: 'Canis' }),
    ...earlier.slice(4, 7),
    // Renamed.
    taxon('MX.8', 'MX.1', 'MX.genus', { scientificName: 'Tyto' }),
    ...earlier.slice(8),
  ];

  it('derive again a line the same as before under other groups or another summary, and hold the others', async () => {
    const [first, second] = await derivedInTurn(earlier, later);
    expect(second!.held).toEqual([
      ['MX.6', 'MX.6'],
      ['MX.7', 'MX.7'],
      ['MX.11', 'MX.11'],
      ['MX.12', 'MX.12'],
    ]);
    expect(second!.doc('MX.3').informalTaxonGroups).toEqual(['MVL.2']);
    expect(first!.doc('MX.5').informalTaxonGroups).toEqual(['MVL.2']);
    expect(second!.doc('MX.5')).not.toHaveProperty('informalTaxonGroups');
    expect(second!.doc('MX.9').parent).toStrictEqual({
      kingdom: { id: 'MX.1', scientificName: 'Animalia', taxonRank: 'MX.kingdom' },
      genus: { id: 'MX.8', scientificName: 'Tyto', taxonRank: 'MX.genus' },
    });
    expect(second!.doc('MX.10').parent).toBe(second!.doc('MX.9').parent);
  });

  it('keep the summary of an unchanged ancestor from version to version', async () => {
    const [first, second] = await derivedInTurn(earlier, later);
    const [before, after] = [first!.doc('MX.9').parent!, second!.doc('MX.9').parent!];
    expect(after).not.toBe(before);
    expect(after.kingdom).toBe(before.kingdom);
    // The genus's line changed, but not its summary.
    expect(second!.doc('MX.3').parent!.genus).toBe(first!.doc('MX.3').parent!.genus);
  });
});

describe('summaries of ancestors equal to the version before’s', () => {
  it('are that version’s where no taxon keeps its summaries from it', async () => {
    const [first, second] = await derivedInTurn(
      [KINGDOM, taxon('MX.2', 'MX.1', 'MX.genus', { scientificName: 'Bubo' }), taxon('MX.3', 'MX.2', 'MX.species')],
      // Another genus: the species' line changes too.
      [KINGDOM, taxon('MX.4', 'MX.1', 'MX.genus', { scientificName: 'Strix' }), taxon('MX.3', 'MX.4', 'MX.species')],
    );
    const [before, after] = [first!.doc('MX.3').parent!, second!.doc('MX.3').parent!];
    expect(after).toStrictEqual({
      kingdom: { id: 'MX.1', scientificName: 'Animalia', taxonRank: 'MX.kingdom' },
      genus: { id: 'MX.4', scientificName: 'Strix', taxonRank: 'MX.genus' },
    });
    expect(after.kingdom).toBe(before.kingdom);
  });

  it('are that version’s for the first taxon derived under them', async () => {
    const earlier = [
      KINGDOM,
      taxon('MX.2', 'MX.1', 'MX.genus', { scientificName: 'Bubo' }),
      taxon('MX.3', 'MX.2', 'MX.species', { vernacularName: { fi: 'huuhkaja' } }),
    ];
    const later = [...earlier.slice(0, 2), taxon('MX.3', 'MX.2', 'MX.species', { vernacularName: { fi: 'huhkain' } })];
    const [first, second] = await derivedInTurn(earlier, later);
    expect(second!.held).toEqual([['MX.2', 'MX.2']]);
    expect(second!.doc('MX.3').parent).toBe(first!.doc('MX.3').parent);
  });
});

describe('a root without a rank that `parent` summarises', () => {
  const earlier = [{ id: 'MX.1', scientificName: 'Biota' }, taxon('MX.2', 'MX.1', 'MX.species')];
  const ranked = [{ id: 'MX.1', scientificName: 'Biota', taxonRank: 'MX.kingdom' }, earlier[1]!];

  it('leaves its children without summaries, held as before, until it has such a rank', async () => {
    const [first, second, third] = await derivedInTurn(earlier, earlier, ranked);
    expect(first!.doc('MX.2')).not.toHaveProperty('parent');
    expect(second!.held).toEqual([['MX.2', 'MX.2']]);
    expect(third!.held).toEqual([]);
    expect(third!.doc('MX.2').parent).toStrictEqual({
      kingdom: { id: 'MX.1', scientificName: 'Biota', taxonRank: 'MX.kingdom' },
    });
  });
});

describe('species counts of a document held from the version before', () => {
  const species = (id: string, isPartOf: string, extra: object = {}) => taxon(id, isPartOf, 'MX.species', extra);
  const earlier = [
    KINGDOM,
    taxon('MX.2', 'MX.1', 'MX.genus', {
      informalTaxonGroups: ['MVL.1'],
      multimedia: [{ thumbnailURL: 'a.jpg' }],
      latestRedListEvaluation: { redListStatus: 'MX.iucnLC', primaryHabitat: { habitat: 'MKV.habitatMk' } },
    }),
    species('MX.3', 'MX.2', { finnish: true }),
    taxon('MX.4', 'MX.1', 'MX.genus', {
      multimedia: [{ thumbnailURL: 'b.jpg', taxon: { id: 'MX.4' } }],
      latestRedListEvaluation: { redListStatus: 'MX.iucnNT' },
    }),
    species('MX.5', 'MX.4'),
    taxon('MX.6', 'MX.1', 'MX.genus'),
    species('MX.7', 'MX.6'),
    taxon('MX.8', 'MX.1', 'MX.genus'),
    species('MX.9', 'MX.8'),
    taxon('MX.10', 'MX.1', 'MX.genus'),
  ];
  const later = [
    ...earlier.slice(0, 3),
    // One more species, not Finnish: the genus's count changes, its Finnish count does not.
    species('MX.12', 'MX.2'),
    ...earlier.slice(3, 5),
    // One more Finnish species.
    species('MX.13', 'MX.4', { finnish: true }),
    earlier[5]!,
    // Finnish now: the genus's Finnish count changes, its count does not.
    species('MX.7', 'MX.6', { finnish: true }),
    ...earlier.slice(7),
    // A first child, of no rank: the genus has children now, and still no species.
    taxon('MX.11', 'MX.10', undefined),
  ];

  it('are this version’s, in a copy where they differ; the version before’s document keeps its own', async () => {
    const [first, second] = await derivedInTurn(earlier, later);
    expect(second!.held.map(([id]) => id)).toEqual(['MX.2', 'MX.3', 'MX.4', 'MX.5', 'MX.6', 'MX.8', 'MX.9', 'MX.10']);
    const counts = (doc: TaxonDocument) => [doc.countOfSpecies, doc.countOfFinnishSpecies, doc.hasChildren];
    expect(counts(first!.doc('MX.2'))).toEqual([1, 1, true]);
    expect(counts(second!.doc('MX.2'))).toEqual([2, 1, true]);
    expect(counts(first!.doc('MX.4'))).toEqual([1, 0, true]);
    expect(counts(second!.doc('MX.4'))).toEqual([2, 1, true]);
    expect(counts(first!.doc('MX.6'))).toEqual([1, 0, true]);
    expect(counts(second!.doc('MX.6'))).toEqual([1, 1, true]);
    expect(counts(first!.doc('MX.10'))).toEqual([0, 0, false]);
    expect(counts(second!.doc('MX.10'))).toEqual([0, 0, true]);
    expect(counts(second!.doc('MX.1'))).toEqual([6, 3, true]);
    for (const id of ['MX.2', 'MX.4', 'MX.6', 'MX.10']) {
      expect(second!.doc(id)).not.toBe(first!.doc(id));
      expect(Object.keys(second!.doc(id))).toEqual(Object.keys(first!.doc(id)));
      expect(second!.doc(id)).toMatchObject({ id, taxonomicOrder: first!.doc(id).taxonomicOrder });
    }
    for (const id of ['MX.3', 'MX.5', 'MX.8', 'MX.9']) expect(second!.doc(id)).toBe(first!.doc(id));
  });

  it('leave the copy’s values as the data gave them for comparing versions', async () => {
    const [, second] = await derivedInTurn(earlier, later);
    expect(givenTaxonOf(second!.doc('MX.2'))).toStrictEqual({
      id: 'MX.2',
      isPartOf: 'MX.1',
      taxonRank: 'MX.genus',
      informalTaxonGroups: ['MVL.1'],
      multimedia: [{ thumbnailURL: 'a.jpg' }],
      latestRedListEvaluation: { redListStatus: 'MX.iucnLC', primaryHabitat: { habitat: 'MKV.habitatMk' } },
    });
    expect(second!.doc('MX.2').latestRedListEvaluation?.anyHabitatSearchStrings).toEqual([
      'MKV.habitatMk',
      'MKV.habitatM',
    ]);
    expect(givenTaxonOf(second!.doc('MX.4'))).toStrictEqual({
      id: 'MX.4',
      isPartOf: 'MX.1',
      taxonRank: 'MX.genus',
      multimedia: [{ thumbnailURL: 'b.jpg', taxon: { id: 'MX.4' } }],
      latestRedListEvaluation: { redListStatus: 'MX.iucnNT' },
    });
  });
});
