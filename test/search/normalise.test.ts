import { describe, expect, it } from 'vitest';
import {
  foldDiacritics,
  hasDiacritics,
  hybridNameKeys,
  hybridVariants,
  javaTrim,
  normaliseName,
  normaliseQuery,
  removeLoneX,
} from '../../src/search/normalise.ts';

describe('normaliseName (FinBIF index)', () => {
  it.each([
    ['Parus major', 'PARUS MAJOR'],
    ['käki', 'KÄKI'],
    ['Salix × rubens', 'SALIX  RUBENS'],
    ['×Festulolium', 'FESTULOLIUM'],
    ['Æthusa cynapium', 'AETHUSA CYNAPIUM'],
    ['æthusa', 'AETHUSA'],
    ['Citroën', 'CITROEN'],
    ['Poa alpina ssp. vivipara', 'POA ALPINA SSP. VIVIPARA'],
    [' Parus  major ', ' PARUS  MAJOR '],
  ])('%j → %j', (name, expected) => {
    expect(normaliseName(name)).toBe(expected);
  });
});

describe('normaliseQuery (FinBIF search word)', () => {
  it.each([
    ['parus major', 'PARUS MAJOR'],
    ['  parus   major ', 'PARUS MAJOR'],
    ['Salix × rubens', 'SALIX RUBENS'],
    ['æthusa', 'AETHUSA'],
    ['citroën', 'CITROEN'],
    ['Poa alpina ssp. vivipara', 'POA ALPINA SUBSP. VIVIPARA'],
    ['poa alpina ssp vivipara', 'POA ALPINA SUBSP. VIVIPARA'],
    ['poa alpina subsp vivipara', 'POA ALPINA SUBSP. VIVIPARA'],
    ['poa alpina subsp. vivipara', 'POA ALPINA SUBSP. VIVIPARA'],
    ['poa alpina ssp', 'POA ALPINA SUBSP.'],
    ['poa alpina subsp', 'POA ALPINA SUBSP'],
    ['poa alpina subsp  vivipara', 'POA ALPINA SUBSP. VIVIPARA'],
    // Java's replace is literal and of every occurrence: FinBIF rewrites this word start too.
    ['carex sspecies', 'CAREX SUBSP.ECIES'],
    ['\tparus\n', 'PARUS'],
    ['\u00a0parus', '\u00a0PARUS'],
    ['käki', 'KÄKI'],
  ])('%j → %j', (query, expected) => {
    expect(normaliseQuery(query)).toBe(expected);
  });

  it('collapses spaces only, not tabs inside the text', () => {
    expect(normaliseQuery('parus\t\tmajor')).toBe('PARUS\t\tMAJOR');
  });
});

describe('removeLoneX', () => {
  it('removes an X or x standing between two words, and none at either end or inside a word', () => {
    expect(removeLoneX('SALIX X RUBENS')).toBe('SALIX RUBENS');
    expect(removeLoneX('X A X B')).toBe('X A B');
    expect(removeLoneX('A x B X')).toBe('A B X');
    expect(removeLoneX('A XX B X')).toBe('A XX B X');
    expect(removeLoneX('X')).toBe('X');
  });
});

describe('javaTrim', () => {
  it('removes control characters and spaces but not NBSP', () => {
    expect(javaTrim('\u0000 a b\u001f ')).toBe('a b');
    expect(javaTrim('\u00a0a\u00a0')).toBe('\u00a0a\u00a0');
  });
});

describe('foldDiacritics', () => {
  it.each([
    ['KÄKI', 'KAKI'],
    ['STÅL', 'STAL'],
    ['MÄNTYPISTIÄINEN', 'MANTYPISTIAINEN'],
    ['ÖRNØ', 'ORNO'],
    ['SÆTER', 'SAETER'],
    ['ŁOŚ', 'LOS'],
    ['käki stål', 'kaki stal'],
    ['PARUS MAJOR', 'PARUS MAJOR'],
  ])('%j → %j', (text, expected) => {
    expect(foldDiacritics(text)).toBe(expected);
  });

  it('tells which texts have diacritics', () => {
    expect(hasDiacritics('KÄKI')).toBe(true);
    expect(hasDiacritics('ØRN')).toBe(true);
    expect(hasDiacritics('KAKI')).toBe(false);
  });
});

describe('hybridVariants', () => {
  it.each([
    ['PARUS MAJOR', ['PARUS MAJOR']],
    ['SALIX  RUBENS', ['SALIX  RUBENS', 'SALIX RUBENS']],
    ['SALIX X RUBENS', ['SALIX X RUBENS', 'SALIX RUBENS']],
    ['SALIX  X  RUBENS', ['SALIX  X  RUBENS', 'SALIX X RUBENS', 'SALIX RUBENS']],
    ['FESTUCA PRATENSIS X LOLIUM PERENNE', ['FESTUCA PRATENSIS X LOLIUM PERENNE', 'FESTUCA PRATENSIS LOLIUM PERENNE']],
    // An x glued to a word, or at either end, is not a hybrid sign.
    ['LONICERA XYLOSTEUM', ['LONICERA XYLOSTEUM']],
    ['X FESTULOLIUM', ['X FESTULOLIUM']],
    ['SALIX X', ['SALIX X']],
  ])('%j → %j', (text, expected) => {
    expect(hybridVariants(text)).toEqual(expected);
  });
});

describe('hybridNameKeys', () => {
  it.each([
    ['Parus major', ['PARUS MAJOR']],
    ['Salix × rubens', ['SALIX  RUBENS', 'SALIX RUBENS', 'SALIX X RUBENS']],
    ['Salix ×rubens', ['SALIX RUBENS', 'SALIX X RUBENS']],
    ['×Festulolium', ['FESTULOLIUM', 'X FESTULOLIUM']],
    ['Salix x rubens', ['SALIX X RUBENS', 'SALIX RUBENS']],
  ])('%j → %j', (name, expected) => {
    expect(hybridNameKeys(name)).toEqual(expected);
  });
});
