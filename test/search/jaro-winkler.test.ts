import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jaro, jaroWinkler, jaroWinklerAbove } from '../../src/search/jaro-winkler.ts';

const units = (text: string) => Array.from(text, (char) => char.codePointAt(0) ?? 0);

/** Jaro–Winkler as the definition states it, over code points: nothing shared with the module. */
function textbook(a: string, b: string): number {
  const [x, y] = [units(a), units(b)];
  if (x.length === 0 || y.length === 0) return x.length === y.length ? 1 : 0;
  const window = Math.max(0, Math.floor(Math.max(x.length, y.length) / 2) - 1);
  const taken = y.map(() => false);
  const xs: number[] = [];
  x.forEach((code, i) => {
    for (let j = Math.max(0, i - window); j <= Math.min(y.length - 1, i + window); j++) {
      if (!taken[j] && y[j] === code) {
        taken[j] = true;
        xs.push(code);
        return;
      }
    }
  });
  const ys = y.filter((_, j) => taken[j]);
  const m = xs.length;
  if (m === 0) return 0;
  const t = xs.filter((code, i) => code !== ys[i]).length / 2;
  const j = (m / x.length + m / y.length + (m - t) / m) / 3;
  let prefix = 0;
  while (prefix < Math.min(4, x.length, y.length) && x[prefix] === y[prefix]) prefix++;
  return j + prefix * 0.1 * (1 - j);
}

describe('jaroWinkler', () => {
  // First in the file: the scratch memory starts small, and these are the longest strings yet.
  it('compares strings longer than any before, and one holding U+FFFF, as the definition does', () => {
    const long = 'ABCDEFGHIJ'.repeat(40);
    const other = `${long.slice(0, 200)}X${long.slice(201)}𝔸`;
    expect(jaroWinkler(long, other)).toBeCloseTo(textbook(long, other), 12);
    expect(jaroWinkler('\uffffAB', 'AB')).toBe(0);
    expect(jaroWinkler('\uffffAB', 'AB')).toBe(textbook('\uffffAB', 'AB'));
  });

  it.each([
    ['MARTHA', 'MARHTA', 0.944, 0.961],
    ['DWAYNE', 'DUANE', 0.822, 0.84],
    ['DIXON', 'DICKSONX', 0.767, 0.813],
    ['CRATE', 'TRACE', 0.733, 0.733],
    ['JELLYFISH', 'SMELLYFISH', 0.896, 0.896],
  ])('%s / %s: Jaro %d, Jaro–Winkler %d', (a, b, expectedJaro, expected) => {
    expect(jaro(units(a), units(b))).toBeCloseTo(expectedJaro, 3);
    expect(jaroWinkler(a, b)).toBeCloseTo(expected, 3);
  });

  it('is 1 for equal strings and 0 with nothing in common', () => {
    expect(jaroWinkler('KOTKA', 'KOTKA')).toBe(1);
    expect(jaroWinkler('', '')).toBe(1);
    expect(jaroWinkler('ABC', '')).toBe(0);
    expect(jaroWinkler('ABC', 'XYZ')).toBe(0);
  });

  it('counts the common prefix up to four characters', () => {
    // Jaro 0.8333 for both; prefix 4 (capped) gives 0.9.
    expect(jaroWinkler('SUSIÅPUS', 'SUSI')).toBeCloseTo(0.9, 10);
    expect(jaroWinkler('ABCDEFGH', 'ABCDE')).toBeCloseTo(
      jaro(units('ABCDEFGH'), units('ABCDE')) + 0.4 * (1 - 0.875),
      10,
    );
  });

  it('reproduces FinBIF’s susiåpus / susi = 0.889 only over UTF-8 bytes (Oracle’s way)', () => {
    expect(jaroWinkler('SUSIÅPUS', 'SUSI', { encoding: 'utf8' })).toBeCloseTo(0.889, 3);
    expect(jaroWinkler('SUSIÅPUS', 'SUSI')).not.toBeCloseTo(0.889, 3);
  });

  it('treats a character outside the BMP as one character', () => {
    expect(jaroWinkler('A𝔸B', 'A𝔸B')).toBe(1);
    expect(jaroWinkler('A𝔸', 'AB')).toBeCloseTo(jaroWinkler('AC', 'AB'), 10);
  });

  it('stays within [0, 1], is 1 on equal strings and is symmetric', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const similarity = jaroWinkler(a, b);
        expect(similarity).toBeGreaterThanOrEqual(0);
        expect(similarity).toBeLessThanOrEqual(1 + 1e-12);
        expect(jaroWinkler(a, a)).toBe(1);
        expect(jaroWinkler(b, a)).toBeCloseTo(similarity, 12);
      }),
    );
  });

  it('gives the textbook definition’s value for any pair, long or short, one call after another', () => {
    const text = fc.string({ unit: fc.constantFrom('A', 'B', 'C', 'Ä', ' ', '𝔸', '\uffff'), maxLength: 150 });
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(jaroWinkler(a, b)).toBeCloseTo(textbook(a, b), 12);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same similarity above a threshold, and nothing at or below it, when it gives up early', () => {
    // Up to 40 characters, some outside the BMP: both the bit-parallel comparison (a query of at
    // most 32 BMP characters) and the general one.
    const text = fc.string({ unit: fc.constantFrom('A', 'B', 'C', 'D', ' ', 'Ä', '𝔸'), maxLength: 40 });
    const threshold = fc.constantFrom(0, 0.5, 0.7, 0.8, 0.88, 0.9, 0.95);
    fc.assert(
      fc.property(text, text, threshold, (a, b, t) => {
        // Asked first: the query of the run before is still the one the comparison holds.
        const above = jaroWinklerAbove(a, b, t);
        const similarity = jaroWinkler(a, b);
        expect(above).toBe(similarity > t ? similarity : undefined);
      }),
      { numRuns: 3000 },
    );
    // Near misses and near hits of the search's threshold.
    const long = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
    for (const [a, b] of [
      ['ABCDEFGHIJKLMNOPQ', 'ABCDEFG'],
      ['ABCDEFGHIJKLMNOPQR', 'ABCDEFG'],
      ['SUSIÅPUS', 'SUSI'],
      ['MARTHA', 'MARHTA'],
      [long, `${long.slice(0, 31)}6`],
      [`${long}6`, long],
      [long, `${long}6`],
      ['A𝔸BCDEFG', 'ABCDEFGH'],
      ['ABCDEFGH', 'A𝔸BCDEFG'],
    ]) {
      const similarity = jaroWinkler(a!, b!);
      expect(jaroWinklerAbove(a!, b!, 0.88)).toBe(similarity > 0.88 ? similarity : undefined);
    }
  });
});
