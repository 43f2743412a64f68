/**
 * Precomputed ranks for the alphabetical sorts (docs/api.md, "Sorting and paging").
 *
 * Both engines sort by these integers instead of by strings, so a collation (Finnish: å, ä, ö
 * after z) gives the same order in process and on a cluster, where a keyword sort would use
 * byte order. Equal names get equal ranks; ties then break by `taxonomicOrder` in the query.
 * Taxa without the name get no rank and sort last.
 */
import type { TaxonDocument } from '../src/taxon/schema.ts';

/**
 * Sets a document's rank. A named store, not `doc[field] = rank`: V8 turns an object given many
 * properties by computed key into a dictionary, which holds a document in several times the memory.
 */
type SetRank = (doc: TaxonDocument, rank: number) => void;

function assignRanks(
  docs: TaxonDocument[],
  setRank: SetRank,
  nameOf: (doc: TaxonDocument) => string | undefined,
  collator: Intl.Collator,
): void {
  const names = new Set<string>();
  for (const doc of docs) {
    const name = nameOf(doc);
    if (name !== undefined && name !== '') names.add(name);
  }
  const sorted = [...names].sort(collator.compare);
  const rankOf = new Map<string, number>();
  let rank = 0;
  sorted.forEach((name, i) => {
    // Distinct strings differ under the collator unless they are canonically equivalent.
    if (i > 0 && sorted[i - 1]!.normalize() !== name.normalize()) rank += 1;
    rankOf.set(name, rank);
  });
  for (const doc of docs) {
    const name = nameOf(doc);
    const value = name === undefined ? undefined : rankOf.get(name);
    if (value !== undefined) setRank(doc, value);
  }
}

export function assignSortRanks(docs: TaxonDocument[]): void {
  const scientific: SetRank = (doc, rank) => void (doc.scientificNameSortRank = rank);
  const finnish: SetRank = (doc, rank) => void (doc.finnishNameSortRank = rank);
  assignRanks(docs, scientific, (doc) => doc.scientificName, new Intl.Collator('en'));
  assignRanks(docs, finnish, (doc) => doc.vernacularName?.fi, new Intl.Collator('fi'));
}
