/**
 * Doc values: for each document, the ordinals of its terms in ascending order (so the first is
 * its minimum and the last its maximum), in compressed-row form. Built lazily from the posting
 * lists the first time a field is sorted, aggregated per document or collapsed on. A field with
 * at most one value per document also keeps each document's ordinal in one column, so reading
 * it (sorting many candidates by it) touches one array instead of two; in bytes when the field has
 * fewer than 255 terms, so that reading it for scattered documents misses the cache less.
 */
export class DocOrdinals {
  /** Per document its only ordinal plus one, or 0; present when no document has two. */
  private readonly single: Uint8Array | Uint16Array | Uint32Array | undefined;

  constructor(
    /** `starts[doc]..starts[doc + 1]` is the slice of `ords` that belongs to `doc`. */
    readonly starts: Uint32Array,
    readonly ords: Uint32Array,
    /** the field's number of terms: every ordinal is below it */
    terms: number,
  ) {
    const docCount = starts.length - 1;
    let singleValued = true;
    for (let doc = 0; doc < docCount && singleValued; doc++) singleValued = starts[doc + 1]! - starts[doc]! <= 1;
    if (singleValued) {
      const single =
        terms < 0xff
          ? new Uint8Array(docCount)
          : terms < 0xffff
            ? new Uint16Array(docCount)
            : new Uint32Array(docCount);
      for (let doc = 0; doc < docCount; doc++)
        if (starts[doc + 1]! > starts[doc]!) single[doc] = ords[starts[doc]!]! + 1;
      this.single = single;
    }
  }

  static fromPostings(docCount: number, postingStart: Uint32Array, postingDocs: Uint32Array): DocOrdinals {
    const starts = new Uint32Array(docCount + 1);
    for (let i = 0; i < postingDocs.length; i++) starts[postingDocs[i]! + 1]!++;
    for (let doc = 0; doc < docCount; doc++) starts[doc + 1]! += starts[doc]!;
    const cursor = starts.slice(0, docCount);
    const ords = new Uint32Array(postingDocs.length);
    for (let ord = 0; ord + 1 < postingStart.length; ord++) {
      for (let i = postingStart[ord]!; i < postingStart[ord + 1]!; i++) ords[cursor[postingDocs[i]!]!++] = ord;
    }
    return new DocOrdinals(starts, ords, postingStart.length - 1);
  }

  count(doc: number): number {
    return this.starts[doc + 1]! - this.starts[doc]!;
  }

  /** The smallest ordinal of `doc`, or -1 when it has none. */
  min(doc: number): number {
    if (this.single !== undefined) return this.single[doc]! - 1;
    const start = this.starts[doc]!;
    return start === this.starts[doc + 1]! ? -1 : this.ords[start]!;
  }

  /** The largest ordinal of `doc`, or -1 when it has none. */
  max(doc: number): number {
    if (this.single !== undefined) return this.single[doc]! - 1;
    const end = this.starts[doc + 1]!;
    return end === this.starts[doc]! ? -1 : this.ords[end - 1]!;
  }
}
