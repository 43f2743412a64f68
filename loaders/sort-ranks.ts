/**
 * Precomputed ranks for the alphabetical sorts (docs/api.md, "Sorting and paging").
 *
 * Both engines sort by these integers instead of by strings, so a collation (Finnish: å, ä, ö
 * after z) gives the same order in process and on a cluster, where a keyword sort would use
 * byte order. Equal names get equal ranks; ties then break by `taxonomicOrder` in the query.
 * Taxa without the name get no rank and sort last.
 *
 * The ranks are numbered once over the names of every version loaded together
 * (docs/versions-and-loading.md, "What versions share"): a rank is a name's place among them all,
 * so a version's ranks have gaps where other versions' names are, and order its taxa as ranks
 * of its own names alone would. Ranks are sorted by, never answered.
 */
import type { TaxonDocument } from '../src/taxon/schema.ts';
import { followingPositions, type PositionOf } from './tree.ts';

/**
 * Sets a document's rank. A named store, not `doc[field] = rank`: V8 turns an object given many
 * properties by computed key into a dictionary, which holds a document in several times the memory.
 */
type SetRank = (doc: TaxonDocument, rank: number) => void;

/**
 * Canonically equivalent names share a rank: names are ranked by their canonical (NFC) form. A
 * name of printable ASCII alone is its own canonical form, and most names are.
 */
const BEYOND_PRINTABLE_ASCII = /[^ -~]/;
const canonicalForm = (name: string) => (BEYOND_PRINTABLE_ASCII.test(name) ? name.normalize() : name);

/**
 * The rank of each of `names` (distinct): the place of its canonical form among theirs in collation
 * order. Forms the collator finds equal (an ignorable character apart) are ordered by code unit,
 * so every name has one place whatever else is ranked with it.
 */
function ranksOf(names: readonly string[], collator: Intl.Collator): Int32Array {
  const forms = names.map(canonicalForm);
  const distinct = [...new Set(forms)].sort((a, b) => collator.compare(a, b) || (a < b ? -1 : 1));
  const rankOfForm = new Map<string, number>();
  for (const [rank, form] of distinct.entries()) rankOfForm.set(form, rank);
  return Int32Array.from(forms, (form) => rankOfForm.get(form)!);
}

function assignRanks(
  versions: readonly (readonly TaxonDocument[])[],
  positionsOf: readonly (PositionOf | undefined)[],
  nameOf: (doc: TaxonDocument) => string | undefined,
  setRank: SetRank,
  collator: Intl.Collator,
): void {
  // Each distinct name is numbered as first met, and each document's number kept by its position.
  // A taxon whose name is its name in the version before takes that document's number, found by
  // `followingPositions` without a lookup of the name (versions share their equal names).
  const numberOf = new Map<string, number>();
  const names: string[] = [];
  const numbers: Int32Array[] = [];
  for (const [v, docs] of versions.entries()) {
    const ofDocs = new Int32Array(docs.length).fill(-1);
    const previous = v > 0 ? versions[v - 1]! : [];
    const previousNumbers = numbers[v - 1];
    const inPrevious = followingPositions(previous, positionsOf[v - 1]);
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      let before = inPrevious(doc.id);
      const name = nameOf(doc);
      if (name === undefined || name === '') continue;
      if (before !== -1 && nameOf(previous[before]!) !== name) before = -1;
      let number = before === -1 ? numberOf.get(name) : previousNumbers![before]!;
      if (number === undefined) {
        number = names.length;
        names.push(name);
        numberOf.set(name, number);
      }
      ofDocs[i] = number;
    }
    numbers.push(ofDocs);
  }
  const ranks = ranksOf(names, collator);
  for (const [v, docs] of versions.entries()) {
    const ofDocs = numbers[v]!;
    for (let i = 0; i < docs.length; i++) if (ofDocs[i]! !== -1) setRank(docs[i]!, ranks[ofDocs[i]!]!);
  }
}

/**
 * Sets the sort ranks of the documents of every version of a checklist, numbered together.
 * `positionsOf[v]`, where given, says where an id is among `versions[v]`.
 */
export function assignSortRanks(
  versions: readonly (readonly TaxonDocument[])[],
  positionsOf: readonly (PositionOf | undefined)[] = [],
): void {
  const scientific: SetRank = (doc, rank) => void (doc.scientificNameSortRank = rank);
  const finnish: SetRank = (doc, rank) => void (doc.finnishNameSortRank = rank);
  assignRanks(versions, positionsOf, (doc) => doc.scientificName, scientific, new Intl.Collator('en'));
  assignRanks(versions, positionsOf, (doc) => doc.vernacularName?.fi, finnish, new Intl.Collator('fi'));
}
