/**
 * Checklist versions. `current` is the generated checklist itself; the older versions are derived
 * from it deterministically: the same tree, with red-list statuses of the version's year, a few
 * statuses changed, and a few names swapped with their alternatives.
 */
import type { ChecklistVersion } from '../src/taxon/catalog.ts';
import type { Taxon } from '../src/taxon/schema.ts';
import type { Random } from './random.ts';
import { neighbourStatus } from './status-fields.ts';

interface VersionSpec {
  readonly name: readonly [fi: string, sv: string, en: string];
  readonly date?: string;
  /** Red list the version belongs to: statuses of later evaluations are not in it. */
  readonly redListYear?: number;
  /** Chance that an evaluated taxon's status differs from the current one. */
  readonly statusChange: number;
}

const VERSIONS: Readonly<Record<string, VersionSpec>> = {
  current: { name: ['Nykyinen', 'Nuvarande', 'Current'], statusChange: 0 },
  'MR.424': { name: ['Uhanalaisuusarviointi 2019', 'Rödlistan 2019', 'Red List 2019'], date: '2019-03-08', redListYear: 2019, statusChange: 0.05 },
  'MR.425': { name: ['Uhanalaisuusarviointi 2015', 'Rödlistan 2015', 'Red List 2015'], date: '2015-12-01', redListYear: 2015, statusChange: 0.05 },
  'MR.426': { name: ['Uhanalaisuusarviointi 2010', 'Rödlistan 2010', 'Red List 2010'], date: '2010-12-01', redListYear: 2010, statusChange: 0.05 },
  'MR.427': { name: ['Uhanalaisuusarviointi 2000', 'Rödlistan 2000', 'Red List 2000'], date: '2000-12-01', redListYear: 2000, statusChange: 0.05 },
  'MR.428': { name: ['Tarkistuslista 2021', 'Checklista 2021', 'Checklist 2021'], date: '2021-06-01', statusChange: 0.03 },
  'MR.484': { name: ['Alueellinen uhanalaisuus 2020', 'Regional rödlista 2020', 'Regional Red List 2020'], date: '2020-06-01', statusChange: 0.1 },
};

export const KNOWN_VERSIONS: readonly string[] = Object.keys(VERSIONS);

function specOf(version: string): VersionSpec {
  const spec = VERSIONS[version];
  if (spec === undefined) throw new RangeError(`Unknown checklist version '${version}' (known: ${KNOWN_VERSIONS.join(', ')})`);
  return spec;
}

/** The `checklist-versions.json` entry of a version. */
export function versionMetadata(version: string): ChecklistVersion {
  const { name, date } = specOf(version);
  return { id: version, versionName: { fi: name[0], sv: name[1], en: name[2] }, ...(date ? { versionDate: date } : {}) };
}

/** Red-list fields as they stood in the version's year. */
function redListAsOf(rng: Random, taxon: Taxon, spec: VersionSpec): void {
  const history = taxon.redListStatusesInFinland;
  if (!history) return;
  const kept = spec.redListYear === undefined ? history : history.filter((entry) => (entry.year ?? 0) <= (spec.redListYear ?? 0));
  const changed = kept.map((entry) => (rng.chance(spec.statusChange) ? { ...entry, status: neighbourStatus(rng, entry.status ?? '') } : entry));
  const latest = changed[0];
  if (latest === undefined) {
    delete taxon.redListStatusesInFinland;
    delete taxon.latestRedListStatusFinland;
    return;
  }
  taxon.redListStatusesInFinland = changed;
  taxon.latestRedListStatusFinland = { ...latest };
}

/** Swaps the Finnish name with its first alternative now and then. */
function renamed(rng: Random, taxon: Taxon): void {
  const [alternative, ...others] = taxon.alternativeVernacularName?.fi ?? [];
  const current = taxon.vernacularName?.fi;
  if (alternative === undefined || current === undefined || !rng.chance(0.1)) return;
  taxon.vernacularName = { ...taxon.vernacularName, fi: alternative };
  taxon.alternativeVernacularName = { ...taxon.alternativeVernacularName, fi: [current, ...others] };
}

/** The taxon as it is in `version` (a new object; `current` returns the taxon itself). */
export function taxonInVersion(rng: Random, taxon: Taxon, version: string): Taxon {
  const spec = specOf(version);
  if (version === 'current') return taxon;
  const copy: Taxon = { ...taxon };
  redListAsOf(rng, copy, spec);
  if (copy.administrativeStatuses && rng.chance(0.1)) delete copy.administrativeStatuses;
  if (copy.invasiveSpecies && (spec.redListYear ?? 2100) < 2015 && rng.chance(0.5)) {
    delete copy.invasiveSpecies;
    delete copy.invasiveSpeciesEstablishment;
  }
  renamed(rng, copy);
  return copy;
}
