import type { Query } from '../../index/search-body.ts';
import type { ExistsNode } from './types.ts';

export function build(field: string): ExistsNode {
  return { kind: 'exists', field };
}

export function compile(node: ExistsNode): Query {
  return { exists: { field: node.field } };
}

export function print(node: ExistsNode): string {
  return `_exists_:${node.field}`;
}
