import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameKeys } from '../../src/search/match-kinds.ts';
import { storedEntryKeys } from '../../src/search/name-entry.ts';
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
