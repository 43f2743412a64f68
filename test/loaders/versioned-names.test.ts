/**
 * Name entries shared across versions: a taxon whose names and attributes did not change keeps
 * its entries (the same objects), and every version's entries, made whole with its own
 * `taxonomicOrder`, are the entries derived from that version alone. Their `nameOrder` is numbered
 * over all versions at once, so it orders a version's entries as the version alone does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engineDataOf } from '../../loaders/engine-data.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';
import { nameEntriesOf, VersionedNames, wholeEntries } from '../../loaders/name-entries.ts';
import type { NameEntry } from '../../src/search/name-entry.ts';

const { dataSet } = await loadDataDirectory('data/sample');

/** The entries with `nameOrder` as each one's place among them (0, 1, …), as one version alone numbers them. */
function numberedAlone(entries: readonly NameEntry[]): NameEntry[] {
  const places = new Map(
    [...entries.map((entry) => entry.nameOrder)].sort((a, b) => a - b).map((order, i) => [order, i]),
  );
  return entries.map((entry) => ({ ...entry, nameOrder: places.get(entry.nameOrder)! }));
}

/** Version `index` of `names`, whole, numbered as alone. */
const versionOf = (names: VersionedNames, index: number, last = false) =>
  numberedAlone([...wholeEntries(names.documents(index, last))]);

describe('name entries of several versions', () => {
  it('are the entries each version has alone, whatever order the versions are read in', () => {
    for (const order of [dataSet.versions, [...dataSet.versions].reverse()]) {
      const names = new VersionedNames(order.map((version) => version.documents));
      for (const [i, version] of order.entries()) {
        expect(versionOf(names, i), version.id).toEqual(nameEntriesOf(version.documents));
      }
    }
  });

  it('are the entries each version has alone when the loader says which taxa are unchanged, read in any order', () => {
    const docs = dataSet.versions.map((version) => version.documents);
    const unchanged = dataSet.versions.map((version) => version.unchanged);
    // The sample's versions hold most taxa unchanged from the version loaded before.
    expect(unchanged.slice(1).every((list) => list!.filter((at) => at !== -1).length > list!.length / 2)).toBe(true);
    // Read in order, each version may take the names its unchanged taxa had in the one before;
    // read out of order (the third before the second), none may.
    const inOrder = [...docs.keys()];
    for (const order of [inOrder, [0, 2, 1, ...inOrder.slice(3)]]) {
      const names = new VersionedNames(docs, unchanged);
      for (const i of order) expect(versionOf(names, i), dataSet.versions[i]!.id).toEqual(nameEntriesOf(docs[i]!));
    }
  });

  it('are the entries each version has alone when versions drop, move and edit taxa', () => {
    const current = dataSet.versions.find((version) => version.id === 'current')!.documents;
    // A version: current with some taxa dropped, a block of them moved elsewhere, some edited.
    const version = fc
      .record({
        dropped: fc.uniqueArray(fc.nat(current.length - 1), { maxLength: 40 }),
        block: fc.tuple(fc.nat(current.length - 1), fc.nat(30), fc.nat(current.length - 1)),
        edited: fc.uniqueArray(fc.nat(current.length - 1), { maxLength: 20 }),
      })
      .map(({ dropped, block: [from, length, to], edited }) => {
        const kept = current
          .map((taxon, i) => (edited.includes(i) ? { ...taxon, hiddenTaxon: !taxon.hiddenTaxon } : taxon))
          .filter((_, i) => !dropped.includes(i));
        const moved = kept.splice(from, length);
        kept.splice(Math.min(to, kept.length), 0, ...moved);
        return kept;
      });
    fc.assert(
      fc.property(fc.array(version, { minLength: 2, maxLength: 4 }), (versions) => {
        const names = new VersionedNames(versions);
        const entriesOf: Map<string, object[]>[] = [];
        for (const [i, docs] of versions.entries()) {
          const read = [...names.documents(i, i === versions.length - 1)];
          expect(numberedAlone([...wholeEntries(read)])).toEqual(nameEntriesOf(docs));
          const byTaxon = new Map<string, object[]>();
          for (const { shared } of read) {
            const { taxonId } = shared as NameEntry;
            byTaxon.set(taxonId, [...(byTaxon.get(taxonId) ?? []), shared]);
          }
          entriesOf.push(byTaxon);
          // A taxon the version before has unchanged (the same document) keeps its entries, the same objects.
          const before = new Set(versions[i - 1] ?? []);
          for (const taxon of docs.filter((doc) => before.has(doc))) {
            const [now, then] = [byTaxon.get(taxon.id) ?? [], entriesOf[i - 1]!.get(taxon.id) ?? []];
            expect(now.length === then.length && now.every((entry, n) => entry === then[n]), taxon.id).toBe(true);
          }
        }
      }),
      { numRuns: 10 },
    );
  });

  it('are one entry for each distinct name of a taxon, in the order first given, however many it has', () => {
    const taxon = dataSet.versions.find((version) => version.id === 'current')!.documents[5]!;
    const synonyms = Array.from({ length: 40 }, (_, i) => ({ id: `MX.s${i}`, scientificName: `Synonymus s${i % 12}` }));
    const many: TaxonDocument = {
      ...taxon,
      scientificName: 'Synonymus s3',
      vernacularName: { fi: 'käki', sv: 'käki' },
      alternativeVernacularName: { fi: ['käki', 'käki', ' '] },
      obsoleteVernacularName: { fi: ['käki'] },
      synonyms,
      misappliedNames: [synonyms[1]!, synonyms[1]!],
    };
    const names = nameEntriesOf([many]).map(({ name, nameType, language }) => [name, nameType, language]);
    expect(names).toEqual([
      ['Synonymus s3', 'MX.scientificName', undefined],
      ['käki', 'MX.vernacularName', 'fi'],
      ['käki', 'MX.vernacularName', 'sv'],
      ['käki', 'MX.alternativeVernacularName', 'fi'],
      ['käki', 'MX.obsoleteVernacularName', 'fi'],
      ...Array.from({ length: 12 }, (_, i) => [`Synonymus s${i}`, 'MX.hasSynonym', undefined]),
      ['Synonymus s1', 'MX.hasMisappliedName', undefined],
    ]);
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
    const names = new VersionedNames([current, edited]);
    expect(versionOf(names, 0)).toEqual(nameEntriesOf(current));
    expect(versionOf(names, 1)).toEqual(nameEntriesOf(edited));
  });

  it('order the same name of a taxon in two languages as each version lists them', () => {
    const current = dataSet.versions.find((version) => version.id === 'current')!.documents;
    const named = (vernacularName: Record<string, string>) =>
      current.map((taxon, i) => (i % 7 === 0 ? { ...taxon, vernacularName } : taxon));
    const [svFirst, enFirst] = [
      named({ sv: 'Samma namn', en: 'samma namn' }),
      named({ en: 'Samma namn', sv: 'samma namn' }),
    ];
    const names = new VersionedNames([svFirst, enFirst, svFirst]);
    for (const [i, docs] of [svFirst, enFirst, svFirst].entries()) {
      const alone = nameEntriesOf(docs);
      expect(versionOf(names, i, i === 2)).toEqual(alone);
      // The sort's key ties these two (same taxon, name lower-cased and type): their lists' order decides.
      const tied = alone.filter((entry) => entry.taxonId === docs[0]!.id && entry.name.toLowerCase() === 'samma namn');
      expect(tied.map((entry) => entry.language)).toEqual(i === 1 ? ['en', 'sv'] : ['sv', 'en']);
    }
  });

  it('give a taxon that changes and changes back its first entries again, the same objects', () => {
    const current = dataSet.versions.find((version) => version.id === 'current')!.documents;
    const edited = current.map((taxon, i) =>
      i % 3 === 0 ? { ...taxon, informalTaxonGroups: [...(taxon.informalTaxonGroups ?? []), 'MVL.1'] } : taxon,
    );
    const names = new VersionedNames([current, edited, current]);
    const first = [...names.documents(0)].map((entry) => entry.shared);
    const between = [...names.documents(1)].map((entry) => entry.shared);
    const again = [...names.documents(2, true)].map((entry) => entry.shared);
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
