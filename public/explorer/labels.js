/**
 * The labels of the enumeration values the page shows (ranks, red-list and administrative
 * statuses, habitats, types of occurrence) in the language of the view, from
 * `/metadata/alts/{alt}`: a view is built once they are loaded (`main.js`), and `labelOf` names a
 * value by its label, or by its short code when it has none.
 */
import { api, oncePerLanguage } from './api.js';

/** The enumerations whose values the page shows. */
const ENUMERATIONS = [
  'MX.taxonRankEnum',
  'MX.iucnStatuses',
  'MX.adminStatusEnum',
  'MX.typeOfOccurrenceEnum',
  'MKV.habitatEnum',
  'MKV.habitatSpecificTypeEnum',
];

/**
 * A code without its namespace (and a red-list status without `iucn`): `MX.iucnEN` → `EN`,
 * `MX.species` → `species`, `MKV.habitatM` → `habitatM`.
 * @param {string} code
 */
function shortCode(code) {
  return code.replace(/^[A-Z]+\./, '').replace(/^iucn/, '');
}

/**
 * The labels of the values of every enumeration shown, in a language: value id → label.
 * @type {(lang: string) => Promise<Map<string, string>>}
 */
export const labelsIn = oncePerLanguage(async (lang) => {
  const answers = await Promise.all(
    ENUMERATIONS.map((alt) => api(`/metadata/alts/${encodeURIComponent(alt)}`, { lang })),
  );
  return new Map(
    answers.flatMap((answer) =>
      answer.results
        .filter((/** @type {{value?: unknown}} */ item) => typeof item.value === 'string')
        .map((/** @type {{id: string, value: string}} */ item) => [item.id, item.value]),
    ),
  );
});

/** The labels of the view shown. */
let shown = new Map();

/**
 * The labels the page names values by from now on (those of the view about to be shown).
 * @param {Map<string, string>} labels
 */
export function showLabels(labels) {
  shown = labels;
}

/**
 * A value as a person reads it: its label in the view's language, else its short code.
 * @param {string} id
 */
export function labelOf(id) {
  return shown.get(id) ?? shortCode(id);
}
