/**
 * The tree given by `isPartOf`: one root, every parent present, no cycles. Children keep the
 * order of their lines (line order is sibling order).
 */
import type { TaxonLine } from './read-version.ts';
import type { DataProblem } from './problems.ts';

/** Where each id is among a version's taxa or documents, where it is there. */
export type PositionOf = (id: string) => number | undefined;

/**
 * Finds the ids of a version, asked in its order, among the documents of another (`previous`),
 * -1 where absent. Each is looked for first right after the one found before it: versions keep
 * most taxa in the same order, so most are found without a lookup by id, which in a heap of
 * gigabytes misses the processor's caches several times. `positionOf` finds the others.
 */
export function followingPositions(
  previous: readonly { id?: unknown }[],
  positionOf: PositionOf | undefined,
): (id: string) => number {
  let next = 0;
  return (id) => {
    const position = previous[next]?.id === id ? next : (positionOf?.(id) ?? -1);
    if (position !== -1) next = position + 1;
    return position;
  };
}

export interface TaxonTree {
  lines: TaxonLine[];
  /** position in `lines` of each parent (-1 for the root) */
  parentOf: Int32Array;
  children: number[][];
  root: number;
  /** positions in `lines`, parents before children, siblings in line order */
  preorder: Int32Array;
  /** the position in `lines` of each id */
  lineOfId: ReadonlyMap<string, number>;
}

/** The position of each id's first line, and which lines repeat an id. */
function indexIds(file: string, lines: TaxonLine[], problems: DataProblem[]) {
  const index = new Map<string, number>();
  const repeated = new Uint8Array(lines.length);
  lines.forEach(({ line, taxon }, position) => {
    const first = index.get(taxon.id);
    if (first === undefined) index.set(taxon.id, position);
    else {
      repeated[position] = 1;
      problems.push({ file, line, id: taxon.id, message: `duplicate id (first on line ${lines[first]!.line})` });
    }
  });
  return { index, repeated };
}

function linkParents(
  file: string,
  lines: TaxonLine[],
  { index, repeated }: ReturnType<typeof indexIds>,
  problems: DataProblem[],
) {
  const parentOf = new Int32Array(lines.length).fill(-1);
  const roots: number[] = [];
  lines.forEach(({ line, taxon }, position) => {
    if (repeated[position] === 1) return;
    if (taxon.isPartOf === undefined) {
      roots.push(position);
      return;
    }
    const parent = index.get(taxon.isPartOf);
    if (parent === undefined) {
      problems.push({ file, line, id: taxon.id, message: `parent '${taxon.isPartOf}' does not exist` });
    } else parentOf[position] = parent;
  });
  if (roots.length === 0) problems.push({ file, message: 'no root taxon (a taxon without isPartOf)' });
  for (const position of roots.slice(1)) {
    const { line, taxon } = lines[position]!;
    problems.push({
      file,
      line,
      id: taxon.id,
      message: `isPartOf is missing (the root is ${lines[roots[0]!]!.taxon.id})`,
    });
  }
  return { parentOf, root: roots[0] ?? -1 };
}

function walkPreorder(root: number, children: number[][], size: number): Int32Array {
  const order = new Int32Array(size).fill(-1);
  let next = 0;
  const stack = [root];
  while (stack.length > 0) {
    const position = stack.pop()!;
    order[next++] = position;
    const kids = children[position]!;
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return order.subarray(0, next);
}

function reportCycles(
  file: string,
  tree: Omit<TaxonTree, 'preorder' | 'lineOfId'>,
  reached: Uint8Array,
  problems: DataProblem[],
) {
  const { lines, parentOf } = tree;
  for (let start = 0; start < lines.length; start++) {
    if (reached[start] || parentOf[start] === -1) continue;
    const path: number[] = [];
    const seen = new Set<number>();
    let position = start;
    while (position !== -1 && !seen.has(position) && !reached[position]) {
      seen.add(position);
      path.push(position);
      position = parentOf[position]!;
    }
    if (position === start) {
      const ids = [...path, start].map((p) => lines[p]!.taxon.id).join(' → ');
      problems.push({ file, line: lines[start]!.line, id: lines[start]!.taxon.id, message: `cycle: ${ids}` });
    }
  }
}

/** Checks the tree; returns it when sound, else records every problem and returns undefined. */
export function buildTree(file: string, lines: TaxonLine[], problems: DataProblem[]): TaxonTree | undefined {
  const before = problems.length;
  const ids = indexIds(file, lines, problems);
  const { parentOf, root } = linkParents(file, lines, ids, problems);
  const children: number[][] = lines.map(() => []);
  parentOf.forEach((parent, position) => {
    if (parent !== -1) children[parent]!.push(position);
  });
  if (root === -1) return undefined;
  const preorder = walkPreorder(root, children, lines.length);
  const reached = new Uint8Array(lines.length);
  for (const position of preorder) reached[position] = 1;
  reportCycles(file, { lines, parentOf, children, root }, reached, problems);
  return problems.length === before ? { lines, parentOf, children, root, preorder, lineOfId: ids.index } : undefined;
}
