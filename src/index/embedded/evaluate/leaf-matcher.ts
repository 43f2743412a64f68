/**
 * Turns a leaf clause into an operand of evaluation: every leaf becomes a set of term ordinals
 * of one field (found in the sorted dictionary, never by reading documents), whose posting
 * lists are read only when the evaluation plan asks for them.
 */
import { fail } from '../request/dsl-reader.ts';
import type { FieldIndex } from '../build/field-index.ts';
import type { IndexData } from '../build/index-data.ts';
import type {
  ContainsNode,
  ExistsNode,
  LeafNode,
  LongerPrefixNode,
  PrefixNode,
  RangeBound,
  RangeNode,
  TermsNode,
} from '../request/query-ast.ts';
import { AllDocs, BitsOperand, ListOperand, NoDocs, PostingsOperand, type Operand } from './operands.ts';
import { boundKey, termKey } from '../request/query-values.ts';
import type { KeywordDictionary, TermBound } from '../build/term-dictionary.ts';

const ID_FIELD = '_id';

export function matchLeaf(node: LeafNode, index: IndexData): Operand {
  switch (node.kind) {
    case 'terms':
      return matchTerms(node, index);
    case 'ids':
      return matchIds(node.values, index);
    case 'range':
      return matchRange(node, index);
    case 'exists':
      return matchExists(node, index);
    case 'prefix':
      return matchPrefix(node, index);
    case 'longerPrefix':
      return matchLongerPrefix(node, index);
    case 'contains':
      return matchContains(node, index);
  }
}

/** A term or terms query on a field the mapping does not have matches nothing. */
function matchTerms(node: TermsNode, index: IndexData): Operand {
  const field = index.field(node.field);
  if (field === undefined) {
    return node.field === ID_FIELD ? matchIds(node.values.map(String), index) : new NoDocs(index.docCount);
  }
  const ords = new Set<number>();
  for (const value of node.values) {
    const key = termKey(field, value, node.clause);
    const ord = key === undefined ? -1 : field.dictionary.find(key);
    if (ord >= 0) ords.add(ord);
  }
  return ords.size === 0
    ? new NoDocs(index.docCount)
    : PostingsOperand.ofOrds(
        field,
        [...ords].sort((a, b) => a - b),
      );
}

function matchIds(ids: readonly string[], index: IndexData): Operand {
  const docs = new Set<number>();
  for (const id of ids) {
    const doc = index.docOfId(id);
    if (doc !== undefined) docs.add(doc);
  }
  return docs.size === 0 ? new NoDocs(index.docCount) : new ListOperand(index.docCount, Uint32Array.from(docs).sort());
}

function ordRange(index: IndexData, field: FieldIndex, [from, to]: [number, number]): Operand {
  return from < to ? PostingsOperand.ofRange(field, from, to) : new NoDocs(index.docCount);
}

function matchRange(node: RangeNode, index: IndexData): Operand {
  const field = mappedField(node, index);
  if (field === undefined) return new NoDocs(index.docCount);
  if (field.dictionary.kind !== 'numeric' || field.spec.type === 'boolean') {
    fail(
      node.clause,
      `field [${field.name}] of type [${field.spec.type}]: only ranges over numeric fields are supported`,
    );
  }
  const bound = (range: RangeBound | undefined): TermBound | undefined =>
    range && { value: boundKey(field, range.value, node.clause), inclusive: range.inclusive };
  return ordRange(index, field, field.dictionary.range(bound(node.lower), bound(node.upper)));
}

/** A leaf field, an object (any leaf under it), or a `*` pattern over leaf names. */
function matchExists(node: ExistsNode, index: IndexData): Operand {
  if (node.field === ID_FIELD) return new AllDocs(index.allDocs());
  const field = index.field(node.field);
  if (field !== undefined) {
    const count = field.docsWithValueCount();
    return new BitsOperand(field.docsWithValue(), count, count);
  }
  const { docs, count } = index.documentsWithAny(node.field);
  return new BitsOperand(docs, count, count);
}

function matchPrefix(node: PrefixNode, index: IndexData): Operand {
  const field = mappedField(node, index);
  if (field === undefined) return new NoDocs(index.docCount);
  return ordRange(index, field, keywordDictionary(field, node).prefixRange(node.value));
}

/** The prefix's range of terms less the prefix itself, which, when it is a term, is the range's first. */
function matchLongerPrefix(node: LongerPrefixNode, index: IndexData): Operand {
  const field = mappedField(node, index);
  if (field === undefined) return new NoDocs(index.docCount);
  const dictionary = keywordDictionary(field, node);
  const [from, to] = dictionary.prefixRange(node.prefix);
  return ordRange(index, field, [from < to && dictionary.keyAt(from) === node.prefix ? from + 1 : from, to]);
}

/**
 * The terms that hold the text anywhere, found by searching the whole dictionary: the one leaf
 * whose cost grows with the field's terms. The name search asks it only for a partial query of
 * one or two letters (src/search/README.md).
 */
function matchContains(node: ContainsNode, index: IndexData): Operand {
  const field = mappedField(node, index);
  if (field === undefined) return new NoDocs(index.docCount);
  const ords = keywordDictionary(field, node).holding(node.text);
  return ords.length === 0 ? new NoDocs(index.docCount) : PostingsOperand.ofOrds(field, ords);
}

/** `_id` is only supported where it is a plain id lookup. */
function mappedField(node: LeafNode & { field: string }, index: IndexData): FieldIndex | undefined {
  const field = index.field(node.field);
  if (field === undefined && node.field === ID_FIELD)
    fail(node.clause, `the ${ID_FIELD} field is only supported by term, terms and ids`);
  return field;
}

function keywordDictionary(field: FieldIndex, node: PrefixNode | LongerPrefixNode | ContainsNode): KeywordDictionary {
  if (field.dictionary.kind !== 'keyword') {
    fail(
      node.clause,
      `field [${field.name}] of type [${field.spec.type}] does not support ${node.kind === 'prefix' ? 'prefix' : 'wildcard'} queries`,
    );
  }
  return field.dictionary;
}
