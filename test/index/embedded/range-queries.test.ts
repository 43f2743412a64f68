import { describe, expect, it } from 'vitest';
import { fixtureIndex, matching, untyped } from './fixtures.ts';

const index = fixtureIndex();

describe('range', () => {
  it('bounds numbers inclusively', () => {
    expect(matching(index, { range: { order: { gte: 20, lte: 49 } } })).toEqual(['t2', 't3', 't5']);
    expect(matching(index, { range: { order: { gte: 21, lte: 50 } } })).toEqual(['t2', 't4', 't5']);
    expect(matching(index, { range: { order: { gte: 56 } } })).toEqual(['t6']);
  });

  it('matches a multi-valued field when any value is in range', () => {
    expect(matching(index, { range: { size: { gte: 30, lte: 38 } } })).toEqual(['t4']);
    expect(matching(index, { range: { size: { gte: 40 } } })).toEqual(['t5']);
  });

  it('compares integer fields with fractional bounds as numbers', () => {
    expect(matching(index, { range: { order: { gte: 49.5 } } })).toEqual(['t4', 't6']);
    expect(matching(index, { range: { order: { lte: 10.5 } } })).toEqual(['t1']);
  });

  it('rounds float bounds to 32 bits like the stored values', () => {
    expect(matching(index, { range: { weight: { gte: 0.1 } } })).toEqual(['t1', 't2', 't4']);
    expect(matching(index, { range: { weight: { lte: 0.3 } } })).toEqual(['t1', 't2']);
  });

  it('treats a missing or null bound as open', () => {
    expect(matching(index, { range: { size: { gte: null, lte: 0.99 } } })).toEqual(['t2']);
    expect(matching(index, { range: { size: {} } })).toEqual(['t1', 't2', 't4', 't5', 't6']);
  });

  it('matches nothing on an unmapped field', () => {
    expect(matching(index, { range: { colour: { gte: 1 } } })).toEqual([]);
  });

  it('refuses what the compiler does not send: exclusive bounds, other options, non-numeric bounds and fields', () => {
    const range = (field: string, bounds: object) => () =>
      matching(index, untyped({ query: { range: { [field]: bounds } } }).query);
    expect(range('order', { gt: 20 })).toThrow(/query.bool.filter.range.gt/);
    expect(range('order', { lt: 20 })).toThrow(/query.bool.filter.range.lt/);
    expect(range('order', { gte: 1, format: 'x' })).toThrow(/query.bool.filter.range.format/);
    expect(range('order', { gte: '55' })).toThrow(/range.gte: expected a number/);
    expect(range('name', { gte: 1 })).toThrow(/field \[name\] of type \[keyword\]: only ranges over numeric fields/);
    expect(range('finnish', { gte: 0 })).toThrow(/field \[finnish\] of type \[boolean\]/);
  });
});
