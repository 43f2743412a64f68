import { describe, expect, it } from 'vitest';
import { errorAnswer } from '../../src/http/answers/error-answer.ts';
import {
  listFilterOf,
  MAX_FILTER_VALUE_LENGTH,
  MAX_FILTER_VALUES,
  parseFilterBody,
} from '../../src/query/filter-body.ts';
import { compileNode, printNode } from '../../src/query/nodes/index.ts';
import { refusalOf } from '../helpers/refusal.ts';

const compiled = (body: unknown) => compileNode(parseFilterBody(body));

const errorOf = (body: unknown) => refusalOf(() => parseFilterBody(body));

describe('parseFilterBody', () => {
  it('compiles strings, `!` negations, arrays as OR and booleans (false: not true), keys combined with AND', () => {
    expect(
      compiled({
        'latestRedListStatusFinland.status': ['MX.iucnEN', 'MX.iucnCR', '!MX.iucnLC'],
        taxonRank: '!MX.genus',
        invasiveSpecies: false,
        'primaryHabitat.habitat': 'MKV.habitatMkk',
      }),
    ).toEqual({
      bool: {
        filter: [
          { terms: { 'latestRedListStatusFinland.status': ['MX.iucnEN', 'MX.iucnCR'] } },
          { term: { 'primaryHabitat.habitat': 'MKV.habitatMkk' } },
        ],
        must_not: [
          { term: { 'latestRedListStatusFinland.status': 'MX.iucnLC' } },
          { term: { taxonRank: 'MX.genus' } },
          { term: { invasiveSpecies: true } },
        ],
      },
    });
  });

  it('gathers several negations into one terms', () => {
    expect(compiled({ administrativeStatuses: ['!a', '!b'] })).toEqual({
      bool: { must_not: [{ terms: { administrativeStatuses: ['a', 'b'] } }] },
    });
  });

  it('means no filter for no body', () => {
    expect(compiled(undefined)).toEqual({ match_all: {} });
    expect(compiled({})).toEqual({ match_all: {} });
    expect(printNode(parseFilterBody({ finnish: true, id: ['a', '!b'] }))).toBe(
      'finnish:true AND id:"a" AND NOT id:"b"',
    );
  });

  it('names every bad key at its place, written by HTTP as its JSON pointer', () => {
    const error = errorOf({ colour: 'red', finnish: 'yes', 'x~y/z': 1, taxonRank: [1] });
    expect(error.statusCode).toBe(422);
    expect(errorAnswer(error).details).toEqual({
      '/body/colour': ["Unknown filter 'colour'"],
      '/body/finnish': ["Filter 'finnish' takes a boolean"],
      '/body/x~0y~1z': ["Unknown filter 'x~y/z'"],
      '/body/taxonRank': ["Filter 'taxonRank' takes a string or a non-empty array of strings"],
    });
    expect(error.message).toBe("Unknown filter 'colour' (and 3 more)");
  });

  it('refuses a key listing more values than a terms query may hold, at its place', () => {
    const many = (n: number, prefix = '') => Array.from({ length: n }, (_, i) => `${prefix}MX.${i}`);
    expect(() => parseFilterBody({ id: many(MAX_FILTER_VALUES) })).not.toThrow();
    const error = errorOf({ id: many(MAX_FILTER_VALUES + 1, '!') });
    expect(error.statusCode).toBe(422);
    expect(errorAnswer(error).details).toEqual({
      '/body/id': [`Filter 'id' takes at most ${MAX_FILTER_VALUES} values`],
    });
  });

  it('refuses a value longer than any indexed keyword, at its place', () => {
    const longest = 'x'.repeat(MAX_FILTER_VALUE_LENGTH);
    expect(() => parseFilterBody({ id: [longest, `!${longest}`] })).not.toThrow();
    expect(errorAnswer(errorOf({ id: ['MX.1', `!${longest}x`] })).details).toEqual({
      '/body/id/1': [`Filter 'id' takes values of at most ${MAX_FILTER_VALUE_LENGTH} characters`],
    });
    expect(errorAnswer(errorOf({ scientificName: `${longest}x` })).details).toEqual({
      '/body/scientificName': [`Filter 'scientificName' takes values of at most ${MAX_FILTER_VALUE_LENGTH} characters`],
    });
  });

  it('names one bad key alone, without a count of more', () => {
    expect(errorOf({ colour: 'red' }).message).toBe("Unknown filter 'colour'");
    expect(errorOf({ id: ['', '!'] }).message).toBe("Filter 'id' takes a value (and 1 more)");
  });

  it('refuses an empty value, and a `!` with nothing after it, at their places', () => {
    expect(errorAnswer(errorOf({ id: ['MX.1', ''], taxonRank: '!' })).details).toEqual({
      '/body/id/1': ["Filter 'id' takes a value"],
      '/body/taxonRank': ["Filter 'taxonRank' takes a value after '!'"],
    });
  });

  it('refuses a key whose value is not a string or a non-empty array of strings', () => {
    const message = "Filter 'id' takes a string or a non-empty array of strings";
    for (const value of [[], ['MX.1', 1], 5, { a: 'b' }, null])
      expect(errorAnswer(errorOf({ id: value })).details, JSON.stringify(value)).toEqual({ '/body/id': [message] });
  });

  it('refuses non-objects and prototype keys', () => {
    expect(errorAnswer(errorOf([])).details).toEqual({ '/body': ['must be a JSON object of filters'] });
    expect(errorOf(5).message).toBe('The filter body must be a JSON object');
    expect(errorOf(true).statusCode).toBe(422);
    expect(compiled(null)).toEqual({ match_all: {} });
    expect(errorOf('x').statusCode).toBe(422);
    expect(errorAnswer(errorOf(JSON.parse('{"__proto__": {"x": 1}}'))).details).toEqual({
      '/body/__proto__': ["Unknown filter '__proto__'"],
    });
  });
});

describe('listFilterOf', () => {
  it('reads `!` as not, and a lone `!` as nothing', () => {
    expect(listFilterOf(['MVL.1', '!', '!MVL.2', 'MVL.3'])).toEqual({
      include: ['MVL.1', 'MVL.3'],
      exclude: ['MVL.2'],
    });
    expect(listFilterOf([])).toEqual({ include: [], exclude: [] });
  });
});
