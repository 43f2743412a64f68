import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jaroWinkler } from '../../src/search/jaro-winkler.ts';
import { likelyAdmits, likelyCharTokens, needShared } from '../../src/search/likely-bounds.ts';
import { LIKELY_THRESHOLD } from '../../src/search/match-kinds.ts';

describe('likely bounds', () => {
  it('counts characters by occurrence', () => {
    expect(likelyCharTokens(['KOTKA'])).toEqual(['K1', 'O1', 'T1', 'K2', 'A1']);
    expect(likelyCharTokens(['KÄKI', 'KAKI'])).toEqual(['K1', 'Ä1', 'K2', 'I1', 'A1']);
  });

  it('needs more shared characters of longer names and fewer where more leading letters are shared', () => {
    // c (1/L + 1/Q) ≥ 1.64 with no common prefix: 9 of 10, and all of a 7-letter name.
    expect(needShared(0, 10, 10)).toBe(9);
    expect(needShared(0, 7, 10)).toBe(7);
    expect(needShared(0, 6, 10)).toBeUndefined();
    expect(needShared(0, 16, 10)).toBeUndefined();
    // c (1/L + 1/Q) ≥ 1.4 with four: 7 of 10.
    expect(needShared(4, 10, 10)).toBe(7);
    // At 25 letters all ten give exactly 0.88: admitted, as the bound is taken with ≥.
    expect(needShared(4, 25, 10)).toBe(10);
    expect(needShared(4, 26, 10)).toBeUndefined();
  });

  it('admits every name whose similarity passes the threshold (brute force over near strings)', () => {
    const letter = fc.constantFrom('A', 'E', 'K', 'O', 'T', 'Ä', ' ');
    const text = fc.array(letter, { minLength: 1, maxLength: 14 }).map((letters) => letters.join(''));
    // Names near the query, so that many pairs pass: the query with letters changed, dropped, added.
    const pair = fc
      .tuple(text, fc.array(fc.tuple(fc.nat(20), fc.option(letter, { nil: undefined })), { maxLength: 3 }))
      .map(([query, edits]) => {
        const name = [...query];
        for (const [at, with_] of edits) {
          const i = at % (name.length + 1);
          if (with_ === undefined) name.splice(i, 1);
          else name.splice(i, at % 2, with_);
        }
        return [query, name.join('') || 'A'] as const;
      });
    let passing = 0;
    fc.assert(
      fc.property(pair, ([query, name]) => {
        if (jaroWinkler(name, query) > LIKELY_THRESHOLD) {
          passing++;
          expect(likelyAdmits(name, query), `${name} / ${query}`).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
    // The property was exercised: a good share of the pairs passed the threshold.
    expect(passing).toBeGreaterThan(300);
  });

  it('admits the longest and shortest names that can pass, and no others', () => {
    // A query that is a prefix of the name comes closest to the length bound.
    expect(jaroWinkler('ABCDEFGHIJKLMNOPQ', 'ABCDEFG')).toBeGreaterThan(LIKELY_THRESHOLD);
    expect(likelyAdmits('ABCDEFGHIJKLMNOPQ', 'ABCDEFG')).toBe(true);
    expect(jaroWinkler('ABCDEFGHIJKLMNOPQR', 'ABCDEFG')).toBeLessThanOrEqual(LIKELY_THRESHOLD);
    expect(likelyAdmits('ABCDEFGHIJKLMNOPQR', 'ABCDEFG')).toBe(false);
    expect(jaroWinkler('ABCD', 'ABCDEFG')).toBeGreaterThan(LIKELY_THRESHOLD);
    expect(likelyAdmits('ABCD', 'ABCDEFG')).toBe(true);
    expect(jaroWinkler('ABC', 'ABCDEFG')).toBeLessThanOrEqual(LIKELY_THRESHOLD);
    expect(likelyAdmits('ABC', 'ABCDEFG')).toBe(false);
  });

  it('is tight at the bound: a pair just below it is not admitted when its characters cannot match', () => {
    // Ten letters, no common prefix, eight shared: (8/10 + 8/10 + 1) / 3 = 0.867 < 0.88.
    expect(likelyAdmits('XYKOTEKATO', 'KOTEKATOAB')).toBe(false);
    expect(jaroWinkler('XYKOTEKATO', 'KOTEKATOAB')).toBeLessThanOrEqual(LIKELY_THRESHOLD);
  });
});
