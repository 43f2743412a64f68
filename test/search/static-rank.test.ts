import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareMatches, NAME_TYPE_ORDER } from '../../src/search/rank.ts';
import { staticRank } from '../../src/search/static-rank.ts';

const match = fc.record({
  matchingName: fc.constantFrom('parus major', 'major', 'Parus', 'talitiainen', 'kotka'),
  nameType: fc.constantFrom(...Object.keys(NAME_TYPE_ORDER), 'MX.somethingElse'),
  matchType: fc.constant('PARTIAL' as const),
  finnish: fc.boolean(),
  species: fc.boolean(),
  taxonRank: fc.constantFrom('MX.species', 'MX.genus', 'MX.subspecies'),
  observationCountFinland: fc.nat(100_000),
});

describe('staticRank', () => {
  it('orders as the comparator does wherever the static steps differ', () => {
    fc.assert(
      fc.property(match, match, fc.constantFrom('major', 'par', 'kotka'), (a, b, query) => {
        const [x, y] = [staticRank(a), staticRank(b)];
        if (x < y) expect(compareMatches(a, b, query)).toBeLessThan(0);
        if (x > y) expect(compareMatches(a, b, query)).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('puts a Finnish species scientific name first and an unknown name type of a foreign genus last', () => {
    expect(staticRank({ finnish: true, taxonRank: 'MX.species', species: true, nameType: 'MX.scientificName' })).toBe(
      0,
    );
    expect(staticRank({ finnish: false, taxonRank: 'MX.genus', species: false, nameType: 'MX.other' })).toBe(63);
  });
});
