/**
 * The catalog served beside the taxa: informal taxon groups and red-list evaluation groups
 * (lookup, roots, tree, children, parent, siblings), the checklist versions loaded and the
 * checklists. A group hierarchy is indexed once per loaded catalog (an engine hands out the same
 * catalog object until its data changes), not per request.
 *
 * @example const catalog = createCatalogService(engine); (await catalog.groups()).children('MVL.1')
 */
import { AppError } from '../errors.ts';
import type { SearchEngine } from '../index/engine.ts';
import type {
  Catalog,
  Checklist,
  ChecklistVersion,
  Group,
  InformalTaxonGroup,
  RedListEvaluationGroup,
} from '../taxon/catalog.ts';

/** A kind of group hierarchy: the key that lists a group's subgroups, and what a group is called. */
export interface GroupKind<K extends string> {
  subgroups: K;
  /** a group as a NOT_FOUND message names it ("Informal taxon group 'MVL.1' not found") */
  noun: string;
}

export const INFORMAL_GROUPS: GroupKind<'hasSubGroup'> = { subgroups: 'hasSubGroup', noun: 'Informal taxon group' };
export const RED_LIST_GROUPS: GroupKind<'hasIucnSubGroup'> = {
  subgroups: 'hasIucnSubGroup',
  noun: 'Red-list evaluation group',
};

/** A group with its subgroups nested under `K` (none: the key left out); names untranslated. */
export type GroupTreeNode<K extends string = 'hasSubGroup', G = InformalTaxonGroup> = Omit<G, K> & {
  [P in K]?: GroupTreeNode<K, G>[];
};

export interface GroupHierarchy<K extends string = 'hasSubGroup', G = InformalTaxonGroup> {
  all: readonly G[];
  /** The groups that are no group's subgroup, in catalog order. */
  roots: readonly G[];
  tree: readonly GroupTreeNode<K, G>[];
  /** The group, or a NOT_FOUND error naming the id. */
  find(id: string): G;
  children(id: string): G[];
  /** The parent group, or a NOT_FOUND error for a root. */
  parent(id: string): G;
  /** The groups with the same parent (the roots for a root), the group included. */
  siblings(id: string): readonly G[];
}

export type RedListGroupHierarchy = GroupHierarchy<'hasIucnSubGroup', RedListEvaluationGroup>;

export interface CatalogService {
  /** the informal taxon groups */
  groups(): Promise<GroupHierarchy>;
  /** the red-list evaluation groups (none when the catalog has none) */
  redListGroups(): Promise<RedListGroupHierarchy>;
  versions(): Promise<ChecklistVersion[]>;
  /** The version, or a NOT_FOUND error naming the id. */
  version(id: string): Promise<ChecklistVersion>;
  checklists(): Promise<Checklist[]>;
  /** The checklist, or a NOT_FOUND error naming the id. */
  checklist(id: string): Promise<Checklist>;
}

/** `make` of the catalog, made again only when the engine hands out another catalog. */
function perCatalog<T>(make: (catalog: Catalog) => T): (catalog: Catalog) => T {
  let made: { catalog: Catalog; value: T } | undefined;
  return (catalog) => {
    if (made?.catalog !== catalog) made = { catalog, value: make(catalog) };
    return made.value;
  };
}

export function createCatalogService(engine: SearchEngine): CatalogService {
  const informal = perCatalog((catalog) => groupHierarchy(catalog.informalTaxonGroups, INFORMAL_GROUPS));
  const redList = perCatalog((catalog) => groupHierarchy(catalog.redListEvaluationGroups ?? [], RED_LIST_GROUPS));
  return {
    groups: async () => informal(await engine.catalog()),
    redListGroups: async () => redList(await engine.catalog()),
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

/** The hierarchy of `groups`, their subgroups listed under `kind.subgroups`. */
export function groupHierarchy<K extends string, G extends Group<K>>(
  groups: G[],
  kind: GroupKind<K>,
): GroupHierarchy<K, G> {
  const key = kind.subgroups;
  const byId = new Map(groups.map((g) => [g.id, g]));
  const subgroupIds = (group: G) => (group[key] as string[] | undefined) ?? [];
  const parentOf = new Map<string, G>();
  for (const group of groups) for (const sub of subgroupIds(group)) parentOf.set(sub, group);
  const subgroups = (group: G) => subgroupIds(group).flatMap((id) => byId.get(id) ?? []);
  // The group's own fields in their order, its subgroups' ids replaced by the subgroups.
  const treeOf = (group: G): GroupTreeNode<K, G> => {
    const subs = subgroups(group);
    const fields = Object.entries(group).flatMap(([field, value]): [string, unknown][] => {
      if (field !== key) return [[field, value]];
      return subs.length > 0 ? [[field, subs.map(treeOf)]] : [];
    });
    return Object.fromEntries(fields) as GroupTreeNode<K, G>;
  };
  const find = (id: string) => {
    const group = byId.get(id);
    if (!group) throw new AppError('NOT_FOUND', `${kind.noun} '${id}' not found`);
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
      if (!parent) throw new AppError('NOT_FOUND', `${kind.noun} '${id}' has no parent`);
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
    for (const root of groupHierarchy(groups as InformalTaxonGroup[], INFORMAL_GROUPS).tree) visit(root);
    ordered = list;
    ROOT_DOWN.set(groups, ordered);
  }
  return ordered;
}
