import type { estypes } from '@elastic/elasticsearch';
import type { FilterNode, NotNode } from './types.ts';

export function build(clause: FilterNode): NotNode {
  return { kind: 'not', clause };
}

export function compile(node: NotNode, compileChild: (child: FilterNode) => estypes.QueryDslQueryContainer) {
  return { bool: { must_not: [compileChild(node.clause)] } } satisfies estypes.QueryDslQueryContainer;
}

export function print(node: NotNode, printChild: (child: FilterNode) => string): string {
  return `NOT ${printChild(node.clause)}`;
}
