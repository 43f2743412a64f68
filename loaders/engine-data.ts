/** A loaded data set in the shape an engine indexes: per version, the documents of each index. */
import type { EngineData } from '../src/index/embedded-engine.ts';
import type { DataSet } from './load-data-dir.ts';
import { nameEntriesOf } from './name-entries.ts';

export function engineDataOf(dataSet: DataSet): EngineData {
  return {
    catalog: { informalTaxonGroups: dataSet.informalTaxonGroups, checklistVersions: dataSet.checklistVersions },
    versions: dataSet.versions.map((version) => ({
      id: version.id,
      indices: { taxa: version.documents, names: nameEntriesOf(version.documents) },
    })),
  };
}
