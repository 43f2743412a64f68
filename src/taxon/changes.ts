/**
 * What changed for each taxon between two checklist versions (docs/versions-and-loading.md,
 * "Comparing versions"): one change record per taxon that differs.
 *
 * The taxon is compared as the data gives it: the derived fields (`DERIVED_KEYS`) are not, so a
 * taxon moved to another parent is reported once, as moved, and not again for each descendant
 * whose ancestors changed with it.
 *
 * @example compareVersions(fromTaxa, toTaxa).filter((change) => change.changeTypes.includes('renamed'))
 */
import { DERIVED_KEYS } from './schema.ts';

export const CHANGE_TYPES = ['added', 'removed', 'renamed', 'moved', 'changed'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** A value that differs (`from` or `to` absent where the field is), or a list and what it gained and lost. */
export type Difference =
  | { field: string; from?: unknown; to?: unknown }
  | { field: string; added: unknown[]; removed: unknown[] };

export interface ChangeRecord<T> {
  id: string;
  changeTypes: ChangeType[];
  /** the dot paths that differ, in the order of `differences` */
  fields: string[];
  differences: Difference[];
  /** the taxon in each version; absent for an added (`from`) or removed (`to`) taxon */
  from?: T;
  to?: T;
}

/** The field whose change is a rename, and the one whose change is a move. */
const NAME_FIELD = 'scientificName';
const PARENT_FIELD = 'isPartOf';

const IGNORED: ReadonlySet<string> = new Set(DERIVED_KEYS);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON with object keys sorted: equal for values equal whatever their key order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Items of `a` that `b` does not hold (compared as values), each once. */
function missingFrom(a: readonly unknown[], b: readonly unknown[]): unknown[] {
  const held = new Set(b.map(canonical));
  const seen = new Set<string>();
  return a.filter((item) => {
    const key = canonical(item);
    if (held.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A field of the object itself (never one inherited, such as `__proto__`). */
function own(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** The keys with a value in `a`, then those with a value only in `b`. */
function keysOf(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = Object.keys(a).filter((key) => a[key] !== undefined);
  for (const key of Object.keys(b)) if (b[key] !== undefined && own(a, key) === undefined) keys.push(key);
  return keys;
}

/**
 * The differences between two values at `path`: objects are compared field by field (a missing
 * object as an empty one), lists as sets of values, anything else as a whole.
 */
function differencesAt(path: string, a: unknown, b: unknown, out: Difference[]): void {
  if (a === undefined && b === undefined) return;
  if (Array.isArray(a) || Array.isArray(b)) {
    const from = Array.isArray(a) ? a : a === undefined ? [] : [a];
    const to = Array.isArray(b) ? b : b === undefined ? [] : [b];
    const added = missingFrom(to, from);
    const removed = missingFrom(from, to);
    if (added.length > 0 || removed.length > 0) out.push({ field: path, added, removed });
    return;
  }
  if ((isPlainObject(a) || a === undefined) && (isPlainObject(b) || b === undefined)) {
    const x = a ?? {};
    const y = b ?? {};
    // A field's path is its parent's, a dot, and its key: under a field named by the empty string
    // that is `.a`, apart from a top-level `a`.
    for (const key of keysOf(x, y)) differencesAt(`${path}.${key}`, own(x, key), own(y, key), out);
    return;
  }
  if (canonical(a) === canonical(b)) return;
  out.push({ field: path, ...(a !== undefined ? { from: a } : {}), ...(b !== undefined ? { to: b } : {}) });
}

/** The differences of two versions of one taxon, derived fields left out. */
export function taxonDifferences(from: object, to: object): Difference[] {
  const [x, y] = [from as Record<string, unknown>, to as Record<string, unknown>];
  const out: Difference[] = [];
  for (const key of keysOf(x, y)) if (!IGNORED.has(key)) differencesAt(key, own(x, key), own(y, key), out);
  return out;
}

/**
 * How two versions are compared. `given`: the form of a taxon whose fields are compared (by
 * default the taxon itself; the records keep the taxa themselves). `same`: a cheaper test that
 * says two versions of a taxon do not differ, where one is known (a fingerprint).
 */
export interface CompareOptions<T> {
  given?: (taxon: T) => object;
  same?: (from: T, to: T) => boolean;
  /**
   * Where the taxon of an id is among `from` (given as an array), -1 where it is not: a lookup the
   * caller keeps, which spares the map of every id that a comparison makes otherwise.
   */
  placeInFrom?: (id: string) => number;
}

/** A change record, and the places of its taxon among each version's taxa as iterated (-1 where it has none). */
export interface PlacedChange<T> {
  record: ChangeRecord<T>;
  fromAt: number;
  toAt: number;
}

/** The change record of one taxon, or undefined when it is the same in both versions. */
export function changeOf<T extends { id: string }>(
  from: T | undefined,
  to: T | undefined,
  given: (taxon: T) => object = (taxon) => taxon,
): ChangeRecord<T> | undefined {
  if (from === undefined && to === undefined) return undefined;
  if (from === undefined) return { id: to!.id, changeTypes: ['added'], fields: [], differences: [], to: to! };
  if (to === undefined) return { id: from.id, changeTypes: ['removed'], fields: [], differences: [], from };
  const differences = taxonDifferences(given(from), given(to));
  if (differences.length === 0) return undefined;
  const fields = differences.map((difference) => difference.field);
  const changeTypes: ChangeType[] = [];
  if (fields.includes(NAME_FIELD)) changeTypes.push('renamed');
  if (fields.includes(PARENT_FIELD)) changeTypes.push('moved');
  if (fields.some((field) => field !== NAME_FIELD && field !== PARENT_FIELD)) changeTypes.push('changed');
  return { id: to.id, changeTypes, fields, differences, from, to };
}

/**
 * Every change between two versions: the taxa of `to` in their order (added or changed), then
 * the taxa of `from` that `to` no longer has (removed), in theirs.
 */
export function compareVersions<T extends { id: string }>(
  from: Iterable<T>,
  to: Iterable<T>,
  options: CompareOptions<T> = {},
): ChangeRecord<T>[] {
  return Array.from(changesOf(from, to, options), (placed) => placed.record);
}

/**
 * `compareVersions`' records one at a time, each compared when asked for: an index built from
 * them compares as it indexes, and may stop between two records (the embedded engine builds a
 * pair's index in slices, docs/versions-and-loading.md, "Comparing versions").
 */
export function* changesOf<T extends { id: string }>(
  from: Iterable<T>,
  to: Iterable<T>,
  { given, same, placeInFrom }: CompareOptions<T> = {},
): Generator<PlacedChange<T>, void, undefined> {
  const [olds, placeOf] = placeInFrom !== undefined && Array.isArray(from) ? [from, placeInFrom] : placesOf(from);
  // The taxa of `from` that `to` has too, by their places.
  const present = new Uint8Array(olds.length);
  let position = -1;
  for (const taxon of to) {
    position++;
    const at = placeOf(taxon.id);
    if (at !== -1) present[at] = 1;
    const old = at === -1 ? undefined : olds[at];
    if (old !== undefined && same?.(old, taxon)) continue;
    const record = changeOf(old, taxon, given);
    if (record) yield { record, fromAt: at, toAt: position };
  }
  for (let at = 0; at < olds.length; at++)
    if (present[at] === 0) yield { record: changeOf(olds[at], undefined)!, fromAt: at, toAt: -1 };
}

/** The taxa as a list, and the place of each among them by its id (-1 for none). */
function placesOf<T extends { id: string }>(taxa: Iterable<T>): [readonly T[], (id: string) => number] {
  const places = new Map<string, number>();
  const list: T[] = [];
  for (const taxon of taxa) places.set(taxon.id, list.push(taxon) - 1);
  return [list, (id) => places.get(id) ?? -1];
}
