/**
 * Runs a leaf clause against the inverted indexes: every leaf becomes a set of term ordinals of
 * one field (found in the sorted dictionary, never by reading documents) and then the union of
 * their posting lists. Results may be shared sets: treat them as read-only.
 */
import type { Bitset } from './bitset.ts';
import { fail } from './dsl-reader.ts';
import type { FieldIndex } from './field-index.ts';
import type { IndexData } from './index-data.ts';
import type { ExistsNode, LeafNode, PrefixNode, RangeBound, RangeNode, TermsNode, WildcardNode } from './query-ast.ts';
import { boundKey, termKey } from './query-values.ts';
import type { KeywordDictionary, TermBound } from './term-dictionary.ts';
import { compileWildcard } from './wildcard-pattern.ts';

const ID_FIELD = '_id';

export function matchLeaf(node: LeafNode, index: IndexData): Bitset {
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
    case 'wildcard':
      return matchWildcard(node, index);
  }
}

/** A term or terms query on a field the mapping does not have matches nothing. */
function matchTerms(node: TermsNode, index: IndexData): Bitset {
  const field = index.field(node.field);
  if (field === undefined) {
    return node.field === ID_FIELD ? matchIds(node.values.map(String), index) : index.noDocs();
  }
  const ords = new Set<number>();
  for (const value of node.values) {
    const key = termKey(field, value, node.clause);
    const ord = key === undefined ? -1 : field.dictionary.find(key);
    if (ord >= 0) ords.add(ord);
  }
  return ords.size === 0 ? index.noDocs() : field.docsOfAny([...ords]);
}


function matchIds(ids: readonly string[], index: IndexData): Bitset {
  const docs = index.noDocs();
  for (const id of ids) {
    const doc = index.docOfId(id);
    if (doc !== undefined) docs.add(doc);
  }
  return docs;
}

function matchRange(node: RangeNode, index: IndexData): Bitset {
  const field = mappedField(node, index);
  if (field === undefined) return index.noDocs();
  const bound = (range: RangeBound | undefined): TermBound | undefined =>
    range && { value: boundKey(field, range.value, node.clause), inclusive: range.inclusive };
  const [from, to] = field.dictionary.range(bound(node.lower), bound(node.upper));
  return from < to ? field.docsOfRange(from, to) : index.noDocs();
}

/** A leaf field, an object (any leaf under it), or a `*` pattern over leaf names. */
function matchExists(node: ExistsNode, index: IndexData): Bitset {
  if (node.field === ID_FIELD) return index.allDocs();
  const field = index.field(node.field);
  if (field !== undefined) return field.docsWithValue();
  return index.documentsWithAny(node.field);
}

function matchPrefix(node: PrefixNode, index: IndexData): Bitset {
  const field = mappedField(node, index);
  if (field === undefined) return index.noDocs();
  const dictionary = keywordDictionary(field, node);
  const [from, to] = dictionary.prefixRange(node.value);
  return from < to ? field.docsOfRange(from, to) : index.noDocs();
}

function matchWildcard(node: WildcardNode, index: IndexData): Bitset {
  const field = mappedField(node, index);
  if (field === undefined) return index.noDocs();
  const dictionary = keywordDictionary(field, node);
  const matcher = compileWildcard(node.pattern);
  const [from, to] = dictionary.prefixRange(matcher.prefix);
  if (matcher.test === undefined) return from < to ? field.docsOfRange(from, to) : index.noDocs();
  const ords: number[] = [];
  for (let ord = from; ord < to; ord++) if (matcher.test(dictionary.keyAt(ord))) ords.push(ord);
  return ords.length === 0 ? index.noDocs() : field.docsOfAny(ords);
}

/** `_id` is only supported where it is a plain id lookup. */
function mappedField(node: LeafNode & { field: string }, index: IndexData): FieldIndex | undefined {
  const field = index.field(node.field);
  if (field === undefined && node.field === ID_FIELD) fail(node.clause, `the ${ID_FIELD} field is only supported by term, terms and ids`);
  return field;
}

function keywordDictionary(field: FieldIndex, node: PrefixNode | WildcardNode): KeywordDictionary {
  if (field.dictionary.kind !== 'keyword') {
    fail(node.clause, `field [${field.name}] of type [${field.spec.type}] does not support ${node.kind} queries`);
  }
  return field.dictionary;
}
