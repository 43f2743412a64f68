/**
 * Finnish, Swedish and English vernacular names: compounds of a modifier, a stem and a head word
 * from the theme ("iso" + "käpy" + "kärpänen"). Finnish stems follow vowel harmony, so names
 * read as words and carry ä/ö often; Swedish ones carry å/ä/ö.
 */
import type { Random } from './random.ts';
import type { Theme } from './themes.ts';

export interface Vernacular {
  fi: string;
  sv: string;
  en: string;
}

const FI_FRONT = [
  'kä',
  'pä',
  'hä',
  'mä',
  'lä',
  'nä',
  'sä',
  'tä',
  'vä',
  'jä',
  'rä',
  'kö',
  'pö',
  'lö',
  'tö',
  'sö',
  'hö',
  'ky',
  'py',
  'ly',
  'sy',
  'ty',
  'ny',
  'vy',
  'kää',
  'pää',
  'sää',
  'jää',
  'kyy',
  'syy',
  'ke',
  'pe',
  'te',
  'le',
  'ki',
  'pi',
  'ti',
  'li',
];
const FI_BACK = [
  'ka',
  'pa',
  'ha',
  'ma',
  'la',
  'na',
  'sa',
  'ta',
  'va',
  'ja',
  'ra',
  'ko',
  'po',
  'lo',
  'to',
  'so',
  'ho',
  'ku',
  'pu',
  'lu',
  'su',
  'tu',
  'nu',
  'vu',
  'ru',
  'kaa',
  'paa',
  'saa',
  'kuu',
  'puu',
  'suu',
  'luo',
  'kai',
  'ke',
  'le',
  'ki',
  'ti',
];
const FI_CODAS = ['k', 'l', 'n', 'r', 's', 't', 'h'];
const FI_WORDS = [
  'käpy',
  'mänty',
  'kuusi',
  'koivu',
  'paju',
  'leppä',
  'haapa',
  'kanerva',
  'suo',
  'kallio',
  'hiekka',
  'kaarna',
  'lehti',
  'juuri',
  'kivi',
  'lumi',
  'jää',
  'yö',
  'päivä',
  'kesä',
  'kevät',
  'syys',
  'talvi',
  'hämärä',
  'järvi',
  'lampi',
  'joki',
  'meri',
  'ranta',
  'niitty',
  'keto',
  'nummi',
  'korpi',
  'räme',
  'lehto',
  'tunturi',
  'pelto',
  'kääpä',
  'sieni',
  'tähti',
];
const FI_SIZE = ['iso', 'pikku', 'kääpiö', 'jätti', 'suur'];
const FI_COLOUR = [
  'musta',
  'valko',
  'kelta',
  'puna',
  'sini',
  'viher',
  'harmaa',
  'ruskea',
  'kirjo',
  'täplä',
  'juova',
  'hopea',
  'kulta',
  'vaalea',
  'tumma',
  'ruoste',
];
const FI_BODY = [
  'pää',
  'siipi',
  'selkä',
  'kylki',
  'rinta',
  'kaula',
  'jalka',
  'sarvi',
  'häntä',
  'nokka',
  'kärsä',
  'lakki',
];
const FI_PLACE = [
  'metsä',
  'suo',
  'järvi',
  'niitty',
  'kangas',
  'tunturi',
  'ranta',
  'lehto',
  'kallio',
  'pohjan',
  'idän',
  'lapin',
  'hieta',
  'korpi',
  'nummi',
  'etelän',
];

const SV_ONSETS = [
  'b',
  'd',
  'f',
  'g',
  'h',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  't',
  'v',
  'sk',
  'st',
  'bl',
  'gr',
  'kr',
  'fl',
  'sl',
  'sp',
];
const SV_VOWELS = ['a', 'e', 'i', 'o', 'u', 'å', 'ä', 'ö', 'å', 'ä', 'ö'];
const SV_CODAS = ['', 'l', 'n', 'r', 's', 't', 'k', 'g', 'ng', 'ck', 'rn', 'll'];
const SV_WORDS = [
  'tall',
  'gran',
  'björk',
  'kotte',
  'bark',
  'löv',
  'rot',
  'sten',
  'snö',
  'ärt',
  'kärr',
  'myr',
  'äng',
  'hed',
  'strand',
  'sjö',
  'bäck',
  'klöver',
  'tistel',
  'nässel',
  'sälg',
  'fjäll',
  'ljung',
  'blåbär',
  'lingon',
  'hassel',
  'ek',
  'asp',
  'vide',
  'säv',
  'vass',
  'lärk',
  'åker',
  'lund',
  'hav',
  'ö',
  'bergs',
  'mörker',
  'sommar',
  'vinter',
];
const SV_SIZE = ['stor', 'små', 'dvärg', 'jätte', 'större', 'mindre'];
const SV_COLOUR = [
  'svart',
  'vit',
  'gul',
  'röd',
  'blå',
  'grön',
  'grå',
  'brun',
  'brokig',
  'fläck',
  'strimm',
  'prick',
  'guld',
  'silver',
  'mörk',
  'ljus',
];
const SV_BODY = ['hätte', 'vinge', 'rygg', 'bröst', 'hals', 'stjärt', 'näbb', 'ben', 'huvud', 'horn', 'fläck', 'kind'];
const SV_PLACE = [
  'skogs',
  'kärr',
  'sjö',
  'ängs',
  'fjäll',
  'strand',
  'hed',
  'löv',
  'barr',
  'tall',
  'gran',
  'björk',
  'åker',
  'lund',
  'myr',
  'nord',
  'lapp',
  'öst',
];

const EN_STEMS = [
  'Pine',
  'Birch',
  'Willow',
  'Moss',
  'Reed',
  'Cone',
  'Bark',
  'Leaf',
  'Root',
  'Stone',
  'Sand',
  'Bog',
  'Heath',
  'Fen',
  'Dune',
  'Rock',
  'Snow',
  'Frost',
  'Ash',
  'Oak',
  'Alder',
  'Nettle',
  'Spruce',
  'Aspen',
  'Heather',
  'Meadow',
  'Marsh',
  'Lichen',
  'Dusk',
  'Ember',
  'Hazel',
  'Rowan',
  'Tundra',
  'Brook',
  'Cliff',
];
const EN_ADJECTIVES = [
  'Great',
  'Lesser',
  'Common',
  'Black',
  'White',
  'Yellow',
  'Red',
  'Blue',
  'Green',
  'Grey',
  'Brown',
  'Northern',
  'Southern',
  'Arctic',
  'Spotted',
  'Striped',
  'Hairy',
  'Dwarf',
  'Giant',
  'Woodland',
  'Mountain',
  'Shore',
  'Lapland',
  'Boreal',
  'Pale',
  'Dark',
  'Golden',
  'Silver',
  'Black-headed',
  'Red-winged',
  'Yellow-legged',
  'White-backed',
];
const EN_REGIONS = ['Lapland', 'Baltic', 'Karelian', 'Siberian', 'Eastern', 'Western', 'Nordic', 'Alpine'];

/** A Finnish-looking stem of one or two syllables with vowel harmony. */
export function finnishStem(rng: Random): string {
  if (rng.chance(0.15)) return rng.pick(FI_WORDS);
  const syllables = rng.chance(0.55) ? FI_FRONT : FI_BACK;
  const first = rng.pick(syllables);
  if (rng.chance(0.25)) return first + rng.pick(FI_CODAS) + rng.pick(syllables);
  return first + (rng.chance(0.4) ? rng.pick(FI_CODAS) : '') + rng.pick(syllables);
}

export function swedishStem(rng: Random): string {
  if (rng.chance(0.25)) return rng.pick(SV_WORDS);
  return (
    rng.pick(SV_ONSETS) +
    rng.pick(SV_VOWELS) +
    rng.pick(SV_CODAS) +
    (rng.chance(0.3) ? rng.pick(SV_VOWELS) + rng.pick(SV_CODAS) : '')
  );
}

function finnishModifier(rng: Random): string {
  const roll = rng.next();
  if (roll < 0.4) return rng.pick(FI_COLOUR) + rng.pick(FI_BODY);
  if (roll < 0.65) return rng.pick(FI_COLOUR);
  if (roll < 0.85) return rng.pick(FI_PLACE);
  return rng.pick(FI_SIZE);
}

function swedishModifier(rng: Random): string {
  const roll = rng.next();
  if (roll < 0.4) return rng.pick(SV_COLOUR) + rng.pick(SV_BODY);
  if (roll < 0.65) return rng.pick(SV_COLOUR);
  if (roll < 0.85) return rng.pick(SV_PLACE);
  return rng.pick(SV_SIZE);
}

export function finnishPlural(word: string): string {
  if (word.endsWith('nen')) return `${word.slice(0, -3)}set`;
  const gradation = /(kk|pp|tt)([aeiouyäö])$/.exec(word);
  if (gradation?.[1] && gradation[2]) return `${word.slice(0, -3)}${gradation[1].charAt(0)}${gradation[2]}t`;
  if (/[aeiouyäö]$/.test(word)) return `${word}t`;
  if (word.endsWith('äs')) return `${word.slice(0, -2)}äät`;
  if (word.endsWith('as')) return `${word.slice(0, -2)}aat`;
  return `${word}et`;
}

export function swedishPlural(word: string): string {
  if (word.endsWith('are')) return word;
  if (word.endsWith('a')) return `${word.slice(0, -1)}or`;
  if (word.endsWith('e')) return `${word.slice(0, -1)}ar`;
  return `${word}ar`;
}

export function englishPlural(phrase: string): string {
  if (/(Fish|Moss|Sheep)$/.test(phrase)) return phrase.endsWith('Moss') ? `${phrase}es` : phrase;
  if (/[^aeiou]y$/.test(phrase)) return `${phrase.slice(0, -1)}ies`;
  if (/(s|sh|ch|x)$/.test(phrase)) return `${phrase}es`;
  return `${phrase}s`;
}

/** The head of the names of a genus and its species: a stem and a head word of the theme. */
export function genusBase(rng: Random, theme: Theme): Vernacular {
  const head = rng.int(0, theme.fi.length - 1);
  const stemmed = rng.chance(0.95);
  return {
    fi: (stemmed ? finnishStem(rng) : '') + (theme.fi[head] ?? ''),
    sv: (stemmed ? swedishStem(rng) : '') + (theme.sv[head] ?? ''),
    en: (stemmed ? `${rng.pick(EN_STEMS)} ` : '') + (theme.en[head] ?? ''),
  };
}

/** Species names: a modifier before the genus base in each language. */
export function speciesNames(rng: Random, base: Vernacular): Vernacular {
  return {
    fi: finnishModifier(rng) + base.fi,
    sv: swedishModifier(rng) + base.sv,
    en: `${rng.pick(EN_ADJECTIVES)} ${base.en}`,
  };
}

/** Subspecies names: a regional prefix before the species' or the genus' name. */
export function subspeciesNames(rng: Random, base: Vernacular): Vernacular {
  return {
    fi: rng.pick(['lapin', 'pohjan', 'idän', 'etelän', 'itä', 'länsi', 'tunturi', 'saaristo']) + base.fi,
    sv: rng.pick(['lapp', 'nord', 'öst', 'syd', 'väst', 'fjäll', 'skärgårds']) + base.sv,
    en: `${rng.pick(EN_REGIONS)} ${base.en}`,
  };
}

/** Names of a group (family, order…): a fresh stem before the plural of a theme head word. */
export function groupNames(rng: Random, theme: Theme, stemmed: boolean): Vernacular {
  const head = rng.int(0, theme.fi.length - 1);
  return {
    fi: (stemmed ? finnishStem(rng) : '') + finnishPlural(theme.fi[head] ?? ''),
    sv: (stemmed ? swedishStem(rng) : '') + swedishPlural(theme.sv[head] ?? ''),
    en: englishPlural((stemmed ? `${rng.pick(EN_STEMS)} ` : '') + (theme.en[head] ?? '')),
  };
}

/** Names of a phylum-like group: a stem before the kingdom's plural noun. */
export function kingdomGroupNames(rng: Random, plural: Vernacular): Vernacular {
  return {
    fi: finnishStem(rng) + plural.fi,
    sv: swedishStem(rng) + plural.sv,
    en: `${rng.pick(EN_STEMS)} ${plural.en}`,
  };
}

/** Another Finnish name for a species-like taxon: a new modifier, or a colloquial short form. */
export function otherFinnishName(rng: Random, base: Vernacular, colloquial: boolean): string {
  if (colloquial) {
    const stem = finnishStem(rng);
    return (
      stem +
      rng.pick(
        /[äöy]/.test(stem) ? ['kkä', 'kki', 'ri', 'nen', 'kkö', 'ppä'] : ['kka', 'kki', 'ri', 'nen', 'kko', 'ppa'],
      )
    );
  }
  return finnishModifier(rng) + base.fi;
}

export function otherSwedishName(rng: Random, base: Vernacular): string {
  return swedishModifier(rng) + base.sv;
}
