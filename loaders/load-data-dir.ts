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
import {
  chronological,
  type Checklist,
  type ChecklistVersion,
  type InformalTaxonGroup,
  type RedListEvaluationGroup,
} from '../src/taxon/catalog.ts';
import type { TaxonDocument } from '../src/taxon/schema.ts';
import { readDataDirectory } from './data-dir.ts';
import { VersionDerivation } from './derive.ts';
import { DataLoadError, type DataProblem } from './problems.ts';
import { createProgress, type Progress } from './progress.ts';
import { maxGzipRatioFromEnv, maxLineBytesFromEnv } from './ndjson.ts';
import { capProblems, LineBytes, readVersionFile, type PreviousLines, type TaxonLine } from './read-version.ts';
import { buildTree, type PositionOf, type TaxonTree } from './tree.ts';
import { ValueSharing } from './shared-values.ts';
import { HabitatHierarchy } from './habitats.ts';
import { assignSortRanks } from './sort-ranks.ts';

export interface LoadedVersion {
  id: string;
  file: string;
  /**
   * In taxonomic order. A taxon unchanged since the version loaded before has that version's very
   * document, whose `taxonomicOrder` is the place it was made for: a version's own is its
   * document's place here + 1, as served (`servedDocument`).
   */
  documents: TaxonDocument[];
  /**
   * Per document, the position of its taxon's document in the version loaded before it when this
   * one holds that one's very values but for its place (`VERSION_NUMBERS`: the same object, or a
   * copy where its counts differ), -1 otherwise (`VersionDerivation.derive`). Absent: none known.
   */
  unchanged?: Int32Array;
}

export interface DataSet {
  dir: string;
  informalTaxonGroups: InformalTaxonGroup[];
  checklistVersions: ChecklistVersion[];
  checklists: Checklist[];
  redListEvaluationGroups: RedListEvaluationGroup[];
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
  /** the longest line of a version file, in bytes (default `DEFAULT_MAX_LINE_BYTES`) */
  maxLineBytes?: number;
  /** how many times its compressed size a `.gz` version file may expand to (default `DEFAULT_MAX_GZIP_RATIO`) */
  maxGzipRatio?: number;
}

const secondsSince = (start: number) => Math.round((performance.now() - start) / 10) / 100;

function checkGroupReferences(file: string, lines: TaxonLine[], known: Set<string>, problems: DataProblem[]): void {
  for (const { line, taxon, sameLineAs } of lines) {
    if (sameLineAs !== undefined) continue;
    for (const group of taxon.informalTaxonGroups ?? []) {
      if (!known.has(group)) problems.push({ file, line, id: taxon.id, message: `unknown informal group '${group}'` });
    }
  }
}

interface VersionContext {
  dir: string;
  /** the informal groups, or undefined when their file could not be read (no taxon is checked then) */
  groups: InformalTaxonGroup[] | undefined;
  progress: Progress;
  maxLineBytes: number;
  maxGzipRatio: number;
  problems: DataProblem[];
  /** derives each version, keeping what versions share */
  derivation: VersionDerivation;
  /** the lines of the version read last, which the next one's are compared with */
  previous?: PreviousLines;
  /** line bytes no version holds now, to be filled again (`LineBytes`) */
  lineBytes: LineBytes[];
}

/** Where each id is among a version's documents (in taxonomic order), from its tree. */
function documentPositions(tree: TaxonTree): PositionOf {
  const orderOf = new Int32Array(tree.lines.length);
  tree.preorder.forEach((position, order) => {
    orderOf[position] = order;
  });
  const { lineOfId } = tree;
  return (id) => {
    const position = lineOfId.get(id);
    return position === undefined ? undefined : orderOf[position];
  };
}

/**
 * The version files in the order they are read: newest first, the reverse of `chronological`
 * (`current`, then the versions without a date, then the dated ones from the latest). Each is
 * compared with the one read before it (docs/versions-and-loading.md, "What versions share"), and
 * versions of one checklist differ least from the one nearest in time.
 */
function newestFirst(files: ReadonlyMap<string, string>, declared: readonly ChecklistVersion[]): [string, string][] {
  return chronological(declared)
    .reverse()
    .flatMap(({ id }) => (files.has(id) ? [[id, files.get(id)!] as [string, string]] : []));
}

async function loadVersion(
  id: string,
  file: string,
  context: VersionContext,
): Promise<{ version?: LoadedVersion; read: number; positionOf?: PositionOf }> {
  const { dir, groups, progress, problems } = context;
  const path = join(dir, file);
  const info = await stat(path);
  if (info.isDirectory()) {
    problems.push({ file, message: 'is a directory, not a file' });
    return { read: 0 };
  }
  progress.start(file, info.size);
  const before = problems.length;
  const { lines, read, bytes, complete } = await readVersionFile(path, file, problems, {
    onBytes: (bytes) => progress.advance(bytes),
    maxLineBytes: context.maxLineBytes,
    maxGzipRatio: context.maxGzipRatio,
    previous: context.previous,
    into: context.lineBytes.pop() ?? new LineBytes(info.size),
  });
  if (context.previous !== undefined) context.lineBytes.push(context.previous.bytes);
  context.previous = undefined;
  progress.stop();
  // The lines of a file read in part are not the version: checked as one, they would give
  // problems that are not there (no root, a parent that does not exist).
  if (!complete) return { read };
  if (groups) checkGroupReferences(file, lines, new Set(groups.map((g) => g.id)), problems);
  const tree = buildTree(file, lines, problems);
  capProblems(problems, before, file);
  if (!tree || problems.length > 0) return { read };
  const positionOf = documentPositions(tree);
  const { documents, unchanged } = context.derivation.derive(tree, positionOf, (position) => bytes.text(position));
  context.previous = { lines, bytes, indexOfId: tree.lineOfId };
  return { version: { id, file, documents, unchanged }, read, positionOf };
}

export async function loadDataDirectory(
  dir: string,
  options: LoadOptions = {},
): Promise<{ dataSet: DataSet; stats: LoadStats }> {
  const started = performance.now();
  const maxLineBytes = options.maxLineBytes ?? maxLineBytesFromEnv();
  const maxGzipRatio = options.maxGzipRatio ?? maxGzipRatioFromEnv();
  const problems: DataProblem[] = [];
  const directory = await readDataDirectory(dir, problems);
  const progress = typeof options.progress === 'object' ? options.progress : createProgress(options.progress ?? false);
  const versions: LoadedVersion[] = [];
  const perVersion: VersionStats[] = [];
  const groups = directory.groupsRead ? directory.informalTaxonGroups : undefined;
  const context: VersionContext = {
    dir,
    groups,
    progress,
    maxLineBytes,
    maxGzipRatio,
    problems,
    derivation: new VersionDerivation(groups ?? [], new HabitatHierarchy(directory.habitats)),
    lineBytes: [],
  };
  const sharing = new ValueSharing();
  const positionsOf: (PositionOf | undefined)[] = [];
  for (const [id, file] of newestFirst(directory.versionFiles, directory.checklistVersions)) {
    const versionStarted = performance.now();
    const { version, read, positionOf } = await loadVersion(id, file, context);
    if (version) {
      sharing.share(version.documents, positionOf, version.unchanged);
      positionsOf.push(positionOf);
      versions.push(version);
    }
    const stats = { id, read, indexed: version?.documents.length ?? 0, seconds: secondsSince(versionStarted) };
    perVersion.push(stats);
    options.onVersion?.(stats);
  }
  if (problems.length > 0) throw new DataLoadError(problems);
  assignSortRanks(
    versions.map((version) => version.documents),
    positionsOf,
  );
  const read = perVersion.reduce((sum, v) => sum + v.read, 0);
  const indexed = perVersion.reduce((sum, v) => sum + v.indexed, 0);
  const seconds = secondsSince(started);
  return {
    dataSet: { ...directory, versions },
    stats: { read, indexed, rejected: read - indexed, seconds, versions: perVersion },
  };
}
