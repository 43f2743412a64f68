/**
 * Sort ranks kept from version to version (`SortRanks`): each version's ranks are those of its
 * names alone, however the versions before it ordered theirs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortRanks } from '../../loaders/sort-ranks.ts';
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

const ranksOf = (docs: TaxonDocument[]) => docs.map((doc) => [doc.scientificNameSortRank, doc.finnishNameSortRank]);

describe('sort ranks of several versions', () => {
  it('are each version’s own ranks', () => {
    fc.assert(
      fc.property(fc.array(taxaArb, { minLength: 1, maxLength: 5 }), (versions) => {
        const kept = new SortRanks();
        for (const taxa of versions) {
          const together = documentsOf(taxa);
          const alone = documentsOf(taxa);
          kept.assign(together);
          new SortRanks().assign(alone);
          expect(ranksOf(together)).toEqual(ranksOf(alone));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('give canonically equivalent names one rank, a name of plain letters and one with a compatibility letter too', () => {
    const docs = documentsOf(
      ['K', '\u212A', 'e\u0301', '\u00E9', 'L'].map((scientificName) => ({ scientificName, fi: undefined })),
    );
    new SortRanks().assign(docs);
    expect(docs.map((doc) => doc.scientificNameSortRank)).toEqual([1, 1, 0, 0, 2]);
  });

  it('sort Finnish names with å, ä and ö after z, equal names equal', () => {
    const docs = documentsOf(['z', 'ä', 'a', 'å', 'ö', 'a'].map((fi) => ({ scientificName: 'x', fi })));
    new SortRanks().assign(docs);
    expect(docs.map((doc) => doc.finnishNameSortRank)).toEqual([1, 3, 0, 2, 4, 0]);
  });
});
