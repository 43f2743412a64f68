/**
 * FinBIF's taxon name search (`/taxa/search`), by brute force, written from FinBIF's rules and the
 * project's documented differences (docs/api.md, "Name search"; src/search/README.md), not from
 * the service's code: nothing here comes from `src/search/`, `src/query/` or the loaders. The
 * service is tested against it (test/service/search-order.property.test.ts) and
 * `bench/likely-recall.ts` takes its likely list as the truth.
 *
 * FinBIF (luomus-commons `TaxonSearchDAOSQLQueryImple` / `TaxonSearchResponse`, read from their
 * bytecode) searches a table with one row per name literal of each taxon. Each row's NAME is the
 * literal upper-cased, `×` removed, `Æ` written `AE` and `Ë` written `E`. The query ("search word")
 * is cleaned the same way, with subspecies abbreviations spelled out, spaces collapsed and trimmed.
 * Three lists are asked for: exact (NAME equals the word), partial (an SQL LIKE pattern) and likely
 * (Jaro–Winkler above 0.88, the `limit` most similar). Then: taxa with a match on their own
 * scientific name lose their synonym matches from partial and likely; each list is sorted by a
 * 17-step comparator, stripped of taxa seen in it or an earlier list, and cut to `limit`.
 *
 * Left out: the filters but hidden taxa (name types, languages, species, Finnish, invasive,
 * informal groups, taxon sets, checklists), and what the service answers beyond the match (the
 * hit's taxon attributes).
 */
import type { TaxonDocument } from '../../src/taxon/schema.ts';

export type ReferenceMatchType = 'EXACT' | 'PARTIAL' | 'LIKELY';

export interface ReferenceSearch {
  /** the query as typed */
  query: string;
  limit: number;
  matchTypes: readonly ReferenceMatchType[];
  /** FinBIF's default (for laji-api) leaves hidden taxa out */
  includeHidden?: boolean;
  /**
   * The rows the likely list is chosen from, when not all: the project's names index hands over
   * only the names sharing most of the query's trigrams (src/search/README.md, "Likely
   * candidates"), in passes asked one after another until one has a row above the threshold of a
   * taxon not yet found. Each pass is a set of `literalKey`s. FinBIF measures every row.
   */
  likelyPasses?: readonly ReadonlySet<string>[];
}

/** A taxon's name literal, as `likelyPasses` name rows. */
export function literalKey(taxonId: string, name: string): string {
  return `${taxonId}\u0000${name}`;
}

/** One row of FinBIF's search table: a name literal of a taxon, with what the comparator reads of the taxon. */
export interface ReferenceName {
  taxonId: string;
  /** the literal as written (FinBIF's CASEDNAME, the hit's `matchingName`) */
  name: string;
  nameType: string;
  language?: string;
  /** the taxon's own scientific name */
  scientificName?: string;
  taxonRank?: string;
  finnish: boolean;
  species: boolean;
  hidden: boolean;
  observationCountFinland?: number;
}

export interface ReferenceHit {
  taxonId: string;
  matchingName: string;
  nameType: string;
  nameLanguage?: string;
  matchType: ReferenceMatchType;
  similarity?: number;
}

// ---------------------------------------------------------------------------------------------
// Rows

/** Localized name fields (`{fi: 'käki'}` or `{fi: ['käki']}`) and the name type of their rows. */
const LOCALIZED = [
  ['vernacularName', 'MX.vernacularName'],
  ['alternativeVernacularName', 'MX.alternativeVernacularName'],
  ['obsoleteVernacularName', 'MX.obsoleteVernacularName'],
  ['colloquialVernacularName', 'MX.colloquialVernacularName'],
  ['tradeName', 'MX.tradeName'],
] as const;
const CODES = [
  ['birdlifeCode', 'MX.birdlifeCode'],
  ['euringCode', 'MX.euringCode'],
] as const;
/** Synonym lists: the scientific name of each related taxon is a row of the taxon, without a language. */
const RELATIONS = [
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

/**
 * Every row of the taxa: the scientific name, each vernacular name of each kind and language,
 * the codes, the scientific names of synonyms and other relations (docs/api.md, "Name search").
 * A literal repeated with the same type and language is one row; blank literals are none.
 */
export function referenceNames(docs: readonly TaxonDocument[]): ReferenceName[] {
  const rows: ReferenceName[] = [];
  for (const taxon of docs) {
    const literals: { name: string; nameType: string; language?: string }[] = [];
    const add = (name: unknown, nameType: string, language?: string) => {
      if (typeof name !== 'string' || name.trim() === '') return;
      if (literals.some((l) => l.name === name && l.nameType === nameType && l.language === language)) return;
      literals.push(language === undefined ? { name, nameType } : { name, nameType, language });
    };
    const record = taxon as unknown as Record<string, unknown>;
    add(taxon.scientificName, 'MX.scientificName');
    for (const [field, nameType] of LOCALIZED) {
      for (const [language, value] of Object.entries((record[field] ?? {}) as Record<string, unknown>)) {
        for (const name of Array.isArray(value) ? value : [value]) add(name, nameType, language);
      }
    }
    for (const [field, nameType] of CODES) add(record[field], nameType);
    for (const [field, nameType] of RELATIONS) {
      for (const related of (record[field] ?? []) as { scientificName?: string }[])
        add(related.scientificName, nameType);
    }
    for (const literal of literals) {
      rows.push({
        taxonId: taxon.id,
        ...literal,
        ...(taxon.scientificName ? { scientificName: taxon.scientificName } : {}),
        ...(taxon.taxonRank ? { taxonRank: taxon.taxonRank } : {}),
        finnish: taxon.finnish === true,
        species: taxon.species === true,
        hidden: taxon.hiddenTaxon === true,
        ...(taxon.observationCountFinland !== undefined
          ? { observationCountFinland: taxon.observationCountFinland }
          : {}),
      });
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Text

/** Java's `String.trim`: every code unit up to U+0020 goes from both ends. */
function trimJava(text: string): string {
  let from = 0;
  let to = text.length;
  while (from < to && text.charCodeAt(from) <= 32) from++;
  while (to > from && text.charCodeAt(to - 1) <= 32) to--;
  return text.slice(from, to);
}

/** FinBIF's index NAME and the first step of its query cleaning: upper case, `×` out, `Æ`, `Ë`. */
function upperClean(text: string): string {
  return text.toUpperCase().split('×').join('').split('Æ').join('AE').split('Ë').join('E');
}

/**
 * FinBIF's search word. Java's `replace` is literal and replaces every occurrence, so ` SSP`
 * also turns `CAREX SSPECIES` into `CAREX SUBSP.ECIES` (src/search/README.md keeps that).
 * Beyond FinBIF the query is put in Unicode NFC first (src/search/README.md, "Case mapping").
 */
export function searchWord(query: string): string {
  let word = upperClean(query.normalize('NFC'));
  word = word.split(' SSP.').join(' SUBSP.');
  word = word.split(' SSP').join(' SUBSP.');
  word = word.split(' SUBSP ').join(' SUBSP. ');
  while (word.includes('  ')) word = word.split('  ').join(' ');
  return trimJava(word);
}

/** Letters without a decomposition that a user types without their stroke or as two letters. */
const PLAIN_LETTER: Record<string, string> = {
  Ø: 'O',
  ø: 'o',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'TH',
  þ: 'th',
  ẞ: 'SS',
  ß: 'ss',
  ı: 'i',
};

/**
 * Beyond FinBIF (src/search/README.md, "Folding"): the text without diacritics, decomposed and
 * its marks dropped, `Ø` → `O`, `Æ` → `AE`, `Ł` → `L` and the like.
 */
export function withoutDiacritics(text: string): string {
  const stripped = text.normalize('NFD').replace(/\p{M}/gu, '');
  return Array.from(stripped, (c) => PLAIN_LETTER[c] ?? c).join('');
}

/** Space runs collapsed, then trimmed. */
function tidy(text: string): string {
  return trimJava(text.replace(/ +/g, ' '));
}

/** A lone `x` standing between two words (a hybrid sign typed as a letter) left out. */
function withoutHybridX(text: string): string {
  const words = text.split(' ');
  return words.filter((w, i) => i === 0 || i === words.length - 1 || (w !== 'x' && w !== 'X')).join(' ');
}

/**
 * The forms a name is compared by. FinBIF's NAME, and beyond FinBIF (src/search/README.md,
 * "Hybrids"): NAME with its spaces collapsed (removing `×` from `Salix × rubens` leaves two),
 * without lone `X` words, and for a name written with `×` the sign spelled as an `X` word. With
 * a plain query, each form without diacritics ("Folding").
 */
export function nameForms(name: string, plainQuery: boolean): string[] {
  const key = `${plainQuery ? 'plain' : 'strict'}\u0000${name}`;
  let forms = formsOfNames.get(key);
  if (forms === undefined) {
    // A benchmark compares every name with every query: each name's forms are worked out once.
    if (formsOfNames.size >= 2_000_000) formsOfNames.clear();
    formsOfNames.set(key, (forms = formsOf(name, plainQuery)));
  }
  return forms;
}

const formsOfNames = new Map<string, string[]>();

function formsOf(name: string, plainQuery: boolean): string[] {
  const text = name.normalize('NFC');
  const index = upperClean(text);
  const forms = [index, tidy(index), withoutHybridX(tidy(index))];
  if (text.includes('×')) forms.push(tidy(upperClean(text.split('×').join(' X '))));
  return [...new Set(plainQuery ? forms.map(withoutDiacritics) : forms)];
}

/** The forms of the search word: itself, and without lone `X` words. */
function wordForms(word: string): string[] {
  return [...new Set([word, withoutHybridX(word)])];
}

// ---------------------------------------------------------------------------------------------
// Matching

/**
 * SQL `LIKE` with `%` as the only wildcard (a `%` or `_` the user types is a letter here,
 * src/search/README.md "Ties"): by dynamic programming over pattern and text.
 */
export function sqlLike(text: string, pattern: string): boolean {
  // can[j]: the pattern read so far matches text[0, j).
  let can = Array.from({ length: text.length + 1 }, (_, j) => j === 0);
  for (const p of pattern) {
    const next = new Array<boolean>(text.length + 1).fill(false);
    if (p === '%') {
      let reached = false;
      for (let j = 0; j <= text.length; j++) next[j] = reached ||= can[j]!;
    } else for (let j = 1; j <= text.length; j++) next[j] = can[j - 1]! && text[j - 1] === p;
    can = next;
  }
  return can[text.length]!;
}

/**
 * FinBIF's partial pattern: a word with spaces has every space replaced by `% ` and `%`
 * appended (`PARUS MAJ` → `PARUS% MAJ%`); a word without is wrapped in `%`.
 */
export function partialPattern(word: string): string {
  return word.includes(' ') ? `${word.split(' ').join('% ')}%` : `%${word}%`;
}

/**
 * Jaro–Winkler similarity, the textbook definition over Unicode code points (src/search/README.md
 * explains why code points and not Oracle's bytes). Two characters match when equal and at most
 * `floor(max(|a|, |b|) / 2) - 1` apart, each character matching once, taken in order of `a`;
 * the transpositions are half the matched characters that are out of order; Jaro is
 * (m/|a| + m/|b| + (m − t)/m) / 3; Winkler adds 0.1 × (common prefix, at most 4) × (1 − Jaro).
 */
export function jaroWinklerSimilarity(first: string, second: string): number {
  const a = Array.from(first);
  const b = Array.from(second);
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 1 : 0;
  const reach = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const usedB = b.map(() => false);
  const matchedA: string[] = [];
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - reach); j <= Math.min(b.length - 1, i + reach); j++) {
      if (!usedB[j] && a[i] === b[j]) {
        usedB[j] = true;
        matchedA.push(a[i]!);
        break;
      }
    }
  }
  const m = matchedA.length;
  if (m === 0) return 0;
  const matchedB = b.filter((_, j) => usedB[j]);
  const t = matchedA.filter((c, k) => c !== matchedB[k]).length / 2;
  const jaro = (m / a.length + m / b.length + (m - t) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < Math.min(a.length, b.length) && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** FinBIF's likely threshold: a similarity strictly above it. */
export const REFERENCE_LIKELY_THRESHOLD = 0.88;

/** A query and what the rules read of it. */
export interface ReferenceQuery {
  raw: string;
  word: string;
  forms: string[];
  /** typed without diacritics: names are compared without theirs */
  plain: boolean;
  /** a raw query of one code unit, or one cleaned to nothing, finds nothing */
  searchable: boolean;
}

export function referenceQuery(raw: string): ReferenceQuery {
  const word = searchWord(raw);
  return {
    raw,
    word,
    forms: wordForms(word),
    plain: withoutDiacritics(word) === word,
    searchable: raw.length > 1 && word !== '',
  };
}

function isExactName(name: string, q: ReferenceQuery): boolean {
  return nameForms(name, q.plain).some((form) => q.forms.includes(form));
}

function isPartialName(name: string, q: ReferenceQuery): boolean {
  return nameForms(name, q.plain).some((form) => q.forms.some((word) => sqlLike(form, partialPattern(word))));
}

/** The best similarity of the name's forms with the word's; FinBIF measures `jaro_winkler(NAME, :word)`. */
export function referenceSimilarity(name: string, q: ReferenceQuery): number {
  let best = 0;
  for (const form of nameForms(name, q.plain)) {
    for (const word of q.forms) best = Math.max(best, jaroWinklerSimilarity(form, word));
  }
  return best;
}

/** Partial is asked only for raw queries of 4+ code units, spaces counted. */
function asksPartial(q: ReferenceQuery, types: readonly ReferenceMatchType[]): boolean {
  return types.includes('PARTIAL') && q.raw.length >= 4;
}

/** Likely only for a cleaned word of 7+ code units, or when likely is all that is asked. */
function asksLikely(q: ReferenceQuery, types: readonly ReferenceMatchType[]): boolean {
  return types.includes('LIKELY') && (q.word.length >= 7 || types.every((t) => t === 'LIKELY'));
}

/**
 * Every row FinBIF's likely SQL finds before it keeps the most similar: similarity above the
 * threshold and not exact (`NAME != :word`), each literal of a taxon once, most similar first,
 * then by NAME. The recall benchmark's truth, so measured over many rows: a row whose lengths
 * alone keep it below the threshold is not measured (with m ≤ the shorter length matched, Jaro is
 * at most (m/|a| + m/|b| + 1) / 3 and the prefix bonus adds at most 0.4 of the rest).
 */
export function referenceLikelyNames(
  rows: readonly ReferenceName[],
  query: string,
): { row: ReferenceName; similarity: number }[] {
  const q = referenceQuery(query);
  if (!q.searchable) return [];
  const lengths = q.forms.map((form) => Array.from(form).length);
  const reachable = (row: ReferenceName) =>
    nameForms(row.name, q.plain).some((form) => {
      const a = Array.from(form).length;
      return lengths.some((b) => {
        const jaro = (Math.min(a, b) / a + Math.min(a, b) / b + 1) / 3;
        return jaro + 0.4 * (1 - jaro) > REFERENCE_LIKELY_THRESHOLD;
      });
    });
  const found = new Map<string, { row: ReferenceName; similarity: number }>();
  for (const row of rows) {
    const key = literalKey(row.taxonId, row.name);
    if (found.has(key) || !reachable(row) || isExactName(row.name, q)) continue;
    const similarity = referenceSimilarity(row.name, q);
    if (similarity > REFERENCE_LIKELY_THRESHOLD) found.set(key, { row, similarity });
  }
  return [...found.values()].sort(
    (x, y) => y.similarity - x.similarity || codeUnitOrder(upperClean(x.row.name), upperClean(y.row.name)),
  );
}

// ---------------------------------------------------------------------------------------------
// Ordering

/** FinBIF's name-type order; a type not listed comes after all (Java's `Integer.MAX_VALUE`). */
const NAME_TYPE_RANK: Record<string, number> = {
  id: 0,
  'MX.scientificName': 0,
  'MX.vernacularName': 0,
  'MX.birdlifeCode': 1,
  'MX.euringCode': 1,
  'MX.hasSynonym': 2,
  'MX.hasBasionym': 2,
  'MX.tradeName': 2,
  'MX.alternativeVernacularName': 2,
  'MX.hasHeterotypicSynonym': 3,
  'MX.hasHomotypicSynonym': 3,
  'MX.hasObjectiveSynonym': 3,
  'MX.hasSubjectiveSynonym': 3,
  'MX.colloquialVernacularName': 4,
  'MX.obsoleteVernacularName': 4,
  'MX.hasMisappliedName': 4,
  'MX.hasMisspelledName': 4,
  'MX.hasOrthographicVariant': 4,
  'MX.hasUncertainSynonym': 4,
  'MX.hasAlternativeName': 4,
};
const nameTypeRank = (nameType: string) => NAME_TYPE_RANK[nameType] ?? 2_147_483_647;

/** FinBIF's coarse observation count: 0; up to 10 → 10; up to 100 → 100; then down to 100s, 1000s, 10,000s. */
export function coarseObservations(count: number | undefined): number {
  if (!count || count <= 0) return 0;
  if (count <= 10) return 10;
  if (count <= 100) return 100;
  const unit = count < 1000 ? 100 : count < 100_000 ? 1000 : 10_000;
  return count - (count % unit);
}

function codeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The text the comparator's steps 7–10, 13 and 14 read: FinBIF lower-cases the name and the search
 * word and collapses the word's whitespace. Beyond FinBIF (src/search/README.md, "Ranking what was
 * found"): both in NFC, whitespace collapsed and trimmed, without `×` and lone `x` words, and
 * without diacritics when the query has none.
 */
function comparedText(text: string, plain: boolean): string {
  const lower = trimJava(text.normalize('NFC').toLowerCase().split('×').join('').replace(/\s+/g, ' '));
  const hybrid = withoutHybridX(lower);
  return plain ? withoutDiacritics(hybrid) : hybrid;
}

interface Candidate {
  row: ReferenceName;
  matchType: ReferenceMatchType;
  similarity?: number;
}

/** A match as the comparator reads it. */
function readForOrder(match: Candidate, q: ReferenceQuery) {
  const word = comparedText(q.raw, q.plain);
  const queryWords = word.split(' ');
  const text = comparedText(match.row.name, q.plain);
  const words = text.split(' ');
  return {
    match,
    flags: [
      match.row.finnish, // 1
      match.row.taxonRank === 'MX.species', // 2
      match.row.species, // 3
      match.matchType !== 'LIKELY', // 4
    ],
    nameType: nameTypeRank(match.row.nameType), // 5
    similarity: match.similarity, // 6
    equal: text === word, // 7
    // 8: pairs of a name word and a query word that are equal (src/search/README.md, "Step 8")
    wordMatches: words.reduce((n, w) => n + queryWords.filter((v) => v === w).length, 0),
    starts: text.startsWith(word), // 9
    // 10: one word of several starts with the query and is longer; a one-word name just starts with it
    wordStarts: words.length > 1 ? words.some((w) => w !== word && w.startsWith(word)) : text.startsWith(word),
    genus: match.row.taxonRank === 'MX.genus', // 11
    observations: coarseObservations(match.row.observationCountFinland), // 12
    wordEnds: words.some((w) => w !== word && w.endsWith(word)), // 13
    ends: text.endsWith(word), // 14
    finnishName: match.row.language === 'fi', // 15
    lower: match.row.name.toLowerCase(), // 16
  };
}

type OrderKeys = ReturnType<typeof readForOrder>;
const yes = (x: boolean, y: boolean) => Number(y) - Number(x);

/** FinBIF's comparator, step by step; a full tie (row order in FinBIF) by taxon id (src/search/README.md, "Ties"). */
function compareKeys(x: OrderKeys, y: OrderKeys): number {
  for (let i = 0; i < x.flags.length; i++) if (x.flags[i] !== y.flags[i]) return yes(x.flags[i]!, y.flags[i]!);
  if (x.nameType !== y.nameType) return x.nameType - y.nameType;
  if (x.similarity !== undefined && y.similarity !== undefined && x.similarity !== y.similarity)
    return y.similarity - x.similarity;
  return (
    yes(x.equal, y.equal) ||
    y.wordMatches - x.wordMatches ||
    yes(x.starts, y.starts) ||
    yes(x.wordStarts, y.wordStarts) ||
    yes(x.genus, y.genus) ||
    y.observations - x.observations ||
    yes(x.wordEnds, y.wordEnds) ||
    yes(x.ends, y.ends) ||
    yes(x.finnishName, y.finnishName) ||
    codeUnitOrder(x.lower, y.lower) ||
    codeUnitOrder(x.match.row.nameType, y.match.row.nameType) ||
    codeUnitOrder(x.match.row.taxonId, y.match.row.taxonId)
  );
}

function ordered(matches: readonly Candidate[], q: ReferenceQuery): Candidate[] {
  return matches
    .map((m) => readForOrder(m, q))
    .sort(compareKeys)
    .map((keys) => keys.match);
}

/** A literal of a taxon is listed once per list (FinBIF skips a repeated matching name and taxon): its best row. */
function oncePerLiteral(matches: readonly Candidate[], q: ReferenceQuery): Candidate[] {
  const seen = new Set<string>();
  return ordered(matches, q).filter((m) => {
    const key = literalKey(m.row.taxonId, m.row.name);
    return !seen.has(key) && seen.add(key) !== undefined;
  });
}

// ---------------------------------------------------------------------------------------------
// The search

/** FinBIF's answer to a query over the rows: exact, partial and likely hits, each taxon once, `limit` in all. */
export function referenceSearch(rows: readonly ReferenceName[], search: ReferenceSearch): ReferenceHit[] {
  const q = referenceQuery(search.query);
  if (!q.searchable) return [];
  const visible = rows.filter((row) => search.includeHidden || !row.hidden);
  const lookup = idLookup(rows, q.raw);
  if (lookup !== undefined) return lookup;
  const types = search.matchTypes;
  // FinBIF's exact SQL also has `OR QNAME = :word`: every name of a taxon whose id is the word.
  const exact = types.includes('EXACT')
    ? visible.filter((row) => isExactName(row.name, q) || row.taxonId === q.word)
    : [];
  const partial = asksPartial(q, types)
    ? visible.filter((row) => !isExactName(row.name, q) && isPartialName(row.name, q))
    : [];
  const likely = asksLikely(q, types) ? visible.filter((row) => !isExactName(row.name, q)) : [];
  const lists = {
    EXACT: oncePerLiteral(
      exact.map((row) => ({ row, matchType: 'EXACT' })),
      q,
    ),
    PARTIAL: oncePerLiteral(
      partial.map((row) => ({ row, matchType: 'PARTIAL' })),
      q,
    ),
  };
  // Taxa with a match on their own scientific name in any list lose their synonym matches from
  // partial and likely. FinBIF reads the likely list as cut to `limit`; the project cuts it after
  // leaving out the taxa already found (`mostSimilar`), which the partial list decides, so for
  // the partial list the likely list counts before its cut, and for itself as cut.
  const measured = likelyBeforeLimit(likely, q);
  const primaryIn = (...found: Candidate[][]) =>
    new Set(
      found
        .flat()
        .filter((m) => m.row.nameType === 'MX.scientificName')
        .map((m) => m.row.taxonId),
    );
  const hits: ReferenceHit[] = [];
  const seen = new Set<string>();
  const take = (list: readonly Candidate[], primary: ReadonlySet<string>) => {
    for (const m of ordered(list, q)) {
      if (hits.length >= search.limit) return;
      if (m.matchType !== 'EXACT' && m.row.nameType.startsWith('MX.has') && primary.has(m.row.taxonId)) continue;
      if (seen.has(m.row.taxonId)) continue;
      seen.add(m.row.taxonId);
      hits.push(hitOf(m));
    }
  };
  take(lists.EXACT, new Set());
  take(lists.PARTIAL, primaryIn(lists.EXACT, lists.PARTIAL, measured));
  const cut = mostSimilar(likelyPass(measured, seen, search.likelyPasses), seen, search.limit, q);
  take(cut, primaryIn(lists.EXACT, lists.PARTIAL, cut));
  return hits;
}

/** The rows above the likely threshold, each measured, each literal of a taxon once. */
function likelyBeforeLimit(rows: readonly ReferenceName[], q: ReferenceQuery): Candidate[] {
  const measured = rows.map((row) => ({
    row,
    matchType: 'LIKELY' as const,
    similarity: referenceSimilarity(row.name, q),
  }));
  return oncePerLiteral(
    measured.filter((m) => m.similarity > REFERENCE_LIKELY_THRESHOLD),
    q,
  );
}

/** The likely rows of the first pass with one above the threshold of a taxon not yet found (`likelyPasses`). */
function likelyPass(
  measured: readonly Candidate[],
  seen: ReadonlySet<string>,
  passes: ReferenceSearch['likelyPasses'],
): Candidate[] {
  if (passes === undefined) return [...measured];
  for (const pass of passes) {
    const rows = measured.filter((m) => !seen.has(m.row.taxonId) && pass.has(literalKey(m.row.taxonId, m.row.name)));
    if (rows.length > 0) return rows;
  }
  return [];
}

/**
 * FinBIF's likely SQL keeps the `limit` rows most similar, then by NAME (`ORDER BY jaro_winkler
 * DESC, name FETCH FIRST :limit ROWS ONLY`). As the project documents (src/search/README.md, "Not
 * here"), taxa already found and repeated literals of a taxon are left out before, so that they
 * never take another name's place. Rows equal in similarity and NAME, in FinBIF's row order, go
 * here by the comparator's last steps (Finnish name, name lower-cased, name type) and taxon id.
 */
function mostSimilar(
  likely: readonly Candidate[],
  seen: ReadonlySet<string>,
  limit: number,
  q: ReferenceQuery,
): Candidate[] {
  const keyed = likely
    .filter((m) => !seen.has(m.row.taxonId))
    .map((m) => ({ m, name: upperClean(m.row.name), last: readForOrder(m, q) }));
  keyed.sort(
    (x, y) =>
      y.m.similarity! - x.m.similarity! ||
      codeUnitOrder(x.name, y.name) ||
      yes(x.last.finnishName, y.last.finnishName) ||
      codeUnitOrder(x.last.lower, y.last.lower) ||
      codeUnitOrder(x.m.row.nameType, y.m.row.nameType) ||
      codeUnitOrder(x.m.row.taxonId, y.m.row.taxonId),
  );
  return keyed.slice(0, limit).map(({ m }) => m);
}

function hitOf(m: Candidate): ReferenceHit {
  return {
    taxonId: m.row.taxonId,
    matchingName: m.row.name,
    nameType: m.row.nameType,
    ...(m.row.language ? { nameLanguage: m.row.language } : {}),
    matchType: m.matchType,
    ...(m.similarity !== undefined ? { similarity: m.similarity } : {}),
  };
}

/**
 * A raw query starting `MX.` or `http://tun.fi/MX.` (as typed, case counts) names a taxon: the
 * answer is that taxon alone, as an exact match on its scientific name (or its URI when it has
 * none), or nothing. Undefined when the query is no id.
 */
function idLookup(rows: readonly ReferenceName[], raw: string): ReferenceHit[] | undefined {
  const uri = 'http://tun.fi/';
  const id = raw.startsWith('MX.') ? raw : raw.startsWith(`${uri}MX.`) ? raw.slice(uri.length) : undefined;
  if (id === undefined) return undefined;
  const row = rows.find((r) => r.taxonId === id);
  if (!row) return [];
  return [
    row.scientificName
      ? { taxonId: id, matchingName: row.scientificName, nameType: 'MX.scientificName', matchType: 'EXACT' }
      : { taxonId: id, matchingName: `${uri}${id}`, nameType: 'id', matchType: 'EXACT' },
  ];
}
