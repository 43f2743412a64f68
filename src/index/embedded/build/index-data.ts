/**
 * Everything a search reads: the field indexes, the id lookup and the document count. What a
 * search sees never changes after build; fields not built up front are built on first use
 * and kept, like the other memoised derivations (doc values, sort orders).
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
  ) {
    for (const field of built) this.fields.set(field.name, field);
    this.scratch = new Scratch(docCount);
  }

  /** The fields whose index has been built so far (up front, or on first use). */
  builtFields(): string[] {
    return [...this.fields.keys()];
  }

  /** The index of a catalogued field (built now if it was not yet); `undefined` if unmapped. */
  field(name: string): FieldIndex | undefined {
    let field = this.fields.get(name);
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
    this.idToDoc ??= new Map(this.ids.map((docId, doc) => [docId, doc]));
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
