/**
 * A taxon's informal groups: its own, its ancestors', and every group above those in the group
 * hierarchy. Results are interned, since most taxa share the set of their parent.
 */
import type { InformalTaxonGroup } from '../src/taxon/catalog.ts';

export type GroupInheritance = (inherited: readonly string[], own: readonly string[] | undefined) => readonly string[];

function parentGroups(groups: InformalTaxonGroup[]): Map<string, string[]> {
  const parents = new Map<string, string[]>();
  for (const group of groups) {
    for (const sub of group.hasSubGroup ?? []) {
      const list = parents.get(sub) ?? [];
      list.push(group.id);
      parents.set(sub, list);
    }
  }
  return parents;
}

function closeUpwards(start: Iterable<string>, parents: Map<string, string[]>): string[] {
  const result = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (result.has(id)) continue;
    result.add(id);
    queue.push(...(parents.get(id) ?? []));
  }
  return [...result];
}

export function createGroupInheritance(groups: InformalTaxonGroup[]): GroupInheritance {
  const parents = parentGroups(groups);
  const interned = new Map<string, readonly string[]>();
  return (inherited, own) => {
    if (own === undefined || own.length === 0) return inherited;
    const closed = closeUpwards([...inherited, ...own], parents);
    const key = closed.join('\u0000');
    const existing = interned.get(key);
    if (existing) return existing;
    interned.set(key, closed);
    return closed;
  };
}
