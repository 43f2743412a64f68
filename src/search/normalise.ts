/**
 * Text normalisation for name search. `normaliseName` and `normaliseQuery` are FinBIF's own
 * (the search table's NAME column and the Java query cleaning); `foldDiacritics` and
 * `hybridVariants` go beyond FinBIF so that `kaki` finds `käki` and `x` finds `×` hybrids.
 */

const HYBRID_SIGN = '×';

/** Letters that NFD does not decompose but a user types without their stroke or ligature. */
const FOLDED_LETTERS: Readonly<Record<string, string>> = {
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
const FOLDED_LETTER = /[ØøÆæŒœŁłĐđÐðÞþẞßı]/g;
const COMBINING_MARK = /\p{M}/gu;
const PRINTABLE_ASCII = /^[ -~]*$/;

/**
 * FinBIF's index normalisation of a name literal: `UPPER(name)`, `×` removed, `Æ` → `AE`,
 * `Ë` → `E`. Spaces are neither collapsed nor trimmed, so `Salix × rubens` keeps a double space.
 *
 * @example normaliseName('Salix × rubens') // 'SALIX  RUBENS'
 */
export function normaliseName(name: string): string {
  return replaceLigatures(name.toUpperCase().replaceAll(HYBRID_SIGN, ''));
}

/**
 * FinBIF's query normalisation, in its order: upper case, `×` removed, `Æ` → `AE`, `Ë` → `E`,
 * ` SSP.` and ` SSP` → ` SUBSP.`, ` SUBSP ` → ` SUBSP. `, runs of spaces collapsed, trimmed.
 * Every replacement is Java's `String.replace`: literal and of every occurrence, so ` SSP` also
 * rewrites the start of a word (`carex sspecies` → `CAREX SUBSP.ECIES`), as FinBIF does.
 *
 * @example normaliseQuery('poa  alpina ssp vivipara ') // 'POA ALPINA SUBSP. VIVIPARA'
 */
export function normaliseQuery(query: string): string {
  const cleaned = replaceLigatures(query.toUpperCase().replaceAll(HYBRID_SIGN, ''))
    .replaceAll(' SSP.', ' SUBSP.')
    .replaceAll(' SSP', ' SUBSP.')
    .replaceAll(' SUBSP ', ' SUBSP. ');
  return javaTrim(collapseSpaces(cleaned));
}

/**
 * Strips diacritics from normalised (or lower-case) text: NFD, combining marks removed, and the
 * letters NFD leaves whole mapped to their base (`Ø` → `O`, `Æ` → `AE`, `Ł` → `L`, `ß` → `ss`).
 *
 * @example foldDiacritics('STÅL') // 'STAL'
 */
export function foldDiacritics(text: string): string {
  // Printable ASCII has nothing to decompose, strip or fold: most names are plain letters.
  if (PRINTABLE_ASCII.test(text)) return text;
  return text
    .normalize('NFD')
    .replace(COMBINING_MARK, '')
    .replace(FOLDED_LETTER, (letter) => FOLDED_LETTERS[letter] ?? letter);
}

/** Whether folding changes the text: the query then compares strictly, without folding. */
export function hasDiacritics(text: string): boolean {
  return foldDiacritics(text) !== text;
}

/**
 * The keys a normalised name or query is also known by, the text itself first: spaces collapsed
 * and trimmed (removing `×` leaves `SALIX  RUBENS`), and lone `X` tokens between two words removed
 * (`SALIX X RUBENS` → `SALIX RUBENS`). A name and a query match when any key of one matches any
 * key of the other, so `Salix × rubens`, `Salix ×rubens`, `Salix x rubens` and `Salix rubens`
 * all find each other. An `x` glued to a word (`xylosteum`) or at either end is left alone.
 *
 * @example hybridVariants('SALIX X RUBENS') // ['SALIX X RUBENS', 'SALIX RUBENS']
 */
export function hybridVariants(normalised: string): string[] {
  const collapsed = javaTrim(collapseSpaces(normalised));
  const withoutSign = removeLoneX(collapsed);
  return [...new Set([normalised, collapsed, withoutSign])];
}

/**
 * Every key of a name literal: `hybridVariants` of its normalised form and, for a name written
 * with `×`, the sign spelled as a lone `X` token, so that a query typed with `x` matches it
 * exactly and while it is being typed (`salix x` finds `Salix ×rubens`, `x festulolium` finds
 * `×Festulolium`).
 *
 * @example hybridNameKeys('Salix ×rubens') // ['SALIX RUBENS', 'SALIX X RUBENS']
 */
export function hybridNameKeys(name: string): string[] {
  const keys = hybridVariants(normaliseName(name));
  if (!name.includes(HYBRID_SIGN)) return keys;
  const spelled = javaTrim(collapseSpaces(normaliseName(name.replaceAll(HYBRID_SIGN, ' X '))));
  return [...new Set([...keys, spelled])];
}

/** Removes `X` (or `x`) tokens that stand between two words of space-collapsed text. */
export function removeLoneX(collapsed: string): string {
  // Most names have no lone x at all: skip splitting them.
  if (!collapsed.includes(' X ') && !collapsed.includes(' x ')) return collapsed;
  const words = collapsed.split(' ');
  const last = words.length - 1;
  return words.filter((word, i) => !(i > 0 && i < last && (word === 'X' || word === 'x'))).join(' ');
}

/** Runs of U+0020 become one, as FinBIF's repeated `replace("  ", " ")` does. */
export function collapseSpaces(text: string): string {
  return text.replace(/ {2,}/g, ' ');
}

/** Java's `String.trim`: removes code units up to U+0020 at both ends (not NBSP). */
export function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

function replaceLigatures(upper: string): string {
  return upper.replaceAll('Æ', 'AE').replaceAll('Ë', 'E');
}
