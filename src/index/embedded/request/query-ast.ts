/**
 * The parsed form of the supported Query DSL subset. Parsing checks the shape of every clause
 * (and refuses anything outside the subset); executing it against an index is separate.
 * Leaves carry `clause`, the dotted position of the clause, for the errors they may still
 * raise once the field's type is known.
 */

export type QueryNode = MatchAllNode | BoolNode | ConstantScoreNode | LeafNode;

export type LeafNode = TermsNode | RangeNode | ExistsNode | IdsNode | PrefixNode | LongerPrefixNode | ContainsNode;

export interface MatchAllNode {
  kind: 'match_all';
  boost: number;
}

export interface BoolNode {
  kind: 'bool';
  must: QueryNode[];
  filter: QueryNode[];
  should: QueryNode[];
  mustNot: QueryNode[];
  /** A non-negative integer, as written. */
  minimumShouldMatch: number | undefined;
  boost: number;
}

export interface ConstantScoreNode {
  kind: 'constant_score';
  filter: QueryNode;
  boost: number;
}

/** `term` and `terms`: the field holds any of the values. */
export interface TermsNode {
  kind: 'terms';
  clause: string;
  field: string;
  values: readonly Scalar[];
}

export interface RangeNode {
  kind: 'range';
  clause: string;
  field: string;
  lower: RangeBound | undefined;
  upper: RangeBound | undefined;
}

export interface RangeBound {
  value: Scalar;
  inclusive: boolean;
}

export interface ExistsNode {
  kind: 'exists';
  clause: string;
  /** A leaf field, an object path, or a `*` pattern over leaf field names. */
  field: string;
}

export interface IdsNode {
  kind: 'ids';
  clause: string;
  values: readonly string[];
}

export interface PrefixNode {
  kind: 'prefix';
  clause: string;
  field: string;
  value: string;
}

/** The terms that start with `prefix` and are longer than it (the wildcard `prefix?*`). */
export interface LongerPrefixNode {
  kind: 'longerPrefix';
  clause: string;
  field: string;
  prefix: string;
}

/** The terms that hold `text` anywhere (the wildcard `*text*`). */
export interface ContainsNode {
  kind: 'contains';
  clause: string;
  field: string;
  text: string;
}

export type Scalar = string | number | boolean;
