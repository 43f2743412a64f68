/**
 * The filter tree: what a request asks for, before it is Query DSL. Every node kind has a file
 * of its own exporting `build`, `compile` and `print`; `index.ts` dispatches on `kind`.
 */
export type TermValue = string | boolean | number;

export interface TermNode {
  kind: 'term';
  field: string;
  value: TermValue;
}

export interface TermsNode {
  kind: 'terms';
  field: string;
  values: string[];
}

export interface IdsNode {
  kind: 'ids';
  values: string[];
}

export interface NotNode {
  kind: 'not';
  clause: FilterNode;
}

export interface AndNode {
  kind: 'and';
  clauses: FilterNode[];
}

export interface OrNode {
  kind: 'or';
  clauses: FilterNode[];
  minimumShouldMatch: number;
}

export interface PrefixNode {
  kind: 'prefix';
  field: string;
  value: string;
}

/** Terms that start with `prefix` and are longer than it: the wildcard `prefix?*`. */
export interface LongerPrefixNode {
  kind: 'longerPrefix';
  field: string;
  prefix: string;
}

/** Terms that hold `text` anywhere: the wildcard `*text*`. */
export interface ContainsNode {
  kind: 'contains';
  field: string;
  text: string;
}

/** Numbers between the bounds, both included; a missing bound is open. */
export interface RangeNode {
  kind: 'range';
  field: string;
  gte?: number;
  lte?: number;
}

export interface ExistsNode {
  kind: 'exists';
  field: string;
}

export type FilterNode =
  | TermNode
  | TermsNode
  | IdsNode
  | NotNode
  | AndNode
  | OrNode
  | PrefixNode
  | LongerPrefixNode
  | ContainsNode
  | RangeNode
  | ExistsNode;
