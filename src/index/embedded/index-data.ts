/**
 * Everything a search reads: the field indexes, the id lookup and the document count. Immutable
 * after build; the only state it keeps is memoised derivations of that immutable data.
 */
import { Bitset } from './bitset.ts';
import type { FieldIndex } from './field-index.ts';
import { globToRegExp } from './glob.ts';

export class IndexData {
  private allDocsCache: Bitset | undefined;
  private readonly objectFields = new Map<string, readonly FieldIndex[]>();

  constructor(
    readonly docCount: number,
    private readonly fields: ReadonlyMap<string, FieldIndex>,
    private readonly idToDoc: ReadonlyMap<string, number>,
  ) {}

  field(name: string): FieldIndex | undefined {
    return this.fields.get(name);
  }

  /** The leaf fields under an object path (`parent` → `parent.kingdom.id`, ...). */
  fieldsUnder(path: string): readonly FieldIndex[] {
    let found = this.objectFields.get(path);
    if (found === undefined) {
      const prefix = `${path}.`;
      found = [...this.fields.values()].filter((field) => field.name.startsWith(prefix));
      this.objectFields.set(path, found);
    }
    return found;
  }

  /** The leaf fields whose name matches a `*` pattern. */
  fieldsMatching(pattern: string): FieldIndex[] {
    const regExp = globToRegExp(pattern);
    return [...this.fields.values()].filter((field) => regExp.test(field.name));
  }

  docOfId(id: string): number | undefined {
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
