/**
 * Reference query semantics: does a document match, and what is its score.
 */
import { boundKey, compareKeys, indexed, queryKey, type Doc, type Fields, type Key } from './brute-force-values.ts';

export type Query = Record<string, unknown>;
type Body = Record<string, unknown>;

export class NeedsBm25 extends Error {}

const LEAVES = ['term', 'terms', 'range', 'exists', 'ids', 'prefix', 'wildcard'];

function entry(query: Query): [string, Body] {
  const [kind, body] = Object.entries(query)[0]!;
  return [kind, body as Body];
}

function list(value: unknown): Query[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]) as Query[];
}

/** Throws NeedsBm25 when a leaf stands where its score would count. */
export function checkScoring(query: Query, scoring: boolean): void {
  const [kind, body] = entry(query);
  if (LEAVES.includes(kind) && scoring) throw new NeedsBm25(kind);
  if (kind === 'constant_score') checkScoring(body['filter'] as Query, false);
  if (kind !== 'bool') return;
  for (const clause of [...list(body['must']), ...list(body['should'])]) checkScoring(clause, scoring);
  for (const clause of [...list(body['filter']), ...list(body['must_not'])]) checkScoring(clause, false);
}

export function matches(query: Query, doc: Doc, fields: Fields): boolean {
  const [kind, body] = entry(query);
  switch (kind) {
    case 'match_all':
      return true;
    case 'constant_score':
      return matches(body['filter'] as Query, doc, fields);
    case 'bool':
      return matchesBool(body, doc, fields);
    case 'ids':
      return (body['values'] as string[]).includes(String(doc['id']));
    case 'exists':
      return exists(String(body['field']), doc, fields);
    default:
      return matchesField(kind, body, doc, fields);
  }
}

/** The leaves on one field: `{ field: value }` or `{ field: { value } }`. */
function matchesField(kind: string, body: Body, doc: Doc, fields: Fields): boolean {
  const field = Object.keys(body).find((key) => key !== 'boost')!;
  const spec = fields[field];
  const option = body[field];
  const value =
    typeof option === 'object' && option !== null && !Array.isArray(option) ? (option as Body)['value'] : option;
  if (kind === 'term' && field === '_id' && spec === undefined) return value === doc['id'];
  if (spec === undefined) return false;
  const values = indexed(doc, field, spec);
  switch (kind) {
    case 'term':
      return values.includes(queryKey(spec, value)!);
    case 'terms':
      return (value as unknown[]).some((item) => values.includes(queryKey(spec, item)!));
    case 'range':
      return values.some((key) => inRange(key, option as Body, (bound) => boundKey(spec, bound)));
    case 'prefix':
      return values.some((key) => String(key).startsWith(String(value)));
    case 'wildcard':
      return values.some((key) => wildcardRegExp(String(value)).test(String(key)));
    default:
      throw new Error(`brute force: unknown query ${kind}`);
  }
}

function matchesBool(body: Body, doc: Doc, fields: Fields): boolean {
  const must = list(body['must']);
  const filter = list(body['filter']);
  const should = list(body['should']);
  const mustNot = list(body['must_not']);
  if (must.length + filter.length + should.length + mustNot.length === 0) return true;
  if (![...must, ...filter].every((clause) => matches(clause, doc, fields))) return false;
  if (mustNot.some((clause) => matches(clause, doc, fields))) return false;
  const spec = body['minimum_should_match'];
  let required = (spec as number | undefined) ?? 0;
  if (must.length + filter.length === 0 && should.length > 0) required = Math.max(1, required);
  return should.filter((clause) => matches(clause, doc, fields)).length >= required;
}

function exists(field: string, doc: Doc, fields: Fields): boolean {
  const names = Object.keys(fields).filter((name) =>
    field.includes('*')
      ? new RegExp(`^${field.split('*').join('.*')}$`).test(name)
      : name === field || name.startsWith(`${field}.`),
  );
  return names.some((name) => indexed(doc, name, fields[name]!).length > 0);
}

/** Elasticsearch keeps the last lower bound (`gt` or `gte`) and the last upper bound written. */
function inRange(key: Key, bounds: Body, bound: (value: unknown) => Key): boolean {
  let lower: [string, unknown] | undefined;
  let upper: [string, unknown] | undefined;
  for (const [op, value] of Object.entries(bounds)) {
    if (op.startsWith('g')) lower = [op, value];
    if (op.startsWith('l')) upper = [op, value];
  }
  const above =
    lower === undefined || lower[1] === null || compareKeys(key, bound(lower[1])) >= (lower[0] === 'gt' ? 1 : 0);
  const below =
    upper === undefined || upper[1] === null || compareKeys(key, bound(upper[1])) <= (upper[0] === 'lt' ? -1 : 0);
  return above && below;
}

function wildcardRegExp(pattern: string): RegExp {
  let source = '';
  const chars = Array.from(pattern);
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '\\' && i + 1 < chars.length) source += escapeChar(chars[++i]!);
    else source += escapeChar(char);
  }
  return new RegExp(`^${source}$`, 'su');
}

function escapeChar(char: string): string {
  return char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The score of a matching document: constant boosts summed, multiplied down the tree. */
export function score(query: Query, doc: Doc, fields: Fields, boost = 1): number {
  const [kind, body] = entry(query);
  const own = boost * ((body['boost'] as number | undefined) ?? 1);
  if (kind === 'match_all' || kind === 'constant_score') return own;
  if (kind !== 'bool') return 0;
  const clauses = ['must', 'filter', 'should', 'must_not'].flatMap((key) => list(body[key]));
  if (clauses.length === 0) return own;
  const must = list(body['must']).reduce((sum, clause) => sum + score(clause, doc, fields, own), 0);
  const should = list(body['should'])
    .filter((clause) => matches(clause, doc, fields))
    .reduce((sum, clause) => sum + score(clause, doc, fields, own), 0);
  return must + should;
}
