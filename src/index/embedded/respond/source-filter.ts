/**
 * `_source` filtering with Elasticsearch's results: `false`, `true`, a pattern or list of
 * patterns (includes), or `{ includes, excludes }`. Excludes are applied first, then includes,
 * so an excluded path never comes back. Through arrays of objects, `multimedia.author` keeps
 * `multimedia: [{ author }, ...]`.
 *
 * Empty containers follow Elasticsearch's filtering parser: under includes, an object or array
 * left with nothing included disappears; under excludes, one emptied by the exclusion
 * disappears, while one that was empty to begin with stays. The result is always a new object
 * (its values may be the stored, frozen ones).
 *
 * Patterns that are all plain top-level names (no `.`, `*` or `\`), by far the most common
 * case, keep or drop whole top-level keys: they are compiled to key sets and a hit is built in
 * one pass over the document's own keys. A document with a dotted key (`{"a.b": 1}`, matched
 * segment by segment) takes the general path.
 */
import { LRUCache } from 'lru-cache';
import { expectRecord, fail } from '../request/dsl-reader.ts';
import { compileFilterPaths, matchKey, type FilterPathNode } from './filter-path.ts';
import { cloneJson, isRecord, ownValue, setOwn, type JsonRecord } from '../primitives/json.ts';

export type SourceSpec = { kind: 'none' } | { kind: 'all' } | PathFilter;

/** Include and exclude patterns; their path trees are compiled on first use (plain patterns rarely need them). */
class PathFilter {
  readonly kind = 'filter';
  private compiled: { includes: FilterPathNode | undefined; excludes: FilterPathNode | undefined } | undefined;

  constructor(
    private readonly includePatterns: readonly string[],
    private readonly excludePatterns: readonly string[],
    readonly plain: PlainPatterns | undefined,
  ) {}

  get includes(): FilterPathNode | undefined {
    return this.paths().includes;
  }

  get excludes(): FilterPathNode | undefined {
    return this.paths().excludes;
  }

  private paths() {
    this.compiled ??= {
      includes: compileFilterPaths(this.includePatterns),
      excludes: compileFilterPaths(this.excludePatterns),
    };
    return this.compiled;
  }
}

/** Top-level names only; `undefined` is no includes (everything) or no excludes. */
interface PlainPatterns {
  includes: ReadonlySet<string> | undefined;
  excludes: ReadonlySet<string> | undefined;
  /** The same patterns give the same signature, whatever their order. */
  signature: string;
}

/** The `_source` of a hit from its document number, or `undefined` when `_source` is off. */
export type SourceFilter = (doc: number) => unknown;

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
  const included = nonBlank(includes);
  const excluded = nonBlank(excludes);
  if (included.length === 0 && excluded.length === 0) return { kind: 'all' };
  return new PathFilter(includes, excludes, plainPatterns(included, excluded));
}

/** Patterns as `compileFilterPaths` reads them: trimmed, blank ones dropped. */
function nonBlank(patterns: readonly string[]): string[] {
  const names: string[] = [];
  for (const pattern of patterns) {
    const name = pattern.trim();
    if (name !== '') names.push(name);
  }
  return names;
}

const PATH_SYNTAX = /[.*\\]/;

/**
 * Requests repeat the same few `_source` specs: their compiled form is kept, the 64 most recently
 * used (`NOT_PLAIN` for a spec that is not plain).
 */
const plainCache = new LRUCache<string, PlainPatterns | { notPlain: true }>({ max: 64 });
const NOT_PLAIN = { notPlain: true } as const;

function plainPatterns(included: string[], excluded: string[]): PlainPatterns | undefined {
  const key = `${included.join('\u0000')}\u0001${excluded.join('\u0000')}`;
  let plain = plainCache.get(key);
  if (plain === undefined) {
    plain = compilePlain(included, excluded);
    plainCache.set(key, plain);
  }
  return 'notPlain' in plain ? undefined : plain;
}

function compilePlain(included: string[], excluded: string[]): PlainPatterns | typeof NOT_PLAIN {
  return [...included, ...excluded].some((name) => PATH_SYNTAX.test(name))
    ? NOT_PLAIN
    : {
        includes: included.length === 0 ? undefined : new Set(included),
        excludes: excluded.length === 0 ? undefined : new Set(excluded),
        signature: JSON.stringify([included.length === 0 ? null : [...included].sort(), [...excluded].sort()]),
      };
}

/** Specs whose key lists per shape are kept: the 32 most recently used. */
const KEPT_SPECS = 32;

/**
 * The source filters of one index. For plain patterns, the keys a document keeps depend only
 * on its key list, which cannot change (stored documents are frozen): documents are grouped by
 * key list (`DocumentShapes`), and per spec and key list the kept keys are computed once. A
 * hit then costs one read and one write per kept key, with neither `Object.keys` (slow on the
 * dictionary-mode objects large parsed documents become) nor a pattern test per key.
 */
export class SourceFilters {
  private readonly shapes: DocumentShapes;
  private readonly keptBySpec = new LRUCache<string, (KeptKeys | null | undefined)[]>({ max: KEPT_SPECS });

  constructor(
    private readonly docs: readonly unknown[],
    /** a stored document as answered, where documents are stored in another form (`KeptForm`) */
    private readonly served?: (kept: object) => object,
  ) {
    this.shapes = new DocumentShapes(docs);
  }

  /** The filter of a request, compiled once for all its hits. */
  compile(spec: SourceSpec): SourceFilter {
    const { docs, served } = this;
    if (spec.kind === 'none') return () => undefined;
    if (spec.kind === 'all') return (doc) => this.whole(doc);
    const filter = this.recordFilter(spec, cloneJson);
    // A served form is made anew for each hit: its shape is found from its keys.
    if (served !== undefined) return (doc) => filter(served(docs[doc] as object));
    return (doc) => filter(docs[doc], doc);
  }

  /** A copy of stored document `doc`, whole, as answered. */
  whole(doc: number): unknown {
    const stored = this.docs[doc];
    return cloneJson(this.served === undefined ? stored : this.served(stored as object));
  }

  /**
   * What a record keeps without the `excludes` paths, its values its own rather than copies (for
   * a caller that freezes the result): how a build leaves fields out of the documents it stores,
   * one document at a time as they come.
   */
  strip(excludes: readonly string[]): (source: unknown) => unknown {
    const spec = parseSource({ excludes });
    if (spec.kind !== 'filter') return sameValue;
    const filter = this.recordFilter(spec, sameValue);
    const { plain } = spec;
    if (plain === undefined || plain.includes !== undefined || plain.excludes === undefined) return filter;
    const excluded = plain.excludes;
    // A record with none of the excluded keys (nor a dotted key) keeps them all: it is itself, as
    // the filter would give it, without its shape looked up (a names index's entries never
    // hold the fields the index derives).
    return (source) => (isRecord(source) && !holdsAnyOf(source, excluded) ? source : filter(source));
  }

  /** `doc`: the stored document's number, when `source` is one (its shape is then kept). */
  private recordFilter(spec: PathFilter, copy: <V>(value: V) => V): (source: unknown, doc?: number) => unknown {
    const { plain } = spec;
    if (plain === undefined) return (source) => filterSource(source, spec);
    const keptByShape = this.keptByShape(plain.signature);
    return (source, doc) => {
      if (!isRecord(source)) return cloneJson(source);
      const shape = doc === undefined ? this.shapes.ofRecord(source) : this.shapes.of(doc);
      let kept = keptByShape[shape];
      if (kept === undefined) kept = keptByShape[shape] = keptKeys(this.shapes.keys(shape), plain);
      if (kept === null) return filterSource(source, spec);
      // Stored documents are frozen: one that keeps every key is shared as it is.
      return kept.whole ? source : pick(source, kept, copy);
    };
  }

  private keptByShape(signature: string): (KeptKeys | null | undefined)[] {
    let kept = this.keptBySpec.get(signature);
    if (kept === undefined) {
      kept = [];
      this.keptBySpec.set(signature, kept);
    }
    return kept;
  }
}

/**
 * The keys a document shape keeps, in document order, and an object holding exactly them:
 * copying it and overwriting its values builds a hit with its properties laid out in place,
 * where adding them one by one turns an object of more than a dozen or so into a hash table
 * (slower to build, to enumerate and to serialise).
 */
interface KeptKeys {
  keys: readonly string[];
  template: JsonRecord | undefined;
  /** every key of the shape is kept */
  whole: boolean;
}

/** `null` when a key holds a dot (matched segment by segment: the general path). */
function keptKeys(keys: readonly string[], { includes, excludes }: PlainPatterns): KeptKeys | null {
  if (keys.some((key) => key.includes('.'))) return null;
  const kept = keys.filter((key) => !(excludes?.has(key) ?? false) && (includes?.has(key) ?? true));
  return { keys: kept, template: recordTemplate(kept), whole: kept.length === keys.length };
}

/**
 * An object literal of exactly `keys`, in order (values `null`), or `undefined` when a key is
 * `__proto__`. Spreading it and then setting its values builds a record with its properties in
 * place; adding more than a dozen or so one by one would turn the record into a hash table.
 */
function recordTemplate(keys: readonly string[]): JsonRecord | undefined {
  if (keys.includes('__proto__')) return undefined;
  return JSON.parse(`{${keys.map((key) => `${JSON.stringify(key)}:null`).join(',')}}`) as JsonRecord;
}

const sameValue = <V>(value: V): V => value;

/** A new record of the kept keys of `source`, its object values passed through `copy`. */
function pick(source: JsonRecord, { keys, template }: KeptKeys, copy: <V>(value: V) => V): JsonRecord {
  if (template !== undefined) {
    const kept: JsonRecord = { ...template };
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const value = source[key];
      if (value === undefined) return pickEach(source, keys, copy);
      kept[key] = typeof value === 'object' && value !== null ? copy(value) : value;
    }
    return kept;
  }
  return pickEach(source, keys, copy);
}

function pickEach(source: JsonRecord, keys: readonly string[], copy: <V>(value: V) => V): JsonRecord {
  const kept: JsonRecord = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = source[key];
    if (value === undefined) continue;
    setOwn(kept, key, typeof value === 'object' && value !== null ? copy(value) : value);
  }
  return kept;
}

/**
 * Documents grouped by their own keys in order, found on first use and kept: a shape number
 * per document, and the key list of each shape.
 */
class DocumentShapes {
  /** Allocated on first use: an index whose searches never filter by plain names needs none. */
  private shapeOf: Int32Array | undefined;
  private readonly shapeIds = new Map<string, number>();
  private readonly shapeKeys: (readonly string[])[] = [];
  private lastShape = -1;

  constructor(private readonly docs: readonly unknown[]) {}

  /** The shape of a stored record document. */
  of(doc: number): number {
    this.shapeOf ??= new Int32Array(this.docs.length).fill(-1);
    let shape = this.shapeOf[doc]!;
    if (shape < 0) shape = this.shapeOf[doc] = this.ofRecord(this.docs[doc] as JsonRecord);
    return shape;
  }

  /** The shape of any record, found from its keys. */
  ofRecord(record: JsonRecord): number {
    const keys = Object.keys(record);
    // Documents of one shape tend to come together: the last shape found is tried first.
    if (this.lastShape >= 0 && sameKeys(keys, this.shapeKeys[this.lastShape]!)) return this.lastShape;
    const signature = keys.join('\u0000');
    let shape = this.shapeIds.get(signature);
    if (shape === undefined) {
      shape = this.shapeKeys.length;
      this.shapeKeys.push(keys);
      this.shapeIds.set(signature, shape);
    }
    this.lastShape = shape;
    return shape;
  }

  keys(shape: number): readonly string[] {
    return this.shapeKeys[shape]!;
  }
}

function holdsAnyOf(record: JsonRecord, names: ReadonlySet<string>): boolean {
  for (const key in record) if (names.has(key) || key.includes('.')) return true;
  return false;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The filtered copy of `source`, or `undefined` when `_source` is off. */
function filterSource<T>(source: T, spec: SourceSpec): T | undefined {
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
    const value =
      match === true ? cloneJson(record[key]) : match.length > 0 ? includeFrom(record[key], match) : undefined;
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
