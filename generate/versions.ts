/**
 * Checklist versions. `current` is the generated checklist itself; the older versions are derived
 * from it deterministically, taxon by taxon while streaming (version-taxa.ts), and drift the way
 * real checklist versions do. Ordered by date (current, MR.428 2021, MR.484 2020, MR.424 2019,
 * MR.425 2015, MR.426 2010, MR.427 2000), each step back undoes about 1 % of the taxa per kind of
 * change (drift.ts has the rates), cumulatively, so farther versions differ more:
 * - added: species and subspecies without children are absent from older versions;
 * - removed: older versions have an extra species next to a current one, under the same genus;
 * - moved: taxa from order to genus had a sibling of their parent as parent;
 * - renamed: species and subspecies had one of their synonyms as name (`current` keeps it as a synonym);
 * - changed: red-list statuses of the version's year and revised, administrative statuses and
 *   invasiveness missing, vernacular names swapped, added or dropped, synonyms added or dropped.
 */
import type { ChecklistVersion } from '../src/taxon/catalog.ts';
import type { SimpleTaxon, Taxon } from '../src/taxon/schema.ts';
import { Drift } from './drift.ts';
import type { IdScheme } from './ids.ts';
import { authorship } from './latin-names.ts';
import { neighbourStatus } from './status-fields.ts';
import { synonymName } from './synonym-fields.ts';
import type { NomenclaturalCode } from './themes.ts';
import { otherFinnishName } from './vernacular-names.ts';

interface VersionSpec {
  readonly name: readonly [fi: string, sv: string, en: string];
  readonly date?: string;
  /** Red list the version belongs to: statuses of later evaluations are not in it. */
  readonly redListYear?: number;
}

const VERSIONS: Readonly<Record<string, VersionSpec>> = {
  current: { name: ['Nykyinen', 'Nuvarande', 'Current'] },
  'MR.424': {
    name: ['Uhanalaisuusarviointi 2019', 'Rödlistan 2019', 'Red List 2019'],
    date: '2019-03-08',
    redListYear: 2019,
  },
  'MR.425': {
    name: ['Uhanalaisuusarviointi 2015', 'Rödlistan 2015', 'Red List 2015'],
    date: '2015-12-01',
    redListYear: 2015,
  },
  'MR.426': {
    name: ['Uhanalaisuusarviointi 2010', 'Rödlistan 2010', 'Red List 2010'],
    date: '2010-12-01',
    redListYear: 2010,
  },
  'MR.427': {
    name: ['Uhanalaisuusarviointi 2000', 'Rödlistan 2000', 'Red List 2000'],
    date: '2000-12-01',
    redListYear: 2000,
  },
  'MR.428': { name: ['Tarkistuslista 2021', 'Checklista 2021', 'Checklist 2021'], date: '2021-06-01' },
  'MR.484': {
    name: ['Alueellinen uhanalaisuus 2020', 'Regional rödlista 2020', 'Regional Red List 2020'],
    date: '2020-06-01',
  },
};

export const KNOWN_VERSIONS: readonly string[] = Object.keys(VERSIONS);

/** From the newest (`current`, no date) to the oldest. */
const dateOf = (version: string): string => VERSIONS[version]?.date ?? '9999-12-31';
const BY_DATE: readonly string[] = [...KNOWN_VERSIONS].sort((a, b) =>
  dateOf(a) < dateOf(b) ? 1 : dateOf(a) > dateOf(b) ? -1 : 0,
);

function specOf(version: string): VersionSpec {
  const spec = VERSIONS[version];
  if (spec === undefined)
    throw new RangeError(`Unknown checklist version '${version}' (known: ${KNOWN_VERSIONS.join(', ')})`);
  return spec;
}

/** The version's distance from `current` in date order: 0 for `current`, 6 for the oldest. */
export function versionStep(version: string): number {
  specOf(version);
  return BY_DATE.indexOf(version);
}

/** The `checklist-versions.json` entry of a version. */
export function versionMetadata(version: string): ChecklistVersion {
  const { name, date } = specOf(version);
  return {
    id: version,
    versionName: { fi: name[0], sv: name[1], en: name[2] },
    ...(date ? { versionDate: date } : {}),
  };
}

/** Where a taxon is in the generated tree, for the changes that depend on it. */
export interface TaxonPlace {
  /** Pre-order position in `current`. */
  readonly index: number;
  /** Short rank name (`species`). */
  readonly rank: string;
  /** No children in `current`. */
  readonly leaf: boolean;
  readonly code: NomenclaturalCode;
  /** `Drift.key` of the taxon's id. */
  readonly key: number;
}

const SYNONYM_FIELDS = ['synonyms', 'basionyms', 'heterotypicSynonyms', 'misappliedNames'] as const;
type SynonymField = (typeof SYNONYM_FIELDS)[number];

/** Sets a synonym list, or removes the field when the list is empty. */
function setList(taxon: Taxon, field: SynonymField, list: SimpleTaxon[]): void {
  if (list.length > 0) taxon[field] = list;
  else delete taxon[field];
}

/** The field edits of one older version; `edit` gives a taxon's fields as they were in it. */
export class VersionEdits {
  readonly drift: Drift;
  private readonly spec: VersionSpec;

  constructor(
    readonly version: string,
    seed: number,
    private readonly ids: IdScheme,
  ) {
    this.spec = specOf(version);
    this.drift = new Drift(seed, versionStep(version));
  }

  /** The taxon as it is in the version (a new object; `current` returns the taxon itself). */
  edit(taxon: Taxon, place: TaxonPlace): Taxon {
    if (this.drift.step === 0) return taxon;
    const copy: Taxon = { ...taxon };
    const source = this.renameSource(taxon, place);
    this.synonymsAsOf(copy, place, source);
    if (source !== undefined && this.drift.happened('renamed', place.key)) this.rename(copy, source);
    this.extraSynonym(copy, place);
    this.redListAsOf(copy, place.key);
    this.statusesAsOf(copy, place.key);
    this.vernacularAsOf(copy, place.key);
    return copy;
  }

  /** The synonym a species-like leaf could have been named by: its first basionym or synonym. */
  private renameSource(taxon: Taxon, place: TaxonPlace): [SynonymField, SimpleTaxon] | undefined {
    if (!place.leaf || (place.rank !== 'species' && place.rank !== 'subspecies')) return undefined;
    if (taxon.basionyms?.[0]?.scientificName) return ['basionyms', taxon.basionyms[0]];
    if (taxon.synonyms?.[0]?.scientificName) return ['synonyms', taxon.synonyms[0]];
    return undefined;
  }

  /** The old combination: the synonym's name and authorship, and no longer a synonym of itself. */
  private rename(taxon: Taxon, [field, synonym]: [SynonymField, SimpleTaxon]): void {
    taxon.scientificName = synonym.scientificName;
    taxon.scientificNameAuthorship = synonym.scientificNameAuthorship;
    setList(
      taxon,
      field,
      (taxon[field] ?? []).filter((entry) => entry !== synonym),
    );
  }

  /** Drops the last synonym that a rename does not take, when it was added later. */
  private synonymsAsOf(taxon: Taxon, place: TaxonPlace, source: [SynonymField, SimpleTaxon] | undefined): void {
    let last: [SynonymField, SimpleTaxon] | undefined;
    for (const field of SYNONYM_FIELDS) {
      const list = taxon[field];
      if (list === undefined) continue;
      for (const entry of list) if (entry !== source?.[1]) last = [field, entry];
    }
    if (last === undefined || !this.drift.happened('synonymAdded', place.key)) return;
    const [field, entry] = last;
    setList(
      taxon,
      field,
      (taxon[field] ?? []).filter((other) => other !== entry),
    );
  }

  /** A synonym the version has and later ones dropped. */
  private extraSynonym(taxon: Taxon, place: TaxonPlace): void {
    const { rank, key } = place;
    if (
      (rank !== 'species' && rank !== 'subspecies' && rank !== 'genus') ||
      !this.drift.happened('synonymDropped', key)
    )
      return;
    const rng = this.drift.random('synonymDropped', key);
    const entry: SimpleTaxon = {
      id: this.ids.droppedSynonym(place.index),
      scientificName: synonymName(rng, rank, taxon.scientificName ?? ''),
      scientificNameAuthorship: authorship(rng, place.code, rank !== 'genus'),
    };
    taxon.synonyms = [...(taxon.synonyms ?? []), entry];
  }

  /** Red-list assessments as they stood in the version's year, some with a status revised since. */
  private redListAsOf(taxon: Taxon, key: number): void {
    const history = taxon.redListStatusesInFinland;
    if (!history) return;
    const year = this.spec.redListYear;
    const kept = year === undefined ? history : history.filter((entry) => (entry.year ?? 0) <= year);
    const revised = kept.map((entry) => {
      if (!this.drift.happened('redListStatus', key, entry.year ?? 0)) return entry;
      return {
        ...entry,
        status: neighbourStatus(this.drift.random('redListStatus', key, entry.year ?? 0), entry.status ?? ''),
      };
    });
    const latest = revised[0];
    if (latest === undefined) {
      delete taxon.redListStatusesInFinland;
      delete taxon.latestRedListStatusFinland;
      return;
    }
    taxon.redListStatusesInFinland = revised;
    taxon.latestRedListStatusFinland = { ...latest };
  }

  /** Administrative statuses given later, and invasiveness noted only from 2015 on for half the invasive taxa. */
  private statusesAsOf(taxon: Taxon, key: number): void {
    const statuses = taxon.administrativeStatuses;
    if (statuses && statuses.length > 0 && this.drift.happened('administrativeStatus', key)) {
      if (statuses.length > 1) taxon.administrativeStatuses = statuses.slice(0, -1);
      else delete taxon.administrativeStatuses;
    }
    if (taxon.invasiveSpecies && (this.spec.redListYear ?? 2100) < 2015 && this.drift.uniform('invasive', key) < 0.5) {
      delete taxon.invasiveSpecies;
      delete taxon.invasiveSpeciesEstablishment;
    }
  }

  /** Finnish names swapped with an alternative, languages added later, alternative names dropped since. */
  private vernacularAsOf(taxon: Taxon, key: number): void {
    const names = taxon.vernacularName;
    const fi = names?.fi;
    if (names === undefined || fi === undefined) return;
    const [alternative, ...others] = taxon.alternativeVernacularName?.fi ?? [];
    if (alternative !== undefined && this.drift.happened('vernacularSwapped', key)) {
      taxon.vernacularName = { ...names, fi: alternative };
      taxon.alternativeVernacularName = { ...taxon.alternativeVernacularName, fi: [fi, ...others] };
    }
    if (this.drift.happened('vernacularAdded', key)) {
      const { en, sv, ...rest } = taxon.vernacularName ?? {};
      if (en !== undefined) taxon.vernacularName = { ...rest, ...(sv !== undefined ? { sv } : {}) };
      else if (sv !== undefined) taxon.vernacularName = rest;
      else delete taxon.vernacularName;
    }
    if (taxon.alternativeVernacularName === undefined && this.drift.happened('vernacularDropped', key)) {
      const rng = this.drift.random('vernacularDropped', key);
      taxon.alternativeVernacularName = { fi: [otherFinnishName(rng, { fi, sv: '', en: '' }, rng.chance(0.5))] };
    }
  }
}
