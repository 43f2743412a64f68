import type { Query } from '../../index/search-body.ts';
import type { PrefixNode } from './types.ts';

export function build(field: string, value: string): PrefixNode {
  return { kind: 'prefix', field, value };
}

export function compile(node: PrefixNode): Query {
  return { prefix: { [node.field]: { value: node.value } } };
}

export function print(node: PrefixNode): string {
  return `${node.field}:${JSON.stringify(node.value)}*`;
}
