/**
 * Enumeration values used by the generator: a short, hand-picked subset of the real MX/MKV/HBE
 * enumerations (IUCN statuses, habitats, administrative statuses, occurrence types…).
 */

export const NAME_ACCORDING_TO = 'MR.1';
export const ROOT_ID = 'MX.37600';

/** Red-list evaluation years of the Finnish red lists, newest first. */
export const RED_LIST_YEARS = [2019, 2015, 2010, 2000] as const;

/** IUCN categories in order of threat, with their weight among evaluated species. */
export const IUCN_STATUSES: readonly (readonly [string, number])[] = [
  ['MX.iucnLC', 60],
  ['MX.iucnNT', 10],
  ['MX.iucnVU', 7],
  ['MX.iucnEN', 5],
  ['MX.iucnCR', 3],
  ['MX.iucnRE', 2],
  ['MX.iucnDD', 7],
  ['MX.iucnNA', 6],
];

export const THREATENED = new Set(['MX.iucnVU', 'MX.iucnEN', 'MX.iucnCR']);

export const HABITATS = [
  'MKV.habitatM',
  'MKV.habitatMk',
  'MKV.habitatMkk',
  'MKV.habitatMkt',
  'MKV.habitatMl',
  'MKV.habitatMlt',
  'MKV.habitatMt',
  'MKV.habitatMtl',
  'MKV.habitatS',
  'MKV.habitatSl',
  'MKV.habitatSn',
  'MKV.habitatSr',
  'MKV.habitatSk',
  'MKV.habitatV',
  'MKV.habitatVi',
  'MKV.habitatVs',
  'MKV.habitatVa',
  'MKV.habitatVj',
  'MKV.habitatR',
  'MKV.habitatRi',
  'MKV.habitatRj',
  'MKV.habitatK',
  'MKV.habitatKk',
  'MKV.habitatKr',
  'MKV.habitatT',
  'MKV.habitatTk',
  'MKV.habitatTn',
  'MKV.habitatTlä',
  'MKV.habitatI',
  'MKV.habitatIn',
  'MKV.habitatIt',
  'MKV.habitatU',
] as const;

export const HABITAT_SPECIFIC_TYPES = [
  'MKV.habitatSpecificTypeV',
  'MKV.habitatSpecificTypeH',
  'MKV.habitatSpecificTypeP',
  'MKV.habitatSpecificTypeJ',
  'MKV.habitatSpecificTypePAK',
  'MKV.habitatSpecificTypeKE',
] as const;

export const ADMIN_STATUSES = [
  'MX.finlex160_1997_appendix4_2021',
  'MX.finlex160_1997_appendix4_specialInterest_2021',
  'MX.finlex160_1997_appendix2a',
  'MX.habitatsDirectiveAnnexII',
  'MX.habitatsDirectiveAnnexIV',
  'MX.habitatsDirectiveAnnexV',
  'MX.primaryInterestInEU',
  'MX.cites_appendixII',
  'MX.finnishEnvironmentInstitute2020protectionPrioritySpecies',
  'MX.unprotectedSpecies',
  'MX.cropWildRelative',
  'MX.forestCentreSpecies',
  'MX.regionallyThreatened2020_1a',
] as const;

export const BIRD_ADMIN_STATUSES = [
  'MX.birdsDirectiveStatusAppendix1',
  'MX.birdsDirectiveStatusAppendix2A',
  'MX.birdsDirectiveStatusMigratoryBirds',
  'MX.gameBird',
] as const;

export const INVASIVE_ADMIN_STATUSES = [
  'MX.nationallySignificantInvasiveSpecies',
  'MX.euInvasiveSpeciesList',
  'MX.nationalInvasiveSpeciesStrategy',
  'MX.otherInvasiveSpeciesList',
] as const;

export const INVASIVE_ESTABLISHMENT = [
  'MX.invasiveEstablished',
  'MX.invasiveSporadic',
  'MX.invasiveNotYetInFinland',
  'MX.invasiveEstablishmentUnknown',
] as const;

export const INVASIVE_MAIN_GROUPS = ['HBE.MG2', 'HBE.MG3', 'HBE.MG4', 'HBE.MG5', 'HBE.MG6', 'HBE.MG7'] as const;

export const OCCURRENCE_TYPES: readonly (readonly [string, number])[] = [
  ['MX.typeOfOccurrenceStablePopulation', 6],
  ['MX.typeOfOccurrenceCommon', 4],
  ['MX.typeOfOccurrenceRare', 2],
  ['MX.typeOfOccurrenceVeryRare', 1],
  ['MX.typeOfOccurrenceVagrant', 1],
  ['MX.typeOfOccurrenceAnthropogenic', 0.6],
  ['MX.typeOfOccurrenceExtirpated', 0.3],
  ['MX.typeOfOccurrenceUncertain', 0.5],
  ['MX.typeOfOccurrenceOldRecords', 0.3],
  ['MX.typeOfOccurrenceNotEvaluated', 0.3],
];

export const BIRD_OCCURRENCE_TYPES = [
  'MX.typeOfOccurrenceRegularBreeder',
  'MX.typeOfOccurrenceIrregularBreeder',
  'MX.typeOfOccurrencePassageMigrant',
  'MX.typeOfOccurrenceBirdLifeCategoryA',
] as const;

export const OCCURRENCE_IN_FINLAND = [
  'MX.occurrenceInFinlandObserved',
  'MX.occurrenceInFinlandPublished',
  'MX.occurrenceInFinlandCollected',
  'MX.occurrenceInFinlandObservedUncertain',
] as const;

export const SECURE_LEVELS = ['MX.secureLevelKM10', 'MX.secureLevelKM25', 'MX.secureLevelKM50'] as const;
