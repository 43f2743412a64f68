import { describe, expect, it } from 'vitest';
import { type RankedMatch, rankFeatures } from '../../src/search/rank-features.ts';
import { rankingText, rankQuery } from '../../src/search/ranking-text.ts';

const match = (matchingName: string): RankedMatch => ({
  matchingName,
  nameType: 'MX.scientificName',
  matchType: 'PARTIAL',
  finnish: true,
  species: true,
});

/** The features of `name` against `query`, the match left out. */
function featuresOf(name: string, query: string) {
  const { match: _match, ...features } = rankFeatures(match(name), rankQuery(query));
  return features;
}

describe('rankFeatures', () => {
  it('of a name equal to the query: equal, starts and ends with it, no other word around it', () => {
    expect(featuresOf('Parus Major', 'parus major')).toEqual({
      lowerName: 'parus major',
      equalsQuery: true,
      wordMatchCount: 2,
      startsWithQuery: true,
      wordStartsWithQuery: false,
      wordEndsWithQuery: false,
      endsWithQuery: true,
    });
  });

  it('of a one-word name: it starts with the query when its text does, and its own word is not "another word"', () => {
    expect(featuresOf('Susi', 'susi')).toMatchObject({
      equalsQuery: true,
      wordMatchCount: 1,
      wordStartsWithQuery: true,
      wordEndsWithQuery: false,
    });
    expect(featuresOf('Parus', 'par')).toMatchObject({
      equalsQuery: false,
      startsWithQuery: true,
      wordStartsWithQuery: true,
      endsWithQuery: false,
    });
    expect(featuresOf('Lupus', 'pus')).toMatchObject({ wordStartsWithQuery: false, endsWithQuery: true });
  });

  it('of a name of several words: a later word that starts or ends with the query', () => {
    expect(featuresOf('Parus Major', 'ma')).toMatchObject({
      equalsQuery: false,
      startsWithQuery: false,
      wordStartsWithQuery: true,
      wordEndsWithQuery: false,
    });
    expect(featuresOf('Parus Major', 'jor')).toMatchObject({ wordEndsWithQuery: true, endsWithQuery: true });
    expect(featuresOf('Major Parus', 'jor')).toMatchObject({ wordEndsWithQuery: true, endsWithQuery: false });
  });
});

describe('rankingText', () => {
  it('drops the hybrid sign and lone x tokens, collapses whitespace and lower-cases', () => {
    expect(rankingText('Salix ×rubens', false)).toBe('salix rubens');
    expect(rankingText('× Festulolium  loliaceum', false)).toBe('festulolium loliaceum');
    expect(rankingText('Salix x Rubens', false)).toBe('salix rubens');
    expect(rankingText(' Käki\tLintu ', true)).toBe('kaki lintu');
    expect(rankingText(' Käki\tLintu ', false)).toBe('käki lintu');
  });
});
