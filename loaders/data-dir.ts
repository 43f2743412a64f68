/**
 * What a data directory holds: the informal groups, optional version metadata, checklists,
 * habitats and red-list evaluation groups, and one checklist file per version. Unknown version
 * files are problems, not silently skipped.
 */
import { isUtf8 } from 'node:buffer';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type {
  Checklist,
  ChecklistVersion,
  Group,
  InformalTaxonGroup,
  RedListEvaluationGroup,
} from '../src/taxon/catalog.ts';
import { type Habitat, HABITATS_FILE, habitatProblems } from './habitats.ts';
import { firstInvalidUtf8, withoutBom } from './ndjson.ts';
import type { DataProblem } from './problems.ts';

/** The checklist versions the service knows, `current` first. */
export const KNOWN_VERSIONS = ['current', 'MR.424', 'MR.425', 'MR.426', 'MR.427', 'MR.428', 'MR.484'] as const;

export const GROUPS_FILE = 'informal-taxon-groups.json';
export const VERSIONS_FILE = 'checklist-versions.json';
export const CHECKLISTS_FILE = 'checklists.json';
export const RED_LIST_GROUPS_FILE = 'red-list-evaluation-groups.json';
const VERSION_FILE = /^(.+)\.ndjson(\.gz)?$/;

const localized = z.object({ fi: z.string().optional(), sv: z.string().optional(), en: z.string().optional() });
const groupsSchema = z.array(
  z.object({ id: z.string().min(1), name: localized, hasSubGroup: z.array(z.string()).optional() }),
);
const idList = z.array(z.string());
const redListGroupsSchema = z.array(
  z.object({
    id: z.string().min(1),
    name: localized,
    hasIucnSubGroup: idList.optional(),
    includesInformalTaxonGroup: idList.optional(),
    includesTaxon: idList.optional(),
  }),
);
const habitatsSchema = z.array(z.looseObject({ id: z.string().min(1), parent: z.string().min(1).optional() }));
const checklistsSchema = z.array(
  z.looseObject({
    id: z.string().min(1),
    name: localized.optional(),
    owner: z.string().optional(),
    rootTaxon: z.string().optional(),
    isPublic: z.boolean().optional(),
    bibliographicCitation: z.string().optional(),
  }),
);
const versionsSchema = z.array(
  z.looseObject({ id: z.string().min(1), versionName: localized.optional(), versionDate: z.string().optional() }),
);

export interface DataDirectory {
  dir: string;
  informalTaxonGroups: InformalTaxonGroup[];
  checklistVersions: ChecklistVersion[];
  /** version id → file name, in the order of KNOWN_VERSIONS */
  versionFiles: Map<string, string>;
  /** whether the informal groups file was read and valid (if not, no taxon's groups are checked) */
  groupsRead: boolean;
  /** the habitat hierarchy (`habitats.json`, optional: without it a habitat stands for itself alone) */
  habitats: Habitat[];
  /** the checklists the taxa belong to (`checklists.json`, optional) */
  checklists: Checklist[];
  /** the red-list evaluation groups (`red-list-evaluation-groups.json`, optional: without it none) */
  redListEvaluationGroups: RedListEvaluationGroup[];
}

/** The text of a small JSON file: a byte-order mark skipped, UTF-8 required. */
async function readText(dir: string, file: string, problems: DataProblem[]): Promise<string | undefined> {
  let bytes: Buffer;
  try {
    bytes = withoutBom(await readFile(join(dir, file)));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') problems.push({ file, message: 'is a directory, not a file' });
    else if (code !== 'ENOENT') problems.push({ file, message: `cannot read: ${(error as Error).message}` });
    return undefined;
  }
  if (isUtf8(bytes)) return bytes.toString('utf8');
  const offset = firstInvalidUtf8(bytes);
  const line = bytes.subarray(0, offset).toString('latin1').split('\n').length;
  problems.push({ file, line, message: `invalid UTF-8 at byte ${offset} of the file` });
  return undefined;
}

async function readJsonFile<T>(
  dir: string,
  file: string,
  schema: z.ZodType<T>,
  problems: DataProblem[],
): Promise<T | undefined> {
  const text = await readText(dir, file, problems);
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    problems.push({ file, message: `invalid JSON: ${(error as Error).message}` });
    return undefined;
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    problems.push({ file, message: `/${issue.path.join('/')}: ${issue.message}` });
  }
  return undefined;
}

/** Checks the ids, subgroup references (under `key`) and cycles of the groups of `file`. */
function checkGroups<K extends string>(
  file: string,
  groups: readonly Group<K>[],
  key: K,
  problems: DataProblem[],
): void {
  const ids = new Set<string>();
  for (const group of groups) {
    if (ids.has(group.id)) problems.push({ file, id: group.id, message: 'duplicate group id' });
    ids.add(group.id);
  }
  for (const group of groups) {
    for (const sub of group[key] ?? []) {
      if (!ids.has(sub)) problems.push({ file, id: group.id, message: `unknown subgroup '${sub}' in ${key}` });
    }
  }
  for (const cycle of subgroupCycles(groups, key)) {
    problems.push({ file, id: cycle[0]!, message: `cycle in ${key}: ${cycle.join(' → ')}` });
  }
}

/**
 * Every cycle of the subgroup relation (the ids under `key`), each once, as the path from its
 * first group back to it (`A → B → A`; a group that is its own subgroup is `A → A`).
 * Depth-first, by an explicit stack.
 */
export function subgroupCycles<K extends string>(groups: readonly Group<K>[], key: K): string[][] {
  const subgroups = new Map(groups.map((g) => [g.id, g[key] ?? []]));
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[][] = [];
  for (const root of subgroups.keys()) {
    if (state.has(root)) continue;
    const path: string[] = [];
    const stack: { id: string; next: number }[] = [{ id: root, next: 0 }];
    state.set(root, 'open');
    path.push(root);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const subs = subgroups.get(top.id) ?? [];
      if (top.next >= subs.length) {
        state.set(top.id, 'done');
        stack.pop();
        path.pop();
        continue;
      }
      const sub = subs[top.next++]!;
      if (!subgroups.has(sub) || state.get(sub) === 'done') continue;
      if (state.get(sub) === 'open') {
        cycles.push([...path.slice(path.indexOf(sub)), sub]);
        continue;
      }
      state.set(sub, 'open');
      path.push(sub);
      stack.push({ id: sub, next: 0 });
    }
  }
  return cycles;
}

function findVersionFiles(files: string[], known: Set<string>, problems: DataProblem[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files) {
    const match = VERSION_FILE.exec(file);
    if (!match) continue;
    const version = match[1]!;
    if (!known.has(version)) {
      problems.push({ file, message: `unknown checklist version '${version}' (known: ${[...known].join(', ')})` });
    } else if (found.has(version)) {
      problems.push({ file, message: `version '${version}' is given twice (${found.get(version)} and ${file})` });
    } else {
      found.set(version, file);
    }
  }
  if (!found.has('current')) problems.push({ file: 'current.ndjson', message: 'the current version is required' });
  return new Map([...known].filter((v) => found.has(v)).map((v) => [v, found.get(v)!]));
}

/**
 * The files of `dir` a load reads (the groups, versions, checklists, habitats and red-list groups
 * files, and every version file), sorted: what a snapshot of the load is keyed by.
 */
export async function inputFiles(dir: string): Promise<string[]> {
  const named = new Set([GROUPS_FILE, VERSIONS_FILE, CHECKLISTS_FILE, HABITATS_FILE, RED_LIST_GROUPS_FILE]);
  return (await readdir(dir)).filter((name) => named.has(name) || VERSION_FILE.test(name)).sort();
}

/** Reads the directory's listing and small JSON files; the version files are read later. */
export async function readDataDirectory(dir: string, problems: DataProblem[]): Promise<DataDirectory> {
  let files: string[];
  try {
    files = (await readdir(dir)).sort();
  } catch (error) {
    problems.push({ file: dir, message: `cannot read the data directory: ${(error as Error).message}` });
    return {
      dir,
      informalTaxonGroups: [],
      checklistVersions: [],
      versionFiles: new Map(),
      groupsRead: false,
      habitats: [],
      checklists: [],
      redListEvaluationGroups: [],
    };
  }
  if (!files.includes(GROUPS_FILE)) problems.push({ file: GROUPS_FILE, message: 'missing file' });
  const read = await readJsonFile(dir, GROUPS_FILE, groupsSchema, problems);
  const informalTaxonGroups = read ?? [];
  checkGroups(GROUPS_FILE, informalTaxonGroups, 'hasSubGroup', problems);
  const groupsRead = read !== undefined;
  const declared = (await readJsonFile(dir, VERSIONS_FILE, versionsSchema, problems)) ?? [];
  const known = new Set<string>([...KNOWN_VERSIONS, ...declared.map((v) => v.id)]);
  const versionFiles = findVersionFiles(files, known, problems);
  const checklistVersions = [...versionFiles.keys()].map((id) => declared.find((v) => v.id === id) ?? { id });
  const habitats = ((await readJsonFile(dir, HABITATS_FILE, habitatsSchema, problems)) ?? []).map(({ id, parent }) =>
    parent === undefined ? { id } : { id, parent },
  );
  problems.push(...habitatProblems(habitats));
  const checklists = (await readJsonFile(dir, CHECKLISTS_FILE, checklistsSchema, problems)) ?? [];
  const declaredChecklists = new Set<string>();
  for (const { id } of checklists) {
    if (declaredChecklists.has(id)) problems.push({ file: CHECKLISTS_FILE, id, message: 'duplicate checklist id' });
    declaredChecklists.add(id);
  }
  const redListEvaluationGroups = (await readJsonFile(dir, RED_LIST_GROUPS_FILE, redListGroupsSchema, problems)) ?? [];
  checkGroups(RED_LIST_GROUPS_FILE, redListEvaluationGroups, 'hasIucnSubGroup', problems);
  return {
    dir,
    informalTaxonGroups,
    checklistVersions,
    versionFiles,
    groupsRead,
    habitats,
    checklists,
    redListEvaluationGroups,
  };
}
