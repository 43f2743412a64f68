/**
 * The documents of each version's changes index: the change records into that version from every
 * other loaded version (docs/versions-and-loading.md, "Comparing versions"), computed once at
 * load for a cluster, or a pair at a time when first searched in memory.
 *
 * Most taxa are the same in two versions, and most of those hold the very same values there
 * (versions share their equal values, `shared-values.ts`), which says so without reading them;
 * the others' given forms are reduced to fingerprints (once per document), and only taxa whose
 * fingerprints differ are compared field by field.
 */
import { createHash } from 'node:crypto';
import { type ChangeRecord, type ChangeType, changesOf } from '../src/taxon/changes.ts';
import type { TaxonDocument } from '../src/taxon/schema.ts';
import { givenCanonical, givenTaxonOf, sameGivenValues, servedDocument } from './derive.ts';

/** A change record as indexed: keyed by both versions, with its place in the taxonomic order. */
export interface ChangeDocument extends ChangeRecord<TaxonDocument> {
  /** `<since>/<taxon id>`: unique in the index of the newer version */
  id: string;
  taxonId: string;
  /** the version compared with (the index's own version is the other) */
  since: string;
  /** the newer version's taxonomic order, then the removed taxa in the older one's */
  order: number;
}

interface VersionDocuments {
  id: string;
  documents: readonly TaxonDocument[];
}

/** Each document's fingerprint, made when first needed and kept while the document lives. */
const FINGERPRINTS = new WeakMap<TaxonDocument, string>();

function fingerprintOf(doc: TaxonDocument): string {
  let print = FINGERPRINTS.get(doc);
  if (print === undefined)
    FINGERPRINTS.set(doc, (print = createHash('sha1').update(givenCanonical(doc)).digest('base64')));
  return print;
}

/** The same given taxon: the same values (shared by the versions), or else the same fingerprint. */
const sameTaxon = (from: TaxonDocument, to: TaxonDocument) =>
  sameGivenValues(from, to) || fingerprintOf(from) === fingerprintOf(to);

/** A version's documents by id: their positions in id order, made on first use (4 bytes a taxon). */
class DocumentsById {
  private sorted: Uint32Array | undefined;

  constructor(private readonly docs: readonly TaxonDocument[]) {}

  /** The documents of these ids that the version has. */
  find(ids: readonly string[]): TaxonDocument[] {
    return ids.flatMap((id) => {
      const position = this.positionOf(id);
      return position === -1 ? [] : [this.docs[position]!];
    });
  }

  /** The document of a taxon as the version serves it (`servedDocument`). */
  served(doc: TaxonDocument): TaxonDocument {
    return servedDocument(doc, this.positionOf(doc.id));
  }

  /** Where the document of `id` is among the version's, -1 if it has none. */
  private positionOf(id: string): number {
    const { docs } = this;
    this.sorted ??= Uint32Array.from(docs.keys()).sort((a, b) => compareIds(docs[a]!.id, docs[b]!.id));
    const sorted = this.sorted;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareIds(docs[sorted[mid]!]!.id, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    const position = lo < sorted.length ? sorted[lo]! : -1;
    return position !== -1 && docs[position]!.id === id ? position : -1;
  }
}

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The records from `since` into `version`, of every document of each, or with `few` those of a
 * few taxa (a taxon's record is made of its two documents alone), numbered among themselves.
 * Their documents are as each version serves them (`servedDocument`). Each record is compared
 * when the iteration reaches it (`changesOf`).
 */
function* changesBetween(
  since: VersionDocuments,
  version: VersionDocuments,
  few?: { since: DocumentsById; version: DocumentsById; taxa: readonly string[] },
): Generator<ChangeDocument, void, undefined> {
  const [from, to] =
    few === undefined ? [since.documents, version.documents] : [few.since, few.version].map((v) => v.find(few.taxa));
  // Every document is at its place in its version; a few found by id are found there again.
  const served =
    few === undefined
      ? servedDocument
      : (doc: TaxonDocument, _: number, side: 'from' | 'to') => few[side === 'from' ? 'since' : 'version'].served(doc);
  let order = 0;
  for (const record of changesOf(from!, to!, { given: givenTaxonOf, same: sameTaxon, served }))
    yield changeDocument(record, since.id, ++order);
}

/** One frozen list of change types per combination, held by every record that has it. */
const CHANGE_TYPE_LISTS = new Map<string, ChangeType[]>();
const NONE: never[] = Object.freeze([]) as never[];

/**
 * The record as indexed, its keys in the order of the record's then `taxonId`, `since`, `order`
 * (the order answers give them in): one literal of fixed shape rather than a spread of the record,
 * with its change types and an empty list of fields held once (docs/versions-and-loading.md,
 * "Comparing versions").
 */
function changeDocument(record: ChangeRecord<TaxonDocument>, since: string, order: number): ChangeDocument {
  const { id: taxonId, from, to } = record;
  const id = `${since}/${taxonId}`;
  const key = record.changeTypes.join(',');
  let changeTypes = CHANGE_TYPE_LISTS.get(key);
  if (changeTypes === undefined)
    CHANGE_TYPE_LISTS.set(key, (changeTypes = Object.freeze([...record.changeTypes]) as ChangeType[]));
  const fields = record.fields.length === 0 ? NONE : record.fields;
  const differences = record.differences.length === 0 ? NONE : record.differences;
  if (from === undefined) return { id, changeTypes, fields, differences, to, taxonId, since, order };
  if (to === undefined) return { id, changeTypes, fields, differences, from, taxonId, since, order };
  return { id, changeTypes, fields, differences, from, to, taxonId, since, order };
}

/**
 * The change documents from one version into another, by their ids; with `taxa`, only theirs.
 * Each is compared as the iteration reaches it.
 */
export type PairChanges = (since: string, version: string, taxa?: readonly string[]) => Iterable<ChangeDocument>;

/**
 * The change documents of a pair of versions, computed when asked for; none for an unknown
 * version or a version with itself. Records carry the documents as served (`from`, `to`), the
 * differences of the given forms.
 *
 * @example pairChangesOf(dataSet.versions)('MR.424', 'current') // what changed since MR.424
 */
export function pairChangesOf(versions: readonly VersionDocuments[]): PairChanges {
  const versionOf = (id: string) => versions.find((v) => v.id === id);
  const lookups = new Map<VersionDocuments, DocumentsById>();
  const byId = (version: VersionDocuments) =>
    lookups.get(version) ?? lookups.set(version, new DocumentsById(version.documents)).get(version)!;
  return (sinceId, id, taxa) => {
    const [since, version] = [versionOf(sinceId), versionOf(id)];
    if (!since || !version || since === version) return [];
    return changesBetween(since, version, taxa && { since: byId(since), version: byId(version), taxa });
  };
}

/**
 * The change documents of each version, by version id, computed when first asked for: the
 * records into it from every other version, those of `between`.
 *
 * @example changeDocumentsOf(dataSet.versions)('current') // records from every other version
 */
export function changeDocumentsOf(
  versions: readonly VersionDocuments[],
  between: PairChanges = pairChangesOf(versions),
): (version: string) => ChangeDocument[] {
  return (id) => versions.filter((v) => v.id !== id).flatMap((since) => [...between(since.id, id)]);
}
