/**
 * A loaded data set in the shape an engine indexes: per version, the documents of each index (the
 * taxa, their names, and the changes into the version from each other one).
 */
import type { EngineData, VersionedDocuments } from '../src/index/engine.ts';
import type { LaterData } from '../src/index/embedded-engine.ts';
import type { TaxonDocument } from '../src/taxon/schema.ts';
import type { DataSet } from './load-data-dir.ts';
import { CHANGE_FORM, changeDocumentsOf, pairChangesOf } from './changes.ts';
import { NAME_VERSION_FIELDS, VersionedNames } from './name-entries.ts';

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

/**
 * What an engine builds on first search from the versions' taxa (each version's documents as
 * loaded): the changes between versions (`EngineData.changesBetween`, each version's `changes`).
 * An engine opened from a snapshot is given this of its taxa.
 */
export function laterDataOf(versions: readonly { id: string; documents: readonly TaxonDocument[] }[]): LaterData {
  const between = pairChangesOf(versions);
  const changes = changeDocumentsOf(versions, between);
  return {
    versions: versions.map(({ id }) => ({ id, indices: { changes: changesInto(changes, id) } })),
    changesBetween: between,
    keptForms: { changes: CHANGE_FORM },
  };
}

export function engineDataOf(dataSet: DataSet): EngineData {
  const later = laterDataOf(dataSet.versions);
  // A document held from another version holds its `taxonomicOrder` there: a version's own is
  // its document's place (`servedDocument`).
  const orders = dataSet.versions.map(({ documents }) => Int32Array.from(documents.keys(), (i) => i + 1));
  // A taxon's name entries are the same objects in every version where its names and attributes
  // are: an engine that holds versions together holds them once.
  const versionedNames = new VersionedNames(
    dataSet.versions.map((version) => version.documents),
    dataSet.versions.map((version) => version.unchanged),
    orders,
  );
  const last = dataSet.versions.length - 1;
  const names: VersionedDocuments = {
    versionFields: NAME_VERSION_FIELDS,
    // A taxon has a name or more: its scientific name, most often vernacular names and synonyms too.
    sizeHint: dataSet.versions[0]?.documents.length,
    versions: dataSet.versions.map((version, i) => ({
      id: version.id,
      documents: lazily(() => versionedNames.documents(i, i === last)),
    })),
  };
  return {
    catalog: {
      informalTaxonGroups: dataSet.informalTaxonGroups,
      checklistVersions: dataSet.checklistVersions,
      checklists: dataSet.checklists,
      redListEvaluationGroups: dataSet.redListEvaluationGroups,
    },
    versions: dataSet.versions.map((version, i) => ({
      id: version.id,
      indices: { taxa: version.documents, ...later.versions[i]!.indices },
      ...(version.unchanged === undefined ? {} : { unchanged: { taxa: version.unchanged } }),
      ownValues: { taxa: { fields: ['taxonomicOrder'], values: [orders[i]!] } },
    })),
    changesBetween: later.changesBetween,
    keptForms: later.keptForms,
    shared: { names },
  };
}

/**
 * The taxa of each version alone, without the names and changes indices: what reads taxa only
 * (`taxa export`, the benchmarks of taxa pages) indexes.
 */
export function taxaOnly(data: EngineData): EngineData {
  return {
    ...data,
    shared: {},
    versions: data.versions.map(({ id, indices, unchanged, ownValues }) => ({
      id,
      indices: indices.taxa ? { taxa: indices.taxa } : {},
      ...(unchanged?.taxa === undefined ? {} : { unchanged: { taxa: unchanged.taxa } }),
      ...(ownValues?.taxa === undefined ? {} : { ownValues: { taxa: ownValues.taxa } }),
    })),
  };
}
