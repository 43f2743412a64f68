/**
 * Sort ranks numbered over every version at once (`assignSortRanks`): in each version they order
 * its taxa by their names' canonical forms in collation order, as ranks of its names alone would.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignSortRanks } from '../../loaders/sort-ranks.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';

/** Names that collate close together or equal: case, Finnish letters, combining marks, an ignorable soft hyphen. */
const NAMES = [
  'aalto',
  'Aalto',
  'äyriäinen',
  'ayri',
  'å',
  'z',
  'é',
  'e\u0301',
  'e\u0301\u00AD',
  'e',
  'a\u00ADb',
  'ab',
  'Öljy',
  'oljy',
  'w',
  'v',
];

const taxaArb = fc.array(
  fc.record({
    scientificName: fc.constantFrom(...NAMES),
    fi: fc.option(fc.constantFrom(...NAMES), { nil: undefined }),
  }),
  { maxLength: 12 },
);

const documentsOf = (taxa: { scientificName: string; fi: string | undefined }[]) =>
  taxa.map(
    ({ scientificName, fi }, i) =>
      ({ id: `t${i}`, scientificName, ...(fi === undefined ? {} : { vernacularName: { fi } }) }) as TaxonDocument,
  );

/** A fixed scramble of a taxon's place in a version. */
const hash = (id: string, version: number) => (Number(id.slice(1)) * 7919 + version * 104729) % 13;

/** The order the ranks must give, stated directly: canonical forms by the collator, then by code unit. */
function compareNames(collator: Intl.Collator, a: string, b: string): number {
  const [x, y] = [a.normalize(), b.normalize()];
  return collator.compare(x, y) || (x < y ? -1 : x > y ? 1 : 0);
}

function expectRanksOrder(
  docs: TaxonDocument[],
  nameOf: (doc: TaxonDocument) => string | undefined,
  rankOf: (doc: TaxonDocument) => number | undefined,
  collator: Intl.Collator,
): void {
  for (const doc of docs) expect(rankOf(doc) === undefined).toBe(nameOf(doc) === undefined);
  for (const a of docs) {
    for (const b of docs) {
      if (nameOf(a) === undefined || nameOf(b) === undefined) continue;
      expect(Math.sign(rankOf(a)! - rankOf(b)!)).toBe(Math.sign(compareNames(collator, nameOf(a)!, nameOf(b)!)));
    }
  }
}

describe('sort ranks of several versions', () => {
  it('order each version’s taxa by their names, whatever the other versions hold', () => {
    const en = new Intl.Collator('en');
    const fi = new Intl.Collator('fi');
    fc.assert(
      fc.property(fc.array(taxaArb, { minLength: 1, maxLength: 5 }), fc.boolean(), (versions, positioned) => {
        // Each version's taxa in a shuffled order, so that a taxon is not always where it was before.
        const docs = versions.map((taxa, v) => documentsOf(taxa).sort((a, b) => hash(a.id, v) - hash(b.id, v)));
        const positionsOf = docs.map((version) => (id: string) => {
          const position = version.findIndex((doc) => doc.id === id);
          return position === -1 ? undefined : position;
        });
        assignSortRanks(docs, positioned ? positionsOf : []);
        for (const version of docs) {
          expectRanksOrder(
            version,
            (doc) => doc.scientificName,
            (doc) => doc.scientificNameSortRank,
            en,
          );
          expectRanksOrder(
            version,
            (doc) => doc.vernacularName?.fi,
            (doc) => doc.finnishNameSortRank,
            fi,
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('give canonically equivalent names one rank, a name of plain letters and one with a compatibility letter too', () => {
    const docs = documentsOf(
      ['K', '\u212A', 'e\u0301', '\u00E9', 'L'].map((scientificName) => ({ scientificName, fi: undefined })),
    );
    assignSortRanks([docs]);
    expect(docs.map((doc) => doc.scientificNameSortRank)).toEqual([1, 1, 0, 0, 2]);
  });

  it('tie canonically equivalent names even with a name the collator finds equal between them by code unit', () => {
    // 'e\u0301\u00AD' collates as é (the soft hyphen is ignorable) and, by code unit, falls between
    // 'e\u0301' and 'é'; it is not canonically equivalent to them.
    const docs = documentsOf(
      ['e\u0301', 'e\u0301\u00AD', '\u00E9'].map((scientificName) => ({ scientificName, fi: undefined })),
    );
    assignSortRanks([docs]);
    expect(docs.map((doc) => doc.scientificNameSortRank)).toEqual([0, 1, 0]);
  });

  it('sort Finnish names with å, ä and ö after z, equal names equal', () => {
    const docs = documentsOf(['z', 'ä', 'a', 'å', 'ö', 'a'].map((fi) => ({ scientificName: 'x', fi })));
    assignSortRanks([docs]);
    expect(docs.map((doc) => doc.finnishNameSortRank)).toEqual([1, 3, 0, 2, 4, 0]);
  });

  it('number the names of all versions together: one name has one rank in every version', () => {
    const first = documentsOf([
      { scientificName: 'b', fi: undefined },
      { scientificName: 'd', fi: undefined },
    ]);
    const second = documentsOf([
      { scientificName: 'a', fi: undefined },
      { scientificName: 'd', fi: undefined },
    ]);
    assignSortRanks([first, second]);
    expect(first.map((doc) => doc.scientificNameSortRank)).toEqual([1, 2]);
    expect(second.map((doc) => doc.scientificNameSortRank)).toEqual([0, 2]);
  });
});
