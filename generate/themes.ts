/**
 * Kingdoms and the themes below them. A theme (beetles, birds, sedges, polypores…) is picked at
 * class level and inherited: it gives the head words of the vernacular names, the informal
 * taxon groups, how often species have vernacular names, and the taxon sets they may belong to.
 */

/** Nomenclature code: decides the Latin suffixes and the style of the authorship. */
export type NomenclaturalCode = 'zoological' | 'botanical' | 'bacterial';

export interface Theme {
  readonly key: string;
  /** Groups of class-level taxa. */
  readonly classGroups: readonly string[];
  /** Sub-groups that order-level taxa may get. */
  readonly orderGroups: readonly string[];
  /** Head words in the singular (parallel lists; the same index is roughly the same thing). */
  readonly fi: readonly string[];
  readonly sv: readonly string[];
  readonly en: readonly string[];
  /** Chance that a species has a vernacular name at all. */
  readonly named: number;
  readonly bird?: boolean;
  readonly taxonSets?: readonly string[];
}

export interface Kingdom {
  readonly scientificName: string;
  readonly authorship: string;
  readonly code: NomenclaturalCode;
  readonly vernacular: { readonly fi: string; readonly sv: string; readonly en: string };
  /** Plural noun for vernacular names of phyla ("kasvit"), per language. */
  readonly plural: { readonly fi: string; readonly sv: string; readonly en: string };
  readonly themes: readonly (readonly [Theme, number])[];
}

const theme = (
  key: string,
  groups: [readonly string[], readonly string[]],
  words: [readonly string[], readonly string[], readonly string[]],
  named: number,
  extra: { bird?: boolean; taxonSets?: readonly string[] } = {},
): Theme => ({
  key,
  classGroups: groups[0],
  orderGroups: groups[1],
  fi: words[0],
  sv: words[1],
  en: words[2],
  named,
  ...extra,
});

const BIRD = theme(
  'bird',
  [['MVL.1'], ['MVL.1241', 'MVL.1141']],
  [
    [
      'kerttu',
      'tiainen',
      'sirkku',
      'pöllö',
      'sorsa',
      'kahlaaja',
      'haukka',
      'kyyhky',
      'käki',
      'tikka',
      'västäräkki',
      'peippo',
    ],
    ['sångare', 'mes', 'sparv', 'uggla', 'and', 'vipa', 'falk', 'duva', 'gök', 'hacka', 'ärla', 'fink'],
    ['Warbler', 'Tit', 'Bunting', 'Owl', 'Duck', 'Plover', 'Hawk', 'Dove', 'Cuckoo', 'Woodpecker', 'Wagtail', 'Finch'],
  ],
  0.97,
  {
    bird: true,
    taxonSets: ['MX.taxonSetWaterbirdWaterbirds', 'MX.taxonSetWaterbirdWaders', 'MX.taxonSetBirdAtlasCommon'],
  },
);

const MAMMAL = theme(
  'mammal',
  [['MVL.2'], ['MVL.187']],
  [
    ['myyrä', 'päästäinen', 'lepakko', 'näätä', 'hiiri', 'jänis'],
    ['sork', 'näbbmus', 'fladdermus', 'mård', 'mus', 'hare'],
    ['Vole', 'Shrew', 'Bat', 'Marten', 'Mouse', 'Hare'],
  ],
  0.95,
);

const FISH = theme(
  'fish',
  [['MVL.27'], []],
  [
    ['kala', 'ahven', 'särki', 'siika', 'kampela', 'simppu'],
    ['fisk', 'abborre', 'mört', 'sik', 'flundra', 'simpa'],
    ['Fish', 'Perch', 'Roach', 'Whitefish', 'Flounder', 'Sculpin'],
  ],
  0.9,
);

const BEETLE = theme(
  'beetle',
  [['MVL.33'], []],
  [
    ['kuoriainen', 'kärsäkäs', 'jäärä', 'sepikkä', 'lehtikuoriainen', 'jäytäjä'],
    ['skalbagge', 'vivel', 'bock', 'knäppare', 'bladbagge', 'gnagare'],
    ['Beetle', 'Weevil', 'Longhorn', 'Click Beetle', 'Leaf Beetle', 'Borer'],
  ],
  0.65,
);

const MOTH = theme(
  'moth',
  [['MVL.31'], ['MVL.181', 'MVL.183']],
  [
    ['perhonen', 'yökkönen', 'mittari', 'kääriäinen', 'koi', 'kiitäjä'],
    ['fjäril', 'nattfly', 'mätare', 'vecklare', 'mal', 'svärmare'],
    ['Moth', 'Dart', 'Carpet', 'Tortrix', 'Clothes Moth', 'Hawkmoth'],
  ],
  0.8,
  {
    taxonSets: [
      'MX.taxonSetSykeButterflyCensusPapilionoidea',
      'MX.taxonSetSykeButterflyCensusOther',
      'MX.taxonSetBiomonCompleteListButterflies',
    ],
  },
);

const FLY = theme(
  'fly',
  [['MVL.224'], ['MVL.341', 'MVL.342']],
  [
    ['kärpänen', 'sääski', 'surviainen', 'vaaksiainen', 'kukkakärpänen', 'mäkärä'],
    ['fluga', 'mygga', 'fjädermygga', 'harkrank', 'blomfluga', 'knott'],
    ['Fly', 'Midge', 'Gnat', 'Crane Fly', 'Hoverfly', 'Blackfly'],
  ],
  0.5,
);

const SPIDER = theme(
  'spider',
  [['MVL.38'], []],
  [
    ['hämähäkki', 'lukki', 'kehrääjä', 'hyppyhämähäkki', 'verkkohämähäkki'],
    ['spindel', 'lockespindel', 'spinnare', 'hoppspindel', 'täckvävare'],
    ['Spider', 'Harvestman', 'Weaver', 'Jumping Spider', 'Sheetweb Spider'],
  ],
  0.6,
);

const WASP = theme(
  'wasp',
  [['MVL.30'], []],
  [
    ['pistiäinen', 'ampiainen', 'kimalainen', 'muurahainen', 'mehiläinen', 'sahapistiäinen'],
    ['stekel', 'geting', 'humla', 'myra', 'bi', 'växtstekel'],
    ['Wasp', 'Hornet', 'Bumblebee', 'Ant', 'Bee', 'Sawfly'],
  ],
  0.55,
  { taxonSets: ['MX.taxonSetSykeBumblebee', 'MX.taxonSetBiomonCompleteListBombus'] },
);

const MOLLUSC = theme(
  'mollusc',
  [['MVL.40'], []],
  [
    ['kotilo', 'etana', 'simpukka', 'raakku', 'limakotilo'],
    ['snäcka', 'snigel', 'mussla', 'pärlmussla', 'kölsnigel'],
    ['Snail', 'Slug', 'Mussel', 'Pearl Mussel', 'Keelback Slug'],
  ],
  0.6,
  { taxonSets: ['MX.taxonSetSykeMacrozoobenthos'] },
);

const VASCULAR = theme(
  'vascular',
  [['MVL.343'], []],
  [
    ['heinä', 'sara', 'kukka', 'ruoho', 'vihvilä', 'lemmikki', 'kello', 'apila', 'ohdake', 'ruusu'],
    ['gräs', 'starr', 'blomma', 'ört', 'tåg', 'förgätmigej', 'klocka', 'klöver', 'tistel', 'ros'],
    ['Grass', 'Sedge', 'Flower', 'Wort', 'Rush', 'Forget-me-not', 'Bellflower', 'Clover', 'Thistle', 'Rose'],
  ],
  0.85,
  { taxonSets: ['MX.taxonSetBiomonCompleteListLargeFlowers', 'MX.taxonSetBiomonCompleteListSubarcticPlants'] },
);

const MOSS = theme(
  'moss',
  [['MVL.23'], []],
  [
    ['sammal', 'rahkasammal', 'maksasammal', 'karhunsammal'],
    ['mossa', 'vitmossa', 'levermossa', 'björnmossa'],
    ['Moss', 'Bog Moss', 'Liverwort', 'Haircap'],
  ],
  0.6,
);

const MUSHROOM = theme(
  'mushroom',
  [['MVL.24'], []],
  [
    ['sieni', 'tatti', 'rousku', 'seitikki', 'hapero', 'vahvero'],
    ['svamp', 'sopp', 'riska', 'spindling', 'kremla', 'kantarell'],
    ['Mushroom', 'Bolete', 'Milkcap', 'Webcap', 'Brittlegill', 'Chanterelle'],
  ],
  0.6,
  { taxonSets: ['MX.taxonSetBiomonCompleteListPracticalFungi'] },
);

const POLYPORE = theme(
  'polypore',
  [['MVL.122'], []],
  [
    ['kääpä', 'orvakka', 'nuijakas', 'haarakas'],
    ['ticka', 'skinn', 'klubba', 'fingersvamp'],
    ['Bracket', 'Crust', 'Club', 'Coral'],
  ],
  0.55,
  { taxonSets: ['MX.taxonSetBiomonCompleteListBracketFungi'] },
);

const LICHEN = theme(
  'lichen',
  [['MVL.25'], []],
  [
    ['jäkälä', 'naava', 'poronjäkälä', 'kesijäkälä', 'torajäkälä'],
    ['lav', 'skägglav', 'renlav', 'sköldlav', 'bägarlav'],
    ['Lichen', 'Beard Lichen', 'Reindeer Lichen', 'Shield Lichen', 'Cup Lichen'],
  ],
  0.45,
  { taxonSets: ['MX.taxonSetBiomonCompleteListMacrolichens'] },
);

const ALGA = theme(
  'alga',
  [['MVL.22'], []],
  [
    ['levä', 'piilevä', 'punalevä', 'viherlevä', 'ruskolevä'],
    ['alg', 'kiselalg', 'rödalg', 'grönalg', 'brunalg'],
    ['Alga', 'Diatom', 'Red Alga', 'Green Alga', 'Brown Alga'],
  ],
  0.15,
);

const PROTOZOAN = theme(
  'protozoan',
  [['MVL.41'], []],
  [
    ['alkueläin', 'ripsieläin', 'limasieni', 'ameba'],
    ['urdjur', 'ciliat', 'slemsvamp', 'amöba'],
    ['Protozoan', 'Ciliate', 'Slime Mould', 'Amoeba'],
  ],
  0.05,
);

const MICROBE = theme(
  'microbe',
  [['MVL.441'], []],
  [
    ['bakteeri', 'sauvabakteeri', 'kokki'],
    ['bakterie', 'stavbakterie', 'kock'],
    ['Bacterium', 'Bacillus', 'Coccus'],
  ],
  0.03,
);

const kingdom = (
  scientificName: string,
  authorship: string,
  code: NomenclaturalCode,
  names: [fi: string, sv: string, en: string],
  plural: [fi: string, sv: string, en: string],
  themes: readonly (readonly [Theme, number])[],
): Kingdom => ({
  scientificName,
  authorship,
  code,
  vernacular: { fi: names[0], sv: names[1], en: names[2] },
  plural: { fi: plural[0], sv: plural[1], en: plural[2] },
  themes,
});

/** In order of size; the tree gives the first ones the largest budgets. */
export const KINGDOMS: readonly Kingdom[] = [
  kingdom(
    'Animalia',
    'Linnaeus, 1758',
    'zoological',
    ['eläimet', 'djur', 'Animals'],
    ['eläimet', 'djur', 'Animals'],
    [
      [BEETLE, 3],
      [MOTH, 3],
      [FLY, 3],
      [WASP, 2],
      [SPIDER, 1],
      [MOLLUSC, 1],
      [BIRD, 1],
      [FISH, 1],
      [MAMMAL, 0.6],
    ],
  ),
  kingdom(
    'Plantae',
    'Haeckel, 1866',
    'botanical',
    ['kasvit', 'växter', 'Plants'],
    ['kasvit', 'växter', 'Plants'],
    [
      [VASCULAR, 3],
      [MOSS, 1],
    ],
  ),
  kingdom(
    'Fungi',
    'R.T. Moore, 1980',
    'botanical',
    ['sienet', 'svampar', 'Fungi'],
    ['sienet', 'svampar', 'Fungi'],
    [
      [MUSHROOM, 2],
      [POLYPORE, 1],
      [LICHEN, 1],
    ],
  ),
  kingdom(
    'Chromista',
    'Cavalier-Smith, 1981',
    'botanical',
    ['kromistit', 'kromister', 'Chromists'],
    ['levät', 'alger', 'Algae'],
    [[ALGA, 1]],
  ),
  kingdom(
    'Protozoa',
    'Goldfuss, 1818',
    'zoological',
    ['alkueläimet', 'urdjur', 'Protozoans'],
    ['alkueläimet', 'urdjur', 'Protozoans'],
    [[PROTOZOAN, 1]],
  ),
  kingdom(
    'Bacteria',
    'Cavalier-Smith, 2002',
    'bacterial',
    ['bakteerit', 'bakterier', 'Bacteria'],
    ['bakteerit', 'bakterier', 'Bacteria'],
    [[MICROBE, 1]],
  ),
  kingdom(
    'Archaea',
    'Woese et al., 1990',
    'bacterial',
    ['arkit', 'arkéer', 'Archaea'],
    ['arkit', 'arkéer', 'Archaea'],
    [[MICROBE, 1]],
  ),
];

export function kingdomAt(ordinal: number): Kingdom {
  const found = KINGDOMS[ordinal];
  if (found === undefined) throw new Error(`no kingdom ${ordinal}`);
  return found;
}
