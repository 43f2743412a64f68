/**
 * A loaded data set in the shape an engine indexes: per version, the documents of each index (the
 * taxa, their names, and the changes into the version from each other one).
 */
import type { EngineData } from '../src/index/engine.ts';
import type { DataSet } from './load-data-dir.ts';
import { changeDocumentsOf, pairChangesOf } from './changes.ts';
import { nameEntries } from './name-entries.ts';
import { ValueSharing } from './shared-values.ts';

/** Derived when iterated, so that holding the data set does not hold every version's names. */
function lazily<T>(derive: () => Iterable<T>): Iterable<T> {
  return { [Symbol.iterator]: () => derive()[Symbol.iterator]() };
}

/**
 * A version's change records, derived when iterated. Made here, not where the names are: an
 * engine keeps this (to build a pair's index later), and a closure made there would keep the
 * names' sharing, and the last version's name entries with it.
 */
function changesInto(changes: (version: string) => Iterable<object>, version: string): Iterable<object> {
  return lazily(() => changes(version));
}

export function engineDataOf(dataSet: DataSet): EngineData {
  const between = pairChangesOf(dataSet.versions);
  const changes = changeDocumentsOf(dataSet.versions, between);
  // Name entries of a taxon share their values with its entries in the version indexed before
  // (that one only: the entries kept meanwhile still hold their index-only lists).
  const names = new ValueSharing(1);
  return {
    catalog: { informalTaxonGroups: dataSet.informalTaxonGroups, checklistVersions: dataSet.checklistVersions },
    versions: dataSet.versions.map((version, i) => ({
      id: version.id,
      indices: {
        taxa: version.documents,
        // The last version's entries are kept by nothing (with one version, nothing is kept at all).
        names: lazily(() => names.shareEach(nameEntries(version.documents), i === dataSet.versions.length - 1)),
        changes: changesInto(changes, version.id),
      },
    })),
    changesBetween: between,
  };
}
