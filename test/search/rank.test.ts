import { describe, expect, it } from 'vitest';
import {
  compareMatches,
  NAME_TYPE_ORDER,
  nameTypeOrder,
  OTHER_NAME_TYPE_ORDER,
  roundObservationCount,
  sortMatches,
  type RankedMatch,
} from '../../src/search/rank.ts';
import { rankQuery } from '../../src/search/ranking-text.ts';

/** FinBIF's comparator tests mostly use finnish species matched partially by a name. */
function match(fields: Partial<RankedMatch> & { matchingName: string }): RankedMatch {
  return {
    finnish: true,
    species: true,
    taxonRank: 'MX.species',
    matchType: 'PARTIAL',
    nameType: 'MX.vernacularName',
    ...fields,
  };
}

const sci = (matchingName: string, fields: Partial<RankedMatch> = {}) =>
  match({ matchingName, nameType: 'MX.scientificName', ...fields });

const names = (matches: readonly RankedMatch[]) => matches.map((m) => m.matchingName);
const ids = (matches: readonly RankedMatch[]) => matches.map((m) => m.taxonId);

/** Sorted from the given order and from its reverse, which must agree. */
function sortedBoth(matches: readonly RankedMatch[], query: string): RankedMatch[] {
  const forward = [...matches].sort((a, b) => compareMatches(a, b, query));
  const backward = [...matches].reverse().sort((a, b) => compareMatches(a, b, query));
  expect(backward).toEqual(forward);
  expect(sortMatches(matches, rankQuery(query))).toEqual(forward);
  return forward;
}

describe('roundObservationCount', () => {
  it.each([
    [0, 0],
    [1, 10],
    [5, 10],
    [52, 100],
    [199, 100],
    [200, 200],
    [999, 900],
    [1000, 1000],
    [1252, 1000],
    [2632, 2000],
    [7045, 7000],
    [10045, 10000],
    [15045, 15000],
    [155045, 150000],
    [123456, 120000],
  ])('%i → %i (FinBIF test case)', (count, expected) => {
    expect(roundObservationCount(count)).toBe(expected);
  });

  it.each([
    [undefined, 0],
    [10, 10],
    [11, 100],
    [100, 100],
    [101, 100],
    [99_999, 99_000],
    [100_000, 100_000],
  ])('%s → %i at the edges', (count, expected) => {
    expect(roundObservationCount(count)).toBe(expected);
  });
});

describe('nameTypeOrder', () => {
  it('follows FinBIF’s table and puts unknown types last', () => {
    expect(nameTypeOrder('MX.scientificName')).toBe(0);
    expect(nameTypeOrder('MX.euringCode')).toBe(1);
    expect(nameTypeOrder('MX.hasBasionym')).toBe(2);
    expect(nameTypeOrder('MX.hasHomotypicSynonym')).toBe(3);
    expect(nameTypeOrder('MX.hasMisappliedName')).toBe(4);
    expect(nameTypeOrder('MX.somethingNew')).toBe(OTHER_NAME_TYPE_ORDER);
    expect(nameTypeOrder('toString')).toBe(OTHER_NAME_TYPE_ORDER);
    expect(Object.keys(NAME_TYPE_ORDER)).toHaveLength(20);
  });
});

describe('compareMatches: FinBIF’s comparator tests', () => {
  it('test: equal finnish species sort alphabetically', () => {
    const matches = [sci('parus major'), sci('ptiloxenus major')];
    expect(names(sortedBoth(matches, 'major'))).toEqual(['parus major', 'ptiloxenus major']);
  });

  it('test_2: a finnish taxon first', () => {
    const matches = [sci('parus major', { finnish: false }), sci('ptiloxenus major')];
    expect(names(sortedBoth(matches, 'major'))).toEqual(['ptiloxenus major', 'parus major']);
  });

  it('test_3: a species before a genus', () => {
    const matches = [sci('parus', { taxonRank: 'MX.genus', species: false }), sci('parus major')];
    expect(names(sortedBoth(matches, 'parus'))).toEqual(['parus major', 'parus']);
  });

  it('test_4: higher similarity first', () => {
    const matches = [sci('parus majorx', { similarity: 0.9 }), sci('parus major', { similarity: 0.8 })];
    expect(names(sortedBoth(matches, 'parus majox'))).toEqual(['parus majorx', 'parus major']);
  });

  it('test_5: otherwise alphabetical', () => {
    const matches = [sci('parus majorx'), sci('parus major')];
    expect(names(sortedBoth(matches, 'parus'))).toEqual(['parus major', 'parus majorx']);
  });

  it('test_5_2: equal similarities fall through to the name', () => {
    const likely = { similarity: 0.9, matchType: 'LIKELY' as const };
    const matches = [sci('parus majorx', likely), sci('parus major', likely)];
    expect(names(sortedBoth(matches, 'parus'))).toEqual(['parus major', 'parus majorx']);
  });

  it('test_6: a name starting with the search word first', () => {
    const matches = [
      match({ matchingName: 'rupikonna', nameLanguage: 'fi' }),
      match({ matchingName: 'etelänrupikka', nameLanguage: 'fi' }),
    ];
    expect(names(sortedBoth(matches, 'rupik'))).toEqual(['rupikonna', 'etelänrupikka']);
  });

  it('test_7: prefix matches first, each group alphabetical', () => {
    const matches = ['axx', 'bx1', 'bx2', 'dxx'].map((matchingName) => match({ matchingName }));
    expect(names(sortedBoth(matches, 'b'))).toEqual(['bx1', 'bx2', 'axx', 'dxx']);
  });

  it('test_8: word matches, prefixes, word prefixes, word suffixes, suffixes; likely last', () => {
    const partial = ['XXX aaa', 'XXX bbb', 'bbb XXX', 'bbb bbb', 'Xbbb bbb', 'bbbX bbb', 'bbb Xbbb', 'bbb bbbX'];
    const matches = [
      ...partial.map((matchingName) => match({ matchingName })),
      match({ matchingName: 'bbab', matchType: 'LIKELY' }),
    ];
    expect(names(sortedBoth(matches, 'bbb'))).toEqual([
      'bbb bbb',
      'bbbX bbb',
      'bbb bbbX',
      'bbb Xbbb',
      'bbb XXX',
      'Xbbb bbb',
      'XXX bbb',
      'XXX aaa',
      'bbab',
    ]);
  });

  it('test_9: more whole query words in the name first', () => {
    const matches = [sci('Parus major'), sci('Paragus majoranae')];
    expect(names(sortedBoth(matches, 'P major'))).toEqual(['Parus major', 'Paragus majoranae']);
  });

  it('test_11: rounded observation count in Finland, higher first', () => {
    const counts: [string, string, number][] = [
      ['MX.1', 'partiolintu', 400_000],
      ['MX.2', 'paistilintu', 2_000],
      ['MX.3', 'parulintu', 1],
      ['MX.4', 'papulintu', 30_000],
    ];
    const matches = counts.map(([taxonId, matchingName, observationCountFinland]) =>
      match({ taxonId, matchingName, observationCountFinland, nameLanguage: 'fi' }),
    );
    expect(ids(sortedBoth(matches, 'Pa'))).toEqual(['MX.1', 'MX.4', 'MX.2', 'MX.3']);
  });

  it('test_prefer_fi: a Finnish name before an otherwise equal Swedish one', () => {
    const matches = [
      match({ taxonId: 'MX.1', matchingName: 'Parus major', nameLanguage: 'sv' }),
      match({ taxonId: 'MX.2', matchingName: 'Parus major', nameLanguage: 'fi' }),
    ];
    expect(ids(sortedBoth(matches, 'Parus major'))).toEqual(['MX.2', 'MX.1']);
  });
});

describe('compareMatches: each step decides', () => {
  const query = 'parus';
  it.each<[string, RankedMatch, RankedMatch]>([
    ['1 finnish', sci('zzz', { finnish: true }), sci('parus', { finnish: false })],
    ['2 rank species', sci('zzz'), sci('parus', { taxonRank: 'MX.subspecies' })],
    [
      '3 species or lower',
      sci('zzz', { taxonRank: 'MX.subspecies' }),
      sci('parus', { taxonRank: 'MX.genus', species: false }),
    ],
    ['4 not likely', sci('zzz'), sci('parus', { matchType: 'LIKELY' })],
    ['5 name type', sci('zzz', { nameType: 'MX.vernacularName' }), sci('parus', { nameType: 'MX.euringCode' })],
    ['6 similarity', sci('zzz', { similarity: 0.95 }), sci('parus', { similarity: 0.9 })],
    ['7 equals query', sci('Parus'), sci('parusx')],
    ['8 word matches', sci('parus x parus'), sci('parusx')],
    ['9 starts with query', sci('parusx'), sci('aparus')],
    ['10 a word starts with query', sci('a parusx'), sci('a bparus')],
    ['11 genus', sci('zzz', { taxonRank: 'MX.genus', species: true }), sci('aaa', { taxonRank: 'MX.subspecies' })],
    ['12 observations', sci('zzz', { observationCountFinland: 20 }), sci('aaa', { observationCountFinland: 10 })],
    ['13 a word ends with query', sci('aparus b'), sci('a b')],
    ['14 ends with query', sci('zzz aparus'), sci('aparus zzz')],
    [
      '15 Finnish language',
      match({ matchingName: 'zzz', nameLanguage: 'fi' }),
      match({ matchingName: 'aaa', nameLanguage: 'sv' }),
    ],
    ['16 lower-case name', sci('Abc'), sci('abd')],
    [
      '17 name type',
      match({ matchingName: 'abc', nameType: 'MX.scientificName' }),
      match({ matchingName: 'abc', nameType: 'MX.vernacularName' }),
    ],
  ])('step %s', (_step, first, second) => {
    expect(compareMatches(first, second, query)).toBeLessThan(0);
    expect(compareMatches(second, first, query)).toBeGreaterThan(0);
  });

  it('ties when everything is equal; sortMatches breaks the tie by taxon id', () => {
    const a = sci('Parus major', { taxonId: 'MX.2' });
    const b = sci('Parus major', { taxonId: 'MX.10' });
    expect(compareMatches(a, b, 'parus')).toBe(0);
    expect(ids(sortMatches([a, b], rankQuery('parus')))).toEqual(['MX.10', 'MX.2']);
    expect(ids(sortMatches([b, a], rankQuery('parus')))).toEqual(['MX.10', 'MX.2']);
  });

  it('breaks a full tie of a match without a taxon id as the empty id: before every id', () => {
    const withId = sci('Parus major', { taxonId: 'MX.1' });
    const withoutId = sci('Parus major');
    expect(ids(sortMatches([withId, withoutId], rankQuery('parus')))).toEqual([undefined, 'MX.1']);
    expect(ids(sortMatches([withoutId, withId], rankQuery('parus')))).toEqual([undefined, 'MX.1']);
  });

  it('skips step 6 when only one of the matches carries a similarity', () => {
    // By similarity 'parus majorx' would come first; the name decides instead (step 16).
    const similar = sci('parus majorx', { similarity: 0.95 });
    const plain = sci('parus major');
    expect(compareMatches(plain, similar, 'parus')).toBeLessThan(0);
    expect(compareMatches(similar, plain, 'parus')).toBeGreaterThan(0);
  });

  it('counts word matches as pairs of equal name and query words (a pinned reading of step 8)', () => {
    // Query words a, a, b: 'z a' has 2 pairs, 'b y' has 1, so 'z a' wins before the alphabet.
    expect(names(sortedBoth([sci('b y'), sci('z a')], 'a a b'))).toEqual(['z a', 'b y']);
  });

  it('keeps the caller’s own fields', () => {
    const sorted = sortMatches(
      [
        { ...sci('b'), hit: 2 },
        { ...sci('a'), hit: 1 },
      ],
      rankQuery('x'),
    );
    expect(sorted.map((m) => m.hit)).toEqual([1, 2]);
  });
});

describe('compareMatches beyond FinBIF', () => {
  it('ranks names found through folding as if typed with their diacritics', () => {
    const matches = [
      match({ matchingName: 'tammikäki' }),
      match({ matchingName: 'käkilintu' }),
      match({ matchingName: 'Käki' }),
    ];
    expect(names(sortedBoth(matches, 'kaki'))).toEqual(['Käki', 'käkilintu', 'tammikäki']);
  });

  it('compares strictly when the query has diacritics', () => {
    const matches = [match({ matchingName: 'kaki' }), match({ matchingName: 'käki' })];
    expect(names(sortedBoth(matches, 'käki'))).toEqual(['käki', 'kaki']);
    expect(names(sortedBoth(matches, 'kaki'))).toEqual(['kaki', 'käki']);
  });

  it('ranks × and x hybrids as the same name', () => {
    const matches = [sci('Salix × rubensis'), sci('Salix × rubens')];
    expect(names(sortedBoth(matches, 'salix x rubens'))).toEqual(['Salix × rubens', 'Salix × rubensis']);
    expect(compareMatches(sci('Salix × rubens'), sci('Salix rubens'), 'salix x rubens')).toBeGreaterThan(0);
  });
});
