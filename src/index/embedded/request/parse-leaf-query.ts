/**
 * Query DSL → `LeafNode` for the term-level leaves, in the forms the compiler sends
 * (docs/engine-contract.md): `term: { field: value }`, `terms: { field: [values] }`,
 * `prefix`/`wildcard: { field: { value } }`, `range: { field: { gte, lte } }`,
 * `exists: { field }`, `ids: { values }`. Other forms and options (`boost`,
 * `case_insensitive`, a terms lookup, `gt`/`lt`) are refused by name. Only the shape is checked
 * here; values are matched against a field's type when the query runs (`leaf-matcher.ts`).
 */
import { MAX_TERM_BYTES, MAX_TERMS_COUNT } from '../../engine.ts';
import { checkKeys, expectRecord, fail, onlyEntry, readScalar, readString } from './dsl-reader.ts';
import { isRecord, ownValue } from '../primitives/json.ts';
import type { LeafNode, RangeBound, RangeNode, Scalar, TermsNode } from './query-ast.ts';

const utf8 = new TextEncoder();
const utf8Length = (text: string) => utf8.encode(text).length;

type LeafParser = (body: unknown, clause: string) => LeafNode;

export const LEAF_PARSERS: ReadonlyMap<string, LeafParser> = new Map<string, LeafParser>([
  ['term', parseTerm],
  ['terms', parseTerms],
  ['range', parseRange],
  ['exists', parseExists],
  ['ids', parseIds],
  ['prefix', parsePrefix],
  ['wildcard', parseWildcard],
]);

/** A term's value, refused past the longest term Elasticsearch takes (`MAX_TERM_BYTES`). */
function readTerm(value: unknown, clause: string): Scalar {
  const scalar = readScalar(value, clause);
  if (typeof scalar === 'string' && scalar.length * 3 > MAX_TERM_BYTES && utf8Length(scalar) > MAX_TERM_BYTES) {
    fail(clause, `a term longer than ${MAX_TERM_BYTES} bytes`);
  }
  return scalar;
}

/** `{ field: value }`. */
function parseTerm(body: unknown, clause: string): TermsNode {
  const [field, value] = fieldEntry(body, clause);
  if (isRecord(value)) fail(`${clause}.${field}`, 'expected a value');
  return { kind: 'terms', clause, field, values: [readTerm(value, `${clause}.${field}`)] };
}

/** `{ field: [values] }`. */
function parseTerms(body: unknown, clause: string): TermsNode {
  const [field, values] = fieldEntry(body, clause);
  if (!Array.isArray(values)) fail(`${clause}.${field}`, 'expected an array of values');
  if (values.length > MAX_TERMS_COUNT) fail(`${clause}.${field}`, `more than ${MAX_TERMS_COUNT} values`);
  return { kind: 'terms', clause, field, values: values.map((value) => readTerm(value, `${clause}.${field}`)) };
}

/**
 * `{ field: { gte?, lte? } }` with numbers, null for an open bound: the only range the compiler
 * sends. `gt`, `lt` and other options are refused by name.
 */
function parseRange(body: unknown, clause: string): RangeNode {
  const [field, spec] = fieldEntry(body, clause);
  const record = expectRecord(spec, clause);
  checkKeys(record, ['gte', 'lte'], clause);
  const bound = (key: 'gte' | 'lte'): RangeBound | undefined => {
    const value = ownValue(record, key);
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value)) fail(`${clause}.${key}`, 'expected a number');
    return { value, inclusive: true };
  };
  return { kind: 'range', clause, field, lower: bound('gte'), upper: bound('lte') };
}

function parseExists(body: unknown, clause: string): LeafNode {
  const record = expectRecord(body, clause);
  checkKeys(record, ['field'], clause);
  return { kind: 'exists', clause, field: readString(ownValue(record, 'field'), `${clause}.field`) };
}

function parseIds(body: unknown, clause: string): LeafNode {
  const record = expectRecord(body, clause);
  checkKeys(record, ['values'], clause);
  const values = ownValue(record, 'values') ?? [];
  if (!Array.isArray(values)) fail(`${clause}.values`, 'expected an array');
  return { kind: 'ids', clause, values: values.map((value) => String(readScalar(value, `${clause}.values`))) };
}

/** `{ field: { value } }`. */
function parsePrefix(body: unknown, clause: string): LeafNode {
  const [field, spec] = fieldEntry(body, clause);
  return { kind: 'prefix', clause, field, value: valueString(spec, `${clause}.${field}`) };
}

/**
 * `{ field: { value: "prefix?*" } }`: the terms that start with a literal prefix and are longer
 * than it; `{ field: { value: "*text*" } }`: the terms that hold a literal text anywhere. In
 * both, `*`, `?` and `\\` are escaped by `\\`. These are the wildcards the compiler sends; other
 * patterns are refused.
 */
function parseWildcard(body: unknown, clause: string): LeafNode {
  const [field, spec] = fieldEntry(body, clause);
  const pattern = valueString(spec, `${clause}.${field}`);
  const prefix = LONGER_PREFIX.exec(pattern)?.[1];
  if (prefix !== undefined) return { kind: 'longerPrefix', clause, field, prefix: literalOf(prefix) };
  const text = CONTAINS.exec(pattern)?.[1];
  if (text !== undefined) return { kind: 'contains', clause, field, text: literalOf(text) };
  return fail(
    clause,
    `unsupported pattern ${JSON.stringify(pattern)}: only a literal prefix followed by ?*, or a literal between two *`,
  );
}

/** A literal: escaped `*`, `?` and `\\`, no bare ones. */
const LITERAL = String.raw`((?:[^*?\\]|\\.)*)`;
/** A literal followed by `?*`. */
const LONGER_PREFIX = new RegExp(String.raw`^${LITERAL}\?\*$`, 'su');
/** A literal between two `*`. */
const CONTAINS = new RegExp(String.raw`^\*${LITERAL}\*$`, 'su');

const literalOf = (escaped: string) => escaped.replace(/\\(.)/gsu, '$1');

/** The string of `{ value }`. */
function valueString(spec: unknown, clause: string): string {
  const record = expectRecord(spec, clause);
  checkKeys(record, ['value'], clause);
  return String(readScalar(ownValue(record, 'value'), `${clause}.value`));
}

/** The single `{ field: spec }` entry of a leaf body. */
function fieldEntry(body: unknown, clause: string): [string, unknown] {
  const [field, spec] = onlyEntry(expectRecord(body, clause), clause);
  return [field, spec];
}
