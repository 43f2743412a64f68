/**
 * Derived fields (docs/data.md, "Derived fields"), computed from the checked tree and never trusted from input.
 *
 * One pre-order walk gives the ancestor lists, depths and `taxonomicOrder`; one reverse walk
 * sums the species counts. Documents come out in taxonomic order, which the embedded engine
 * uses as its document order, so a taxonomic sort costs nothing there.
 */
import { canonical } from '../src/taxon/changes.ts';
import { fieldsOf, setOwn } from '../src/json.ts';
import { DERIVED_KEYS, PARENT_RANKS, type SimpleTaxon, type Taxon, type TaxonDocument } from '../src/taxon/schema.ts';
import { isSpeciesLevel } from '../src/taxon/ranks.ts';
import type { InformalTaxonGroup } from '../src/taxon/catalog.ts';
import type { TaxonTree } from './tree.ts';
import { createGroupInheritance, type GroupInheritance } from './informal-groups.ts';
import { HabitatHierarchy } from './habitats.ts';
import { sameJson } from './shared-values.ts';
import { followingPositions, type PositionOf } from './tree.ts';

const PARENT_RANK_BY_QNAME = new Map<string, string>(PARENT_RANKS.map((rank) => [`MX.${rank}`, rank]));

function simpleTaxonOf(taxon: Taxon): SimpleTaxon {
  const simple: SimpleTaxon = { id: taxon.id };
  if (taxon.scientificName !== undefined) simple.scientificName = taxon.scientificName;
  if (taxon.scientificNameAuthorship !== undefined) simple.scientificNameAuthorship = taxon.scientificNameAuthorship;
  if (taxon.vernacularName !== undefined) simple.vernacularName = taxon.vernacularName;
  if (taxon.taxonRank !== undefined) simple.taxonRank = taxon.taxonRank;
  if (taxon.cursiveName !== undefined) simple.cursiveName = taxon.cursiveName;
  return simple;
}

/**
 * The parsed line itself becomes the document (a copy of half a million objects would only feed
 * the garbage collector); derived fields given in the input, rare, are removed first.
 */
function withoutDerived(taxon: Taxon): TaxonDocument {
  const doc = taxon as TaxonDocument & Record<string, unknown>;
  // The document's own keys, looked up in a set: asking each document of its own shape for every
  // derived key, absent in nearly all, cost several times more.
  for (const key in doc) if (DERIVED.has(key) && doc[key] !== undefined) delete doc[key];
  return doc;
}

const DERIVED: ReadonlySet<string> = new Set(DERIVED_KEYS);

/**
 * Walk state of one taxon, shared by reference with its descendants; only its `parent` is ever
 * replaced, by equal summaries (`describe`).
 */
interface Lineage {
  ids: string[];
  nonHiddenIds: string[];
  parent: Record<string, SimpleTaxon>;
  groups: readonly string[];
}

/**
 * The summaries of the taxa that descendants name in `parent`, kept from version to version: a
 * taxon's summary equal to the one made for it in a version derived before is that same object.
 * Versions then hold one `parent` of each taxon's, and comparing two versions' `parent` objects to
 * share them (`loaders/shared-values.ts`) reads no deeper than the summaries.
 */
export class ParentSummaries {
  private readonly byId = new Map<string, SimpleTaxon>();

  of(taxon: Taxon): SimpleTaxon {
    const made = simpleTaxonOf(taxon);
    const before = this.byId.get(taxon.id);
    if (before !== undefined && sameJson(before, made)) return before;
    this.byId.set(taxon.id, made);
    return made;
  }
}

/** What a taxon passes on to its children: its own lists `…IncludeSelf` are their ancestors'. */
function childLineage(
  from: Lineage,
  doc: TaxonDocument,
  ownGroups: readonly string[],
  summaries: ParentSummaries,
): Lineage {
  const taxon = doc as Taxon;
  const rank = taxon.taxonRank === undefined ? undefined : PARENT_RANK_BY_QNAME.get(taxon.taxonRank);
  return {
    ids: doc.parentsIncludeSelf!,
    nonHiddenIds: doc.nonHiddenParentsIncludeSelf!,
    parent: rank === undefined ? from.parent : { ...from.parent, [rank]: summaries.of(taxon) },
    groups: ownGroups,
  };
}

/**
 * The informal groups a document was given, where deriving replaced them with the closure over
 * its ancestors' (few documents: groups are given on the highest taxon they apply to).
 */
const GIVEN_GROUPS = new WeakMap<TaxonDocument, readonly string[]>();

const NOT_GIVEN: ReadonlySet<string> = new Set<string>([...DERIVED_KEYS, 'species', 'informalTaxonGroups']);

/**
 * The red-list evaluation a document was given, where deriving added the search strings of its
 * habitats to a copy (few documents have an evaluation).
 */
const GIVEN_EVALUATION = new WeakMap<TaxonDocument, unknown>();

/**
 * The media a document was given, where deriving named in a copy of each medium the taxon it
 * shows (few documents have media).
 */
const GIVEN_MEDIA = new WeakMap<TaxonDocument, unknown>();

/** The fields whose given values deriving replaces or removes: the derived ones, and these. */
const REMADE: ReadonlySet<string> = new Set<string>([...NOT_GIVEN, 'latestRedListEvaluation', 'multimedia']);

/**
 * `taxon`, parsed from a line the same, byte for byte, as the line of `before` (its document in the
 * version read before), holding `before`'s values: equal, since they were parsed from the same
 * text and only ever replaced by equal ones since, but for the fields deriving remakes (`REMADE`),
 * kept as parsed. The values parsed die young, and the versions hold one of each without
 * comparing them (docs/versions-and-loading.md, "What versions share").
 */
function withValuesOf(taxon: Taxon, before: Taxon): Taxon {
  const [record, earlier] = [fieldsOf(taxon), fieldsOf(before)];
  for (const key in record) {
    const value = record[key];
    if ((typeof value === 'string' || (typeof value === 'object' && value !== null)) && !REMADE.has(key))
      setOwn(record, key, earlier[key]);
  }
  return taxon;
}

/** A given field's value as the data gave it. */
const givenValue = (doc: TaxonDocument, source: Record<string, unknown>, key: string) => {
  const given = key === 'latestRedListEvaluation' ? GIVEN_EVALUATION : key === 'multimedia' ? GIVEN_MEDIA : undefined;
  return given?.has(doc) ? given.get(doc) : source[key];
};

/**
 * A document as the data gave it, for comparing versions (`src/taxon/changes.ts`): the derived
 * fields left out, `informalTaxonGroups` as given, and `species` left out (derived from the rank
 * when the data does not give it; a change of rank shows as `taxonRank`).
 */
export function givenTaxonOf(doc: TaxonDocument): Taxon {
  const given: Record<string, unknown> = {};
  const source = fieldsOf(doc);
  for (const key of Object.keys(source)) if (!NOT_GIVEN.has(key)) given[key] = givenValue(doc, source, key);
  const groups = GIVEN_GROUPS.get(doc);
  if (groups !== undefined) given.informalTaxonGroups = groups;
  return given as Taxon;
}

/**
 * `canonical(givenTaxonOf(doc))` without the copy: what a version's fingerprint of the taxon is
 * made of (`loaders/changes.ts`), once per taxon and version.
 */
export function givenCanonical(doc: TaxonDocument): string {
  const source = fieldsOf(doc);
  const groups = GIVEN_GROUPS.get(doc);
  const keys = givenKeysOf(source);
  if (groups !== undefined) keys.push('informalTaxonGroups');
  keys.sort();
  const value = (key: string) => (key === 'informalTaxonGroups' ? groups : givenValue(doc, source, key));
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value(key))}`).join(',')}}`;
}

const sameList = (a: readonly unknown[] | undefined, b: readonly unknown[] | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((item, i) => item === b[i]));

/** The given fields of a document that hold a value. */
function givenKeysOf(source: Record<string, unknown>): string[] {
  return Object.keys(source).filter((key) => source[key] !== undefined && !NOT_GIVEN.has(key));
}

/**
 * Whether two documents are the same as the data gave them, seen without reading their values:
 * every given field holds the very same value (versions share their equal values,
 * `loaders/shared-values.ts`). False says nothing: equal values need not be the same object.
 */
export function sameGivenValues(a: TaxonDocument, b: TaxonDocument): boolean {
  const [x, y] = [fieldsOf(a), fieldsOf(b)];
  if (!sameList(GIVEN_GROUPS.get(a), GIVEN_GROUPS.get(b))) return false;
  let given = 0;
  for (const key in x) {
    const value = givenValue(a, x, key);
    if (value === undefined || NOT_GIVEN.has(key)) continue;
    if (givenValue(b, y, key) !== value || !Object.hasOwn(y, key)) return false;
    given++;
  }
  for (const key in y) if (y[key] !== undefined && !NOT_GIVEN.has(key)) given--;
  return given === 0;
}

/**
 * `[...list, id]`, or `earlier` when it holds just that: the list the taxon had in the version
 * derived before, which the versions then hold once, made without a copy to compare and drop.
 */
function withLast(list: readonly string[], id: string, earlier: readonly string[] | undefined): string[] {
  if (earlier?.length === list.length + 1 && earlier[list.length] === id) {
    let i = 0;
    while (i < list.length && list[i] === earlier[i]) i++;
    if (i === list.length) return earlier as string[];
  }
  return [...list, id];
}

/**
 * Sets the derived fields of `doc` (the taxon's parsed line). `before` is the taxon's document in
 * the version derived before, if any: its lists equal to this one's are taken rather than made.
 */
function describe(
  doc: TaxonDocument,
  lineage: Lineage,
  order: number,
  groups: readonly string[],
  before: TaxonDocument | undefined,
) {
  const taxon = doc as Taxon;
  doc.parents = lineage.ids;
  doc.parentsIncludeSelf = withLast(lineage.ids, taxon.id, before?.parentsIncludeSelf);
  doc.depth = lineage.ids.length;
  doc.nonHiddenParents = lineage.nonHiddenIds;
  doc.nonHiddenParentsIncludeSelf =
    taxon.hiddenTaxon === true
      ? lineage.nonHiddenIds
      : withLast(lineage.nonHiddenIds, taxon.id, before?.nonHiddenParentsIncludeSelf);
  doc.nonHiddenDepth = lineage.nonHiddenIds.length;
  const nearest = lineage.nonHiddenIds[lineage.nonHiddenIds.length - 1];
  if (nearest !== undefined) doc.isPartOfNonHidden = nearest;
  doc.hasParent = lineage.ids.length > 0;
  doc.taxonomicOrder = order;
  if (Object.keys(lineage.parent).length > 0) {
    // The summaries the taxon had in the version before, when they are these: its siblings then
    // take them at once.
    if (before?.parent !== undefined && sameJson(lineage.parent, before.parent)) lineage.parent = before.parent;
    doc.parent = lineage.parent as TaxonDocument['parent'];
  }
  if (taxon.species === undefined) doc.species = isSpeciesLevel(taxon.taxonRank);
  if (taxon.informalTaxonGroups?.length) GIVEN_GROUPS.set(doc, taxon.informalTaxonGroups);
  // The closure is interned over every version (`createGroupInheritance`): one list for all the
  // taxa that have it.
  if (groups.length > 0) doc.informalTaxonGroups = groups as string[];
}

const hasItems = (value: unknown) => Array.isArray(value) && value.length > 0;

/**
 * The facts the real API filters on, read from the taxon's own fields: whether it has media,
 * descriptions, barcode records and a red-list evaluation, and the search strings of its habitats
 * (`HabitatHierarchy`). The flags are set either way, so that `false` finds the taxa without.
 */
function describeContents(doc: TaxonDocument, habitats: HabitatHierarchy): void {
  doc.hasMultimedia = hasItems(doc.multimedia);
  doc.hasDescriptions = hasItems(doc.descriptions);
  doc.hasBold = typeof doc.bold === 'object' && doc.bold !== null && Object.keys(doc.bold).length > 0;
  doc.hasLatestRedListEvaluation = doc.latestRedListEvaluation !== undefined;
  describeMedia(doc);
  describeEvaluation(doc, habitats);
  if (doc.primaryHabitat === undefined && doc.secondaryHabitats === undefined) return;
  const { primary, any } = habitatStrings(habitats, doc);
  if (primary.length > 0) doc.primaryHabitatSearchStrings = primary as string[];
  if (any.length > 0) doc.anyHabitatSearchStrings = any as string[];
}

/** The search strings of a primary habitat alone, and of it with the secondary ones. */
function habitatStrings(
  habitats: HabitatHierarchy,
  { primaryHabitat, secondaryHabitats }: Pick<TaxonDocument, 'primaryHabitat' | 'secondaryHabitats'>,
) {
  return {
    primary: habitats.searchStrings([primaryHabitat]),
    any: habitats.searchStrings([primaryHabitat, ...(secondaryHabitats ?? [])]),
  };
}

/**
 * Each medium names the taxon it shows (`taxon`: id, names, rank), as the real API's media do:
 * the one the data gives, else the taxon itself, in a copy of the list (the given one is kept
 * aside for comparing versions). `multimedia.taxon.*` then filters as any field does.
 */
function describeMedia(doc: TaxonDocument): void {
  const media = doc.multimedia;
  if (media === undefined || media.every((medium) => medium.taxon !== undefined)) return;
  const shown = simpleTaxonOf(doc as Taxon);
  GIVEN_MEDIA.set(doc, media);
  doc.multimedia = media.map((medium) => (medium.taxon === undefined ? { ...medium, taxon: shown } : medium));
}

/**
 * The habitat search strings of the latest red-list evaluation, inside a copy of it (the given one
 * is kept aside for comparing versions): how "evaluated as living in forests" is filtered.
 */
function describeEvaluation(doc: TaxonDocument, habitats: HabitatHierarchy): void {
  const evaluation = doc.latestRedListEvaluation;
  if (evaluation === undefined) return;
  const { primaryHabitatSearchStrings: _primary, anyHabitatSearchStrings: _any, ...given } = evaluation;
  const { primary, any } = habitatStrings(habitats, given);
  if (primary.length === 0 && any.length === 0 && _primary === undefined && _any === undefined) return;
  GIVEN_EVALUATION.set(doc, given);
  doc.latestRedListEvaluation = {
    ...given,
    ...(primary.length > 0 ? { primaryHabitatSearchStrings: primary as string[] } : {}),
    ...(any.length > 0 ? { anyHabitatSearchStrings: any as string[] } : {}),
  };
}

/**
 * `describeContents` for a document whose line is `before`'s, byte for byte: the same given
 * values give the same facts, so `before`'s are taken, in the same order, rather than made again
 * and then found equal by the sharing.
 */
function contentsAsBefore(doc: TaxonDocument, before: TaxonDocument): void {
  doc.hasMultimedia = before.hasMultimedia;
  doc.hasDescriptions = before.hasDescriptions;
  doc.hasBold = before.hasBold;
  doc.hasLatestRedListEvaluation = before.hasLatestRedListEvaluation;
  const given = GIVEN_EVALUATION.get(before);
  if (given !== undefined) GIVEN_EVALUATION.set(doc, given);
  const media = GIVEN_MEDIA.get(before);
  if (media !== undefined) GIVEN_MEDIA.set(doc, media);
  if (doc.multimedia !== undefined) doc.multimedia = before.multimedia;
  if (doc.latestRedListEvaluation !== undefined) doc.latestRedListEvaluation = before.latestRedListEvaluation;
  if (before.primaryHabitatSearchStrings !== undefined)
    doc.primaryHabitatSearchStrings = before.primaryHabitatSearchStrings;
  if (before.anyHabitatSearchStrings !== undefined) doc.anyHabitatSearchStrings = before.anyHabitatSearchStrings;
}

/**
 * Whether a taxon whose line is `before`'s, byte for byte, derives `before`'s very values but for
 * the numbers of its place (`VERSION_NUMBERS`) where its tree places it (its ancestors `from`,
 * its groups' closure `groups`), told before any document is made. Its given values and facts
 * are `before`'s (the same line), and these are what its tree derives that can differ; the rest
 * follows from them: the lists with itself are `before`'s when these are (`withLast`), its nearest
 * visible ancestor is the last of its visible ones, and `species` comes from its line. Equal
 * summaries of ancestors are made `before`'s, as `describe` makes them, so that its siblings take
 * them at once. Where this is false, the document deriving makes differs from `before` in one of
 * these values.
 */
function placedAsBefore(from: Lineage, groups: readonly string[], before: TaxonDocument): boolean {
  if (from.ids !== before.parents || from.nonHiddenIds !== before.nonHiddenParents) return false;
  if (groups.length > 0 ? groups !== before.informalTaxonGroups : before.informalTaxonGroups !== undefined)
    return false;
  if (before.parent === undefined) return Object.keys(from.parent).length === 0;
  if (from.parent === before.parent) return true;
  if (!sameJson(from.parent, before.parent)) return false;
  from.parent = before.parent;
  return true;
}

/**
 * A copy of `before`, keys and values, for a document held from another version whose numbers
 * `countSpecies` finds otherwise in this one (its descendants changed): its given values stay
 * aside as `before`'s are.
 */
function copyOf(before: TaxonDocument): TaxonDocument {
  const doc = { ...before };
  const groups = GIVEN_GROUPS.get(before);
  if (groups !== undefined) GIVEN_GROUPS.set(doc, groups);
  const evaluation = GIVEN_EVALUATION.get(before);
  if (evaluation !== undefined) GIVEN_EVALUATION.set(doc, evaluation);
  const media = GIVEN_MEDIA.get(before);
  if (media !== undefined) GIVEN_MEDIA.set(doc, media);
  return doc;
}

/**
 * A version's document as it is served. A document held from a version derived before (its taxon
 * unchanged since) holds that version's `taxonomicOrder`; this version's is the document's place
 * among its own, `position` + 1. The document itself where that is what it holds, else a copy.
 */
export function servedDocument(doc: TaxonDocument, position: number): TaxonDocument {
  return doc.taxonomicOrder === position + 1 ? doc : { ...doc, taxonomicOrder: position + 1 };
}

/**
 * Sets the species counts and `hasChildren`. A document held from a version derived before (its
 * line's `sameLineAs`) keeps its numbers where they are this version's too, and is copied where
 * they are not (its line then holds the copy, which the next version finds).
 */
function countSpecies(tree: TaxonTree, docs: TaxonDocument[]): void {
  const species = new Int32Array(docs.length);
  const finnish = new Int32Array(docs.length);
  for (let i = tree.preorder.length - 1; i >= 0; i--) {
    const position = tree.preorder[i]!;
    let doc = docs[position]!;
    if (doc.taxonRank === 'MX.species') {
      species[position]! += 1;
      if (doc.finnish === true) finnish[position]! += 1;
    }
    const hasChildren = tree.children[position]!.length > 0;
    const same =
      doc.countOfSpecies === species[position] &&
      doc.countOfFinnishSpecies === finnish[position] &&
      doc.hasChildren === hasChildren;
    if (!same) {
      const line = tree.lines[position]!;
      if (line.sameLineAs === doc) {
        doc = docs[position] = copyOf(doc);
        line.taxon = doc as Taxon;
      }
      doc.countOfSpecies = species[position]!;
      doc.countOfFinnishSpecies = finnish[position]!;
      doc.hasChildren = hasChildren;
    }
    const parent = tree.parentOf[position]!;
    if (parent !== -1) {
      species[parent]! += species[position]!;
      finnish[parent]! += finnish[position]!;
    }
  }
}

/** A version's documents, and where each id is among them. */
interface DerivedVersion {
  documents: readonly TaxonDocument[];
  positionOf: PositionOf;
}

/**
 * The fields of a document that can differ between versions where its line and its ancestors do
 * not: the numbers of its place in the tree. A document held from another version holds that
 * version's `taxonomicOrder` (`servedDocument`), and is copied where its counts differ
 * (`countSpecies`). The sort ranks are a name's, the same in every version (`assignSortRanks`).
 */
export const VERSION_NUMBERS = ['taxonomicOrder', 'countOfSpecies', 'countOfFinnishSpecies', 'hasChildren'] as const;

/**
 * Derives the versions of one data directory, one after the other, keeping what they share: the
 * summaries of ancestors (`ParentSummaries`), the closures of informal groups (interned), and the
 * version derived last, whose ancestor lists a taxon takes where they are its own
 * (docs/versions-and-loading.md, "What versions share").
 */
export class VersionDerivation {
  private readonly summaries = new ParentSummaries();
  private readonly inherit: GroupInheritance;
  private latest: DerivedVersion | undefined;

  constructor(
    groups: InformalTaxonGroup[],
    private readonly habitats: HabitatHierarchy = new HabitatHierarchy(),
  ) {
    this.inherit = createGroupInheritance(groups);
  }

  /**
   * Documents with every derived field but the sort ranks, in taxonomic order (the ranks are
   * numbered over every version at once: `assignSortRanks`). `positionOf` says where each id is
   * among them: the next version derived finds its taxa there. `textOf` gives the text of a line
   * that was not parsed, the same as its taxon's line in the version derived before; its taxon in
   * `tree.lines` is then set to its document.
   *
   * `unchanged` says, for each document, where the taxon's document is in the version derived
   * before when this one holds its very values but for `VERSION_NUMBERS` (its line the same, byte
   * for byte, and its ancestors too), and -1 otherwise: most of a version's taxa, whose values no
   * one then needs to compare again (docs/versions-and-loading.md, "What versions share"). Such a
   * document is that version's very object, held once, unless its counts differ here (then a copy
   * with them); its `taxonomicOrder` is then the version's it was made for, this one's is its
   * place among these documents (`servedDocument`).
   */
  derive(
    tree: TaxonTree,
    positionOf: PositionOf,
    textOf: (position: number) => string,
  ): { documents: TaxonDocument[]; unchanged: Int32Array } {
    const { inherit, habitats, summaries, latest } = this;
    const docs: TaxonDocument[] = new Array(tree.lines.length);
    const lineages: Lineage[] = new Array(docs.length);
    const rootLineage: Lineage = { ids: [], nonHiddenIds: [], parent: {}, groups: [] };
    const inLatest = latest && followingPositions(latest.documents, latest.positionOf);
    const unchanged = new Int32Array(docs.length).fill(-1);
    tree.preorder.forEach((position, order) => {
      const line = tree.lines[position]!;
      const parent = tree.parentOf[position]!;
      const from = parent === -1 ? rootLineage : lineages[parent]!;
      const at = inLatest ? inLatest(line.taxon.id) : -1;
      const before = at === -1 ? undefined : latest!.documents[at];
      let doc: TaxonDocument;
      let groups: readonly string[];
      if (line.sameLineAs !== undefined && line.taxon === line.sameLineAs) {
        // A line the same as its taxon's in the version derived before, not parsed
        // (`readVersionFile`): that very document where the tree places it as before, else the
        // line parsed and given that document's values.
        const same = line.sameLineAs as TaxonDocument;
        groups = inherit(from.groups, GIVEN_GROUPS.get(same));
        if (placedAsBefore(from, groups, same)) {
          doc = same;
          unchanged[order] = same === before ? at : -1;
        } else {
          doc = withoutDerived(withValuesOf(JSON.parse(textOf(position)) as Taxon, same));
          describe(doc, from, order + 1, groups, same);
          contentsAsBefore(doc, same);
        }
        line.taxon = doc as Taxon;
      } else {
        doc = withoutDerived(line.taxon);
        groups = inherit(from.groups, doc.informalTaxonGroups);
        describe(doc, from, order + 1, groups, before);
        describeContents(doc, habitats);
      }
      docs[position] = doc;
      // Only taxa with children pass a lineage on; leaves (most taxa) need none.
      if (tree.children[position]!.length > 0) lineages[position] = childLineage(from, doc, groups, summaries);
    });
    countSpecies(tree, docs);
    const documents = Array.from(tree.preorder, (position) => docs[position]!);
    this.latest = { documents, positionOf };
    return { documents, unchanged };
  }
}
