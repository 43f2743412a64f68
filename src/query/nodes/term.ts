import type { estypes } from '@elastic/elasticsearch';
import type { TermNode, TermValue } from './types.ts';

export function build(field: string, value: TermValue): TermNode {
  return { kind: 'term', field, value };
}

export function compile(node: TermNode): estypes.QueryDslQueryContainer {
  return { term: { [node.field]: node.value } };
}

export function print(node: TermNode): string {
  return `${node.field}:${JSON.stringify(node.value)}`;
}
