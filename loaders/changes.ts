/**
 * The documents of each version's changes index: the change records into that version from every
 * other loaded version (docs/versions-and-loading.md, "Comparing versions"), computed once at
 * load for a cluster, or a pair at a time when first searched in memory.
 *
 * Most taxa are the same in two versions: each taxon's given form is reduced to a fingerprint
 * once per version, and only taxa whose fingerprints differ are compared field by field.
 */
import { createHash } from 'node:crypto';
import { compareVersions, type ChangeRecord } from '../src/taxon/changes.ts';
import type { TaxonDocument } from '../src/taxon/schema.ts';
import { givenCanonical, givenTaxonOf } from './derive.ts';

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

type Fingerprints = Map<string, string>;

function fingerprintsOf(documents: readonly TaxonDocument[]): Fingerprints {
  const prints: Fingerprints = new Map();
  for (const doc of documents) prints.set(doc.id, createHash('sha1').update(givenCanonical(doc)).digest('base64'));
  return prints;
}

function changesBetween(
  since: VersionDocuments,
  version: VersionDocuments,
  prints: (v: VersionDocuments) => Fingerprints,
): ChangeDocument[] {
  const [before, after] = [prints(since), prints(version)];
  const same = (from: TaxonDocument, to: TaxonDocument) => before.get(from.id) === after.get(to.id);
  return compareVersions(since.documents, version.documents, { given: givenTaxonOf, same }).map((record, i) => ({
    ...record,
    id: `${since.id}/${record.id}`,
    taxonId: record.id,
    since: since.id,
    order: i + 1,
  }));
}

/** The change documents from one version into another, by their ids. */
export type PairChanges = (since: string, version: string) => ChangeDocument[];

/**
 * The change documents of a pair of versions, computed when asked for; none for an unknown
 * version or a version with itself. Records carry the documents as served (`from`, `to`), the
 * differences of the given forms.
 *
 * @example pairChangesOf(dataSet.versions)('MR.424', 'current') // what changed since MR.424
 */
export function pairChangesOf(versions: readonly VersionDocuments[]): PairChanges {
  const prints = new Map<string, Fingerprints>();
  const printsOf = (v: VersionDocuments) =>
    prints.get(v.id) ?? prints.set(v.id, fingerprintsOf(v.documents)).get(v.id)!;
  const versionOf = (id: string) => versions.find((v) => v.id === id);
  return (sinceId, id) => {
    const [since, version] = [versionOf(sinceId), versionOf(id)];
    return since && version && since !== version ? changesBetween(since, version, printsOf) : [];
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
  return (id) => versions.filter((v) => v.id !== id).flatMap((since) => between(since.id, id));
}
