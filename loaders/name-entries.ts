/**
 * The names of a checklist version (docs/data.md, "Name entries"): one entry per name literal of each taxon, with
 * the precomputed search keys and the taxon attributes the search filters, orders and answers by.
 */
import { nameOrders, type NameOrderInput } from '../src/search/entry-order.ts';
import {
  entryAttributesOf,
  storedEntryKeys,
  sameEntryAttributes,
  type EntryAttributes,
  type StoredEntryKeys,
  type NameEntry,
} from '../src/search/name-entry.ts';
import { staticRank } from '../src/search/static-rank.ts';
import { wholeDocuments, type VersionedDocument } from '../src/index/engine.ts';
import type { SimpleTaxon, TaxonDocument } from '../src/taxon/schema.ts';
import { followingPositions } from './tree.ts';

type Literal = { name: string; nameType: string; language?: string };

const LOCALIZED_NAME_FIELDS = [
  ['vernacularName', 'MX.vernacularName'],
  ['alternativeVernacularName', 'MX.alternativeVernacularName'],
  ['obsoleteVernacularName', 'MX.obsoleteVernacularName'],
  ['colloquialVernacularName', 'MX.colloquialVernacularName'],
  ['tradeName', 'MX.tradeName'],
] as const;

const CODE_FIELDS = [
  ['birdlifeCode', 'MX.birdlifeCode'],
  ['euringCode', 'MX.euringCode'],
] as const;

/** Synonym lists and the relation each stands for. */
const SYNONYM_FIELDS = [
  ['basionyms', 'MX.hasBasionym'],
  ['synonyms', 'MX.hasSynonym'],
  ['objectiveSynonyms', 'MX.hasObjectiveSynonym'],
  ['subjectiveSynonyms', 'MX.hasSubjectiveSynonym'],
  ['homotypicSynonyms', 'MX.hasHomotypicSynonym'],
  ['heterotypicSynonyms', 'MX.hasHeterotypicSynonym'],
  ['uncertainSynonyms', 'MX.hasUncertainSynonym'],
  ['misappliedNames', 'MX.hasMisappliedName'],
  ['misspelledNames', 'MX.hasMisspelledName'],
  ['orthographicVariants', 'MX.hasOrthographicVariant'],
  ['alternativeNames', 'MX.hasAlternativeName'],
] as const;

/** Past this many literals, a taxon's are told apart through a set rather than compared pairwise. */
const PAIRWISE_LITERALS = 16;

/** A taxon's literals, each once: most taxa have a few, compared pairwise without a key made. */
class LiteralList {
  readonly literals: Literal[] = [];
  private seen: Set<string> | undefined;

  add(name: string, nameType: string, language?: string): void {
    const { literals } = this;
    if (this.seen === undefined) {
      for (const l of literals) if (l.name === name && l.nameType === nameType && l.language === language) return;
    } else {
      const key = literalKey(name, nameType, language);
      if (this.seen.has(key)) return;
      this.seen.add(key);
    }
    literals.push(language === undefined ? { name, nameType } : { name, nameType, language });
    if (literals.length === PAIRWISE_LITERALS)
      this.seen = new Set(literals.map((l) => literalKey(l.name, l.nameType, l.language)));
  }

  /** The names of a localized field (`{fi: 'käki', en: ['cuckoo']}`), blank ones left out. */
  addLocalized(value: unknown, nameType: string): void {
    if (typeof value !== 'object' || value === null) return;
    for (const [language, names] of Object.entries(value)) {
      if (!Array.isArray(names)) {
        if (isName(names)) this.add(names, nameType, language);
      } else for (const name of names) if (isName(name)) this.add(name, nameType, language);
    }
  }
}

const literalKey = (name: string, nameType: string, language: string | undefined) =>
  `${nameType}\u0000${language ?? ''}\u0000${name}`;

const isName = (name: unknown): name is string => typeof name === 'string' && name.trim() !== '';

function literalsOf(taxon: TaxonDocument): Literal[] {
  const list = new LiteralList();
  if (taxon.scientificName) list.add(taxon.scientificName, 'MX.scientificName');
  for (const [field, nameType] of LOCALIZED_NAME_FIELDS) list.addLocalized(taxon[field], nameType);
  for (const [field, nameType] of CODE_FIELDS) {
    const code = taxon[field];
    if (code) list.add(code, nameType);
  }
  for (const [field, nameType] of SYNONYM_FIELDS) {
    for (const synonym of (taxon[field] ?? []) as SimpleTaxon[]) {
      if (synonym.scientificName) list.add(synonym.scientificName, nameType);
    }
  }
  return list.literals;
}

/**
 * Every name entry of the documents of one version, taxa in taxonomic order. The entries are
 * numbered by `nameOrder` among themselves, so the whole version is derived at once.
 */
export function nameEntriesOf(docs: readonly TaxonDocument[]): NameEntry[] {
  return Array.from(nameEntries(docs));
}

/**
 * The name entries of one version, as `nameEntriesOf` lists them, derived one at a time as they
 * are read: only the literals and their order are held for the whole version, so an index built
 * from them reads each entry while it is fresh and keeps only what it stores of it.
 */
export function nameEntries(docs: readonly TaxonDocument[]): Iterable<NameEntry> {
  return wholeEntries(new VersionedNames([docs]).documents(0, true));
}

/**
 * The field of a name entry whose value is the version's own: where its taxon falls among the
 * version's. An entry is otherwise the same in every version where its taxon's names and
 * attributes are (its `nameOrder` too: `VersionedNames`).
 */
export const NAME_VERSION_FIELDS = ['taxonomicOrder'] as const;

/** Versioned entries as whole entries of their version (each a new object). */
export function wholeEntries(documents: Iterable<VersionedDocument>): Iterable<NameEntry> {
  return wholeDocuments(documents, NAME_VERSION_FIELDS) as Iterable<NameEntry>;
}

/** A taxon's names as last derived: the taxon they were derived from, its literals, their keys, and the entries. */
interface TaxonNames {
  taxon: TaxonDocument;
  literals: readonly Literal[];
  keys: readonly StoredEntryKeys[];
  entries: readonly NameEntry[];
  /** the `VersionedDocument.key` of the first entry; the others' follow */
  firstKey: number;
}

/** The fields `literalsOf` reads. */
const NAME_SOURCES: readonly (keyof TaxonDocument)[] = [
  'scientificName',
  ...[...LOCALIZED_NAME_FIELDS, ...CODE_FIELDS, ...SYNONYM_FIELDS].map(([field]) => field),
];

const NAME_SOURCE_SET: ReadonlySet<string> = new Set(NAME_SOURCES);

/**
 * The same values to read literals from, by identity (a false "differs" costs reading them again).
 * Each document's own keys are looked up in a set: asking documents of many shapes for every
 * source, absent in most, cost more than twice as much.
 */
function sameNameSources(a: TaxonDocument, b: TaxonDocument): boolean {
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  for (const key in x) if (NAME_SOURCE_SET.has(key) && x[key] !== y[key]) return false;
  for (const key in y) if (NAME_SOURCE_SET.has(key) && x[key] !== y[key]) return false;
  return true;
}

const sameLiterals = (a: readonly Literal[], b: readonly Literal[]) =>
  a === b ||
  (a.length === b.length &&
    a.every((l, i) => l.name === b[i]!.name && l.nameType === b[i]!.nameType && l.language === b[i]!.language));

/**
 * The literals of every version's taxa, and their `nameOrder` over all versions at once.
 *
 * A taxon's literals are one list wherever they are the same (found by the values they are read
 * from, then by content), and every distinct list's literals are numbered in one sort: a
 * version's entries are then in the order a sort of that version's alone gives, without a sort
 * per version. Ties of the sort's key (a taxon's same name twice, in two languages) keep the
 * list's order, as a sort of one version keeps its input's; two lists of one taxon never meet
 * in one version, and they come apart only at such ties.
 */
interface NameNumbering {
  /** per version, per document, its taxon's number (`taxonNumbers`) */
  taxa: Int32Array[];
  /** how many taxa are numbered */
  count: number;
  /** per version, per document, its literals */
  literals: (readonly Literal[])[][];
  /** where each list's first literal is in `orders` */
  first: Map<readonly Literal[], number>;
  orders: Uint32Array;
}

/**
 * A number for each taxon of the versions, the same in every version they have it in, so that
 * what is known of a taxon is kept in arrays rather than in a map keyed by its id. A taxon takes
 * the number of its document in the version before, found there by `followingPositions` (mostly
 * without a lookup by id, which in a heap of gigabytes misses the processor's caches several
 * times: docs/versions-and-loading.md); the ids' map finds the others.
 */
function taxonNumbers(versions: readonly (readonly TaxonDocument[])[]): { numbers: Int32Array[]; count: number } {
  const numberOf = new Map<string, number>();
  // Per taxon number, the version it was last found in and its position there.
  const lastVersion: number[] = [];
  const lastPosition: number[] = [];
  const numbers: Int32Array[] = [];
  for (const [v, docs] of versions.entries()) {
    const own = new Int32Array(docs.length);
    const inPrevious = followingPositions(versions[v - 1] ?? [], (id) => {
      const number = numberOf.get(id);
      return number !== undefined && lastVersion[number] === v - 1 ? lastPosition[number] : undefined;
    });
    for (let i = 0; i < docs.length; i++) {
      const { id } = docs[i]!;
      const position = inPrevious(id);
      let number = position === -1 ? numberOf.get(id) : numbers[v - 1]![position]!;
      if (number === undefined) {
        number = numberOf.size;
        numberOf.set(id, number);
      }
      lastVersion[number] = v;
      lastPosition[number] = i;
      own[i] = number;
    }
    numbers.push(own);
  }
  return { numbers, count: numberOf.size };
}

function numberNames(versions: readonly (readonly TaxonDocument[])[], unchanged: Unchanged): NameNumbering {
  const { numbers: taxa, count } = taxonNumbers(versions);
  const seen: { taxon: TaxonDocument; literals: readonly Literal[] }[][] = [];
  const first = new Map<readonly Literal[], number>();
  const inputs: NameOrderInput[] = [];
  const literals: (readonly Literal[])[][] = [];
  for (const [v, docs] of versions.entries()) {
    const kept = unchanged[v];
    const before = literals[v - 1];
    const own = docs.map((taxon, i) => {
      // A document holding the values of its taxon's in the version before has its names.
      const at = kept === undefined ? -1 : kept[i]!;
      if (at !== -1) return before![at]!;
      const number = taxa[v]![i]!;
      const known = seen[number];
      const same = known?.find((names) => sameNameSources(names.taxon, taxon));
      if (same !== undefined) return same.literals;
      const read = literalsOf(taxon);
      const list = known?.find((names) => sameLiterals(names.literals, read))?.literals ?? read;
      if (list === read && read.length > 0) {
        first.set(read, inputs.length);
        for (const { name, nameType, language } of read) inputs.push({ name, nameType, language, taxonId: taxon.id });
      }
      if (known === undefined) seen[number] = [{ taxon, literals: list }];
      else known.unshift({ taxon, literals: list });
      return list;
    });
    literals.push(own);
  }
  return { taxa, count, literals, first, orders: nameOrders(inputs) };
}

/**
 * Per version, per document, where its taxon's document is in the version before when this one
 * holds that one's values but for its place, -1 otherwise (`LoadedVersion.unchanged`); a version
 * may have none.
 */
type Unchanged = readonly (Int32Array | undefined)[];

/**
 * The name entries of the versions of a checklist, each version's derived from its documents
 * (docs/versions-and-loading.md, "What versions share"). A taxon whose names and entry attributes
 * are the same as when its entries were derived for any version read before keeps those entries
 * (the same objects): only their per-version value (`NAME_VERSION_FIELDS`) is the version's own.
 * Any order of reading the versions gives the right entries; a taxon that changes in one version
 * and changes back in a later one gets its earlier entries again, whichever version came in between.
 */
export class VersionedNames {
  /** Per taxon (by its number, `taxonNumbers`), the distinct names derived for it so far, the most recently used first. */
  private known: (TaxonNames[] | undefined)[] = [];
  private numbering: NameNumbering | undefined;
  /** entries derived so far: the next entry's key */
  private derived = 0;
  /** the version whose entries were all read last, if any: each taxon's first known names are that version's */
  private readLast = -1;

  /**
   * `versions`: the documents of each version; `unchanged`: which hold their values in the version
   * before (`LoadedVersion.unchanged`), whose names they then have without a comparison.
   */
  constructor(
    private readonly versions: readonly (readonly TaxonDocument[])[],
    private readonly unchanged: Unchanged = [],
    /** per version, its documents' `taxonomicOrder` where they may hold another version's (`servedDocument`) */
    private readonly orders: readonly (ArrayLike<number> | undefined)[] = [],
  ) {}

  /**
   * The entries of version `index`, in taxonomic order, derived one at a time as they are read.
   * `last`: no version is read after this one, so what was derived is not kept for another.
   */
  documents(index: number, last = false): Iterable<VersionedDocument> {
    return { [Symbol.iterator]: () => this.derive(index, last) };
  }

  private *derive(index: number, last: boolean): Iterator<VersionedDocument> {
    // Read right after the version before it, a taxon unchanged since has the names it had there.
    const same = this.readLast === index - 1 ? this.unchanged[index] : undefined;
    this.readLast = -1;
    if (this.numbering === undefined) {
      this.numbering = numberNames(this.versions, this.unchanged);
      // Filled, so that versions read in any order set places in an array of its length.
      this.known = Array.from({ length: this.numbering.count }, () => undefined);
    }
    const { taxa, literals, first, orders } = this.numbering;
    const docs = this.versions[index]!;
    const ownLiterals = literals[index]!;
    const numbers = taxa[index]!;
    const ownOrders = this.orders[index];
    for (let i = 0; i < docs.length; i++) {
      const own = ownLiterals[i]!;
      if (own.length === 0) continue;
      const taxon = docs[i]!;
      const number = numbers[i]!;
      const known = this.known[number] ?? NONE;
      // A taxon's equal literals are one list (`numberNames`); read without a list made per taxon.
      let sameNames: TaxonNames | undefined;
      let names: TaxonNames | undefined = same !== undefined && same[i] !== -1 ? known[0] : undefined;
      if (names === undefined)
        for (const candidate of known) {
          if (candidate.literals !== own) continue;
          sameNames ??= candidate;
          if (sameEntryAttributes(candidate.taxon, taxon)) {
            names = candidate;
            break;
          }
        }
      if (names === undefined) {
        // A taxon whose names stayed keeps their keys (most changes are of its groups or flags).
        const keys = sameNames?.keys ?? own.map((literal) => storedEntryKeys(literal.name));
        const entries = entriesOf(taxon, entryAttributesOf(taxon), own, keys, orders, first.get(own)!);
        names = { taxon, literals: own, keys, entries, firstKey: this.derived };
        this.derived += entries.length;
      }
      if (!last && names !== known[0]) this.known[number] = [names, ...known.filter((other) => other !== names)];
      const values = [ownOrders?.[i] ?? taxon.taxonomicOrder ?? 0];
      const { entries, firstKey } = names;
      for (let n = 0; n < entries.length; n++) yield { shared: entries[n]!, values, key: firstKey + n };
    }
    if (last) {
      this.known = [];
      this.numbering = undefined;
    } else this.readLast = index;
  }
}

const NONE: readonly TaxonNames[] = [];

/** A taxon's entries, the first of its names at `first` in the version's `orders`. */
function entriesOf(
  taxon: TaxonDocument,
  attributes: EntryAttributes,
  literals: readonly Literal[],
  keys: readonly StoredEntryKeys[],
  orders: ArrayLike<number>,
  first: number,
): NameEntry[] {
  const { finnish, species } = attributes;
  const { taxonRank } = taxon;
  return literals.map((literal, n) => ({
    id: `${taxon.id}/${n}`,
    name: literal.name,
    nameType: literal.nameType,
    ...(literal.language ? { language: literal.language } : {}),
    ...keys[n]!,
    ...attributes,
    // A literal of one shape, not a spread: spreading the taxon's part for every name cost more.
    staticRank: staticRank({ finnish, species, taxonRank, nameType: literal.nameType }),
    nameOrder: orders[first + n]!,
  }));
}
