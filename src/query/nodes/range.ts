import type { Query } from '../../index/search-body.ts';
import type { RangeNode } from './types.ts';

export function build(field: string, bounds: { gte?: number; lte?: number }): RangeNode {
  return { kind: 'range', field, ...bounds };
}

export function compile(node: RangeNode): Query {
  return {
    range: {
      [node.field]: {
        ...(node.gte !== undefined ? { gte: node.gte } : {}),
        ...(node.lte !== undefined ? { lte: node.lte } : {}),
      },
    },
  };
}

export function print(node: RangeNode): string {
  return `${node.field}:[${node.gte ?? '*'} TO ${node.lte ?? '*'}]`;
}
