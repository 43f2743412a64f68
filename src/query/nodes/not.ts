import type { Query } from '../../index/search-body.ts';
import type { FilterNode, NotNode } from './types.ts';

export function build(clause: FilterNode): NotNode {
  return { kind: 'not', clause };
}

export function compile(node: NotNode, compileChild: (child: FilterNode) => Query) {
  return { bool: { must_not: [compileChild(node.clause)] } } satisfies Query;
}

export function print(node: NotNode, printChild: (child: FilterNode) => string): string {
  return `NOT ${printChild(node.clause)}`;
}
