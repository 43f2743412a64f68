/**
 * Everything a search reads: the field indexes, the id lookup and the document count. What a
 * search sees never changes after build; fields not built up front are built on first use
 * and kept, like the other memoised derivations (doc values, sort orders).
 *
 * A version's view of an index several versions share (`view`) reads the shared fields, its
 * own fields where it has them, and looks ids up among its own documents only.
 */
import { Bitset } from '../sets/bitset.ts';
import type { FieldCatalog } from './field-catalog.ts';
import type { FieldIndex } from './field-index.ts';
import type { DocumentFieldSource } from './field-source.ts';
import { globToRegExp } from '../primitives/glob.ts';
import { Scratch } from '../sets/scratch.ts';

export class IndexData {
  private allDocsCache: Bitset | undefined;
  private readonly fields = new Map<string, FieldIndex>();
  private idToDoc: Map<string, number> | undefined;
  private readonly objectDocs = new Map<string, { docs: Bitset; count: number }>();
  /** Working memory of the search under way; `DocumentIndex.search` releases it. */
  readonly scratch: Scratch;

  constructor(
    readonly docCount: number,
    private readonly catalog: FieldCatalog,
    private readonly source: DocumentFieldSource,
    private readonly ids: readonly string[],
    built: Iterable<FieldIndex>,
    private readonly shared?: { data: IndexData; docs: Uint32Array },
  ) {
    for (const field of built) this.fields.set(field.name, field);
    this.scratch = shared?.data.scratch ?? new Scratch(docCount);
  }

  /**
   * A version's view of this index: `fields` are its own (values of its documents only), the
   * others are this index's, and ids are looked up among `docs`, its documents. What else a
   * search reads here (`allDocs`, postings) covers every version's documents: the search keeps
   * the view's documents of what it matched (`DocumentIndex`).
   */
  view(fields: Iterable<FieldIndex>, docs: Uint32Array): IndexData {
    return new IndexData(this.docCount, this.catalog, this.source, this.ids, fields, { data: this, docs });
  }

  /** The fields built here so far (a view's: its own), not those it reads from the index it views. */
  ownFields(): FieldIndex[] {
    return [...this.fields.values()];
  }

  /** A view's documents among those of the index it views; `undefined` for an index of its own. */
  viewedDocs(): Uint32Array | undefined {
    return this.shared?.docs;
  }

  /** Indexed values per field, counted at build (`DocumentFieldSource`). */
  valueCounts(): [string, number][] {
    return this.source.counts();
  }

  /** The fields whose index has been built so far (up front, or on first use). */
  builtFields(): string[] {
    const own = [...this.fields.keys()];
    return this.shared === undefined ? own : [...new Set([...own, ...this.shared.data.builtFields()])];
  }

  /** The index of a catalogued field (built now if it was not yet); `undefined` if unmapped. */
  field(name: string): FieldIndex | undefined {
    let field = this.fields.get(name);
    if (field === undefined && this.shared !== undefined) return this.shared.data.field(name);
    if (field === undefined) {
      const spec = this.catalog.get(name);
      if (spec === undefined) return undefined;
      field = this.source.build(name, spec);
      this.fields.set(name, field);
    }
    return field;
  }

  /**
   * Documents with an indexed value in some leaf field under an object path (`parent`), or
   * whose name matches a `*` pattern (`vernacularName.*`): what `exists` matches there, and how
   * many. Shared.
   */
  documentsWithAny(pathOrPattern: string): { docs: Bitset; count: number } {
    if (this.shared !== undefined) return this.shared.data.documentsWithAny(pathOrPattern);
    let entry = this.objectDocs.get(pathOrPattern);
    if (entry === undefined) {
      const regExp = pathOrPattern.includes('*') ? globToRegExp(pathOrPattern) : undefined;
      const prefix = `${pathOrPattern}.`;
      const leaves = [...this.catalog].filter(([name]) =>
        regExp === undefined ? name.startsWith(prefix) : regExp.test(name),
      );
      const docs = leaves.length === 0 ? this.noDocs() : this.source.documentsWithAny(leaves);
      entry = { docs, count: docs.count() };
      this.objectDocs.set(pathOrPattern, entry);
    }
    return entry;
  }

  /**
   * The document with this `_id`. The lookup table is built on first use: an index only ever
   * searched by its fields (a names index has a million entries) does not hold one.
   */
  docOfId(id: string): number | undefined {
    if (this.idToDoc === undefined) {
      const docs = this.shared?.docs;
      this.idToDoc =
        docs === undefined
          ? new Map(this.ids.map((docId, doc) => [docId, doc]))
          : new Map(Array.from(docs, (doc) => [this.ids[doc]!, doc]));
    }
    return this.idToDoc.get(id);
  }

  /** Every document. Shared: do not modify. */
  allDocs(): Bitset {
    this.allDocsCache ??= Bitset.full(this.docCount);
    return this.allDocsCache;
  }

  noDocs(): Bitset {
    return new Bitset(this.docCount);
  }
}
