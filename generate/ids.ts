/**
 * Taxon ids: the root is `MX.37600` (Biota); the others are `MX.<n>` scattered over a range by a
 * seeded bijection, so that id order says nothing about tree order. Synonyms get their own range,
 * and so do the taxa only older checklist versions have.
 */
import { ROOT_ID } from './vocabulary.ts';

const TAXON_ID_BASE = 100_000;
const SYNONYM_ID_BASE = 10_000_000;
/** Most synonyms one taxon can have (their ids are reserved in blocks of this size). */
export const MAX_SYNONYMS = 8;
/** Largest checklist whose ids stay below the synonym range. */
export const MAX_TAXA = SYNONYM_ID_BASE - TAXON_ID_BASE;
/** Above every synonym id (`SYNONYM_ID_BASE + MAX_TAXA * MAX_SYNONYMS`). */
const EXTRA_ID_BASE = 100_000_000;

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

export class IdScheme {
  private readonly modulus: number;
  private readonly multiplier: number;
  private readonly offset: number;

  constructor(size: number, seed: number) {
    this.modulus = Math.max(1, size - 1);
    let multiplier = 1 + Math.floor(this.modulus * 0.6180339887) + (seed % 97);
    while (gcd(multiplier, this.modulus) !== 1) multiplier++;
    this.multiplier = multiplier % this.modulus || 1;
    this.offset = seed % this.modulus;
  }

  /** Id of the taxon at pre-order position `index`. */
  taxon(index: number): string {
    if (index === 0) return ROOT_ID;
    const scattered = (this.multiplier * (index - 1) + this.offset) % this.modulus;
    return `MX.${TAXON_ID_BASE + scattered}`;
  }

  /** Id of the `k`-th synonym of the taxon at `index`. */
  synonym(index: number, k: number): string {
    return `MX.${SYNONYM_ID_BASE + index * MAX_SYNONYMS + k}`;
  }

  /** Id of the synonym only older versions give the taxon at `index`: the last of its block (a taxon has at most 3). */
  droppedSynonym(index: number): string {
    return this.synonym(index, MAX_SYNONYMS - 1);
  }

  /** Id of the taxon only older versions have next to the taxon at `index`. */
  extraTaxon(index: number): string {
    return `MX.${EXTRA_ID_BASE + index}`;
  }
}
