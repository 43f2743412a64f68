/**
 * A name entry: one name literal of one taxon, as the names index holds it. The loader derives
 * the entries; every token the search looks up is computed here, the entry's keys by the loader
 * (`storedEntryKeys`) and its index tokens where the index is built (`nameTokens`), so both
 * engines answer with term-level queries only (docs/engine-contract.md).
 */
import type { TaxonDocument } from '../taxon/schema.ts';
import { codePointLength, foldKeys, nameKeys } from './match-kinds.ts';
import { foldDiacritics } from './normalise.ts';
import { rankingText } from './ranking-text.ts';
import { bitTokens, prominence, reverse, wordRepeats } from './entry-order.ts';

export interface NameEntry {
  /** `<taxon id>/<n>` */
  id: string;
  taxonId: string;
  /** The literal as written: the hit's `matchingName`. */
  name: string;
  nameType: string;
  /** `fi`, `sv` or `en` for vernacular names; none for scientific names and codes. */
  language?: string;
  /** normalised name and its hybrid variants: exact matches of queries with diacritics */
  exactKeys: string[];
  /** the same, diacritics folded: exact matches of queries without them, and partial prefixes */
  foldedKeys: string[];
  /** the name as the comparator reads it (`rankingText`), strict and folded */
  rankText: string;
  foldedRankText: string;
  // The taxon's attributes, for filters, ordering and the hit.
  checklist: string;
  scientificName?: string;
  scientificNameAuthorship?: string;
  taxonRank?: string;
  cursiveName?: boolean;
  finnish: boolean;
  species: boolean;
  invasiveSpecies: boolean;
  hidden: boolean;
  vernacularName?: { fi?: string; sv?: string; en?: string };
  informalTaxonGroups?: readonly string[];
  taxonSets?: readonly string[];
  observationCountFinland?: number;
  kingdomScientificName?: string;
  taxonomicOrder: number;
  /** steps 1, 2, 3 and 5 of FinBIF's comparator (`static-rank.ts`): the order candidates come in */
  staticRank: number;
  /**
   * steps 15–17 and the taxon id: the entry's position among the entries of the versions loaded
   * together, the same in each of them (`VersionedNames`)
   */
  nameOrder: number;
}

/**
 * The index tokens of a name entry, derived from the keys and attributes it holds while an index
 * is built (`nameTokens`, `name-token-fields.ts`): an entry itself does not hold them.
 */
export interface NameTokens {
  /** trigrams of the folded keys: candidates for infix and likely matches */
  grams: string[];
  /**
   * the trigrams of the strict keys that folding changes (`RÖS`, `ÖST` of `RÖST`): with `grams`,
   * every strict trigram, the candidates for an infix typed with diacritics
   */
  diacriticGrams: string[];
  /** the lengths of the keys, strict and folded, in code points: likely candidates (`likelyKeyLengths`) */
  keyLengths: number[];
  /**
   * the first one and two letters of every folded key word but the first: candidates for a
   * multi-word partial query whose later words are too short for trigrams (`parus m`)
   */
  laterWordPrefixes: string[];
  /** the words of the ranking texts, strict and folded */
  rankWords: string[];
  foldedRankWords: string[];
  /** occurrence tokens of the words the ranking text repeats (`pica 2`), strict and folded: step 8 */
  rankWordRepeats: string[];
  foldedRankWordRepeats: string[];
  /** the ranking words reversed (steps 13) and the last of them reversed (step 14) */
  reversedRankWords: string[];
  foldedReversedRankWords: string[];
  reversedLastWord: string;
  foldedReversedLastWord: string;
  /** steps 11–12 as bit tokens (`entry-order.ts`), from the taxon's rank and observation count */
  prominenceBits: readonly string[];
}

/**
 * The fields of `NameTokens`: what an index derives from an entry's keys and attributes
 * (`name-token-fields.ts`), and only the index reads; candidates come without them.
 */
export const INDEX_ONLY_FIELDS = [
  'grams',
  'diacriticGrams',
  'keyLengths',
  'laterWordPrefixes',
  'rankWords',
  'foldedRankWords',
  'rankWordRepeats',
  'foldedRankWordRepeats',
  'reversedRankWords',
  'foldedReversedRankWords',
  'reversedLastWord',
  'foldedReversedLastWord',
  'prominenceBits',
] as const satisfies readonly (keyof NameTokens)[];

export const GRAM_LENGTH = 3;

/**
 * Shares the reversal of each word between names: words repeat across names far more than they
 * differ, and reversing one by code point costs more than looking it up. The other tokens are
 * not shared: the names index keeps one string per distinct term, and derives each name's tokens
 * while it indexes them (`name-token-fields.ts`), so their lists do not outlive that.
 */
export class Interner {
  private readonly reversals = new Map<string, string>();

  /** The word reversed, the same string for the same word. */
  reversed(word: string): string {
    let reversed = this.reversals.get(word);
    if (reversed === undefined) {
      reversed = reverse(word);
      this.reversals.set(word, reversed);
    }
    return reversed;
  }
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Longer later query words are found by their trigrams. */
export const SHORT_WORD_LENGTH = GRAM_LENGTH - 1;

/** The first one and two letters of each word after the first of each key, distinct. */
export function laterWordPrefixes(keys: readonly string[]): string[] {
  const prefixes = new Set<string>();
  for (const key of keys) {
    const words = key.split(' ');
    for (let i = 1; i < words.length; i++) {
      for (let length = 1; length <= Math.min(SHORT_WORD_LENGTH, words[i]!.length); length++)
        prefixes.add(words[i]!.slice(0, length));
    }
  }
  return [...prefixes];
}

/**
 * The trigrams of strict keys that folding changes (`hasDiacritics`), given the trigrams of the
 * same keys folded: those not among them. Folding maps each character alone, and what it makes
 * is never a character it would change again. So a trigram that folding leaves as it is is a run
 * of characters left as they are, which stays a run of the folded key; and one that folding
 * changes holds a character that no folded key holds. Looking the trigram up costs a fraction of
 * folding it (folding the trigrams of names with diacritics was an eighth of all the tokens'
 * derivation).
 */
export function diacriticTrigrams(keys: readonly string[], foldedGrams: ReadonlySet<string>): string[] {
  return [...gramSet(keys)].filter((gram) => !foldedGrams.has(gram));
}

/** The distinct trigrams of each text (texts shorter than three characters give themselves). */
export function trigrams(texts: readonly string[]): string[] {
  return [...gramSet(texts)];
}

function gramSet(texts: readonly string[]): Set<string> {
  const grams = new Set<string>();
  for (const text of texts) {
    if (text.length < GRAM_LENGTH) {
      if (text !== '') grams.add(text);
      continue;
    }
    for (let i = 0; i + GRAM_LENGTH <= text.length; i++) grams.add(text.slice(i, i + GRAM_LENGTH));
  }
  return grams;
}

const NONE: string[] = [];

/** The word tokens of one ranking text: its words, their repetitions, and reversed for word ends. */
function textTokens(text: string, interner: Interner) {
  const all = text.split(' ');
  const words = all.length === 1 ? all : [...new Set(all)];
  const repeats = all.length === 1 ? NONE : wordRepeats(all);
  const reversedWords = words.map((word) => interner.reversed(word));
  return {
    words,
    repeats: repeats.length === 0 ? NONE : repeats,
    reversedWords,
    // The last word is one of the words: its reversal is theirs.
    reversedLast: reversedWords[words.indexOf(all[all.length - 1]!)]!,
  };
}

/** The index tokens of an entry, from the keys (`storedEntryKeys`) and attributes it keeps. */
export function nameTokens(
  keys: StoredEntryKeys,
  attributes: { taxonRank?: string; observationCountFinland?: number },
  interner: Interner = new Interner(),
): NameTokens {
  const { exactKeys, foldedKeys, rankText, foldedRankText } = keys;
  const strict = textTokens(rankText, interner);
  const foldedTokens = foldedRankText === rankText ? strict : textTokens(foldedRankText, interner);
  const grams = gramSet(foldedKeys);
  return {
    grams: [...grams],
    diacriticGrams: sameList(foldedKeys, exactKeys) ? NONE : diacriticTrigrams(exactKeys, grams),
    keyLengths: [...new Set([...exactKeys, ...foldedKeys].map(codePointLength))],
    laterWordPrefixes: laterWordPrefixes(foldedKeys),
    rankWords: strict.words,
    foldedRankWords: foldedTokens.words,
    rankWordRepeats: strict.repeats,
    foldedRankWordRepeats: foldedTokens.repeats,
    reversedRankWords: strict.reversedWords,
    foldedReversedRankWords: foldedTokens.reversedWords,
    reversedLastWord: strict.reversedLast,
    foldedReversedLastWord: foldedTokens.reversedLast,
    prominenceBits: prominenceBitsOf(attributes),
  };
}

/** The keys of a name that its entry keeps (`_source`): what a candidate is compared by. */
export type StoredEntryKeys = Pick<NameEntry, 'exactKeys' | 'foldedKeys' | 'rankText' | 'foldedRankText'>;

/**
 * The search keys of a name literal; lists equal in strict and folded form are one list. The
 * folded forms are the strict ones folded, as `nameKeys` and `rankingText` fold them, rather than
 * the name normalised again.
 */
export function storedEntryKeys(name: string): StoredEntryKeys {
  const exactKeys = nameKeys(name, { fold: false });
  const folded = foldKeys(exactKeys);
  const foldedKeys = sameList(exactKeys, folded) ? exactKeys : folded;
  const rankText = rankingText(name, false);
  const folding = foldDiacritics(rankText);
  const foldedRankText = folding === rankText ? rankText : folding;
  return { exactKeys, foldedKeys, rankText, foldedRankText };
}

/** Steps 11–12 of an entry's taxon as index tokens. */
export function prominenceBitsOf(attributes: {
  taxonRank?: string;
  observationCountFinland?: number;
}): readonly string[] {
  return bitTokens(prominence(attributes.taxonRank, attributes.observationCountFinland));
}

/**
 * The taxon's attributes every entry of its names carries: for filters, ordering and the hit. Each
 * is read from the taxon by one reader, so that `sameEntryAttributes` compares exactly what an
 * entry holds; an attribute whose reader gives `undefined` is left out.
 */
const ENTRY_ATTRIBUTES = {
  taxonId: (taxon: TaxonDocument) => taxon.id,
  checklist: (taxon: TaxonDocument) => taxon.nameAccordingTo ?? '.',
  scientificName: (taxon: TaxonDocument) => taxon.scientificName,
  scientificNameAuthorship: (taxon: TaxonDocument) => taxon.scientificNameAuthorship,
  taxonRank: (taxon: TaxonDocument) => taxon.taxonRank,
  cursiveName: (taxon: TaxonDocument) => taxon.cursiveName,
  finnish: (taxon: TaxonDocument) => taxon.finnish === true,
  species: (taxon: TaxonDocument) => taxon.species === true,
  invasiveSpecies: (taxon: TaxonDocument) => taxon.invasiveSpecies === true,
  hidden: (taxon: TaxonDocument) => taxon.hiddenTaxon === true,
  vernacularName: (taxon: TaxonDocument) => taxon.vernacularName,
  informalTaxonGroups: (taxon: TaxonDocument) =>
    taxon.informalTaxonGroups?.length ? taxon.informalTaxonGroups : undefined,
  taxonSets: (taxon: TaxonDocument) => (taxon.taxonSets?.length ? taxon.taxonSets : undefined),
  observationCountFinland: (taxon: TaxonDocument) => taxon.observationCountFinland,
  // a kingdom names itself, as the real API's hits do
  kingdomScientificName: (taxon: TaxonDocument) =>
    taxon.parent?.kingdom?.scientificName ||
    (taxon.taxonRank === 'MX.kingdom' ? taxon.scientificName : undefined) ||
    undefined,
  taxonomicOrder: (taxon: TaxonDocument) => taxon.taxonomicOrder ?? 0,
} as const;

type Readers = typeof ENTRY_ATTRIBUTES;
type Attribute = keyof Readers;
/** The attributes a reader can leave out. */
type Optional = {
  [K in Attribute]: undefined extends ReturnType<Readers[K]> ? K : never;
}[Attribute];
export type EntryAttributes = { [K in Exclude<Attribute, Optional>]: ReturnType<Readers[K]> } & {
  [K in Optional]?: Exclude<ReturnType<Readers[K]>, undefined>;
};

const ATTRIBUTES = Object.entries(ENTRY_ATTRIBUTES) as [Attribute, (taxon: TaxonDocument) => unknown][];

export function entryAttributesOf(taxon: TaxonDocument): EntryAttributes {
  const attributes: Record<string, unknown> = {};
  for (const [name, read] of ATTRIBUTES) {
    const value = read(taxon);
    if (value !== undefined) attributes[name] = value;
  }
  return attributes as EntryAttributes;
}

/** The readers `sameEntryAttributes` compares by: all but the place. */
const COMPARED = ATTRIBUTES.filter(([name]) => name !== 'taxonomicOrder').map(([, read]) => read);

/**
 * Whether two taxa (two versions of one, usually) give their entries the same attributes, their
 * place (`taxonomicOrder`) aside: the same values, nested ones by identity (the loader holds a
 * value equal in two versions once, so equal is identical there; a false "differs" costs only
 * the work of deriving the entries again).
 */
export function sameEntryAttributes(a: TaxonDocument, b: TaxonDocument): boolean {
  for (let i = 0; i < COMPARED.length; i++) {
    const read = COMPARED[i]!;
    if (read(a) !== read(b)) return false;
  }
  return true;
}
