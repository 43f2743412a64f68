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
import { fieldsOf, isRecord, setOwn, type JsonRecord } from '../src/json.ts';
import { followingPositions, type PositionOf } from './tree.ts';

function sameArray(a: readonly unknown[], b: unknown): boolean {
  if (!Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
  return true;
}

function sameRecord(a: JsonRecord, b: unknown): boolean {
  if (!isRecord(b)) return false;
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) if (keys[i] !== others[i] || !sameJson(a[keys[i]!], b[keys[i]!])) return false;
  return true;
}

/** Equal as served: the same JSON text (object keys in the same order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || a === null) return false;
  return Array.isArray(a) ? sameArray(a, b) : sameRecord(a as JsonRecord, b);
}

/** `value`, or the earlier value when equal; otherwise `value` with its equal parts replaced. */
function shared(value: unknown, earlier: unknown): unknown {
  if (value === earlier) return earlier;
  if (typeof value !== 'object' || value === null || typeof earlier !== 'object') return value;
  return sameJson(value, earlier) ? earlier : sharedParts(value, earlier);
}

/** `value` (known to differ from `earlier`) with its parts equal in `earlier` replaced by those. */
function sharedParts(value: unknown, earlier: unknown): unknown {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
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
    // An equal string is stored too: `!==` cannot tell it from the one it replaces.
    if (kept !== value || typeof kept === 'string') setOwn(record, key, kept);
  }
}

/** The last value of a field found equal to the version before, and that version's value. */
interface LastEqual {
  value: unknown;
  latest: unknown;
}

/**
 * `sameJson(value, latest)`, remembering the last object found equal per field: documents in
 * taxonomic order come sibling after sibling, and siblings hold one list of ancestors, which is
 * then read once for them all.
 */
function sameAsLatest(key: string, value: unknown, latest: unknown, lastEqual: Map<string, LastEqual>): boolean {
  if (typeof value !== 'object' || value === null) return value === latest;
  const last = lastEqual.get(key);
  if (last !== undefined && last.value === value && last.latest === latest) return true;
  if (!sameJson(value, latest)) return false;
  if (last === undefined) lastEqual.set(key, { value, latest });
  else {
    last.value = value;
    last.latest = latest;
  }
  return true;
}

/** A version handed over: its documents, and where each id is among them. */
interface SharedVersion {
  documents: readonly JsonRecord[];
  positionOf: PositionOf;
}

/**
 * The documents of one id in the versions before the latest that has it, most recent first, found
 * only when asked for: most values are the latest's, and then no other version is looked in.
 */
class OlderDocuments {
  private id = '';
  private from = 0;
  private found: JsonRecord[] | undefined;

  constructor(private readonly versions: readonly SharedVersion[]) {}

  /** Now the documents of `id` in the versions after `versions[from]`. */
  reset(id: string, from: number): void {
    this.id = id;
    this.from = from;
    this.found = undefined;
  }

  get(): readonly JsonRecord[] {
    if (this.found !== undefined) return this.found;
    this.found = [];
    for (let v = this.from + 1; v < this.versions.length; v++) {
      const { documents, positionOf } = this.versions[v]!;
      const position = positionOf(this.id);
      if (position !== undefined) this.found.push(documents[position]!);
    }
    return this.found;
  }
}

/**
 * `record`'s string field `key` made the first equal string of `latest` and the older documents,
 * if any. A string cannot be told from an equal one by `===`, so it is stored whatever it replaces.
 * A key an earlier document lacks reads `undefined` or an inherited value, never a string.
 */
function shareString(record: JsonRecord, key: string, value: string, latest: JsonRecord, older: OlderDocuments): void {
  if (value === latest[key]) {
    setOwn(record, key, latest[key]);
    return;
  }
  for (const before of older.get()) {
    const other = before[key];
    if (value === other) {
      setOwn(record, key, other);
      return;
    }
  }
}

/**
 * Replaces each own field of `record` with the first of `latest` and the older documents (most
 * recent first) that has it whole; a field none has whole shares its equal parts with `latest`.
 */
function shareFieldsAmong(
  record: JsonRecord,
  latest: JsonRecord,
  older: OlderDocuments,
  lastEqual: Map<string, LastEqual>,
): void {
  // `for…in` rather than `Object.keys`: a JSON record inherits no enumerable key, and no array is made.
  for (const key in record) {
    const value = record[key];
    if (typeof value === 'string') {
      shareString(record, key, value, latest, older);
      continue;
    }
    // A number, boolean or null is no object to share (about half the fields: flags, counts, ranks),
    // and a value that is the version before's is shared already.
    if (typeof value !== 'object' || value === null || value === latest[key]) continue;
    const inLatest = Object.hasOwn(latest, key);
    // Most values are those of the version just before: that one is asked first.
    let whole = inLatest && sameAsLatest(key, value, latest[key], lastEqual) ? latest : undefined;
    if (whole === undefined) {
      for (const before of older.get()) {
        if (Object.hasOwn(before, key) && sameJson(value, before[key])) {
          whole = before;
          break;
        }
      }
    }
    const kept = whole !== undefined ? whole[key] : inLatest ? sharedParts(value, latest[key]) : value;
    if (kept !== value) setOwn(record, key, kept);
  }
}

/** Where each id is among `documents` (the first, should one repeat). */
function positionsOf(documents: readonly { id: string }[]): PositionOf {
  const positions = new Map<string, number>();
  for (const [position, { id }] of documents.entries()) if (!positions.has(id)) positions.set(id, position);
  return (id) => positions.get(id);
}

/** Shares the values of each version's documents with the versions handed over before it. */
export class ValueSharing {
  /** The versions shared so far, the most recent first. */
  private readonly versions: SharedVersion[] = [];

  /**
   * Shares what `documents` have in common with the documents of the same id handed over
   * before, and returns them. What is frozen already (an index holds it) is left as it is. A
   * taxon absent from a version is still compared with in the next.
   *
   * `positionOf` says where an id is among `documents`, when the caller knows (the loader's tree
   * does). A document's taxon is looked for in the version before by `followingPositions`.
   * `unchanged`, where not -1, says that a document holds the very values of its taxon's in the
   * version handed over last but for numbers (`VersionDerivation.derive`): it is left as it is.
   */
  share<T extends { id: string }>(
    documents: readonly T[],
    positionOf: PositionOf = positionsOf(documents),
    unchanged?: Int32Array,
  ): readonly T[] {
    const lastEqual = new Map<string, LastEqual>();
    const older = new OlderDocuments(this.versions);
    const previous = this.versions[0]?.documents ?? [];
    const inPrevious = followingPositions(previous, this.versions[0]?.positionOf);
    for (let i = 0; i < documents.length; i++) {
      const doc = documents[i]!;
      const record = fieldsOf(doc);
      // Looked for even when unchanged: the next taxon is then looked for right after it.
      let latest: JsonRecord | undefined = previous[inPrevious(doc.id)];
      if (unchanged !== undefined && unchanged[i] !== -1) continue;
      let from = 0;
      for (let v = 1; latest === undefined && v < this.versions.length; v++) {
        const position = this.versions[v]!.positionOf(doc.id);
        if (position === undefined) continue;
        latest = this.versions[v]!.documents[position];
        from = v;
      }
      if (latest === undefined || Object.isFrozen(record)) continue;
      older.reset(doc.id, from);
      shareFieldsAmong(record, latest, older, lastEqual);
    }
    // Documents are records of their fields (`fieldsOf`); a list of them is one too.
    this.versions.unshift({ documents: documents as readonly object[] as readonly JsonRecord[], positionOf });
    return documents;
  }
}
