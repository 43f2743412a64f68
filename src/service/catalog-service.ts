/**
 * The catalog served beside the taxa: informal taxon groups (lookup, roots, tree, children,
 * parent, siblings) and the checklist versions loaded. The group hierarchy is indexed once per
 * loaded catalog (an engine hands out the same catalog object until its data changes), not per
 * request.
 *
 * @example const catalog = createCatalogService(engine); (await catalog.groups()).children('MVL.1')
 */
import { AppError } from '../errors.ts';
import type { SearchEngine } from '../index/engine.ts';
import type { Catalog, Checklist, ChecklistVersion, InformalTaxonGroup } from '../taxon/catalog.ts';

/** A group and its subgroups, nested; names untranslated. */
export interface GroupTreeNode {
  id: string;
  name: InformalTaxonGroup['name'];
  hasSubGroup?: GroupTreeNode[];
}

export interface GroupHierarchy {
  all: readonly InformalTaxonGroup[];
  /** The groups that are no group's subgroup, in catalog order. */
  roots: readonly InformalTaxonGroup[];
  tree: readonly GroupTreeNode[];
  /** The group, or a NOT_FOUND error naming the id. */
  find(id: string): InformalTaxonGroup;
  children(id: string): InformalTaxonGroup[];
  /** The parent group, or a NOT_FOUND error for a root. */
  parent(id: string): InformalTaxonGroup;
  /** The groups with the same parent (the roots for a root), the group included. */
  siblings(id: string): readonly InformalTaxonGroup[];
}

export interface CatalogService {
  groups(): Promise<GroupHierarchy>;
  versions(): Promise<ChecklistVersion[]>;
  /** The version, or a NOT_FOUND error naming the id. */
  version(id: string): Promise<ChecklistVersion>;
  checklists(): Promise<Checklist[]>;
  /** The checklist, or a NOT_FOUND error naming the id. */
  checklist(id: string): Promise<Checklist>;
}

export function createCatalogService(engine: SearchEngine): CatalogService {
  let indexed: { catalog: Catalog; hierarchy: GroupHierarchy } | undefined;
  const hierarchyOf = (catalog: Catalog) => {
    if (indexed?.catalog !== catalog) indexed = { catalog, hierarchy: groupHierarchy(catalog.informalTaxonGroups) };
    return indexed.hierarchy;
  };
  return {
    groups: async () => hierarchyOf(await engine.catalog()),
    versions: async () => (await engine.catalog()).checklistVersions,
    async version(id) {
      const version = (await engine.catalog()).checklistVersions.find((v) => v.id === id);
      if (!version) throw new AppError('NOT_FOUND', `Checklist version '${id}' is not loaded`);
      return version;
    },
    checklists: async () => (await engine.catalog()).checklists ?? [],
    async checklist(id) {
      const checklist = (await engine.catalog()).checklists?.find((c) => c.id === id);
      if (!checklist) throw new AppError('NOT_FOUND', `Checklist '${id}' is not declared`);
      return checklist;
    },
  };
}

export function groupHierarchy(groups: InformalTaxonGroup[]): GroupHierarchy {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const parentOf = new Map<string, InformalTaxonGroup>();
  for (const group of groups) for (const sub of group.hasSubGroup ?? []) parentOf.set(sub, group);
  const subgroups = (group: InformalTaxonGroup) => (group.hasSubGroup ?? []).flatMap((id) => byId.get(id) ?? []);
  const treeOf = (group: InformalTaxonGroup): GroupTreeNode => {
    const subs = subgroups(group);
    return { id: group.id, name: group.name, ...(subs.length > 0 ? { hasSubGroup: subs.map(treeOf) } : {}) };
  };
  const find = (id: string) => {
    const group = byId.get(id);
    if (!group) throw new AppError('NOT_FOUND', `Informal taxon group '${id}' not found`);
    return group;
  };
  const roots = groups.filter((g) => !parentOf.has(g.id));
  return {
    all: groups,
    roots,
    tree: roots.map(treeOf),
    find,
    children: (id) => subgroups(find(id)),
    parent(id) {
      const parent = parentOf.get(find(id).id);
      if (!parent) throw new AppError('NOT_FOUND', `Informal taxon group '${id}' has no parent`);
      return parent;
    },
    siblings(id) {
      const parent = parentOf.get(find(id).id);
      return parent ? subgroups(parent) : roots;
    },
  };
}

const ROOT_DOWN = new WeakMap<readonly InformalTaxonGroup[], readonly InformalTaxonGroup[]>();

/**
 * The groups from the roots down, each followed by its subgroups (depth first, in catalog and
 * `hasSubGroup` order): the order a taxon's groups are answered in, its broadest group first.
 * Made once per catalog.
 */
export function groupsRootDown(groups: readonly InformalTaxonGroup[]): readonly InformalTaxonGroup[] {
  let ordered = ROOT_DOWN.get(groups);
  if (ordered === undefined) {
    // The tree of the hierarchy, read depth first; a group under two parents counts once.
    const byId = new Map(groups.map((g) => [g.id, g]));
    const seen = new Set<string>();
    const list: InformalTaxonGroup[] = [];
    const visit = (node: GroupTreeNode): void => {
      if (!seen.has(node.id)) list.push(byId.get(node.id)!);
      seen.add(node.id);
      for (const sub of node.hasSubGroup ?? []) visit(sub);
    };
    for (const root of groupHierarchy(groups as InformalTaxonGroup[]).tree) visit(root);
    ordered = list;
    ROOT_DOWN.set(groups, ordered);
  }
  return ordered;
}
