import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jaroWinkler } from '../../src/search/jaro-winkler.ts';
import {
  classifyName,
  idLookupName,
  isExact,
  isExactByKeys,
  isLikely,
  isPartial,
  isPartialByKeys,
  isTaxonIdExact,
  likelyKeyLengths,
  likePartial,
  likelySimilarity,
  nameKeys,
  prepareQuery,
  taxonIdOfQuery,
} from '../../src/search/match-kinds.ts';

const q = prepareQuery;

describe('prepareQuery', () => {
  it('keeps the raw query, FinBIF’s search word, the hybrid variants, the ranking text and the id named', () => {
    expect(q(' Salix x  rubens')).toEqual({
      raw: ' Salix x  rubens',
      normalised: 'SALIX X RUBENS',
      keys: ['SALIX X RUBENS', 'SALIX RUBENS'],
      foldsNames: true,
      searchable: true,
      ranking: { text: 'salix rubens', words: ['salix', 'rubens'], fold: true },
      taxonId: undefined,
    });
    expect(q('käki').foldsNames).toBe(false);
    expect(q('Käki').ranking).toEqual({ text: 'käki', words: ['käki'], fold: false });
    expect(q('http://tun.fi/MX.46549').taxonId).toBe('MX.46549');
  });

  it('finds nothing for one character or a query that normalises to nothing', () => {
    expect(q('a').searchable).toBe(false);
    expect(q('ab').searchable).toBe(true);
    expect(q('    ').searchable).toBe(false);
    expect(q('××').searchable).toBe(false);
    expect(classifyName('Kotka', q('    '))).toBeUndefined();
    expect(isExact('a', q('a'))).toBe(false);
    expect(classifyName('A', q('a'))).toBeUndefined();
  });
});

describe('exact', () => {
  it('is equality after normalisation, whatever the case', () => {
    expect(isExact('Kotka', q('kotka'))).toBe(true);
    expect(isExact('Parus major', q('  PARUS   major '))).toBe(true);
    expect(isExact('Parus major', q('parus majo'))).toBe(false);
    expect(isExact('Poa alpina subsp. vivipara', q('poa alpina ssp vivipara'))).toBe(true);
  });

  it('kaki finds käki through folding, käki does not find kaki', () => {
    expect(isExact('käki', q('kaki'))).toBe(true);
    expect(isExact('Stål', q('stal'))).toBe(true);
    expect(isExact('kaki', q('kaki'))).toBe(true);
    expect(isExact('käki', q('käki'))).toBe(true);
    expect(isExact('kaki', q('käki'))).toBe(false);
    expect(isExact('käki', q('köki'))).toBe(false);
    expect(isExact('käki', q('ka\u0308ki'))).toBe(true);
    expect(isExact('ka\u0308ki', q('käki'))).toBe(true);
  });

  it('× and x hybrids find each other', () => {
    for (const name of ['Salix × rubens', 'Salix ×rubens', 'Salix x rubens', 'SALIX X RUBENS']) {
      for (const query of ['Salix × rubens', 'salix ×rubens', 'salix x rubens', 'salix rubens']) {
        expect(isExact(name, q(query)), `${name} / ${query}`).toBe(true);
      }
    }
    expect(isExact('×Festulolium', q('festulolium'))).toBe(true);
    expect(isExact('×Festulolium', q('x festulolium'))).toBe(true);
    expect(isExact('Festulolium', q('x festulolium'))).toBe(false);
    expect(isExact('Lonicera xylosteum', q('lonicera ylosteum'))).toBe(false);
  });
});

describe('partial', () => {
  it('kotka finds maakotka and kotkansiipi as substrings', () => {
    expect(isPartial('maakotka', q('kotka'))).toBe(true);
    expect(isPartial('kotkansiipi', q('Kotka'))).toBe(true);
    expect(classifyName('maakotka', q('kotka'))).toEqual({ matchType: 'PARTIAL' });
  });

  it('exact names are not partial', () => {
    expect(isPartial('kotka', q('kotka'))).toBe(false);
    expect(isPartial('Salix × rubens', q('salix x rubens'))).toBe(false);
    expect(classifyName('kotka', q('kotka'))).toEqual({ matchType: 'EXACT' });
    expect(classifyName('kotka', q('kotka'), ['PARTIAL', 'LIKELY'])).toBeUndefined();
  });

  it('needs four code units of the raw query, spaces included', () => {
    expect(isPartial('maakotka', q('kot'))).toBe(false);
    expect(isPartial('Parus major', q('P m'))).toBe(false);
    expect(isPartial('maakotka', q(' kot'))).toBe(true);
  });

  it('prefix-matches the words of a multi-word query, as PARUS% MAJ% does', () => {
    expect(isPartial('PARUS MAJOR', q('parus maj'))).toBe(true);
    expect(isPartial('Parus major', q('par maj'))).toBe(true);
    expect(isPartial('Parus major', q('P major'))).toBe(true);
    expect(isPartial('Paragus majoranae', q('P major'))).toBe(true);
    expect(isPartial('Parus major', q('arus maj'))).toBe(false);
    expect(isPartial('Parus major', q('parus aj'))).toBe(false);
    expect(isPartial('Parus major', q('maj parus'))).toBe(false);
  });

  it('lets the LIKE % span whole words: query words need not be consecutive', () => {
    expect(likePartial('PARUS CAERULEUS MAJOR', 'PARUS MAJ')).toBe(true);
    expect(likePartial('PARUSX ABC MAJOR', 'PARUS MAJ')).toBe(true);
    expect(likePartial('PARUS MAJOR MAJOR', 'PARUS MAJOR MAJ')).toBe(true);
    expect(likePartial('PARUS MAJOR', 'PARUS MAJOR MAJ')).toBe(false);
    expect(likePartial('A B', 'A  B')).toBe(false);
    // A word starting with a space is `% MAJ%`: the name's start is a place too.
    expect(likePartial(' MAJOR', ' MAJ')).toBe(true);
    expect(likePartial('MAJOR', ' MAJ')).toBe(false);
  });

  it('takes % and _ typed by the user literally', () => {
    expect(isPartial('Parus major', q('pa%s'))).toBe(false);
    expect(isPartial('Parus major', q('par_s'))).toBe(false);
  });

  it('folds for queries without diacritics', () => {
    expect(isPartial('käkilintu', q('kaki'))).toBe(true);
    expect(isPartial('Mäntypistiäinen', q('manty'))).toBe(true);
    expect(isPartial('kakilintu', q('käki'))).toBe(false);
  });

  it('matches hybrids through their variants', () => {
    expect(isPartial('Salix × rubens', q('salix x rub'))).toBe(true);
    expect(isPartial('Salix x rubens', q('salix rub'))).toBe(true);
    expect(isPartial('Salix × rubens', q('salix rub'))).toBe(true);
    expect(isPartial('Salix ×rubens', q('salix x'))).toBe(true);
    expect(isPartial('Salix rubens', q('salix x'))).toBe(false);
    // Through the query's variant without the lone x alone: one variant suffices.
    expect(isPartial('Salix rubens', q('salix x rub'))).toBe(true);
  });
});

describe('likely', () => {
  it('finds susi for susiåpus with similarity 0.9 (FinBIF reports 0.889)', () => {
    const query = q('susiåpus');
    expect(isLikely('susi', query)).toBe(true);
    expect(likelySimilarity('susi', query)).toBeCloseTo(0.9, 10);
    expect(classifyName('susi', query)).toEqual({ matchType: 'LIKELY', similarity: expect.closeTo(0.9, 10) });
    expect(classifyName('susi', query, ['EXACT'])).toBeUndefined();
  });

  it('needs 7+ characters of the normalised query unless likely is all that is asked', () => {
    expect(likelySimilarity('kotka', q('kotkq'))).toBeCloseTo(0.92, 10);
    expect(isLikely('kotka', q('kotkq'))).toBe(false);
    expect(isLikely('kotka', q('kotkq'), { likelyOnly: true })).toBe(true);
    expect(classifyName('kotka', q('kotkq'), ['LIKELY'])).toMatchObject({ matchType: 'LIKELY' });
    expect(classifyName('kotka', q('kotkq'), ['PARTIAL', 'LIKELY'])).toBeUndefined();
    // Seven characters are enough, six are not.
    expect(isLikely('maakotka', q('maakotk'))).toBe(true);
    expect(isLikely('maakotka', q('maakot'))).toBe(false);
    expect(isLikely('maakotka', q('maakot'), { likelyOnly: true })).toBe(true);
  });

  it('needs a similarity strictly above 0.88 and excludes exact names', () => {
    expect(isLikely('Parus major', q('parus majr'))).toBe(true);
    expect(isLikely('Parus major', q('Parus major'))).toBe(false);
    expect(isLikely('Cygnus cygnus', q('parus major'))).toBe(false);
    // The query as the first 8 of 20 letters: Jaro (8/20 + 1 + 1) / 3 = 0.8, with four common
    // leading letters 0.8 + 0.4 × 0.2 = 0.88 exactly, which is not above; of 19 letters it is.
    expect(likelySimilarity('abcdefghijklmnopqrst', q('abcdefgh'))).toBe(0.88);
    expect(isLikely('abcdefghijklmnopqrst', q('abcdefgh'))).toBe(false);
    expect(isLikely('abcdefghijklmnopqrs', q('abcdefgh'))).toBe(true);
  });
});

describe('likelyKeyLengths', () => {
  it('admits every name length whose similarity can pass the threshold, and is tight at the edges', () => {
    const text = (max: number) =>
      fc.string({ unit: fc.constantFrom('A', 'B', 'C', 'D'), minLength: 1, maxLength: max });
    fc.assert(
      fc.property(text(12), text(40), (query, name) => {
        const { gte, lte } = likelyKeyLengths(query.length);
        if (jaroWinkler(name, query) > 0.88)
          expect(name.length >= gte && name.length <= lte, `${name} / ${query}`).toBe(true);
      }),
      { numRuns: 3000 },
    );
    // Prefixes of the query (or the query as a prefix) come closest to the bounds.
    expect(jaroWinkler('ABCDEFGHIJKLMNOPQ', 'ABCDEFG')).toBeGreaterThan(0.88);
    expect(likelyKeyLengths(7)).toEqual({ gte: 3, lte: 17 });
    expect(jaroWinkler('ABCDEFGHIJKLMNOPQR', 'ABCDEFG')).toBeLessThanOrEqual(0.88);
  });
});

describe('id lookup', () => {
  it('takes MX. and http://tun.fi/MX. queries, case-sensitively', () => {
    expect(taxonIdOfQuery('MX.46549')).toBe('MX.46549');
    expect(taxonIdOfQuery('http://tun.fi/MX.46549')).toBe('MX.46549');
    expect(taxonIdOfQuery('mx.46549')).toBeUndefined();
    expect(taxonIdOfQuery('https://tun.fi/MX.46549')).toBeUndefined();
    expect(taxonIdOfQuery('Parus major')).toBeUndefined();
  });

  it('names the hit by its scientific name, else its URI', () => {
    expect(idLookupName({ id: 'MX.46549', scientificName: 'Canis lupus' })).toEqual({
      matchingName: 'Canis lupus',
      nameType: 'MX.scientificName',
    });
    expect(idLookupName({ id: 'MX.1' })).toEqual({ matchingName: 'http://tun.fi/MX.1', nameType: 'id' });
  });

  it('lets a lower-case id reach the exact query’s QNAME clause', () => {
    expect(isTaxonIdExact('MX.46549', q('mx.46549'))).toBe(true);
    expect(isTaxonIdExact('MX.46549', q('mx.4654'))).toBe(false);
  });
});

describe('properties', () => {
  const word = fc.stringMatching(/^[a-zäöå×]{1,6}( [a-zäöåx×]{1,6}){0,2}$/);

  it('a name is never both exact and partial, and partial needs 4 raw code units', () => {
    fc.assert(
      fc.property(word, word, (name, raw) => {
        const query = q(raw);
        const partial = isPartial(name, query);
        expect(partial && isExact(name, query)).toBe(false);
        if (raw.length < 4) expect(partial).toBe(false);
      }),
    );
  });

  it('folding only adds matches: every strict key match of a plain query is still found', () => {
    fc.assert(
      fc.property(word, fc.stringMatching(/^[a-z]{2,6}( [a-z]{1,6})?$/), (name, raw) => {
        const query = q(raw);
        const strict = nameKeys(name, { fold: false });
        if (strict.some((key) => query.keys.includes(key))) expect(isExact(name, query)).toBe(true);
        if (
          raw.length >= 4 &&
          !isExact(name, query) &&
          strict.some((key) => query.keys.some((w) => likePartial(key, w)))
        ) {
          expect(isPartial(name, query)).toBe(true);
        }
      }),
    );
  });
});

describe('the rules over precomputed keys', () => {
  it('find nothing for an unsearchable query, and no partial match below four raw code units', () => {
    const a = { exactKeys: ['A'], foldedKeys: ['A'] };
    expect(isExactByKeys(a, q('a'))).toBe(false);
    expect(isPartialByKeys(a, q('a'))).toBe(false);
    const maakotka = { exactKeys: ['MAAKOTKA'], foldedKeys: ['MAAKOTKA'] };
    expect(isPartialByKeys(maakotka, q('kot'))).toBe(false);
    expect(isPartialByKeys(maakotka, q(' kot'))).toBe(true);
    expect(isPartialByKeys(maakotka, q('kotk'))).toBe(true);
  });

  it('agree with the rules over names', async () => {
    const { isExactByKeys, isPartialByKeys, likelySimilarityAboveThreshold } = await import(
      '../../src/search/match-kinds.ts'
    );
    const names = [
      'Parus major',
      'käki',
      'Salix ×rubens',
      'maakotka',
      'kotkansiipi',
      'Picea abies subsp. obovata',
      'Pöllöt',
    ];
    const queries = ['kaki', 'käki', 'parus maj', 'salix x rubens', 'kotka', 'picea ab', 'pollo', 'parus mayor'];
    for (const name of names) {
      const keys = { exactKeys: nameKeys(name, { fold: false }), foldedKeys: nameKeys(name, { fold: true }) };
      for (const raw of queries) {
        const query = prepareQuery(raw);
        expect(isExactByKeys(keys, query), `${name} / ${raw}`).toBe(isExact(name, query));
        expect(isPartialByKeys(keys, query), `${name} / ${raw}`).toBe(isPartial(name, query));
        const similarity = likelySimilarity(name, query);
        expect(likelySimilarityAboveThreshold(keys, query), `${name} / ${raw}`).toBe(
          similarity > 0.88 ? similarity : 0,
        );
      }
    }
  });
});
