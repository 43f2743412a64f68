/** Dispatch over the node kinds; the `never` checks make a new kind impossible to forget. */
import type { Query } from '../../index/search-body.ts';
import * as and from './and.ts';
import * as contains from './contains.ts';
import * as exists from './exists.ts';
import * as ids from './ids.ts';
import * as not from './not.ts';
import * as or from './or.ts';
import * as longerPrefix from './longer-prefix.ts';
import * as prefix from './prefix.ts';
import * as range from './range.ts';
import * as term from './term.ts';
import * as terms from './terms.ts';
import type { FilterNode } from './types.ts';

export type * from './types.ts';
export { and, contains, exists, ids, longerPrefix, not, or, prefix, range, term, terms };

export function compileNode(node: FilterNode): Query {
  switch (node.kind) {
    case 'term':
      return term.compile(node);
    case 'terms':
      return terms.compile(node);
    case 'ids':
      return ids.compile(node);
    case 'not':
      return not.compile(node, compileNode);
    case 'and':
      return and.compile(node, compileNode);
    case 'or':
      return or.compile(node, compileNode);
    case 'prefix':
      return prefix.compile(node);
    case 'longerPrefix':
      return longerPrefix.compile(node);
    case 'contains':
      return contains.compile(node);
    case 'range':
      return range.compile(node);
    case 'exists':
      return exists.compile(node);
    default:
      return unreachable(node);
  }
}

export function printNode(node: FilterNode): string {
  switch (node.kind) {
    case 'term':
      return term.print(node);
    case 'terms':
      return terms.print(node);
    case 'ids':
      return ids.print(node);
    case 'not':
      return not.print(node, printNode);
    case 'and':
      return and.print(node, printNode);
    case 'or':
      return or.print(node, printNode);
    case 'prefix':
      return prefix.print(node);
    case 'longerPrefix':
      return longerPrefix.print(node);
    case 'contains':
      return contains.print(node);
    case 'range':
      return range.print(node);
    case 'exists':
      return exists.print(node);
    default:
      return unreachable(node);
  }
}

function unreachable(node: never): never {
  throw new Error(`query: unknown node ${JSON.stringify(node)}`);
}
