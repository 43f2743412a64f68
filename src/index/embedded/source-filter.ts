/**
 * `_source` filtering with Elasticsearch's results: `false`, `true`, a pattern or list of
 * patterns (includes), or `{ includes, excludes }`. Excludes are applied first, then includes,
 * so an excluded path never comes back. Through arrays of objects, `multimedia.author` keeps
 * `multimedia: [{ author }, ...]`.
 *
 * Empty containers follow Elasticsearch's filtering parser: under includes, an object or array
 * left with nothing included disappears; under excludes, one emptied by the exclusion
 * disappears, while one that was empty to begin with stays. The result is always a new object.
 */
import { expectRecord, fail } from './dsl-reader.ts';
import { compileFilterPaths, matchKey, type FilterPathNode } from './filter-path.ts';
import { cloneJson, isRecord, ownValue, setOwn, type JsonRecord } from './json.ts';

export type SourceSpec =
  | { kind: 'none' }
  | { kind: 'all' }
  | { kind: 'filter'; includes: FilterPathNode | undefined; excludes: FilterPathNode | undefined };

export function parseSource(value: unknown): SourceSpec {
  if (value === undefined || value === null || value === true) return { kind: 'all' };
  if (value === false) return { kind: 'none' };
  if (typeof value === 'string' || Array.isArray(value)) return filterSpec(patterns(value, '_source'), []);
  const record = expectRecord(value, '_source');
  for (const key of Object.keys(record)) {
    if (!['includes', 'include', 'excludes', 'exclude'].includes(key)) fail(`_source.${key}`);
  }
  const includes = patterns(ownValue(record, 'includes') ?? ownValue(record, 'include'), '_source.includes');
  const excludes = patterns(ownValue(record, 'excludes') ?? ownValue(record, 'exclude'), '_source.excludes');
  return filterSpec(includes, excludes);
}

function patterns(value: unknown, clause: string): string[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((item) => typeof item === 'string')) fail(clause, 'expected a string or an array of strings');
  return list;
}

function filterSpec(includes: string[], excludes: string[]): SourceSpec {
  const spec = { kind: 'filter', includes: compileFilterPaths(includes), excludes: compileFilterPaths(excludes) } as const;
  return spec.includes === undefined && spec.excludes === undefined ? { kind: 'all' } : spec;
}

/** The filtered copy of `source`, or `undefined` when `_source` is off. */
export function filterSource<T>(source: T, spec: SourceSpec): T | undefined {
  if (spec.kind === 'none') return undefined;
  if (spec.kind === 'all' || !isRecord(source)) return cloneJson(source);
  let result: JsonRecord = source;
  if (spec.excludes !== undefined) result = excludeFromRecord(result, [spec.excludes]) ?? {};
  if (spec.includes !== undefined) result = includeFromRecord(result, [spec.includes]) ?? {};
  return (result === source ? cloneJson(source) : result) as T;
}

function includeFromRecord(record: JsonRecord, nodes: FilterPathNode[]): JsonRecord | undefined {
  const kept: JsonRecord = {};
  let nonEmpty = false;
  for (const key of Object.keys(record)) {
    const match = matchKey(nodes, key);
    const value = match === true ? cloneJson(record[key]) : match.length > 0 ? includeFrom(record[key], match) : undefined;
    if (value === undefined) continue;
    setOwn(kept, key, value);
    nonEmpty = true;
  }
  return nonEmpty ? kept : undefined;
}

/** Scalars are not included by a pattern that goes deeper than them. */
function includeFrom(value: unknown, nodes: FilterPathNode[]): unknown {
  if (isRecord(value)) return includeFromRecord(value, nodes);
  if (!Array.isArray(value)) return undefined;
  const items = value.map((item) => includeFrom(item, nodes)).filter((item) => item !== undefined);
  return items.length > 0 ? items : undefined;
}

function excludeFromRecord(record: JsonRecord, nodes: FilterPathNode[]): JsonRecord | undefined {
  const keys = Object.keys(record);
  const kept: JsonRecord = {};
  let nonEmpty = false;
  for (const key of keys) {
    const match = matchKey(nodes, key);
    if (match === true) continue;
    const value = match.length === 0 ? cloneJson(record[key]) : excludeFrom(record[key], match);
    if (value === undefined) continue;
    setOwn(kept, key, value);
    nonEmpty = true;
  }
  return nonEmpty || keys.length === 0 ? kept : undefined;
}

/** Scalars stay: a pattern that goes deeper than them does not exclude them. */
function excludeFrom(value: unknown, nodes: FilterPathNode[]): unknown {
  if (isRecord(value)) return excludeFromRecord(value, nodes);
  if (!Array.isArray(value)) return value;
  const items = value.map((item) => excludeFrom(item, nodes)).filter((item) => item !== undefined);
  return items.length > 0 || value.length === 0 ? items : undefined;
}
