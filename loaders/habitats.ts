/**
 * The habitat hierarchy of a data directory (`habitats.json`: each habitat and the broader one it
 * belongs to) and the habitat search strings derived from it (docs/data.md, "Derived fields"): a
 * taxon of heath forests (`MKV.habitatMk`) is found by a filter on forests (`MKV.habitatM`) too.
 */
import type { DataProblem } from './problems.ts';

export const HABITATS_FILE = 'habitats.json';

/** One habitat of the hierarchy; a habitat without `parent` is a root. */
export interface Habitat {
  id: string;
  parent?: string;
}

/** A habitat as a taxon (or its red-list evaluation) gives it. */
interface GivenHabitat {
  habitat?: string;
  habitatSpecificTypes?: readonly string[];
}

/** Unknown parents and cycles of the hierarchy, as problems of its file. */
export function habitatProblems(habitats: readonly Habitat[]): DataProblem[] {
  const problems: DataProblem[] = [];
  const parents = new Map<string, string | undefined>();
  for (const { id, parent } of habitats) {
    if (parents.has(id)) problems.push({ file: HABITATS_FILE, id, message: 'duplicate habitat id' });
    parents.set(id, parent);
  }
  for (const { id, parent } of habitats) {
    if (parent !== undefined && !parents.has(parent))
      problems.push({ file: HABITATS_FILE, id, message: `unknown parent habitat '${parent}'` });
  }
  // Each cycle once, from the first of its habitats in the file.
  const inCycle = new Set<string>();
  for (const { id } of habitats) {
    if (inCycle.has(id)) continue;
    const path = [id];
    for (let at = parents.get(id); at !== undefined && path.length <= parents.size; at = parents.get(at)) {
      path.push(at);
      if (at !== id) continue;
      for (const member of path) inCycle.add(member);
      problems.push({ file: HABITATS_FILE, id, message: `cycle of parents: ${path.join(' → ')}` });
      break;
    }
  }
  return problems;
}

/**
 * The search strings of taxa's habitats, by the hierarchy (checked: no unknown parent, no cycle).
 * A habitat stands for itself and every broader habitat, each alone and with each specific type
 * given (`MKV.habitatMk`, `MKV.habitatM`, `MKV.habitatMk[MKV.habitatSpecificTypeJ]`,
 * `MKV.habitatM[MKV.habitatSpecificTypeJ]`); a habitat the hierarchy does not hold stands for
 * itself alone. The lists are made once per distinct set of habitats and shared by every taxon
 * that gives it.
 */
export class HabitatHierarchy {
  private readonly parents: ReadonlyMap<string, string | undefined>;
  private readonly made = new Map<string, readonly string[]>();

  constructor(habitats: readonly Habitat[] = []) {
    this.parents = new Map(habitats.map(({ id, parent }) => [id, parent]));
  }

  /** The habitat and the habitats it belongs to, narrowest first. */
  broader(id: string): string[] {
    const chain = [id];
    for (let at = this.parents.get(id); at !== undefined; at = this.parents.get(at)) chain.push(at);
    return chain;
  }

  /** The search strings of `habitats` (empty when none gives a habitat). */
  searchStrings(habitats: readonly (GivenHabitat | undefined)[]): readonly string[] {
    const key = JSON.stringify(habitats.map((given) => [given?.habitat, given?.habitatSpecificTypes]));
    let strings = this.made.get(key);
    if (strings === undefined) {
      const all = new Set<string>();
      for (const given of habitats) {
        if (given?.habitat === undefined) continue;
        const broader = this.broader(given.habitat);
        for (const habitat of broader) all.add(habitat);
        for (const type of given.habitatSpecificTypes ?? [])
          for (const habitat of broader) all.add(`${habitat}[${type}]`);
      }
      strings = Object.freeze([...all]);
      this.made.set(key, strings);
    }
    return strings;
  }
}
