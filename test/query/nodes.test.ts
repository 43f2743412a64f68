import { describe, expect, it } from 'vitest';
import { and, compileNode, ids, not, printNode, term, terms } from '../../src/query/nodes/index.ts';

describe('term', () => {
  it('compiles to a term query', () => {
    expect(compileNode(term.build('taxonRank', 'MX.species'))).toEqual({ term: { taxonRank: 'MX.species' } });
    expect(compileNode(term.build('finnish', true))).toEqual({ term: { finnish: true } });
    expect(printNode(term.build('finnish', true))).toBe('finnish:true');
  });
});

describe('terms', () => {
  it('compiles to a terms query', () => {
    expect(compileNode(terms.build('informalTaxonGroups', ['MVL.1', 'MVL.2']))).toEqual({
      terms: { informalTaxonGroups: ['MVL.1', 'MVL.2'] },
    });
    expect(printNode(terms.build('a', ['x', 'y']))).toBe('a:("x" OR "y")');
  });
});

describe('ids', () => {
  it('compiles to an ids query', () => {
    expect(compileNode(ids.build(['MX.1']))).toEqual({ ids: { values: ['MX.1'] } });
  });
});

describe('not', () => {
  it('compiles alone to a bool must_not', () => {
    expect(compileNode(not.build(term.build('hiddenTaxon', true)))).toEqual({
      bool: { must_not: [{ term: { hiddenTaxon: true } }] },
    });
    expect(printNode(not.build(term.build('hiddenTaxon', true)))).toBe('NOT hiddenTaxon:true');
  });
});

describe('and', () => {
  it('puts positive clauses in filter and negated ones in must_not, flattening nested ANDs', () => {
    const tree = and.build([
      term.build('nameAccordingTo', 'MR.1'),
      not.build(term.build('hiddenTaxon', true)),
      and.build([terms.build('taxonRank', ['MX.species', 'MX.genus']), not.build(terms.build('id', ['MX.1', 'MX.2']))]),
    ]);
    expect(compileNode(tree)).toEqual({
      bool: {
        filter: [{ term: { nameAccordingTo: 'MR.1' } }, { terms: { taxonRank: ['MX.species', 'MX.genus'] } }],
        must_not: [{ term: { hiddenTaxon: true } }, { terms: { id: ['MX.1', 'MX.2'] } }],
      },
    });
  });

  it('drops empty parts: only must_not, and match_all when empty', () => {
    expect(compileNode(and.build([not.build(term.build('a', 'x'))]))).toEqual({
      bool: { must_not: [{ term: { a: 'x' } }] },
    });
    expect(compileNode(and.build([]))).toEqual({ match_all: {} });
    expect(compileNode(and.build([and.build([])]))).toEqual({ match_all: {} });
    expect(printNode(and.build([]))).toBe('*');
  });
});
