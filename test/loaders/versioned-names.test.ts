/**
 * Name entries shared across versions: a taxon whose names and attributes did not change keeps
 * its entries (the same objects), and every version's entries, made whole with its own
 * `taxonomicOrder` and `nameOrder`, are exactly the entries derived from that version alone.
 */
import { describe, expect, it } from 'vitest';
import { engineDataOf } from '../../loaders/engine-data.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';
import { nameEntriesOf, VersionedNames, wholeEntries } from '../../loaders/name-entries.ts';

const { dataSet } = await loadDataDirectory('data/sample');

describe('name entries of several versions', () => {
  it('are the entries each version has alone, whatever order the versions are read in', () => {
    for (const order of [dataSet.versions, [...dataSet.versions].reverse()]) {
      const names = new VersionedNames();
      for (const version of order) {
        expect([...wholeEntries(names.documents(version.documents))], version.id).toEqual(
          nameEntriesOf(version.documents),
        );
      }
    }
  });

  it('are derived again for a taxon whose attributes alone changed', () => {
    const current = dataSet.versions.find((version) => version.id === 'current')!.documents;
    const edits: ((taxon: TaxonDocument) => Partial<TaxonDocument>)[] = [
      (taxon) => ({ informalTaxonGroups: [...(taxon.informalTaxonGroups ?? []), 'MVL.1'] }),
      (taxon) => ({ hiddenTaxon: !taxon.hiddenTaxon }),
      (taxon) => ({ observationCountFinland: (taxon.observationCountFinland ?? 0) + 1 }),
      (taxon) => ({ invasiveSpecies: !taxon.invasiveSpecies }),
      (taxon) => ({ finnish: !taxon.finnish }),
      (taxon) => ({ taxonSets: taxon.taxonSets?.length ? [] : ['MX.taxonSetWaterbirdCount'] }),
      (taxon) => ({ scientificNameAuthorship: `${taxon.scientificNameAuthorship ?? ''} (edited)` }),
      (taxon) => ({ cursiveName: !taxon.cursiveName }),
      (taxon) => ({ taxonRank: taxon.taxonRank === 'MX.genus' ? 'MX.species' : 'MX.genus' }),
    ];
    const edited = current.map((taxon, i) =>
      i % 10 === 0 ? { ...taxon, ...edits[(i / 10) % edits.length]!(taxon) } : taxon,
    );
    const names = new VersionedNames();
    expect([...wholeEntries(names.documents(current))]).toEqual(nameEntriesOf(current));
    expect([...wholeEntries(names.documents(edited))]).toEqual(nameEntriesOf(edited));
  });

  it('give a taxon that changes and changes back its first entries again, the same objects', () => {
    const current = dataSet.versions.find((version) => version.id === 'current')!.documents;
    const edited = current.map((taxon, i) =>
      i % 3 === 0 ? { ...taxon, informalTaxonGroups: [...(taxon.informalTaxonGroups ?? []), 'MVL.1'] } : taxon,
    );
    const names = new VersionedNames();
    const first = [...names.documents(current)].map((entry) => entry.shared);
    const between = [...names.documents(edited)].map((entry) => entry.shared);
    const again = [...names.documents(current, true)].map((entry) => entry.shared);
    expect(between.filter((entry, i) => entry !== first[i]).length).toBeGreaterThan(first.length / 4);
    expect(again).toHaveLength(first.length);
    expect(again.every((entry, i) => entry === first[i])).toBe(true);
  });

  it('share the entries of unchanged taxa, and only those', () => {
    const { shared } = engineDataOf(dataSet);
    const seen = new Set<object>();
    let total = 0;
    for (const version of shared!.names!.versions) {
      for (const { shared: entry } of version.documents) {
        seen.add(entry);
        total++;
      }
    }
    const perVersion = dataSet.versions.map((version) => nameEntriesOf(version.documents).length);
    expect(total).toBe(perVersion.reduce((a, b) => a + b, 0));
    // The sample's versions differ by a few percent of their taxa: most entries are held once.
    expect(seen.size).toBeGreaterThan(Math.max(...perVersion));
    expect(seen.size).toBeLessThan(1.5 * Math.max(...perVersion));
  });
});
