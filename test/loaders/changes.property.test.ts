/**
 * The change records the loader indexes (fingerprints first, then field by field; `loaders/changes.ts`)
 * against a brute-force comparison of the taxa as written, on random pairs of version files.
 */
import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { changeDocumentsOf, servedChange } from '../../loaders/changes.ts';
import { givenCanonical, givenTaxonOf } from '../../loaders/derive.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { canonical } from '../../src/taxon/changes.ts';
import { asBrute, bruteDifferences, type Taxon } from '../helpers/brute-changes.ts';
import { FIXTURE_DIR, fixtureCopy, ndjson, removeTempDirs } from '../helpers/data-dir.ts';

afterAll(removeTempDirs);

const IDS = ['MX.1', 'MX.2', 'MX.3', 'MX.4', 'MX.5', 'MX.6', 'MX.7'];
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const word = fc.constantFrom('a', 'b', 'c');

const fields = fc.record(
  {
    scientificName: fc.constantFrom('Parus major', 'Parus minor', 'Poecile montanus'),
    taxonRank: fc.constantFrom('MX.genus', 'MX.species'),
    vernacularName: fc.record({ fi: maybe(word), en: maybe(word) }, { requiredKeys: [] }),
    latestRedListStatusFinland: fc.record({
      status: fc.constantFrom('MX.iucnLC', 'MX.iucnVU'),
      year: fc.constantFrom(2015, 2019),
    }),
    informalTaxonGroups: fc.uniqueArray(fc.constantFrom('MVL.1', 'MVL.2', 'MVL.343'), { maxLength: 2 }),
    synonyms: fc.array(fc.record({ id: fc.constantFrom('MX.90', 'MX.91'), scientificName: word }), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);

/** A version: a tree over some of the ids (MX.1 the root), each taxon under an earlier one. */
const version = fc
  .tuple(
    fc.array(fc.boolean(), { minLength: IDS.length, maxLength: IDS.length }),
    fc.array(fc.nat(), { minLength: IDS.length, maxLength: IDS.length }),
    fc.array(fields, { minLength: IDS.length, maxLength: IDS.length }),
  )
  .map(([present, parents, values]) => {
    const ids = IDS.filter((_, i) => i === 0 || present[i]);
    return ids.map(
      (id, i): Taxon =>
        JSON.parse(
          JSON.stringify({
            id,
            nameAccordingTo: 'MR.1',
            ...(i > 0 ? { isPartOf: ids[parents[i]! % i] } : {}),
            ...values[IDS.indexOf(id)],
          }),
        ) as Taxon,
    );
  });

/** A version pair, often with taxa kept as they were. */
const versionPair = fc
  .tuple(version, version, fc.array(fc.boolean(), { minLength: IDS.length, maxLength: IDS.length }))
  .map(([older, newer, keep]) => ({
    older,
    newer: newer.map((taxon) => {
      const before = older.find((t) => t.id === taxon.id);
      return before && keep[IDS.indexOf(taxon.id)] && before.isPartOf === taxon.isPartOf
        ? structuredClone(before)
        : taxon;
    }),
  }));

describe('the change records of a load', () => {
  it("are a brute-force comparison of the version files, in the newer version's order then the removed", async () => {
    const versions = await readFile(`${FIXTURE_DIR}/checklist-versions.json`, 'utf8');
    await fc.assert(
      fc.asyncProperty(versionPair, async ({ older, newer }) => {
        const dir = await fixtureCopy({
          'MR.424.ndjson': ndjson(older),
          'current.ndjson': ndjson(newer),
          'checklist-versions.json': versions,
        });
        const { dataSet } = await loadDataDirectory(dir);
        for (const doc of dataSet.versions.flatMap((v) => v.documents))
          expect(givenCanonical(doc)).toBe(canonical(givenTaxonOf(doc)));
        const records = changeDocumentsOf(dataSet.versions)('current').map(servedChange);
        expect(records.every((r) => r.since === 'MR.424' && r.id === `MR.424/${r.taxonId}`)).toBe(true);
        expect(records.map((r) => r.order)).toEqual(records.map((_, i) => i + 1));
        const byId = (list: Taxon[]) => new Map(list.map((t) => [t.id, t]));
        const [before, after] = [byId(older), byId(newer)];
        const order = dataSet.versions.find((v) => v.id === 'current')!.documents.map((d) => d.id);
        const removedOrder = dataSet.versions
          .find((v) => v.id === 'MR.424')!
          .documents.map((d) => d.id)
          .filter((id) => !after.has(id));
        const expected = [...order, ...removedOrder].flatMap((id) => {
          const [x, y] = [before.get(id), after.get(id)];
          if (!x) return [{ taxonId: id, changeTypes: ['added'], differences: new Map<string, string>() }];
          if (!y) return [{ taxonId: id, changeTypes: ['removed'], differences: new Map<string, string>() }];
          const differences = bruteDifferences(x, y);
          if (differences.size === 0) return [];
          const names = [...differences.keys()];
          const changeTypes = [
            ...(names.includes('scientificName') ? ['renamed'] : []),
            ...(names.includes('isPartOf') ? ['moved'] : []),
            ...(names.some((f) => f !== 'scientificName' && f !== 'isPartOf') ? ['changed'] : []),
          ];
          return [{ taxonId: id, changeTypes, differences }];
        });
        expect(
          records.map((r) => ({
            taxonId: r.taxonId,
            changeTypes: r.changeTypes,
            differences: new Map(r.differences.map((d) => [d.field, asBrute(d)])),
          })),
        ).toEqual(expected);
        for (const record of records) {
          expect(record.from?.id ?? record.taxonId).toBe(record.taxonId);
          expect(record.to?.scientificName).toBe(after.get(record.taxonId)?.scientificName);
          expect(record.from?.scientificName).toBe(before.get(record.taxonId)?.scientificName);
        }
      }),
      { numRuns: 60 },
    );
  });
});
