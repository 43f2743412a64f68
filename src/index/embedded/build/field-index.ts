/**
 * The inverted index of one field: its term dictionary and, per term, the posting list of the
 * documents that hold it.
 *
 * Posting lists of all terms live in one `Uint32Array` in ordinal order (`postingStart[ord]` to
 * `postingStart[ord + 1]`), so the documents of an ordinal range (a `range` or `prefix` query)
 * are one contiguous slice. A term held by more than 1/32 of the documents also has a bitset:
 * copying or intersecting its bitset is cheaper than setting its bits one by one.
 */
import { Bitset } from '../sets/bitset.ts';
import { DocOrdinals } from './doc-ordinals.ts';
import type { FieldSpec } from './field-catalog.ts';
import type { TermDictionary } from './term-dictionary.ts';

export class FieldIndex {
  private withValue: Bitset | undefined;
  private withValueCount: number | undefined;
  private multiValued: Bitset | undefined;
  /** Work to intersect every posting list with a set: a bitset per dense term, a lookup per posting otherwise. */
  readonly termScanCost: number;

  constructor(
    readonly name: string,
    readonly spec: FieldSpec,
    readonly dictionary: TermDictionary,
    private readonly postingStart: Uint32Array,
    private readonly postingDocs: Uint32Array,
    private readonly dense: ReadonlyMap<number, Bitset>,
    readonly docCount: number,
    /** the doc values, when they were built already (an index opened from a snapshot) */
    private docOrdinals?: DocOrdinals,
  ) {
    let cost = 0;
    for (let ord = 0; ord < dictionary.size; ord++) cost += dense.has(ord) ? docCount / 32 : this.docFreq(ord);
    this.termScanCost = cost;
  }

  /** Number of (document, term) pairs: the cost of walking every posting list. */
  get postingCount(): number {
    return this.postingDocs.length;
  }

  docFreq(ord: number): number {
    return this.postingStart[ord + 1]! - this.postingStart[ord]!;
  }

  /** Every posting list, in ordinal order: term `ord` holds `postings[start(ord)..start(ord + 1))`. Shared. */
  get postings(): Uint32Array {
    return this.postingDocs;
  }

  /** Where each term's postings start in `postings`, by ordinal, and their end last. Shared. */
  get postingStarts(): Uint32Array {
    return this.postingStart;
  }

  start(ord: number): number {
    return this.postingStart[ord]!;
  }

  /** The bitset of a dense term (held by more than 1/32 of the documents), else `undefined`. Shared. */
  denseDocs(ord: number): Bitset | undefined {
    return this.dense.get(ord);
  }

  /** The documents that hold term `ord`. Shared: do not modify. */
  docsOf(ord: number): Bitset {
    return (
      this.dense.get(ord) ??
      Bitset.of(this.docCount, this.postingDocs, this.postingStart[ord], this.postingStart[ord + 1])
    );
  }

  /** How many members of `docs` hold term `ord`. */
  countIn(ord: number, docs: Bitset): number {
    const dense = this.dense.get(ord);
    if (dense !== undefined) return dense.countAnd(docs);
    let count = 0;
    for (let i = this.postingStart[ord]!; i < this.postingStart[ord + 1]!; i++) {
      if (docs.has(this.postingDocs[i]!)) count++;
    }
    return count;
  }

  /** Documents with at least one indexed value (what `exists` matches). Shared. */
  docsWithValue(): Bitset {
    this.withValue ??= Bitset.of(this.docCount, this.postingDocs);
    return this.withValue;
  }

  docsWithValueCount(): number {
    this.withValueCount ??= this.docsWithValue().count();
    return this.withValueCount;
  }

  /** Documents with more than one value (which `collapse` refuses). Shared. */
  docsWithManyValues(): Bitset {
    if (this.multiValued === undefined) {
      const ordinals = this.ordinals();
      const docs = new Bitset(this.docCount);
      for (let doc = 0; doc < this.docCount; doc++) if (ordinals.count(doc) > 1) docs.add(doc);
      this.multiValued = docs;
    }
    return this.multiValued;
  }

  /** Whether the per-document ordinals are built (nothing to pay before reading them). */
  get hasOrdinals(): boolean {
    return this.docOrdinals !== undefined;
  }

  /** Per-document ordinals, built on first use. */
  ordinals(): DocOrdinals {
    this.docOrdinals ??= DocOrdinals.fromPostings(this.docCount, this.postingStart, this.postingDocs);
    return this.docOrdinals;
  }

  /** The term of an ordinal as a response shows it: a string, or a number (booleans 0/1). */
  keyAt(ord: number): string | number {
    return this.dictionary.keyAt(ord);
  }
}
