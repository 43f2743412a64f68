/**
 * Vernacular name fields of a taxon: `vernacularName`, the alternative, obsolete and colloquial
 * names, and the bird codes. Species names build on the genus base; a few names are reused
 * from recent taxa, as real checklists share names between taxa.
 */
import type { Taxon } from '../src/taxon/schema.ts';
import type { NodeContext } from './context.ts';
import type { Random } from './random.ts';
import type { Kingdom, Theme } from './themes.ts';
import {
  englishPlural,
  finnishPlural,
  genusBase,
  groupNames,
  swedishPlural,
  kingdomGroupNames,
  otherFinnishName,
  otherSwedishName,
  speciesNames,
  subspeciesNames,
  type Vernacular,
} from './vernacular-names.ts';

/** Recently used species names per theme, to share between taxa now and then. */
export class RecentNames {
  private readonly byTheme = new Map<string, Vernacular[]>();

  remember(theme: Theme | undefined, names: Vernacular): void {
    const key = theme?.key ?? '';
    const recent = this.byTheme.get(key) ?? [];
    if (recent.length >= 32) recent.shift();
    recent.push(names);
    this.byTheme.set(key, recent);
  }

  pick(rng: Random, theme: Theme | undefined): Vernacular | undefined {
    const recent = this.byTheme.get(theme?.key ?? '');
    return recent === undefined || recent.length === 0 ? undefined : rng.pick(recent);
  }
}

export interface NamedTaxon {
  /** All three names, before deciding which languages the taxon has. */
  names: Vernacular | undefined;
  /** What children build on. */
  base: Vernacular | undefined;
}

/** Chance that a taxon of this rank has a vernacular name (given its theme). */
function namedChance(rank: string, theme: Theme | undefined): number {
  const named = theme?.named ?? 0.5;
  if (rank === 'species') return named;
  if (rank === 'subspecies') return named * 0.35;
  if (rank === 'genus') return named * 0.8;
  if (rank === 'kingdom' || rank === 'class') return 1;
  return 0.65;
}

/** Builds the names of a taxon from its parent's context. */
export function nameTaxon(
  rng: Random,
  rank: string,
  parent: NodeContext,
  theme: Theme | undefined,
  kingdom: Kingdom,
): NamedTaxon {
  if (rank === 'kingdom') return { names: { ...kingdom.vernacular }, base: undefined };
  if (theme === undefined) {
    return { names: rng.chance(0.6) ? kingdomGroupNames(rng, kingdom.plural) : undefined, base: undefined };
  }
  if (rank === 'genus') {
    const base = genusBase(rng, theme);
    const names = rng.chance(namedChance(rank, theme)) ? plural(base) : undefined;
    return { names, base };
  }
  if (rank === 'species' || rank === 'subspecies') {
    const base = parent.base ?? genusBase(rng, theme);
    const names = rank === 'species' ? speciesNames(rng, base) : subspeciesNames(rng, base);
    return { names: rng.chance(namedChance(rank, theme)) ? names : undefined, base: names };
  }
  const named = rng.chance(namedChance(rank, theme));
  return { names: named ? groupNames(rng, theme, rank !== 'class' || rng.chance(0.5)) : undefined, base: undefined };
}

function plural(base: Vernacular): Vernacular {
  return { fi: finnishPlural(base.fi), sv: swedishPlural(base.sv), en: englishPlural(base.en) };
}

/** Which languages a named taxon has: always fi, usually sv, often en. */
export function vernacularName(rng: Random, names: Vernacular, rank: string): Taxon['vernacularName'] {
  const higher = rank !== 'species' && rank !== 'subspecies';
  const value: { fi: string; sv?: string; en?: string } = { fi: names.fi };
  if (rng.chance(higher ? 0.85 : 0.8)) value.sv = names.sv;
  if (rng.chance(higher ? 0.8 : 0.7)) value.en = names.en;
  return value;
}

/** Alternative, obsolete and colloquial names on about one named taxon in eight. */
export function addOtherNames(rng: Random, taxon: Taxon, base: Vernacular): void {
  if (!rng.chance(0.2)) return;
  const roll = rng.next();
  if (roll < 0.6) {
    const fi = [otherFinnishName(rng, base, false)];
    if (rng.chance(0.3)) fi.push(otherFinnishName(rng, base, false));
    taxon.alternativeVernacularName = rng.chance(0.3) ? { fi, sv: [otherSwedishName(rng, base)] } : { fi };
  } else if (roll < 0.85) {
    taxon.obsoleteVernacularName = { fi: [otherFinnishName(rng, base, false)] };
  } else {
    taxon.colloquialVernacularName = { fi: [otherFinnishName(rng, base, true)] };
  }
}

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[^a-zA-Z]/g, '')
    .toUpperCase();

/** BirdLife code from the Finnish name, EURING code from the scientific name. */
export function addBirdCodes(rng: Random, taxon: Taxon, base: Vernacular | undefined): void {
  const [genus = '', species = ''] = (taxon.scientificName ?? '').split(' ');
  if (rng.chance(0.9)) taxon.euringCode = fold(genus).slice(0, 3) + fold(species).slice(0, 3);
  if (base && taxon.vernacularName?.fi && rng.chance(0.85)) {
    const fi = taxon.vernacularName.fi;
    taxon.birdlifeCode = (
      fold(fi.slice(0, Math.max(1, fi.length - base.fi.length))).slice(0, 3) + fold(base.fi).slice(0, 3)
    ).padEnd(6, 'X');
  }
  if (rng.chance(0.5)) taxon.euringNumber = rng.int(100, 22_000);
}
