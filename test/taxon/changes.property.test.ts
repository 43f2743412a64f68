/** Change records against a brute-force reading of the two versions (`../helpers/brute-changes.ts`). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions, type ChangeRecord } from '../../src/taxon/changes.ts';
import { asBrute, bruteDifferences, type Taxon } from '../helpers/brute-changes.ts';

const IDS = ['MX.1', 'MX.2', 'MX.3', 'MX.4', 'MX.5', 'MX.6', 'MX.7', 'MX.8'];
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const word = fc.constantFrom('a', 'b', 'c');

const fields = fc.record(
  {
    scientificName: fc.constantFrom('Parus major', 'Parus minor', 'Poecile montanus'),
    isPartOf: fc.constantFrom('MX.1', 'MX.2', 'MX.3'),
    finnish: fc.boolean(),
    vernacularName: fc.record({ fi: maybe(word), sv: maybe(word), en: maybe(word) }, { requiredKeys: [] }),
    latestRedListStatusFinland: fc.record({
      status: fc.constantFrom('MX.iucnLC', 'MX.iucnVU'),
      year: fc.constantFrom(2015, 2019),
    }),
    informalTaxonGroups: fc.array(fc.constantFrom('MVL.1', 'MVL.2', 'MVL.3'), { maxLength: 3 }),
    synonyms: fc.array(fc.record({ scientificName: word, scientificNameAuthorship: maybe(word) }), { maxLength: 3 }),
    taxonomicOrder: fc.integer({ min: 0, max: 9 }),
    parents: fc.array(fc.constantFrom('MX.1', 'MX.2'), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);

/** Two versions over the same ids: a taxon in either, both or none; in both, the same or edited. */
const versionPair = fc
  .array(fc.tuple(fc.constantFrom('from', 'to', 'both', 'same'), fields, fields), {
    minLength: IDS.length,
    maxLength: IDS.length,
  })
  .map((rows) => {
    const from: Taxon[] = [];
    const to: Taxon[] = [];
    rows.forEach(([where, a, b], i) => {
      const id = IDS[i]!;
      if (where !== 'to') from.push({ id, ...a });
      if (where === 'to' || where === 'both') to.push({ id, ...b });
      if (where === 'same') to.push(structuredClone({ id, ...a }));
    });
    return { from, to };
  });

describe('change records', () => {
  it('are those of a brute-force comparison of the two versions, on random pairs', () => {
    fc.assert(
      fc.property(versionPair, ({ from, to }) => {
        const records = new Map(compareVersions(from, to).map((record) => [record.id, record]));
        const before = new Map(from.map((t) => [t.id, t]));
        const after = new Map(to.map((t) => [t.id, t]));
        for (const id of IDS) {
          const [x, y] = [before.get(id), after.get(id)];
          const record: ChangeRecord<Taxon> | undefined = records.get(id);
          if (!x && !y) expect(record).toBeUndefined();
          else if (!x) expect(record).toEqual({ id, changeTypes: ['added'], fields: [], differences: [], to: y });
          else if (!y) expect(record).toEqual({ id, changeTypes: ['removed'], fields: [], differences: [], from: x });
          else {
            const expected = bruteDifferences(x, y);
            if (expected.size === 0) {
              expect(record).toBeUndefined();
              continue;
            }
            expect(record).toBeDefined();
            expect(new Map(record!.differences.map((d) => [d.field, asBrute(d)]))).toEqual(expected);
            expect(record!.fields).toEqual(record!.differences.map((d) => d.field));
            const names = [...expected.keys()];
            const types = [
              ...(names.includes('scientificName') ? ['renamed'] : []),
              ...(names.includes('isPartOf') ? ['moved'] : []),
              ...(names.some((f) => f !== 'scientificName' && f !== 'isPartOf') ? ['changed'] : []),
            ];
            expect(record!.changeTypes).toEqual(types);
            expect([record!.from, record!.to]).toEqual([x, y]);
          }
        }
        expect(records.size).toBe(
          IDS.filter((id) => before.has(id) || after.has(id)).filter((id) => records.has(id)).length,
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe('change records of unusual keys', () => {
  it('compare a key named __proto__ as any other, and never an inherited one', () => {
    const from = JSON.parse('{"id": "MX.1", "__proto__": {"a": 1}}') as Taxon;
    const [record] = compareVersions([from], [{ id: 'MX.1' }]);
    expect(record?.differences).toEqual([{ field: '__proto__.a', from: 1 }]);
    expect(compareVersions([{ id: 'MX.1' }], [from])[0]?.differences).toEqual([{ field: '__proto__.a', to: 1 }]);
  });
});
