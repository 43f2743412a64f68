import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bitTokens,
  nameOrders,
  observationOrdinal,
  OBSERVATION_BITS,
  prominence,
  reverse,
  wordRepeats,
} from '../../src/search/entry-order.ts';
import { roundObservationCount } from '../../src/search/rank.ts';

describe('prominence (steps 11–12)', () => {
  it('keeps the order of the rounded observation counts and makes equal counts equal', () => {
    fc.assert(
      fc.property(fc.nat(30_000_000), fc.nat(30_000_000), (a, b) => {
        const [x, y] = [roundObservationCount(a), roundObservationCount(b)];
        expect(Math.sign(observationOrdinal(a) - observationOrdinal(b))).toBe(Math.sign(x - y));
      }),
      { numRuns: 3000 },
    );
    expect([undefined, 0, 7, 55, 250, 2632, 150_000].map(observationOrdinal)).toEqual([0, 0, 1, 2, 3, 12, 115]);
    expect(observationOrdinal(1e12)).toBe(2 ** OBSERVATION_BITS - 1);
  });

  it('puts a genus above every observation count, and spells the value as bit tokens', () => {
    expect(prominence('MX.genus', 0)).toBeGreaterThan(prominence('MX.species', 1e12));
    expect(bitTokens(prominence('MX.species', 2632))).toEqual(['2', '3']);
    expect(bitTokens(0)).toEqual([]);
    expect(bitTokens(12)).toBe(bitTokens(12));
  });
});

describe('word tokens', () => {
  it('gives each repetition of a word its occurrence, and reverses by code point', () => {
    expect(wordRepeats(['pica', 'pica', 'pica', 'x'])).toEqual(['pica 2', 'pica 3']);
    expect(wordRepeats(['bubo'])).toEqual([]);
    // Step 8 counts up to eight occurrences of a word: the ninth and tenth get no token.
    expect(wordRepeats(Array.from({ length: 10 }, () => 'pica'))).toEqual([
      'pica 2',
      'pica 3',
      'pica 4',
      'pica 5',
      'pica 6',
      'pica 7',
      'pica 8',
    ]);
    expect(reverse('käki')).toBe('ikäk');
    expect(reverse('a\u{1F426}b')).toBe('b\u{1F426}a');
  });
});

describe('nameOrders (steps 15–17 and the taxon id)', () => {
  it('numbers Finnish names first, then by the lower-cased name, name type and taxon id', () => {
    const entries = [
      { name: 'Bubo', nameType: 'MX.scientificName', taxonId: 'MX.2' },
      { name: 'huuhkaja', nameType: 'MX.vernacularName', language: 'fi', taxonId: 'MX.2' },
      { name: 'bubo', nameType: 'MX.hasSynonym', taxonId: 'MX.1' },
      { name: 'Bubo', nameType: 'MX.scientificName', taxonId: 'MX.1' },
      { name: 'berguv', nameType: 'MX.vernacularName', language: 'sv', taxonId: 'MX.2' },
    ];
    expect([...nameOrders(entries)]).toEqual([4, 0, 2, 3, 1]);
  });

  it('orders by the name type before the taxon id', () => {
    const entries = [
      { name: 'bubo', nameType: 'MX.scientificName', taxonId: 'MX.1' },
      { name: 'Bubo', nameType: 'MX.hasSynonym', taxonId: 'MX.2' },
    ];
    expect([...nameOrders(entries)]).toEqual([1, 0]);
  });

  it('compares the names lower-cased, not upper-cased', () => {
    // × (U+00D7) lies between Ö (U+00D6) and ö (U+00F6): lower-cased, ×Sorbaronia comes first.
    const entries = [
      { name: 'Öljypalmu', nameType: 'MX.vernacularName', taxonId: 'MX.1' },
      { name: '×Sorbaronia', nameType: 'MX.scientificName', taxonId: 'MX.2' },
    ];
    expect([...nameOrders(entries)]).toEqual([1, 0]);
  });
});
