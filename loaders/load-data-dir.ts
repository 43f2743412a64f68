/**
 * Loads a data directory: every version file is read, validated, checked as a tree and given its
 * derived fields. Any problem anywhere refuses the whole directory (DataLoadError lists them all),
 * so a caller never swaps in half a data set.
 *
 * @example
 *   const { dataSet, stats } = await loadDataDirectory('data/sample', { progress: true });
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChecklistVersion, InformalTaxonGroup } from '../src/index/engine.ts';
import type { TaxonDocument } from '../src/taxon/schema.ts';
import { readDataDirectory } from './data-dir.ts';
import { deriveDocuments } from './derive.ts';
import { DataLoadError, type DataProblem } from './problems.ts';
import { createProgress, type Progress } from './progress.ts';
import { readVersionFile, type TaxonLine } from './read-version.ts';
import { buildTree } from './tree.ts';

export interface LoadedVersion {
  id: string;
  file: string;
  documents: TaxonDocument[];
}

export interface DataSet {
  dir: string;
  informalTaxonGroups: InformalTaxonGroup[];
  checklistVersions: ChecklistVersion[];
  versions: LoadedVersion[];
}

export interface LoadStats {
  read: number;
  indexed: number;
  rejected: number;
  seconds: number;
  versions: VersionStats[];
}

export interface VersionStats {
  id: string;
  read: number;
  indexed: number;
  /** reading, validating and deriving this version */
  seconds: number;
}

export interface LoadOptions {
  /** show a progress bar when stderr is a terminal (`true`), or report the reading to this one */
  progress?: boolean | Progress;
  /** called as each version has been read, validated and given its derived fields */
  onVersion?: (stats: VersionStats) => void;
}

const secondsSince = (start: number) => Math.round((performance.now() - start) / 10) / 100;

function checkGroupReferences(file: string, lines: TaxonLine[], known: Set<string>, problems: DataProblem[]): void {
  for (const { line, taxon } of lines) {
    for (const group of taxon.informalTaxonGroups ?? []) {
      if (!known.has(group)) problems.push({ file, line, id: taxon.id, message: `unknown informal group '${group}'` });
    }
  }
}

async function loadVersion(
  dir: string,
  id: string,
  file: string,
  groups: InformalTaxonGroup[],
  progress: Progress,
  problems: DataProblem[],
): Promise<{ version?: LoadedVersion; read: number }> {
  const path = join(dir, file);
  progress.start(file, (await stat(path)).size);
  const { lines, read } = await readVersionFile(path, file, problems, (bytes) => progress.advance(bytes));
  progress.stop();
  checkGroupReferences(file, lines, new Set(groups.map((g) => g.id)), problems);
  const tree = buildTree(file, lines, problems);
  if (!tree || problems.length > 0) return { read };
  return { version: { id, file, documents: deriveDocuments(tree, groups) }, read };
}

export async function loadDataDirectory(
  dir: string,
  options: LoadOptions = {},
): Promise<{ dataSet: DataSet; stats: LoadStats }> {
  const started = performance.now();
  const problems: DataProblem[] = [];
  const directory = await readDataDirectory(dir, problems);
  const progress = typeof options.progress === 'object' ? options.progress : createProgress(options.progress ?? false);
  const versions: LoadedVersion[] = [];
  const perVersion: VersionStats[] = [];
  for (const [id, file] of directory.versionFiles) {
    const versionStarted = performance.now();
    const { version, read } = await loadVersion(dir, id, file, directory.informalTaxonGroups, progress, problems);
    if (version) versions.push(version);
    const stats = { id, read, indexed: version?.documents.length ?? 0, seconds: secondsSince(versionStarted) };
    perVersion.push(stats);
    options.onVersion?.(stats);
  }
  if (problems.length > 0) throw new DataLoadError(problems);
  const read = perVersion.reduce((sum, v) => sum + v.read, 0);
  const indexed = perVersion.reduce((sum, v) => sum + v.indexed, 0);
  const seconds = secondsSince(started);
  return {
    dataSet: { ...directory, versions },
    stats: { read, indexed, rejected: read - indexed, seconds, versions: perVersion },
  };
}
