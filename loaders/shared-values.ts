/**
 * Values that checklist versions share, held once (docs/versions-and-loading.md, "What versions
 * share"). Each document is compared, key by key, with the documents of the same id in the
 * versions loaded before it: a value equal in one of them (same keys in the same order, same
 * items, same strings) is replaced by that version's object, and a value that differs shares its
 * equal parts, down to strings, with the version loaded last.
 * The documents themselves stay per version: their derived fields (`taxonomicOrder`, counts) move
 * when a taxon is inserted, while their nested values (names, synonyms, statuses, ancestor lists)
 * rarely do.
 *
 * @example
 *   const sharing = new ValueSharing();
 *   for (const version of versions) sharing.share(version.documents);
 */
import { isRecord, setOwn, type JsonRecord } from '../src/json.ts';

function sameArray(a: readonly unknown[], b: unknown): boolean {
  if (!Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
  return true;
}

function sameRecord(a: JsonRecord, b: unknown): boolean {
  if (!isRecord(b)) return false;
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) if (keys[i] !== others[i] || !same(a[keys[i]!], b[keys[i]!])) return false;
  return true;
}

/** Equal as served: the same JSON text (object keys in the same order). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || a === null) return false;
  return Array.isArray(a) ? sameArray(a, b) : sameRecord(a as JsonRecord, b);
}

/** `value`, or the earlier value when equal; otherwise `value` with its equal parts replaced. */
function shared(value: unknown, earlier: unknown): unknown {
  if (value === earlier) return earlier;
  if (typeof value !== 'object' || value === null || typeof earlier !== 'object') return value;
  if (same(value, earlier)) return earlier;
  if (Object.isFrozen(value)) return value;
  if (Array.isArray(value) && Array.isArray(earlier))
    for (let i = 0; i < value.length; i++) value[i] = shared(value[i], earlier[i]);
  else if (isRecord(value) && isRecord(earlier)) shareFields(value, earlier);
  return value;
}

/** Replaces each own field of `record` equal (or partly equal) in `earlier` with the earlier one. */
function shareFields(record: JsonRecord, earlier: JsonRecord): void {
  for (const key of Object.keys(record)) {
    if (!Object.hasOwn(earlier, key)) continue;
    const value = record[key];
    const kept = shared(value, earlier[key]);
    if (kept !== value) setOwn(record, key, kept);
  }
}

/** `shareFields` with the first of `earlier` (most recent first) that has each value whole. */
function shareFieldsAmong(record: JsonRecord, earlier: readonly JsonRecord[]): void {
  for (const key of Object.keys(record)) {
    const value = record[key];
    const whole = earlier.find((before) => Object.hasOwn(before, key) && same(value, before[key]));
    if (whole !== undefined && whole[key] !== value) setOwn(record, key, whole[key]);
  }
  shareFields(record, earlier[0]!);
}

/**
 * Shares the values of each version's documents with the versions handed over before it: with
 * the last `versions` of them (default all), the most recent first. Those are kept meanwhile.
 */
export class ValueSharing {
  private earlier = new Map<string, JsonRecord[]>();

  constructor(private readonly versions = Number.POSITIVE_INFINITY) {}

  /**
   * Shares what `documents` have in common with the previous call's, by id, and returns them.
   * What is frozen already (an index holds it) is left as it is.
   */
  share<T extends { id: string }>(documents: readonly T[]): readonly T[] {
    for (const _ of this.shareEach(documents));
    return documents;
  }

  /**
   * `share`, one document at a time as they are read (an index reads each while it is fresh).
   * `last`: no version comes after these, so none of them is kept, and what was kept is let go.
   */
  *shareEach<T extends { id: string }>(documents: Iterable<T>, last = false): Iterable<T> {
    const latest = new Map<string, JsonRecord[]>();
    for (const doc of documents) {
      const record = doc as unknown as JsonRecord;
      const before = this.earlier.get(doc.id) ?? [];
      if (before.length > 0 && !Object.isFrozen(record)) shareFieldsAmong(record, before);
      if (!last) latest.set(doc.id, [record, ...before.slice(0, this.versions - 1)]);
      yield doc;
    }
    // A taxon absent from this version is still compared with in the next.
    if (!last) for (const [id, before] of this.earlier) if (!latest.has(id)) latest.set(id, before);
    this.earlier = latest;
  }
}
