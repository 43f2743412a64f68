/**
 * Where fields that were not built up front come from: the stored documents, read again for
 * one field (or one object path) the first time a search needs it. Every value was already
 * checked, during the build or where the paths it was told of were checked (`checkedPaths`), so
 * reading them again cannot fail.
 */
import { Bitset } from '../sets/bitset.ts';
import { DocumentWalker, type ValueSink } from './document-walker.ts';
import type { FieldSpec } from './field-catalog.ts';
import type { FieldIndex } from './field-index.ts';
import { FieldIndexBuilder } from './field-index-builder.ts';
import { FieldPath } from './field-path.ts';
import { indexKeyOf, type IndexKeyOf } from './index-values.ts';

/** Checks and counts a field's values during the build, without indexing them. */
export class FieldValidator implements ValueSink {
  count = 0;
  private readonly keyOf: IndexKeyOf;

  constructor(
    readonly name: string,
    spec: FieldSpec,
  ) {
    this.keyOf = indexKeyOf(spec, name);
  }

  add(_doc: number, value: unknown): void {
    if (this.keyOf(value) !== undefined) this.count++;
  }
}

export class DocumentFieldSource {
  constructor(
    private readonly docs: readonly object[],
    /** Indexed values per field, counted during the build. */
    private readonly valueCounts: ReadonlyMap<string, number>,
    /** a stored document as indexed, where documents are stored in another form (`KeptForm`) */
    private readonly indexed: (kept: object) => object = (kept) => kept,
  ) {}

  /** The values per field the build counted. */
  counts(): [string, number][] {
    return [...this.valueCounts];
  }

  /** The index of one field, sized from its value count when the build counted them. */
  build(name: string, spec: FieldSpec): FieldIndex {
    const builder = new FieldIndexBuilder(name, spec);
    const values = this.valueCounts.get(name);
    if (values !== 0) {
      if (values !== undefined) builder.reserve(values);
      const path = new FieldPath(name);
      for (let doc = 0; doc < this.docs.length; doc++) path.feed(this.indexed(this.docs[doc]!), doc, builder);
    }
    return builder.build(this.docs.length);
  }

  /** Documents with an indexed value in any of `fields` (the leaves under an object path). */
  documentsWithAny(fields: readonly (readonly [string, FieldSpec])[]): Bitset {
    const docs = new Bitset(this.docs.length);
    const sinks = new Map(fields.map(([name, spec]) => [name, existenceSink(indexKeyOf(spec, name), docs)]));
    const walker = new DocumentWalker(sinks);
    for (let doc = 0; doc < this.docs.length; doc++) walker.index(doc, this.indexed(this.docs[doc]!));
    return docs;
  }
}

function existenceSink(keyOf: IndexKeyOf, docs: Bitset): ValueSink {
  return { add: (doc, value) => void (keyOf(value) !== undefined && docs.add(doc)) };
}
