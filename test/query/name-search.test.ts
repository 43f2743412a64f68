import { describe, expect, it } from 'vitest';
import type { SearchBody } from '../../src/index/engine.ts';
import {
  compileExact,
  compileLikely,
  LIKELY_CANDIDATES,
  compilePartial,
  nameFilters,
  partialOrder,
  prepareNameSearch,
  type NameSearchRequest,
} from '../../src/query/name-search.ts';
import { compileNode } from '../../src/query/nodes/index.ts';
import { MATCH_TYPES, prepareQuery } from '../../src/search/match-kinds.ts';

const none = { include: [], exclude: [] };
const request = (query: string, extra: Partial<NameSearchRequest> = {}): NameSearchRequest => ({
  query: prepareQuery(query),
  limit: 10,
  matchTypes: MATCH_TYPES,
  checklists: ['MR.1'],
  taxonSets: none,
  informalTaxonGroups: none,
  nameTypes: none,
  languages: [],
  includeHidden: false,
  ...extra,
});
const FILTERS = [{ terms: { checklist: ['MR.1'] } }];
const NOT_HIDDEN = [{ term: { hidden: true } }];
const SOURCE = {
  excludes: [
    'grams',
    'diacriticGrams',
    'keyLengths',
    'laterWordPrefixes',
    'rankWords',
    'foldedRankWords',
    'rankWordRepeats',
    'foldedRankWordRepeats',
    'reversedRankWords',
    'foldedReversedRankWords',
    'reversedLastWord',
    'foldedReversedLastWord',
    'prominenceBits',
  ],
};
const SORT = [{ staticRank: { order: 'asc' } }, { nameOrder: { order: 'asc' } }];
const PAGE = { from: 0, size: 128 };

describe('nameFilters', () => {
  it('compiles every filter; languages never drop names without a language', () => {
    const filter = nameFilters(
      request('susi', {
        checklists: ['MR.1', 'MR.2'],
        taxonSets: { include: ['MX.taxonSetA'], exclude: [] },
        informalTaxonGroups: { include: ['MVL.1', 'MVL.2'], exclude: ['MVL.3'] },
        nameTypes: { include: [], exclude: ['MX.hasSynonym'] },
        languages: ['fi', 'sv'],
        includeHidden: true,
        species: true,
        finnish: false,
      }),
    );
    expect(compileNode(filter)).toEqual({
      bool: {
        filter: [
          { terms: { checklist: ['MR.1', 'MR.2'] } },
          { term: { taxonSets: 'MX.taxonSetA' } },
          { terms: { informalTaxonGroups: ['MVL.1', 'MVL.2'] } },
          {
            bool: {
              should: [
                { terms: { language: ['fi', 'sv'] } },
                { bool: { must_not: [{ exists: { field: 'language' } }] } },
              ],
              minimum_should_match: 1,
            },
          },
          { term: { species: true } },
          { term: { finnish: false } },
        ],
        must_not: [{ term: { informalTaxonGroups: 'MVL.3' } }, { term: { nameType: 'MX.hasSynonym' } }],
      },
    });
  });
});

describe('prepareNameSearch and the checklists', () => {
  it('prepares the query once and keeps what else was asked', () => {
    const { query, ...asked } = request('Parus maj');
    expect(prepareNameSearch({ ...asked, query: 'Parus maj' })).toEqual({ ...asked, query: prepareQuery('Parus maj') });
  });

  it('asks for any checklist when none is named', () => {
    for (const checklists of [undefined, []])
      expect(JSON.stringify(compileNode(nameFilters(request('susi', { checklists }))))).not.toMatch(/checklist/);
  });
});

describe('compileExact', () => {
  it('looks up folded keys for a query without diacritics, or the taxon id', () => {
    expect(compileExact(request('susi'), { from: 256, size: 512 })).toEqual({
      query: {
        bool: {
          filter: [
            {
              bool: {
                should: [{ terms: { foldedKeys: ['SUSI'] } }, { term: { taxonId: 'SUSI' } }],
                minimum_should_match: 1,
              },
            },
            ...FILTERS,
          ],
          must_not: NOT_HIDDEN,
        },
      },
      sort: SORT,
      from: 256,
      size: 512,
      track_total_hits: true,
      _source: SOURCE,
    });
  });

  it('looks up strict keys for a query with diacritics, with its hybrid variants', () => {
    const body = compileExact(request('Käki  x lintu'), PAGE);
    expect(body.query).toEqual({
      bool: {
        filter: [
          {
            bool: {
              should: [{ terms: { exactKeys: ['KÄKI X LINTU', 'KÄKI LINTU'] } }, { term: { taxonId: 'KÄKI X LINTU' } }],
              minimum_should_match: 1,
            },
          },
          ...FILTERS,
        ],
        must_not: NOT_HIDDEN,
      },
    });
  });
});

describe('compilePartial', () => {
  const scored = (boost: number, filter: object) => ({ constant_score: { filter, boost } });
  const prominence = (lowest: number) =>
    Array.from({ length: 13 }, (_, bit) => scored(lowest * 2 ** bit, { term: { prominenceBits: String(bit) } }));
  const wordPairs = (word: string, boost: number) => [
    scored(boost, { term: { foldedRankWords: word } }),
    ...[2, 3, 4, 5, 6, 7, 8].map((n) => scored(boost, { term: { foldedRankWordRepeats: `${word} ${n}` } })),
  ];
  // Steps 7 | 8 (4 bits: up to 8 pairs) | 9 | 10 | 11–12 (13 bits) | 13 | 14, most significant first.
  const oneWordScore = [
    scored(2 ** 21, { term: { foldedRankText: 'kotka' } }),
    ...wordPairs('kotka', 2 ** 17),
    scored(2 ** 16, { prefix: { foldedRankText: { value: 'kotka' } } }),
    scored(2 ** 15, { wildcard: { foldedRankWords: { value: 'kotka?*' } } }),
    ...prominence(4),
    scored(2, { wildcard: { foldedReversedRankWords: { value: 'aktok?*' } } }),
    scored(1, { prefix: { foldedReversedLastWord: { value: 'aktok' } } }),
  ];
  // Steps 7 | 8 (5 bits: up to 16 pairs) | 9 | 11–12; 10 and 13 cannot hold for two words, 14 is left to the service.
  const twoWordScore = [
    scored(2 ** 19, { term: { foldedRankText: 'parus maj' } }),
    ...wordPairs('parus', 2 ** 14),
    ...wordPairs('maj', 2 ** 14),
    scored(2 ** 13, { prefix: { foldedRankText: { value: 'parus maj' } } }),
    ...prominence(1),
  ];

  it('asks for every trigram of a one-word query, scored by steps 7–14 of the comparator: a final order', () => {
    expect(compilePartial(request('kotka'), PAGE)).toEqual({
      query: {
        bool: {
          filter: [
            {
              bool: {
                filter: [
                  {
                    bool: {
                      should: [
                        {
                          bool: {
                            filter: [
                              { term: { grams: 'KOT' } },
                              { term: { grams: 'OTK' } },
                              { term: { grams: 'TKA' } },
                            ],
                          },
                        },
                      ],
                      minimum_should_match: 1,
                    },
                  },
                  ...FILTERS,
                ],
                must_not: NOT_HIDDEN,
              },
            },
          ],
          should: oneWordScore,
        },
      },
      sort: [{ staticRank: { order: 'asc' } }, { _score: { order: 'desc' } }, ...SORT.slice(1)],
      from: 0,
      size: 128,
      track_total_hits: true,
      _source: SOURCE,
    });
  });

  it('asks a word typed with diacritics for its strict trigrams: those folding changes as diacritic grams', () => {
    const gramsOf = (body: SearchBody) =>
      JSON.stringify(body.query).match(/\{"term":\{"(diacriticGrams|grams)":"[^"]*"\}\}/g);
    expect(gramsOf(compilePartial(request('röst'), PAGE))).toEqual([
      '{"term":{"diacriticGrams":"RÖS"}}',
      '{"term":{"diacriticGrams":"ÖST"}}',
    ]);
    expect(gramsOf(compilePartial(request('pöllö'), PAGE))).toEqual([
      '{"term":{"diacriticGrams":"PÖL"}}',
      '{"term":{"diacriticGrams":"ÖLL"}}',
      '{"term":{"diacriticGrams":"LLÖ"}}',
    ]);
    expect(gramsOf(compilePartial(request('kääpäsieni'), PAGE))).toContainEqual('{"term":{"grams":"SIE"}}');
    expect(gramsOf(compilePartial(request('röt'), PAGE))).toEqual(['{"term":{"diacriticGrams":"RÖT"}}']);
  });

  const candidateClause = (query: string) =>
    (compilePartial(request(query), PAGE).query as { bool: { filter: { bool: { filter: object[] } }[] } }).bool
      .filter[0]!.bool.filter[0];

  it('asks a one-word query too short for trigrams anywhere in a name, its wildcard characters escaped', () => {
    expect(candidateClause('ab  ')).toEqual({
      bool: { should: [{ wildcard: { foldedKeys: { value: '*AB*' } } }], minimum_should_match: 1 },
    });
    expect(JSON.stringify(compilePartial(request('ab'), PAGE).query)).not.toMatch(/grams/);
    expect(candidateClause('*?  ')).toEqual({
      bool: { should: [{ wildcard: { foldedKeys: { value: '*\\*\\?*' } } }], minimum_should_match: 1 },
    });
  });

  it('asks for the first word as a prefix and the trigrams of the others', () => {
    const body = compilePartial(request('Parus  maj'), PAGE);
    expect(body.query).toEqual({
      bool: {
        filter: [
          {
            bool: {
              filter: [
                {
                  bool: {
                    should: [
                      {
                        bool: { filter: [{ prefix: { foldedKeys: { value: 'PARUS' } } }, { term: { grams: 'MAJ' } }] },
                      },
                    ],
                    minimum_should_match: 1,
                  },
                },
                ...FILTERS,
              ],
              must_not: NOT_HIDDEN,
            },
          },
        ],
        should: twoWordScore,
      },
    });
    expect(partialOrder(request('Parus  maj'))).toBe('split');
    expect(compilePartial(request('Parus  maj'), PAGE, true).query).toMatchObject({
      bool: { filter: [{ bool: { filter: expect.arrayContaining([{ term: { foldedReversedLastWord: 'jam' } }]) } }] },
    });
    expect(compilePartial(request('Parus  maj'), PAGE, false).query).toMatchObject({
      bool: { filter: [{ bool: { must_not: expect.arrayContaining([{ term: { foldedReversedLastWord: 'jam' } }]) } }] },
    });
  });

  it('asks for a later word too short for trigrams as the start of a later word of the name', () => {
    expect(candidateClause('p m ma')).toEqual({
      bool: {
        should: [
          {
            bool: {
              filter: [
                { prefix: { foldedKeys: { value: 'P' } } },
                { term: { laterWordPrefixes: 'M' } },
                { term: { laterWordPrefixes: 'MA' } },
              ],
            },
          },
        ],
        minimum_should_match: 1,
      },
    });
  });

  it('asks a word that only folding makes three letters long for its folded trigram', () => {
    // `Œ` folds to `OE`: `œu` is `oeu`, found inside `Bœuf` as well as at the start of a name.
    expect(JSON.stringify(compilePartial(request('œu'), PAGE).query)).toContain(
      '{"bool":{"filter":[{"term":{"grams":"OEU"}}]}}',
    );
  });

  it('asks for the words of a query as trimmed, and for nothing when only spaces are left', () => {
    // `prepareQuery` keeps a no-break space (Java's trim does not remove it); the words are asked without it.
    expect(candidateClause('\u00a0bb cc')).toEqual(candidateClause('bb cc'));
    expect(candidateClause('\u00a0\u00a0')).toEqual({ bool: { should: [], minimum_should_match: 1 } });
  });

  it('says the one-word order is final, and escapes wildcard characters of the query', () => {
    expect(partialOrder(request('kotka'))).toBe('final');
    // Steps 7 and 9 take a bit each and genus and observations 13: 24 bits leave 9 for the word pairs,
    // up to 8 repeats of each word: 63 words fit (8 × 63 < 2^9), 64 do not.
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect(partialOrder(request(words(63)))).toBe('split');
    expect(partialOrder(request(words(64)))).toBe('grouped');
    const should = (compilePartial(request('a*b?c'), PAGE).query as { bool: { should: object[] } }).bool.should;
    expect(should).toContainEqual(scored(2 ** 15, { wildcard: { foldedRankWords: { value: 'a\\*b\\?c?*' } } }));
  });
});

describe('compileLikely', () => {
  const grams = ['LAU', 'AUL', 'ULU', 'LUJ', 'UJO', 'JOU', 'OUT', 'UTS', 'TSE', 'SEN'];
  const NOT_EQUAL = { terms: { foldedKeys: ['LAULUJOUTSEN'] } };
  const scoredOne = (filter: object) => ({ constant_score: { filter, boost: 1 } });
  const shared = [
    ...grams.map((g) => scoredOne({ term: { grams: g } })),
    scoredOne({ prefix: { foldedKeys: { value: 'LAU' } } }),
    scoredOne({ prefix: { foldedKeys: { value: 'LAUL' } } }),
  ];
  type Bool = { bool: { filter: object[]; must_not: object[] } };
  const likelyFilter = (query: string) =>
    (compileLikely(request(query)).query as { bool: { filter: Bool[] } }).bool.filter[0]!.bool;

  it('asks for the names of a possible length not equal to the query sharing the most of its trigrams and first letters (at least half; shorter names sharing a quarter when relaxed)', () => {
    // 12 code points: Jaro–Winkler above 0.88 needs a name of 5 to 29.
    expect(compileLikely(request('laulujoutsen'))).toEqual({
      query: {
        bool: {
          filter: [
            {
              bool: {
                filter: [{ range: { keyLengths: { gte: 5, lte: 29 } } }, ...FILTERS],
                must_not: [NOT_EQUAL, ...NOT_HIDDEN],
              },
            },
          ],
          should: shared,
          minimum_should_match: 5,
        },
      },
      sort: [{ _score: { order: 'desc' } }, { keyLengths: { order: 'asc' } }, { nameOrder: { order: 'asc' } }],
      size: LIKELY_CANDIDATES,
      track_total_hits: false,
      _source: SOURCE,
    });
    const relaxed = compileLikely(request('laulujoutsen'), 'relaxed').query as {
      bool: { filter: object[]; minimum_should_match: number };
    };
    expect(relaxed.bool.minimum_should_match).toBe(3);
    expect(relaxed.bool.filter).toEqual([
      {
        bool: {
          filter: [{ range: { keyLengths: { gte: 5, lte: 11 } } }, ...FILTERS],
          must_not: [NOT_EQUAL, ...NOT_HIDDEN],
        },
      },
    ]);
  });

  it('asks for the first three and four letters only of keys longer than that, each start once', () => {
    const starts = (query: string) =>
      (
        compileLikely(request(query)).query as { bool: { should: { constant_score: { filter: object } }[] } }
      ).bool.should
        .map((clause) => clause.constant_score.filter)
        .filter((filter) => !('term' in filter));
    expect(starts('lau')).toEqual([]);
    expect(starts('lauk')).toEqual([{ prefix: { foldedKeys: { value: 'LAU' } } }]);
    // A hybrid with its genus abbreviated: its keys with and without the sign start differently.
    expect(request('S x rubens').query.keys).toEqual(['S X RUBENS', 'S RUBENS']);
    expect(starts('S x rubens')).toEqual([
      {
        bool: {
          should: [{ prefix: { foldedKeys: { value: 'S X' } } }, { prefix: { foldedKeys: { value: 'S R' } } }],
          minimum_should_match: 1,
        },
      },
      {
        bool: {
          should: [{ prefix: { foldedKeys: { value: 'S X ' } } }, { prefix: { foldedKeys: { value: 'S RU' } } }],
          minimum_should_match: 1,
        },
      },
    ]);
  });

  it('compares a query with diacritics by the names’ strict keys', () => {
    expect(likelyFilter('laulujoutsän').must_not).toContainEqual({ terms: { exactKeys: ['LAULUJOUTSÄN'] } });
  });

  it('keeps to the lengths of every hybrid form of the query', () => {
    // `Salix x rubens` has the forms SALIX X RUBENS (14) and SALIX RUBENS (12) among its keys.
    expect(likelyFilter('Salix x rubens').filter).toContainEqual({ range: { keyLengths: { gte: 5, lte: 34 } } });
  });
});
