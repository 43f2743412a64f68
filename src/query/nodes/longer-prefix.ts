import type { Query } from '../../index/search-body.ts';
import type { LongerPrefixNode } from './types.ts';
import { wildcardLiteral } from './wildcard-literal.ts';

export function build(field: string, prefix: string): LongerPrefixNode {
  return { kind: 'longerPrefix', field, prefix };
}

/** A wildcard of the literal prefix (its `*`, `?` and `\` escaped) and at least one more character. */
export function compile(node: LongerPrefixNode): Query {
  return { wildcard: { [node.field]: { value: `${wildcardLiteral(node.prefix)}?*` } } };
}

export function print(node: LongerPrefixNode): string {
  return `${node.field}:${JSON.stringify(node.prefix)}?*`;
}
