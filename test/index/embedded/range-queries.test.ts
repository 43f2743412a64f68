import { describe, expect, it } from 'vitest';
import { DocumentIndex } from '../../../src/index/embedded/document-index.ts';
import { fieldCatalogFromMapping } from '../../../src/index/embedded/build/field-catalog.ts';
import { fixtureIndex, matching } from './fixtures.ts';

const index = fixtureIndex();

describe('range', () => {
  it('bounds numbers inclusively and exclusively', () => {
    expect(matching(index, { range: { order: { gte: 20, lt: 50 } } })).toEqual(['t2', 't3', 't5']);
    expect(matching(index, { range: { order: { gt: 20, lte: 50 } } })).toEqual(['t2', 't4', 't5']);
    expect(matching(index, { range: { order: { gt: '55' } } })).toEqual(['t6']);
  });

  it('matches a multi-valued field when any value is in range', () => {
    expect(matching(index, { range: { size: { gt: 30, lt: 38 } } })).toEqual(['t4']);
    expect(matching(index, { range: { size: { gte: 40 } } })).toEqual(['t5']);
  });

  it('compares integer fields with fractional bounds as numbers', () => {
    expect(matching(index, { range: { order: { gt: 49.5 } } })).toEqual(['t4', 't6']);
    expect(matching(index, { range: { order: { lt: 10.5 } } })).toEqual(['t1']);
  });

  it('rounds float bounds to 32 bits like the stored values', () => {
    expect(matching(index, { range: { weight: { gt: 0.1 } } })).toEqual(['t2', 't4']);
    expect(matching(index, { range: { weight: { lte: 0.3 } } })).toEqual(['t1', 't2']);
  });

  it('treats a missing or null bound as open', () => {
    expect(matching(index, { range: { size: { gte: null, lt: 1 } } })).toEqual(['t2']);
    expect(matching(index, { range: { size: {} } })).toEqual(['t1', 't2', 't4', 't5', 't6']);
  });

  it('orders keywords by code point (UTF-8 bytes), not by UTF-16 units', () => {
    expect(matching(index, { range: { name: { gte: 'P', lt: 'Q' } } })).toEqual(['t2', 't3']);
    expect(matching(index, { range: { name: { gt: 'r' } } })).toEqual(['t6']);
    const fields = fieldCatalogFromMapping({ properties: { s: { type: 'keyword' } } });
    const strings = DocumentIndex.build(
      [
        { id: 'bmp', s: '\uffff' },
        { id: 'astral', s: '😀' },
        { id: 'ascii', s: 'z' },
      ],
      { fields, idField: 'id' },
    );
    expect(matching(strings, { range: { s: { gt: '\uffff' } } })).toEqual(['astral']);
    expect(matching(strings, { range: { s: { lt: '😀' } } })).toEqual(['bmp', 'ascii']);
  });

  it('orders booleans false before true', () => {
    expect(matching(index, { range: { finnish: { gt: false } } })).toEqual(['t1', 't2', 't3', 't6']);
  });

  it('matches nothing on an unmapped field, and refuses options it does not know', () => {
    expect(matching(index, { range: { colour: { gte: 'a' } } })).toEqual([]);
    expect(() => matching(index, { range: { order: { gte: 1, format: 'x' } } })).toThrow(/query.bool.filter.range.format/);
  });
});
