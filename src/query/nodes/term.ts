import type { Query } from '../../index/search-body.ts';
import type { TermNode, TermValue } from './types.ts';

export function build(field: string, value: TermValue): TermNode {
  return { kind: 'term', field, value };
}

export function compile(node: TermNode): Query {
  return { term: { [node.field]: node.value } };
}

export function print(node: TermNode): string {
  return `${node.field}:${JSON.stringify(node.value)}`;
}
