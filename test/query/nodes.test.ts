import { describe, expect, it } from 'vitest';
import {
  and,
  compileNode,
  contains,
  exists,
  ids,
  longerPrefix,
  not,
  or,
  prefix,
  printNode,
  range,
  term,
  terms,
} from '../../src/query/nodes/index.ts';

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
    expect(printNode(ids.build(['MX.1', 'MX.2']))).toBe('_id:(MX.1 OR MX.2)');
  });
});

describe('or', () => {
  it('compiles to should with its minimum, so that it is an OR inside a filter too', () => {
    const either = or.build([term.build('a', 'x'), exists.build('b')]);
    expect(compileNode(either)).toEqual({
      bool: { should: [{ term: { a: 'x' } }, { exists: { field: 'b' } }], minimum_should_match: 1 },
    });
    expect(printNode(either)).toBe('(a:"x" OR _exists_:b)');
    expect(printNode(or.build([term.build('a', 'x'), term.build('a', 'y'), term.build('a', 'z')], 2))).toBe(
      '2 of (a:"x" OR a:"y" OR a:"z")',
    );
  });
});

describe('prefix and longerPrefix', () => {
  it('compile to a prefix query, and to a wildcard of the escaped prefix and one more character', () => {
    expect(compileNode(prefix.build('name', 'par'))).toEqual({ prefix: { name: { value: 'par' } } });
    expect(printNode(prefix.build('name', 'par'))).toBe('name:"par"*');
    expect(compileNode(longerPrefix.build('name', 'a*b?c\\'))).toEqual({
      wildcard: { name: { value: 'a\\*b\\?c\\\\?*' } },
    });
    expect(printNode(longerPrefix.build('name', 'par'))).toBe('name:"par"?*');
  });

  it('compile a text held anywhere to a wildcard of the escaped text between two *', () => {
    expect(compileNode(contains.build('name', 'a*b?c\\'))).toEqual({
      wildcard: { name: { value: '*a\\*b\\?c\\\\*' } },
    });
    expect(printNode(contains.build('name', 'ar'))).toBe('name:*"ar"*');
  });
});

describe('range and exists', () => {
  it('compile only the bounds given, and print the open ones as *', () => {
    expect(compileNode(range.build('length', { gte: 3, lte: 9 }))).toEqual({ range: { length: { gte: 3, lte: 9 } } });
    expect(compileNode(range.build('length', { gte: 0 }))).toStrictEqual({ range: { length: { gte: 0 } } });
    expect(compileNode(range.build('length', { lte: 0 }))).toStrictEqual({ range: { length: { lte: 0 } } });
    expect(printNode(range.build('length', { gte: 3 }))).toBe('length:[3 TO *]');
    expect(printNode(range.build('length', { lte: 9 }))).toBe('length:[* TO 9]');
    expect(compileNode(exists.build('vernacularName.fi'))).toEqual({ exists: { field: 'vernacularName.fi' } });
    expect(printNode(exists.build('vernacularName.fi'))).toBe('_exists_:vernacularName.fi');
  });

  it('refuses a node of no known kind', () => {
    // A kind the types rule out (`as never`), as JavaScript that skipped them could still make one.
    expect(() => compileNode({ kind: 'near' } as never)).toThrow('query: unknown node {"kind":"near"}');
    expect(() => printNode({ kind: 'near' } as never)).toThrow('query: unknown node {"kind":"near"}');
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
    expect(printNode(and.build([term.build('a', 'x'), term.build('b', 'y')]))).toBe('a:"x" AND b:"y"');
  });
});
