/**
 * Synonym-like relations (`synonyms`, `basionyms`, `heterotypicSynonyms`, `misappliedNames`) with
 * their own ids, on about a fifth of the species and a few genera and subspecies.
 */
import type { SimpleTaxon, Taxon } from '../src/taxon/schema.ts';
import { MAX_SYNONYMS, type IdScheme } from './ids.ts';
import { authorship, epithet, genusName } from './latin-names.ts';
import type { Random } from './random.ts';
import type { NomenclaturalCode } from './themes.ts';

type Relation = 'synonyms' | 'basionyms' | 'heterotypicSynonyms' | 'misappliedNames';

const RELATIONS: readonly (readonly [Relation, number])[] = [
  ['synonyms', 50],
  ['basionyms', 15],
  ['heterotypicSynonyms', 20],
  ['misappliedNames', 15],
];

const SHARE: Readonly<Record<string, number>> = { species: 0.2, subspecies: 0.08, genus: 0.05 };

/** Another name for the same taxon: a moved epithet, a new epithet, or both new. */
export function synonymName(rng: Random, rank: string, scientificName: string): string {
  if (rank === 'genus') return genusName(rng);
  const words = scientificName.split(' ');
  const genus = words[0] ?? '';
  const last = words[words.length - 1] ?? '';
  const roll = rng.next();
  if (roll < 0.5)
    return rank === 'subspecies' ? `${genusName(rng)} ${words[1] ?? ''} ${last}` : `${genusName(rng)} ${last}`;
  if (roll < 0.8) return `${genus} ${epithet(rng)}`;
  return `${genusName(rng)} ${epithet(rng)}`;
}

export function addSynonyms(
  rng: Random,
  taxon: Taxon,
  rank: string,
  index: number,
  ids: IdScheme,
  code: NomenclaturalCode,
): void {
  if (!rng.chance(SHARE[rank] ?? 0)) return;
  const count = rng.weighted([
    [1, 55],
    [2, 30],
    [3, 15],
  ] as const);
  const scientificName = taxon.scientificName ?? '';
  for (let k = 0; k < Math.min(count, MAX_SYNONYMS); k++) {
    let relation = rng.weighted(RELATIONS);
    if (relation === 'basionyms' && taxon.basionyms) relation = 'synonyms';
    const entry: SimpleTaxon = {
      id: ids.synonym(index, k),
      scientificName: synonymName(rng, rank, scientificName),
      scientificNameAuthorship:
        relation === 'misappliedNames'
          ? rng.pick(['auct.', 'sensu auct. fenn.', 'auct. non L.'])
          : authorship(rng, code, rank !== 'genus'),
    };
    const list = taxon[relation] ?? [];
    list.push(entry);
    taxon[relation] = list;
  }
}
