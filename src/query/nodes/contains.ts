import type { Query } from '../../index/search-body.ts';
import type { ContainsNode } from './types.ts';
import { wildcardLiteral } from './wildcard-literal.ts';

export function build(field: string, text: string): ContainsNode {
  return { kind: 'contains', field, text };
}

/** A wildcard of the literal text (its `*`, `?` and `\` escaped) anywhere in a term: `*text*`. */
export function compile(node: ContainsNode): Query {
  return { wildcard: { [node.field]: { value: `*${wildcardLiteral(node.text)}*` } } };
}

export function print(node: ContainsNode): string {
  return `${node.field}:*${JSON.stringify(node.text)}*`;
}
