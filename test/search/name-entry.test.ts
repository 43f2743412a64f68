import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameKeys } from '../../src/search/match-kinds.ts';
import {
  diacriticTrigrams,
  entryAttributesOf,
  nameTokens,
  sameEntryAttributes,
  storedEntryKeys,
  trigrams,
} from '../../src/search/name-entry.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';
import { hasDiacritics } from '../../src/search/normalise.ts';
import { rankingText } from '../../src/search/ranking-text.ts';

// Names of letters that fold (diacritics, combining marks, ligatures, ß), hybrid signs, lone x
// and whitespace of several kinds.
const name = fc.string({
  unit: fc.constantFrom('a', 'B', 'x', 'X', 'ä', 'Ö', 'e\u0301', 'Æ', 'ø', 'ß', 'Ł', '×', ' ', '  ', '\t'),
  maxLength: 12,
});

describe('storedEntryKeys', () => {
  it('are the strict and folded keys and ranking texts of the name, equal ones one value', () => {
    fc.assert(
      fc.property(name, (literal) => {
        const keys = storedEntryKeys(literal);
        expect(keys.exactKeys).toEqual(nameKeys(literal, { fold: false }));
        expect(keys.foldedKeys).toEqual(nameKeys(literal, { fold: true }));
        expect(keys.rankText).toBe(rankingText(literal, false));
        expect(keys.foldedRankText).toBe(rankingText(literal, true));
        const sameKeys = keys.foldedKeys.join('\u0000') === keys.exactKeys.join('\u0000');
        expect(keys.foldedKeys === keys.exactKeys).toBe(sameKeys);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('diacriticTrigrams', () => {
  it('are the trigrams of the strict keys that folding changes', () => {
    fc.assert(
      fc.property(name, (literal) => {
        const { exactKeys, foldedKeys } = storedEntryKeys(literal);
        const changed = trigrams(exactKeys).filter(hasDiacritics);
        expect(diacriticTrigrams(exactKeys, new Set(trigrams(foldedKeys)))).toEqual(changed);
      }),
      { numRuns: 2000 },
    );
  });

  it('keep the trigrams that hold a letter with a diacritic, and only those', () => {
    const { exactKeys, foldedKeys } = storedEntryKeys('Röst');
    expect(diacriticTrigrams(exactKeys, new Set(trigrams(foldedKeys)))).toEqual(['RÖS', 'ÖST']);
  });
});

describe('nameTokens', () => {
  const tokensOf = (literal: string, attributes = {}) => nameTokens(storedEntryKeys(literal), attributes);

  it('are the trigrams, lengths, later word prefixes and words of a name that repeats a word', () => {
    expect(tokensOf('Parus major major', { taxonRank: 'MX.genus' })).toEqual({
      grams: ['PAR', 'ARU', 'RUS', 'US ', 'S M', ' MA', 'MAJ', 'AJO', 'JOR', 'OR ', 'R M'],
      diacriticGrams: [],
      keyLengths: [17],
      laterWordPrefixes: ['M', 'MA'],
      rankWords: ['parus', 'major'],
      foldedRankWords: ['parus', 'major'],
      rankWordRepeats: ['major 2'],
      foldedRankWordRepeats: ['major 2'],
      reversedRankWords: ['surap', 'rojam'],
      foldedReversedRankWords: ['surap', 'rojam'],
      reversedLastWord: 'rojam',
      foldedReversedLastWord: 'rojam',
      // a genus without observations: the genus flag alone, bit 12
      prominenceBits: ['12'],
    });
  });

  it('keep strict and folded words apart for a name with diacritics, and its strict trigrams', () => {
    expect(tokensOf('Ärjä ärjä')).toMatchObject({
      grams: ['ARJ', 'RJA', 'JA ', 'A A', ' AR'],
      diacriticGrams: ['ÄRJ', 'RJÄ', 'JÄ ', 'Ä Ä', ' ÄR'],
      keyLengths: [9],
      laterWordPrefixes: ['A', 'AR'],
      rankWords: ['ärjä'],
      foldedRankWords: ['arja'],
      rankWordRepeats: ['ärjä 2'],
      foldedRankWordRepeats: ['arja 2'],
      reversedRankWords: ['äjrä'],
      foldedReversedRankWords: ['ajra'],
      reversedLastWord: 'äjrä',
      foldedReversedLastWord: 'ajra',
      prominenceBits: [],
    });
  });

  it('of a one-word name: no repeats, no later words, its last word its only word', () => {
    expect(tokensOf('Käki')).toMatchObject({
      grams: ['KAK', 'AKI'],
      diacriticGrams: ['KÄK', 'ÄKI'],
      keyLengths: [4],
      laterWordPrefixes: [],
      rankWords: ['käki'],
      rankWordRepeats: [],
      reversedLastWord: 'ikäk',
      foldedReversedLastWord: 'ikak',
    });
  });

  it('of a name shorter than a trigram: the name itself as its one gram', () => {
    expect(tokensOf('Ab')).toMatchObject({ grams: ['AB'], diacriticGrams: [], keyLengths: [2] });
    expect(tokensOf('Ö')).toMatchObject({ grams: ['O'], diacriticGrams: ['Ö'], keyLengths: [1] });
  });

  it('name the last word reversed, and every distinct length of the strict and folded keys', () => {
    fc.assert(
      fc.property(name, (literal) => {
        const keys = storedEntryKeys(literal);
        const tokens = nameTokens(keys, {});
        const reversed = (word: string) => [...word].reverse().join('');
        const words = keys.rankText.split(' ');
        expect(tokens.rankWords).toEqual([...new Set(words)]);
        expect(tokens.reversedRankWords).toEqual([...new Set(words)].map(reversed));
        expect(tokens.reversedLastWord).toBe(reversed(words[words.length - 1]!));
        const folded = keys.foldedRankText.split(' ');
        expect(tokens.foldedReversedLastWord).toBe(reversed(folded[folded.length - 1]!));
        const lengths = new Set([...keys.exactKeys, ...keys.foldedKeys].map((key) => [...key].length));
        expect(new Set(tokens.keyLengths)).toEqual(lengths);
        expect(tokens.keyLengths).toHaveLength(lengths.size);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('entryAttributesOf', () => {
  const taxon = {
    id: 'MX.1',
    nameAccordingTo: 'MR.1',
    scientificName: 'Parus major',
    scientificNameAuthorship: 'Linnaeus, 1758',
    taxonRank: 'MX.species',
    cursiveName: true,
    finnish: true,
    species: true,
    vernacularName: { fi: 'talitiainen' },
    informalTaxonGroups: ['MVL.1'],
    taxonSets: [],
    observationCountFinland: 12,
    parent: { kingdom: { id: 'MX.37600', scientificName: 'Animalia' } },
    taxonomicOrder: 7,
  } as unknown as TaxonDocument;

  it('are what every entry of the taxon carries, flags as booleans, empty lists left out', () => {
    // Strictly: an attribute the taxon lacks is no key at all, not a key holding undefined.
    expect(entryAttributesOf(taxon)).toStrictEqual({
      taxonId: 'MX.1',
      checklist: 'MR.1',
      scientificName: 'Parus major',
      scientificNameAuthorship: 'Linnaeus, 1758',
      taxonRank: 'MX.species',
      cursiveName: true,
      finnish: true,
      species: true,
      invasiveSpecies: false,
      hidden: false,
      vernacularName: { fi: 'talitiainen' },
      informalTaxonGroups: ['MVL.1'],
      observationCountFinland: 12,
      kingdomScientificName: 'Animalia',
      taxonomicOrder: 7,
    });
  });

  it('name a kingdom by itself, a taxon of no checklist by ".", and no place as 0', () => {
    const kingdom = { id: 'MX.37600', scientificName: 'Animalia', taxonRank: 'MX.kingdom' } as TaxonDocument;
    expect(entryAttributesOf(kingdom)).toStrictEqual({
      taxonId: 'MX.37600',
      checklist: '.',
      scientificName: 'Animalia',
      taxonRank: 'MX.kingdom',
      finnish: false,
      species: false,
      invasiveSpecies: false,
      hidden: false,
      kingdomScientificName: 'Animalia',
      taxonomicOrder: 0,
    });
  });

  it('are the same for two taxa alike but for their place, and differ by any attribute', () => {
    expect(sameEntryAttributes(taxon, { ...taxon, taxonomicOrder: 8 } as TaxonDocument)).toBe(true);
    const changes: Partial<TaxonDocument>[] = [
      { id: 'MX.2' },
      { nameAccordingTo: 'MR.2' },
      { scientificName: 'Parus minor' },
      { scientificNameAuthorship: 'L.' },
      { taxonRank: 'MX.genus' },
      { cursiveName: false },
      { finnish: false },
      { species: false },
      { invasiveSpecies: true },
      { hiddenTaxon: true },
      { vernacularName: { fi: 'talitiainen' } },
      { informalTaxonGroups: ['MVL.1'] },
      { observationCountFinland: 13 },
      { parent: { kingdom: { id: 'MX.37600', scientificName: 'Plantae' } } } as Partial<TaxonDocument>,
    ];
    for (const change of changes)
      expect(sameEntryAttributes(taxon, { ...taxon, ...change } as TaxonDocument), JSON.stringify(change)).toBe(false);
  });
});
