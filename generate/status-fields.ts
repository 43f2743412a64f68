/**
 * Statuses of species-level taxa: occurrence in Finland, red-list statuses, administrative
 * statuses, invasiveness, habitats and taxon sets, at roughly the shares the real checklist has.
 */
import type { Taxon } from '../src/taxon/schema.ts';
import type { Random } from './random.ts';
import type { Theme } from './themes.ts';
import {
  ADMIN_STATUSES,
  BIRD_ADMIN_STATUSES,
  BIRD_OCCURRENCE_TYPES,
  HABITATS,
  HABITAT_SPECIFIC_TYPES,
  INVASIVE_ADMIN_STATUSES,
  INVASIVE_ESTABLISHMENT,
  INVASIVE_MAIN_GROUPS,
  IUCN_STATUSES,
  OCCURRENCE_IN_FINLAND,
  OCCURRENCE_TYPES,
  RED_LIST_YEARS,
  SECURE_LEVELS,
  THREATENED,
} from './vocabulary.ts';

const IUCN_ORDER = IUCN_STATUSES.map(([status]) => status);

/** A status one step more or less threatened (within LC…RE), or the same. */
export function neighbourStatus(rng: Random, status: string): string {
  const at = IUCN_ORDER.indexOf(status);
  if (at < 0 || at > 5) return status;
  const next = Math.min(5, Math.max(0, at + (rng.chance(0.5) ? 1 : -1)));
  return IUCN_ORDER[next] ?? status;
}

function addOccurrence(rng: Random, taxon: Taxon, theme: Theme | undefined): void {
  if (!taxon.finnish) {
    if (rng.chance(0.3)) taxon.typeOfOccurrenceInFinland = ['MX.doesNotOccur'];
    return;
  }
  if (rng.chance(0.8)) {
    const types = [rng.weighted(OCCURRENCE_TYPES)];
    if (theme?.bird && rng.chance(0.7)) types.push(rng.pick(BIRD_OCCURRENCE_TYPES));
    taxon.typeOfOccurrenceInFinland = types;
  }
  if (rng.chance(0.4)) taxon.occurrenceInFinland = rng.pick(OCCURRENCE_IN_FINLAND);
}

function addRedList(rng: Random, taxon: Taxon): void {
  if (!rng.chance(taxon.finnish ? 0.2 : 0.03)) return;
  const latest = rng.weighted(IUCN_STATUSES);
  const year = RED_LIST_YEARS[0];
  taxon.latestRedListStatusFinland = { status: latest, year };
  const history: { status: string; year: number }[] = [{ status: latest, year }];
  let status = latest;
  for (const older of RED_LIST_YEARS.slice(1)) {
    if (!rng.chance(0.7)) break;
    if (rng.chance(0.25)) status = neighbourStatus(rng, status);
    history.push({ status, year: older });
  }
  taxon.redListStatusesInFinland = history;
  if (THREATENED.has(latest) && rng.chance(0.2)) taxon.secureLevel = rng.pick(SECURE_LEVELS);
}

function addAdministrative(rng: Random, taxon: Taxon, theme: Theme | undefined): void {
  const threatened = THREATENED.has(taxon.latestRedListStatusFinland?.status ?? '');
  if (!rng.chance(threatened ? 0.35 : theme?.bird ? 0.4 : 0.04)) return;
  const statuses = new Set<string>();
  if (theme?.bird) statuses.add(rng.pick(BIRD_ADMIN_STATUSES));
  if (threatened && rng.chance(0.6)) statuses.add('MX.finlex160_1997_appendix4_2021');
  if (statuses.size === 0 || rng.chance(0.3)) statuses.add(rng.pick(ADMIN_STATUSES));
  taxon.administrativeStatuses = [...statuses];
}

function addInvasive(rng: Random, taxon: Taxon): void {
  if (!rng.chance(0.01)) return;
  taxon.invasiveSpecies = true;
  taxon.invasiveSpeciesEstablishment = rng.pick(INVASIVE_ESTABLISHMENT);
  taxon.invasiveSpeciesMainGroups = [rng.pick(INVASIVE_MAIN_GROUPS)];
  taxon.typeOfOccurrenceInFinland = ['MX.typeOfOccurrenceAnthropogenic'];
  if (rng.chance(0.6)) {
    taxon.administrativeStatuses = [...(taxon.administrativeStatuses ?? []), rng.pick(INVASIVE_ADMIN_STATUSES)];
  }
}

function addHabitats(rng: Random, taxon: Taxon): void {
  if (!rng.chance(0.2)) return;
  const primary: { habitat: string; habitatSpecificTypes?: string[] } = { habitat: rng.pick(HABITATS) };
  if (rng.chance(0.2)) primary.habitatSpecificTypes = [rng.pick(HABITAT_SPECIFIC_TYPES)];
  taxon.primaryHabitat = primary;
  if (rng.chance(0.7)) {
    const others = rng.sample(HABITATS, rng.int(1, 3)).filter((habitat) => habitat !== primary.habitat);
    if (others.length > 0) taxon.secondaryHabitats = others.map((habitat) => ({ habitat }));
  }
}

/** Occurrence, red list, administrative, invasive, habitat and taxon-set fields. */
export function addSpeciesStatuses(rng: Random, taxon: Taxon, theme: Theme | undefined): void {
  addOccurrence(rng, taxon, theme);
  addRedList(rng, taxon);
  addAdministrative(rng, taxon, theme);
  addInvasive(rng, taxon);
  addHabitats(rng, taxon);
  if (theme?.taxonSets && rng.chance(0.08)) taxon.taxonSets = [rng.pick(theme.taxonSets)];
}

/** Subspecies: occurrence and now and then a red-list status. */
export function addSubspeciesStatuses(rng: Random, taxon: Taxon, theme: Theme | undefined): void {
  addOccurrence(rng, taxon, theme);
  if (rng.chance(0.3)) addRedList(rng, taxon);
}
