/** Change records by example (`src/taxon/changes.ts`): what the random pairs of the property test rarely make. */
import { describe, expect, it } from 'vitest';
import { canonical, changeOf, changesOf, compareVersions, taxonDifferences } from '../../src/taxon/changes.ts';

describe('canonical', () => {
  it('is equal for values equal whatever their key order, at any depth, and tells apart what differs', () => {
    expect(canonical({ b: 1, a: [{ d: [1, 2], c: null }] })).toBe(canonical({ a: [{ c: null, d: [1, 2] }], b: 1 }));
    expect(canonical({ a: 1, b: undefined })).toBe(canonical({ a: 1 }));
    expect(canonical([[1, 2]])).not.toBe(canonical([[12]]));
    expect(canonical([{ a: 1 }])).not.toBe(canonical([{ a: 2 }]));
    expect(canonical(1)).not.toBe(canonical(2));
    expect(canonical(null)).toBe('null');
    expect(canonical(undefined)).toBe('null');
  });
});

describe('a change record', () => {
  it('of a taxon renamed only, or moved only, has that type alone', () => {
    const from = { id: 'MX.1', scientificName: 'Parus major', isPartOf: 'MX.2', finnish: true };
    expect(changeOf(from, { ...from, scientificName: 'Parus minor' })?.changeTypes).toEqual(['renamed']);
    expect(changeOf(from, { ...from, isPartOf: 'MX.3' })?.changeTypes).toEqual(['moved']);
    expect(changeOf(from, { ...from, isPartOf: 'MX.3', finnish: false })?.changeTypes).toEqual(['moved', 'changed']);
  });

  it('is none for a taxon in neither version', () => {
    expect(changeOf(undefined, undefined)).toBeUndefined();
  });

  it('lists each difference once, with `from` or `to` absent where the field is', () => {
    const differences = taxonDifferences(
      { id: 'MX.1', finnish: true, vernacularName: { fi: 'talitiainen' } },
      { id: 'MX.1', finnish: false, vernacularName: { sv: 'talgoxe' } },
    );
    expect(differences).toStrictEqual([
      { field: 'finnish', from: true, to: false },
      { field: 'vernacularName.fi', from: 'talitiainen' },
      { field: 'vernacularName.sv', to: 'talgoxe' },
    ]);
  });

  it('orders the fields with a value in the older version first, then those only in the newer', () => {
    const differences = taxonDifferences({ id: 'MX.1', x: undefined, y: 1 }, { id: 'MX.1', x: 3, y: 2 });
    expect(differences.map((d) => d.field)).toEqual(['y', 'x']);
  });

  it('compares a single value and a list of values as lists', () => {
    expect(taxonDifferences({ id: 'MX.1', occurrence: 'a' }, { id: 'MX.1', occurrence: ['a', 'b'] })).toEqual([
      { field: 'occurrence', added: ['b'], removed: [] },
    ]);
    expect(taxonDifferences({ id: 'MX.1', occurrence: ['a', 'b'] }, { id: 'MX.1', occurrence: 'b' })).toEqual([
      { field: 'occurrence', added: [], removed: ['a'] },
    ]);
  });

  it('names a field under one named by the empty string apart from a top-level field of its name', () => {
    const from = { id: 'MX.1', a: 1, '': { a: 1 } };
    expect(taxonDifferences(from, { ...from, '': { a: 2 } })).toEqual([{ field: '.a', from: 1, to: 2 }]);
    expect(taxonDifferences(from, { ...from, a: 2 })).toEqual([{ field: 'a', from: 1, to: 2 }]);
  });
});

describe('changesOf', () => {
  it("places each record among each version's taxa, -1 where its taxon is not", () => {
    const from = [{ id: 'MX.1' }, { id: 'MX.2', finnish: true }, { id: 'MX.3' }];
    const to = [{ id: 'MX.4' }, { id: 'MX.1' }, { id: 'MX.2', finnish: false }];
    const placed = [...changesOf(from, to)].map(({ record, fromAt, toAt }) => [record.id, fromAt, toAt]);
    expect(placed).toEqual([
      ['MX.4', -1, 0],
      ['MX.2', 1, 2],
      ['MX.3', 2, -1],
    ]);
    expect(compareVersions(from, to).map((record) => record.changeTypes)).toEqual([
      ['added'],
      ['changed'],
      ['removed'],
    ]);
  });
});
