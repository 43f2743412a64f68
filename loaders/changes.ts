/**
 * The documents of each version's changes index: the change records into that version from every
 * other loaded version (docs/versions-and-loading.md, "Comparing versions"), computed once at
 * load for a cluster, or a pair at a time when first searched in memory.
 *
 * Most taxa are the same in two versions, and most of those hold the very same values there
 * (versions share their equal values, `shared-values.ts`), which says so without reading them;
 * the others' given forms are reduced to fingerprints (once per document), and only taxa whose
 * fingerprints differ are compared field by field.
 *
 * A record is made in a kept form (`KeptChange`): its taxa as the versions hold them and their
 * places, its fields, no differences. `CHANGE_FORM` expands it to the record indexed and
 * answered (`ChangeDocument`), differences computed again: an engine holding hundreds of
 * thousands of records keeps about a fifth of the heap the whole records took
 * (docs/versions-and-loading.md, "Comparing versions").
 */
import { createHash } from 'node:crypto';
import type { KeptForm } from '../src/index/engine.ts';
import {
  type ChangeRecord,
  type ChangeType,
  type Difference,
  changesOf,
  taxonDifferences,
} from '../src/taxon/changes.ts';
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

/**
 * A change record as kept (`CHANGE_FORM` makes its `ChangeDocument`): its taxa as their versions
 * hold them, which may hold another version's `taxonomicOrder`, and their places (the
 * `taxonomicOrder` served: `servedDocument`); no differences, which its taxa give again.
 */
export interface KeptChange {
  id: string;
  changeTypes: ChangeType[];
  fields: string[];
  from: TaxonDocument | undefined;
  to: TaxonDocument | undefined;
  /** the place of `from` among its version's documents, of `to` among its (-1 where absent) */
  fromAt: number;
  toAt: number;
  taxonId: string;
  since: string;
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

  /** Where the document of `id` is among the version's, -1 if it has none. */
  positionOf(id: string): number {
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
 * few taxa (a taxon's record is made of its two documents alone), numbered among themselves, in
 * their kept form. Each record is compared when the iteration reaches it (`changesOf`).
 */
function* changesBetween(
  since: VersionDocuments,
  sinceById: DocumentsById,
  version: VersionDocuments,
  few?: { since: DocumentsById; version: DocumentsById; taxa: readonly string[] },
): Generator<KeptChange, void, undefined> {
  const [from, to] =
    few === undefined ? [since.documents, version.documents] : [few.since, few.version].map((v) => v.find(few.taxa));
  // A few documents found by id are placed where their version has them.
  const placeIn = (byId: DocumentsById | undefined, doc: TaxonDocument | undefined, at: number) =>
    byId === undefined || doc === undefined ? at : byId.positionOf(doc.id);
  // The pair's lists of fields, each held once by every record of the pair that has it.
  const fieldLists = new Map<string, string[]>();
  let order = 0;
  // Every document of `since` is found by id among its own (kept for the version) rather than in
  // a map of every id made for the pair: a map per pair was most of what a build left behind.
  // Two versions mostly list their taxa in the same order: the place after the last one found is
  // tried first.
  let next = 0;
  const placeInFrom = (id: string) => {
    if (since.documents[next]?.id === id) return next++;
    const at = sinceById.positionOf(id);
    if (at !== -1) next = at + 1;
    return at;
  };
  const compared = changesOf(from!, to!, {
    given: givenTaxonOf,
    same: sameTaxon,
    ...(few === undefined ? { placeInFrom } : {}),
  });
  for (const { record, fromAt, toAt } of compared) {
    const key = record.fields.join('\n');
    let fields = fieldLists.get(key);
    if (fields === undefined) fieldLists.set(key, (fields = Object.freeze(record.fields) as string[]));
    yield keptChange(
      record,
      fields,
      placeIn(few?.since, record.from, fromAt),
      placeIn(few?.version, record.to, toAt),
      since.id,
      ++order,
    );
  }
}

/** One frozen list of change types per combination, held by every record that has it. */
const CHANGE_TYPE_LISTS = new Map<string, ChangeType[]>();
// Frozen, so no holder can add to it; typed as the mutable lists it stands beside, which are never changed either.
const NONE: never[] = Object.freeze([]) as never[];

/** The record as kept: one literal of fixed shape, with its change types held once (docs/versions-and-loading.md, "Comparing versions"). */
function keptChange(
  record: ChangeRecord<TaxonDocument>,
  fields: string[],
  fromAt: number,
  toAt: number,
  since: string,
  order: number,
): KeptChange {
  const { id: taxonId, from, to } = record;
  const key = record.changeTypes.join(',');
  let changeTypes = CHANGE_TYPE_LISTS.get(key);
  if (changeTypes === undefined)
    CHANGE_TYPE_LISTS.set(key, (changeTypes = Object.freeze([...record.changeTypes]) as ChangeType[]));
  return { id: `${since}/${taxonId}`, changeTypes, fields, from, to, fromAt, toAt, taxonId, since, order };
}

/** The differences of a kept record: compared again from its taxa as the data gave them. */
function differencesOf({ from, to }: KeptChange): Difference[] {
  return from === undefined || to === undefined ? NONE : taxonDifferences(givenTaxonOf(from), givenTaxonOf(to));
}

/**
 * A kept record as indexed: its taxa as their versions serve them (`servedDocument`: a copy where
 * a document holds another version's `taxonomicOrder`), without its differences (not indexed).
 */
function indexedChange(kept: KeptChange) {
  const { id, changeTypes, fields, taxonId, since, order } = kept;
  const from = kept.from && servedDocument(kept.from, kept.fromAt);
  const to = kept.to && servedDocument(kept.to, kept.toAt);
  return { id, changeTypes, fields, from, to, taxonId, since, order };
}

/**
 * A kept record as answered, its keys in the order of the record's then `taxonId`, `since`,
 * `order` (the order answers give them in), absent taxa left out.
 */
export function servedChange(kept: KeptChange): ChangeDocument {
  const { id, changeTypes, fields, taxonId, since, order } = kept;
  const differences = differencesOf(kept);
  if (kept.from === undefined) {
    const to = servedDocument(kept.to!, kept.toAt);
    return { id, changeTypes, fields, differences, to, taxonId, since, order };
  }
  const from = servedDocument(kept.from, kept.fromAt);
  if (kept.to === undefined) return { id, changeTypes, fields, differences, from, taxonId, since, order };
  const to = servedDocument(kept.to, kept.toAt);
  return { id, changeTypes, fields, differences, from, to, taxonId, since, order };
}

/** How a change record is kept, indexed and answered (`EngineData.keptForms`). */
export const CHANGE_FORM: KeptForm = {
  indexed: (kept) => indexedChange(kept as KeptChange),
  served: (kept) => servedChange(kept as KeptChange),
};

/**
 * The change records from one version into another, kept form, by their ids; with `taxa`, only
 * theirs. Each is compared as the iteration reaches it.
 */
export type PairChanges = (since: string, version: string, taxa?: readonly string[]) => Iterable<KeptChange>;

/**
 * The change records of a pair of versions, kept form (`CHANGE_FORM` serves them), computed when
 * asked for; none for an unknown version or a version with itself.
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
    return changesBetween(since, byId(since), version, taxa && { since: byId(since), version: byId(version), taxa });
  };
}

/**
 * The change records of each version, kept form, by version id, computed when first asked for:
 * the records into it from every other version, those of `between`.
 *
 * @example changeDocumentsOf(dataSet.versions)('current').map(servedChange) // records from every other version
 */
export function changeDocumentsOf(
  versions: readonly VersionDocuments[],
  between: PairChanges = pairChangesOf(versions),
): (version: string) => KeptChange[] {
  return (id) => versions.filter((v) => v.id !== id).flatMap((since) => [...between(since.id, id)]);
}
