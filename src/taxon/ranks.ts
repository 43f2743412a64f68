/** Taxon ranks from the highest to the lowest, as the checklist's rank enumeration orders them. */
export const TAXON_RANKS = [
  'MX.superdomain', 'MX.domain', 'MX.kingdom', 'MX.subkingdom', 'MX.infrakingdom', 'MX.superphylum',
  'MX.phylum', 'MX.subphylum', 'MX.infraphylum', 'MX.superdivision', 'MX.division', 'MX.subdivision',
  'MX.infradivision', 'MX.superclass', 'MX.class', 'MX.subclass', 'MX.infraclass', 'MX.parvclass',
  'MX.superorder', 'MX.order', 'MX.suborder', 'MX.infraorder', 'MX.parvorder', 'MX.superfamily',
  'MX.family', 'MX.subfamily', 'MX.tribe', 'MX.subtribe', 'MX.supergenus', 'MX.genus', 'MX.nothogenus',
  'MX.subgenus', 'MX.section', 'MX.subsection', 'MX.series', 'MX.subseries', 'MX.infragenericTaxon',
  'MX.aggregate', 'MX.speciesAggregate', 'MX.species', 'MX.nothospecies', 'MX.infraspecificTaxon',
  'MX.subspecificAggregate', 'MX.subspecies', 'MX.nothosubspecies', 'MX.variety', 'MX.subvariety',
  'MX.form', 'MX.subform', 'MX.hybrid', 'MX.anamorph', 'MX.ecotype', 'MX.populationGroup',
  'MX.intergenericHybrid', 'MX.infragenericHybrid', 'MX.cultivar', 'MX.group', 'MX.grex',
] as const;

const RANK_POSITION = new Map<string, number>(TAXON_RANKS.map((rank, i) => [rank, i]));
const SPECIES_AGGREGATE = RANK_POSITION.get('MX.speciesAggregate')!;

/** Species level or below (species aggregates included): what `species: true` means. */
export function isSpeciesLevel(rank: string | undefined): boolean {
  const position = rank === undefined ? undefined : RANK_POSITION.get(rank);
  return position !== undefined && position >= SPECIES_AGGREGATE;
}
