/**
 * The comparator's query-independent later steps as index fields, so that the names index can
 * hand partial candidates over in their final order and a search reads only as many as it shows.
 *
 * - Steps 11–12 (genus first, then more observations, rounded) become one ordinal,
 *   `prominence`, written as one token per set bit (`prominenceBits`): a query reproduces the
 *   ordinal as a sum of `constant_score` boosts, one per bit.
 * - Steps 15–17 (Finnish names first, the name lower-cased, the name type) and the taxon id as
 *   the last tie-break become `nameOrder`, the entry's position among the entries of the
 *   versions loaded together (`loaders/name-entries.ts`), which orders each version's entries.
 * - Step 8 counts equal word pairs, so a word a name repeats is also indexed with its
 *   occurrence (`pica 2`); steps 13 and 14 look at word ends, indexed as reversed words.
 */
import { roundObservationCount } from './rank.ts';

/** Bits of the observation-count part of `prominence`; counts above ~40 million rank equal. */
export const OBSERVATION_BITS = 12;
/** Bits of `prominence`: the genus flag above the observation ordinal. */
export const PROMINENCE_BITS = OBSERVATION_BITS + 1;
/** Occurrences of one word that step 8 counts; a name repeating a word more often counts this many. */
export const MAX_WORD_REPEAT = 8;

const MAX_OBSERVATION_ORDINAL = 2 ** OBSERVATION_BITS - 1;

/**
 * The rounded observation count as a small ordinal that keeps its order: 0, 10, 100, then
 * hundreds, thousands and ten thousands each one step.
 *
 * @example observationOrdinal(2632) // 12 (rounded to 2000)
 */
export function observationOrdinal(count: number | undefined): number {
  const rounded = roundObservationCount(count);
  if (rounded === 0) return 0;
  if (rounded === 10) return 1;
  if (rounded < 1_000) return 1 + rounded / 100;
  if (rounded < 100_000) return 10 + rounded / 1_000;
  return Math.min(100 + rounded / 10_000, MAX_OBSERVATION_ORDINAL);
}

/** Steps 11–12 as one number: higher ranks first. */
export function prominence(taxonRank: string | undefined, observationCount: number | undefined): number {
  return (taxonRank === 'MX.genus' ? 2 ** OBSERVATION_BITS : 0) + observationOrdinal(observationCount);
}

const bitTokenLists = new Map<number, readonly string[]>();

/** The set bits of `value` as tokens (`'0'` is the lowest); equal values share one frozen list. */
export function bitTokens(value: number): readonly string[] {
  let tokens = bitTokenLists.get(value);
  if (tokens === undefined) {
    const bits: string[] = [];
    for (let bit = 0; value >> bit > 0; bit++) if ((value >> bit) & 1) bits.push(String(bit));
    tokens = Object.freeze(bits);
    bitTokenLists.set(value, tokens);
  }
  return tokens;
}

/** The token of the `occurrence`-th (2nd, 3rd, …) repetition of a word. */
export function repeatToken(word: string, occurrence: number): string {
  return `${word} ${occurrence}`;
}

/** Tokens for the words a text repeats: `pica pica` → `['pica 2']`. Words never contain spaces. */
export function wordRepeats(words: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const tokens: string[] = [];
  for (const word of words) {
    const occurrence = (seen.get(word) ?? 0) + 1;
    seen.set(word, occurrence);
    if (occurrence > 1 && occurrence <= MAX_WORD_REPEAT) tokens.push(repeatToken(word, occurrence));
  }
  return tokens;
}

/** @example reverse('parus') // 'surap' (by code point) */
export function reverse(text: string): string {
  return Array.from(text).reverse().join('');
}

export interface NameOrderInput {
  name: string;
  nameType: string;
  language?: string;
  taxonId: string;
}

/**
 * Numbers the entries 0, 1, … in the order of steps 15 (Finnish names first), 16 (the name
 * lower-cased, UTF-16 order), 17 (name type) and then taxon id: `nameOrder` of each.
 */
export function nameOrders(entries: readonly NameOrderInput[]): Uint32Array {
  // The keys read once, into arrays the comparison reads, rather than from each entry every time.
  const finnish = Uint8Array.from(entries, (entry) => (entry.language === 'fi' ? 1 : 0));
  const lower = entries.map((entry) => entry.name.toLowerCase());
  const nameTypes = entries.map((entry) => entry.nameType);
  const taxonIds = entries.map((entry) => entry.taxonId);
  const positions = Uint32Array.from(entries.keys());
  const compare = (a: string, b: string) => (a === b ? 0 : a < b ? -1 : 1);
  positions.sort(
    (i, j) =>
      finnish[j]! - finnish[i]! ||
      compare(lower[i]!, lower[j]!) ||
      compare(nameTypes[i]!, nameTypes[j]!) ||
      compare(taxonIds[i]!, taxonIds[j]!),
  );
  const orders = new Uint32Array(entries.length);
  positions.forEach((entry, order) => {
    orders[entry] = order;
  });
  return orders;
}
