/**
 * `_source` include/exclude patterns as Elasticsearch compiles them (its `FilterPath`): a tree
 * of path segments split at dots (`\.` is a literal dot), where a segment with `*` is a glob
 * over one key and `**` spans any number of levels. A pattern ends at a "final" node: whatever
 * is under a key that reaches one is wholly included (or excluded). Source keys that hold dots
 * (`{"a.b": 1}`) are matched segment by segment.
 */
import { globToRegExp } from '../primitives/glob.ts';

export class FilterPathNode {
  readonly terms = new Map<string, FilterPathNode>();
  readonly wildcards: FilterPathNode[] = [];
  readonly regExp: RegExp | undefined;
  readonly isDoubleWildcard: boolean;

  constructor(
    readonly segment: string,
    readonly isFinal: boolean,
  ) {
    this.regExp = segment.includes('*') ? globToRegExp(segment) : undefined;
    this.isDoubleWildcard = segment === '**';
  }
}

/** `true`: the key matches a whole pattern; otherwise the nodes to try one level down. */
export type KeyMatch = true | FilterPathNode[];

/** The root of the pattern tree, or `undefined` when there are no (non-blank) patterns. */
export function compileFilterPaths(patterns: readonly string[]): FilterPathNode | undefined {
  const root = new BuildNode(false);
  for (const pattern of patterns.map((p) => p.trim()).filter((p) => p !== '')) root.insert(pattern);
  return root.children.size === 0 ? undefined : root.build('');
}

export function matchKey(nodes: readonly FilterPathNode[], key: string): KeyMatch {
  const next: FilterPathNode[] = [];
  for (const node of nodes) if (matches(node, key, next)) return true;
  return next;
}

function matches(node: FilterPathNode, key: string, next: FilterPathNode[]): boolean {
  const dot = key.indexOf('.');
  if (dot > 0 && dot < key.length - 1) return matchesDotted(node, key, dot, next);
  const term = node.terms.get(key);
  if (term !== undefined) {
    if (term.isFinal) return true;
    next.push(term);
  }
  for (const wildcard of node.wildcards) {
    if (!wildcard.regExp!.test(key)) continue;
    if (wildcard.isFinal) return true;
    next.push(wildcard);
  }
  if (node.isDoubleWildcard) next.push(node);
  return false;
}

function matchesDotted(node: FilterPathNode, key: string, dot: number, next: FilterPathNode[]): boolean {
  const afterPrefix: FilterPathNode[] = [];
  if (matches(node, key.slice(0, dot), afterPrefix)) return true;
  const suffix = key.slice(dot + 1);
  return afterPrefix.some((child) => matches(child, suffix, next));
}

class BuildNode {
  readonly children = new Map<string, BuildNode>();

  constructor(readonly isFinal: boolean) {}

  insert(pattern: string): void {
    const split = firstUnescapedDot(pattern);
    if (split > 0) {
      const segment = unescapeDots(pattern.slice(0, split));
      let child = this.children.get(segment);
      if (child === undefined) this.children.set(segment, (child = new BuildNode(false)));
      if (!child.isFinal) child.insert(pattern.slice(split + 1));
    } else {
      this.children.set(unescapeDots(pattern), new BuildNode(true));
    }
  }

  build(segment: string): FilterPathNode {
    const node = new FilterPathNode(segment, this.isFinal);
    for (const [name, child] of this.children) {
      const built = child.build(name);
      if (name.includes('*')) node.wildcards.push(built);
      else node.terms.set(name, built);
    }
    return node;
  }
}

function firstUnescapedDot(pattern: string): number {
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '.') return i;
    if (char === '\\' && pattern[i + 1] === '.') i++;
  }
  return -1;
}

function unescapeDots(segment: string): string {
  return segment.replaceAll('\\.', '.');
}
