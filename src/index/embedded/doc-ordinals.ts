/**
 * Doc values: for each document, the ordinals of its terms in ascending order (so the first is
 * its minimum and the last its maximum), in compressed-row form. Built lazily from the posting
 * lists the first time a field is sorted, aggregated per document or collapsed on.
 */
export class DocOrdinals {
  constructor(
    /** `starts[doc]..starts[doc + 1]` is the slice of `ords` that belongs to `doc`. */
    readonly starts: Uint32Array,
    readonly ords: Uint32Array,
  ) {}

  static fromPostings(docCount: number, postingStart: Uint32Array, postingDocs: Uint32Array): DocOrdinals {
    const starts = new Uint32Array(docCount + 1);
    for (let i = 0; i < postingDocs.length; i++) starts[postingDocs[i]! + 1]!++;
    for (let doc = 0; doc < docCount; doc++) starts[doc + 1]! += starts[doc]!;
    const cursor = starts.slice(0, docCount);
    const ords = new Uint32Array(postingDocs.length);
    for (let ord = 0; ord + 1 < postingStart.length; ord++) {
      for (let i = postingStart[ord]!; i < postingStart[ord + 1]!; i++) ords[cursor[postingDocs[i]!]!++] = ord;
    }
    return new DocOrdinals(starts, ords);
  }

  count(doc: number): number {
    return this.starts[doc + 1]! - this.starts[doc]!;
  }

  /** The smallest ordinal of `doc`, or -1 when it has none. */
  min(doc: number): number {
    const start = this.starts[doc]!;
    return start === this.starts[doc + 1]! ? -1 : this.ords[start]!;
  }

  /** The largest ordinal of `doc`, or -1 when it has none. */
  max(doc: number): number {
    const end = this.starts[doc + 1]!;
    return end === this.starts[doc]! ? -1 : this.ords[end - 1]!;
  }
}
