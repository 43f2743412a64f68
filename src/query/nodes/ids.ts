import type { Query } from '../../index/search-body.ts';
import type { IdsNode } from './types.ts';

export function build(values: string[]): IdsNode {
  return { kind: 'ids', values };
}

export function compile(node: IdsNode): Query {
  return { ids: { values: node.values } };
}

export function print(node: IdsNode): string {
  return `_id:(${node.values.join(' OR ')})`;
}
