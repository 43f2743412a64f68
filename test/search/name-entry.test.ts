import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameKeys } from '../../src/search/match-kinds.ts';
import { diacriticTrigrams, storedEntryKeys, trigrams } from '../../src/search/name-entry.ts';
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
