/**
 * Change records are kept small and expanded when read (`loaders/changes.ts`, `CHANGE_FORM`): a
 * kept record holds its versions' very documents and no differences; expanded, it is the record
 * a comparison of the two versions makes, each document with its own version's place.
 */
import { describe, expect, it } from 'vitest';
import { servedDocument } from '../../loaders/derive.ts';
import { CHANGE_FORM, pairChangesOf, servedChange } from '../../loaders/changes.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { compareVersions } from '../../src/taxon/changes.ts';
import { givenTaxonOf } from '../../loaders/derive.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';

const SAMPLE_DIR = new URL('../../data/sample/', import.meta.url).pathname;

describe('a change record as kept', async () => {
  const { dataSet } = await loadDataDirectory(SAMPLE_DIR);
  const between = pairChangesOf(dataSet.versions);
  const documentsOf = (id: string) => dataSet.versions.find((version) => version.id === id)!.documents;

  it('holds the documents of the taxa indices themselves, their places, and no differences', () => {
    let copiesSpared = 0;
    for (const [since, version] of [
      ['MR.424', 'current'],
      ['current', 'MR.424'],
      ['MR.427', 'MR.428'],
    ] as const) {
      const kept = [...between(since, version)];
      expect(kept.length).toBeGreaterThan(0);
      for (const record of kept) {
        expect(Object.hasOwn(record, 'differences')).toBe(false);
        if (record.from !== undefined) expect(record.from).toBe(documentsOf(since)[record.fromAt]);
        if (record.to !== undefined) expect(record.to).toBe(documentsOf(version)[record.toAt]);
        const sides: [TaxonDocument | undefined, number][] = [
          [record.from, record.fromAt],
          [record.to, record.toAt],
        ];
        for (const [doc, at] of sides) if (doc !== undefined && doc.taxonomicOrder !== at + 1) copiesSpared++;
      }
    }
    // The sample's versions share documents whose order differs: those copies are what is spared.
    expect(copiesSpared).toBeGreaterThan(0);
  });

  it('expands to the records of a comparison, each taxon as its version serves it', () => {
    const [since, version] = ['MR.424', 'current'];
    const served = (id: string) => documentsOf(id).map(servedDocument);
    const compared = compareVersions(documentsOf(since), documentsOf(version), { given: givenTaxonOf });
    const expanded = [...between(since, version)].map(servedChange);
    expect(expanded.map((record) => record.taxonId)).toEqual(compared.map((record) => record.id));
    for (const [i, record] of expanded.entries()) {
      expect(record.id).toBe(`${since}/${record.taxonId}`);
      expect(record.order).toBe(i + 1);
      expect(record.changeTypes).toEqual(compared[i]!.changeTypes);
      expect(record.fields).toEqual(compared[i]!.fields);
      expect(record.differences).toEqual(compared[i]!.differences);
      const from = served(since).find((doc) => doc.id === record.taxonId);
      const to = served(version).find((doc) => doc.id === record.taxonId);
      expect(record.from).toEqual(from);
      expect(record.to).toEqual(to);
    }
  });

  it('is indexed with each version its own taxonomic order, without its differences', () => {
    for (const record of between('MR.428', 'MR.427')) {
      const indexed = CHANGE_FORM.indexed(record) as Record<string, unknown>;
      expect(Object.hasOwn(indexed, 'differences')).toBe(false);
      const served = servedChange(record);
      expect(indexed.from).toEqual(served.from);
      expect(indexed.to).toEqual(served.to);
      if (record.to !== undefined) expect((indexed.to as TaxonDocument).taxonomicOrder).toBe(record.toAt + 1);
    }
  });
});
