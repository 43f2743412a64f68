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

/**
 * The distinct names of one sort in collation order, kept from version to version: the next
 * version's order is the names it keeps from this one, merged with its new names sorted alone
 * (versions share most names, and merging costs one comparison per name where sorting costs many).
 * Names the collator finds equal are ordered by code unit, so the order is the same whichever way
 * it was reached.
 */
class NameOrder {
  private sorted: string[] = [];
  private present: ReadonlySet<string> = new Set();
  private readonly compare: (a: string, b: string) => number;

  constructor(collator: Intl.Collator) {
    this.compare = (a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
  }

  /** The distinct `names` in order (not changed after); they become the order the next call merges with. */
  of(names: ReadonlySet<string>): string[] {
    const kept = this.sorted.filter((name) => names.has(name));
    const added: string[] = [];
    if (kept.length < names.size) for (const name of names) if (!this.present.has(name)) added.push(name);
    added.sort(this.compare);
    // Each added name goes where a binary search of the kept ones puts it: few names are added.
    const merged: string[] = added.length === 0 ? kept : [];
    let from = 0;
    for (const name of added) {
      let low = from;
      let high = kept.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.compare(kept[middle]!, name) <= 0) low = middle + 1;
        else high = middle;
      }
      for (let i = from; i < low; i++) merged.push(kept[i]!);
      merged.push(name);
      from = low;
    }
    if (added.length > 0) for (let i = from; i < kept.length; i++) merged.push(kept[i]!);
    this.sorted = merged;
    this.present = names;
    return merged;
  }
}

/**
 * Canonically equivalent names (the collator finds them equal) share a rank. A name of printable
 * ASCII alone is its own canonical form, and most names are.
 */
const BEYOND_PRINTABLE_ASCII = /[^ -~]/;
const canonicalForm = (name: string) => (BEYOND_PRINTABLE_ASCII.test(name) ? name.normalize() : name);

function assignRanks(
  docs: TaxonDocument[],
  setRank: SetRank,
  nameOf: (doc: TaxonDocument) => string | undefined,
  order: NameOrder,
): void {
  const names = new Set<string>();
  for (const doc of docs) {
    const name = nameOf(doc);
    if (name !== undefined && name !== '') names.add(name);
  }
  const sorted = order.of(names);
  const rankOf = new Map<string, number>();
  let rank = 0;
  let previous: string | undefined;
  for (const name of sorted) {
    // Distinct strings differ under the collator unless they are canonically equivalent.
    const form = canonicalForm(name);
    if (previous !== undefined && previous !== form) rank += 1;
    previous = form;
    rankOf.set(name, rank);
  }
  for (const doc of docs) {
    const name = nameOf(doc);
    const value = name === undefined ? undefined : rankOf.get(name);
    if (value !== undefined) setRank(doc, value);
  }
}

/**
 * Sets the sort ranks of the versions of a checklist, one version after another (`assign`); each
 * version's ranks are those of its names alone.
 */
export class SortRanks {
  private readonly scientific = new NameOrder(new Intl.Collator('en'));
  private readonly finnish = new NameOrder(new Intl.Collator('fi'));

  assign(docs: TaxonDocument[]): void {
    const scientific: SetRank = (doc, rank) => void (doc.scientificNameSortRank = rank);
    const finnish: SetRank = (doc, rank) => void (doc.finnishNameSortRank = rank);
    assignRanks(docs, scientific, (doc) => doc.scientificName, this.scientific);
    assignRanks(docs, finnish, (doc) => doc.vernacularName?.fi, this.finnish);
  }
}
