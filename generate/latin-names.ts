/**
 * Latin-shaped scientific names and authorships, built from syllables with the suffixes each
 * nomenclature code uses for each rank.
 */
import type { Random } from './random.ts';
import type { NomenclaturalCode } from './themes.ts';

const SYLLABLES = [
  'ba',
  'be',
  'bi',
  'bo',
  'ca',
  'ce',
  'ci',
  'co',
  'cu',
  'da',
  'de',
  'di',
  'do',
  'fa',
  'fe',
  'ga',
  'ge',
  'go',
  'la',
  'le',
  'li',
  'lo',
  'lu',
  'ma',
  'me',
  'mi',
  'mo',
  'mu',
  'na',
  'ne',
  'ni',
  'no',
  'pa',
  'pe',
  'pi',
  'po',
  'ra',
  're',
  'ri',
  'ro',
  'ru',
  'sa',
  'se',
  'si',
  'so',
  'ta',
  'te',
  'ti',
  'to',
  'tu',
  'va',
  've',
  'vi',
  'xa',
  'phy',
  'chlo',
  'thra',
  'stro',
  'pte',
  'rhi',
  'gla',
  'bra',
  'cro',
  'dri',
  'psa',
  'tri',
  'sphe',
  'chry',
  'ly',
  'my',
  'ny',
  'the',
  'pho',
  'cha',
  'cte',
  'gna',
  'pla',
  'spo',
  'sty',
  'ze',
  'zo',
  'hy',
  'hae',
];
const INITIALS = ['a', 'e', 'o', 'eu', 'an', 'ar', 'am', 'on', 'ex', 'hel', 'ol', 'ur', 'is', 'al'];
const CODAS = ['n', 'r', 's', 'l', 'm', 'x', 'nth', 'st', 'c', 'p'];

const GENUS_ENDINGS = [
  'us',
  'a',
  'um',
  'ia',
  'ella',
  'opsis',
  'ites',
  'ina',
  'ops',
  'on',
  'is',
  'ura',
  'odes',
  'aria',
  'ium',
  'ax',
];
const EPITHET_ENDINGS = [
  'us',
  'a',
  'um',
  'is',
  'ensis',
  'oides',
  'ata',
  'ellus',
  'icola',
  'iformis',
  'alis',
  'ina',
  'ea',
  'osa',
  'ior',
];
const COMMON_EPITHETS = [
  'vulgaris',
  'major',
  'minor',
  'alba',
  'nigra',
  'rufa',
  'borealis',
  'arctica',
  'fennica',
  'lapponica',
  'sylvestris',
  'montana',
  'palustris',
  'aquatica',
  'europaea',
  'communis',
  'tenuis',
  'pratensis',
  'lutea',
  'viridis',
  'maculata',
  'pusilla',
  'gracilis',
  'hirsuta',
  'alpina',
  'septentrionalis',
  'sibirica',
  'nivalis',
];

type RankSuffixes = Readonly<Record<string, readonly string[]>>;

const SUFFIXES: Readonly<Record<NomenclaturalCode, RankSuffixes>> = {
  zoological: {
    phylum: ['poda', 'zoa', 'ata', 'ida'],
    subphylum: ['ata', 'ina'],
    class: ['ia', 'ida', 'ea', 'ata'],
    subclass: ['ia', 'ota'],
    order: ['iformes', 'ptera', 'ida', 'ata'],
    suborder: ['ina', 'ata'],
    superfamily: ['oidea'],
    family: ['idae'],
    subfamily: ['inae'],
    tribe: ['ini'],
  },
  botanical: {
    phylum: ['phyta', 'mycota'],
    subphylum: ['phytina', 'mycotina'],
    class: ['opsida', 'mycetes', 'phyceae'],
    subclass: ['idae', 'mycetidae'],
    order: ['ales'],
    suborder: ['ineae'],
    superfamily: ['anae'],
    family: ['aceae'],
    subfamily: ['oideae'],
    tribe: ['eae'],
  },
  bacterial: {
    phylum: ['ota'],
    subphylum: ['otina'],
    class: ['ia'],
    subclass: ['idae'],
    order: ['ales'],
    suborder: ['ineae'],
    superfamily: ['anae'],
    family: ['aceae'],
    subfamily: ['oideae'],
    tribe: ['eae'],
  },
};

const ZOOLOGISTS = [
  'Linnaeus',
  'Fabricius',
  'Meigen',
  'Zetterstedt',
  'Thomson',
  'Walker',
  'Stephens',
  'Curtis',
  'Müller',
  'Hübner',
  'Denis & Schiffermüller',
  'Latreille',
  'Kirby',
  'Pallas',
  'Gmelin',
  'Boheman',
  'Mannerheim',
  'Sahlberg',
  'Stål',
  'Forsskål',
  'Ström',
  'Dahlbom',
  'Gyllenhal',
  'Paykull',
  'Haworth',
  'Fallén',
  'Panzer',
  'Scopoli',
  'De Geer',
  'Poppius',
  'Hellén',
  'Lundström',
  'Thunberg',
  'Bechstein',
  'Vieillot',
  'Audouin',
];
const BOTANISTS = [
  'L.',
  'Nyl.',
  'Fr.',
  'P. Karst.',
  'Hedw.',
  'Ach.',
  'Pers.',
  'Schreb.',
  'Ehrh.',
  'Th. Fr.',
  'Vain.',
  'Räsänen',
  'Hämet-Ahti',
  'Sw.',
  'Wahlenb.',
  'Lindb.',
  'Brid.',
  'Schimp.',
  'Kotir.',
  'Niemelä',
  'Bull.',
  'Quél.',
  'Sm.',
];
const SURNAME_ENDINGS = ['nen', 'la', 'berg', 'ström', 'sson', 'er', 'ius', 'mann', 'qvist', 'ski'];

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** A stem of `count` syllables, sometimes with a consonant between them. */
export function latinStem(rng: Random, count: number): string {
  let stem = rng.chance(0.15) ? rng.pick(INITIALS) : '';
  for (let i = 0; i < count; i++) {
    stem += rng.pick(SYLLABLES);
    if (i < count - 1 && rng.chance(0.3)) stem += rng.pick(CODAS);
  }
  return stem;
}

/** Joins a stem and an ending, dropping a doubled vowel at the seam. */
function join(stem: string, ending: string): string {
  const vowels = 'aeiouy';
  if (vowels.includes(stem.charAt(stem.length - 1)) && vowels.includes(ending.charAt(0))) {
    return stem.slice(0, -1) + ending;
  }
  return stem + ending;
}

/** A name for a rank above genus (`family` → "Carnophilidae" in zoology). */
export function higherTaxonName(rng: Random, rank: string, code: NomenclaturalCode): string {
  const suffixes = SUFFIXES[code][rank] ?? ['ia'];
  return capitalise(join(latinStem(rng, rng.int(2, 3)), rng.pick(suffixes)));
}

export function genusName(rng: Random): string {
  return capitalise(join(latinStem(rng, rng.int(2, 3)), rng.pick(GENUS_ENDINGS)));
}

/** A species or subspecies epithet: common ones are reused, a few honour a person. */
export function epithet(rng: Random): string {
  const roll = rng.next();
  if (roll < 0.3) return rng.pick(COMMON_EPITHETS);
  if (roll < 0.36)
    return (
      surname(rng)
        .toLowerCase()
        .replace(/[^a-zåäöü]/g, '') + rng.pick(['i', 'ae', 'iana'])
    );
  const built = join(latinStem(rng, rng.int(1, 2)), rng.pick(EPITHET_ENDINGS));
  return built.length >= 5 ? built : rng.pick(SYLLABLES) + built;
}

/** A surname from the list of real authors' names or built from syllables. */
export function surname(rng: Random): string {
  if (rng.chance(0.6)) return rng.pick(ZOOLOGISTS).replace(/^.* & /, '');
  return capitalise(latinStem(rng, rng.int(1, 2))) + rng.pick(SURNAME_ENDINGS);
}

function year(rng: Random, author: string): number {
  if (author === 'Linnaeus') return rng.pick([1758, 1758, 1761, 1767]);
  return 1758 + Math.floor(rng.next() ** 1.4 * 266);
}

function zoologicalAuthorship(rng: Random, recombined: boolean): string {
  const author = rng.chance(0.7) ? rng.pick(ZOOLOGISTS) : surname(rng);
  const text = `${author}, ${year(rng, author)}`;
  return recombined ? `(${text})` : text;
}

function botanicalAuthorship(rng: Random, recombined: boolean): string {
  const author = rng.chance(0.75) ? rng.pick(BOTANISTS) : surname(rng);
  return recombined ? `(${rng.pick(BOTANISTS)}) ${author}` : author;
}

function bacterialAuthorship(rng: Random, recombined: boolean): string {
  const author = `${surname(rng)}${rng.chance(0.3) ? ' et al.' : ''} ${1880 + rng.int(0, 140)}`;
  return recombined ? `(${surname(rng)} ${1880 + rng.int(0, 100)}) ${author}` : author;
}

/** An authorship in the style of the code; only species-group names show a recombination. */
export function authorship(rng: Random, code: NomenclaturalCode, speciesGroup: boolean): string {
  const recombined = speciesGroup && rng.chance(0.35);
  if (code === 'zoological') return zoologicalAuthorship(rng, recombined);
  if (code === 'botanical') return botanicalAuthorship(rng, recombined);
  return bacterialAuthorship(rng, recombined);
}
