import type { Query } from '../../index/search-body.ts';
import type { FilterNode, OrNode } from './types.ts';

export function build(clauses: FilterNode[], minimumShouldMatch = 1): OrNode {
  return { kind: 'or', clauses, minimumShouldMatch };
}

/** `should` with an explicit minimum, so it is an OR also inside a filter context. */
export function compile(node: OrNode, compileChild: (child: FilterNode) => Query) {
  return {
    bool: { should: node.clauses.map(compileChild), minimum_should_match: node.minimumShouldMatch },
  } satisfies Query;
}

export function print(node: OrNode, printChild: (child: FilterNode) => string): string {
  const inner = node.clauses.map(printChild).join(' OR ');
  return node.minimumShouldMatch === 1 ? `(${inner})` : `${node.minimumShouldMatch} of (${inner})`;
}
