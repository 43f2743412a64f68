import type { Query } from '../../index/search-body.ts';
import type { TermsNode } from './types.ts';

export function build(field: string, values: string[]): TermsNode {
  return { kind: 'terms', field, values };
}

export function compile(node: TermsNode): Query {
  return { terms: { [node.field]: node.values } };
}

export function print(node: TermsNode): string {
  return `${node.field}:(${node.values.map((v) => JSON.stringify(v)).join(' OR ')})`;
}
