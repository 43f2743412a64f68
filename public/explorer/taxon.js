/**
 * The taxon view (`#/taxon/<id>`): the lineage as a breadcrumb (`/taxa/{id}/parents`), the names
 * in every language and the synonyms by kind (`/taxa/{id}?lang=multi`), the statuses, habitat and
 * types of occurrence by their labels (`labels.js`), and the
 * children (`/taxa/{id}/children`, hidden taxa raised by the API) as a list whose items expand
 * into their own children, and the taxon through the checklist versions (`/taxa/{id}/history`),
 * each change linked to the comparison of its two versions.
 */
import { allInOrder, api, checklistVersions, informalGroupNames } from './api.js';
import { definitions, h, replace, scientificName, taxonLabel, taxonLink } from './dom.js';
import { labelOf } from './labels.js';
import { hrefOf, LANGUAGES } from './state.js';
import { versionLabel } from './versions.js';

const LIST_FIELDS = 'id,scientificName,cursiveName,vernacularName,taxonRank,hasChildren,countOfSpecies';

/** The name kinds of a taxon given per language, and their headings. */
const NAME_KINDS = [
  ['vernacularName', 'Vernacular name'],
  ['alternativeVernacularName', 'Alternative names'],
  ['colloquialVernacularName', 'Colloquial names'],
  ['obsoleteVernacularName', 'Obsolete names'],
  ['tradeName', 'Trade names'],
];

/** The synonym kinds of the taxon document, and their headings. */
const SYNONYM_KINDS = [
  ['basionyms', 'Basionyms'],
  ['synonyms', 'Synonyms'],
  ['objectiveSynonyms', 'Objective synonyms'],
  ['subjectiveSynonyms', 'Subjective synonyms'],
  ['homotypicSynonyms', 'Homotypic synonyms'],
  ['heterotypicSynonyms', 'Heterotypic synonyms'],
  ['uncertainSynonyms', 'Uncertain synonyms'],
  ['misappliedNames', 'Misapplied names'],
  ['misspelledNames', 'Misspelled names'],
  ['orthographicVariants', 'Orthographic variants'],
  ['alternativeNames', 'Alternative names'],
];

/**
 * A `{fi, sv, en}` value in `lang`, else in another language (en, fi, sv), as the API falls back.
 * @param {any} value
 * @param {string} lang
 * @returns {string | undefined}
 */
function inLanguage(value, lang) {
  if (value === undefined || value === null || typeof value === 'string') return value ?? undefined;
  for (const language of [lang, 'en', 'fi', 'sv']) if (value[language]) return value[language];
  return undefined;
}

/**
 * @param {HTMLElement} view
 * @param {import('./state.js').State} state
 */
export async function renderTaxon(view, state) {
  const { id, lang } = state;
  const [taxon, lineage, children, groups, history, versions] = await allInOrder([
    api(`/taxa/${encodeURIComponent(id)}`, { lang: 'multi' }),
    api(`/taxa/${encodeURIComponent(id)}/parents`, {
      lang,
      selectedFields: 'id,scientificName,cursiveName,vernacularName,taxonRank',
    }),
    childrenOf(id, lang),
    informalGroupNames(lang),
    api(`/taxa/${encodeURIComponent(id)}/history`, { lang }),
    checklistVersions(lang),
  ]);
  const vernacular = inLanguage(taxon.vernacularName, lang);
  replace(
    view,
    h(
      'nav',
      { 'aria-label': 'Lineage', className: 'breadcrumb' },
      h(
        'ol',
        {},
        lineage.results.map((/** @type {any} */ parent) =>
          h('li', {}, taxonLink(parent, parent.scientificName ?? parent.id)),
        ),
        h('li', { 'aria-current': 'page' }, taxon.scientificName ?? taxon.id),
      ),
    ),
    h(
      'h1',
      { className: 'taxon-title' },
      vernacular ? h('span', { className: 'vernacular' }, vernacular) : null,
      h('span', { className: 'scientific' }, scientificName(taxon)),
    ),
    h('p', { className: 'rank-line' }, taxon.taxonRank ? labelOf(taxon.taxonRank) : 'no rank', ' · ', taxon.id),
    h(
      'div',
      { className: 'columns' },
      h(
        'section',
        { 'aria-labelledby': 'names-heading' },
        h('h2', { id: 'names-heading' }, 'Names'),
        namesTable(taxon),
      ),
      h(
        'section',
        { 'aria-labelledby': 'status-heading' },
        h('h2', { id: 'status-heading' }, 'Statuses'),
        statuses(taxon, groups),
      ),
    ),
    synonyms(taxon),
    h(
      'section',
      { 'aria-labelledby': 'children-heading' },
      h('h2', { id: 'children-heading' }, `Children (${children.length})`),
      children.length ? childList(children, lang) : h('p', {}, 'No children.'),
    ),
    versionSteps(history.history, versions),
  );
}

/**
 * The taxon in each version, oldest first: its name there, and what changed since the version
 * before, linked to the comparison of the two.
 * @param {{version: string, taxon?: any, absent?: true, change?: {changeTypes: string[]}}[]} steps
 * @param {{id: string, versionName?: string, versionDate?: string}[]} versions
 */
function versionSteps(steps, versions) {
  const byId = new Map(versions.map((version) => [version.id, version]));
  return h(
    'section',
    { 'aria-labelledby': 'history-heading' },
    h('h2', { id: 'history-heading' }, 'In the checklist versions'),
    h(
      'ol',
      { className: 'history' },
      steps.map((step, i) =>
        h(
          'li',
          {},
          h('span', { className: 'version' }, versionLabel(byId.get(step.version) ?? { id: step.version })),
          ' ',
          step.taxon ? scientificName(step.taxon) : h('span', { className: 'absent' }, 'not in this version'),
          step.change && i > 0
            ? h(
                'a',
                {
                  href: hrefOf('versions', { params: { from: steps[i - 1]?.version, to: step.version } }),
                  'aria-label': `What changed from the version before: ${step.change.changeTypes.join(', ')}`,
                },
                step.change.changeTypes.map((type) => h('span', { className: `badge change-${type}` }, type)),
              )
            : null,
        ),
      ),
    ),
  );
}

/**
 * @param {string} id
 * @param {string} lang
 * @returns {Promise<any[]>}
 */
async function childrenOf(id, lang) {
  const answer = await api(`/taxa/${encodeURIComponent(id)}/children`, { lang, selectedFields: LIST_FIELDS });
  return answer.results;
}

/**
 * The names of every kind in every language: a row per kind, a column per language.
 * @param {any} taxon
 */
function namesTable(taxon) {
  const rows = NAME_KINDS.filter(([field]) => taxon[/** @type {string} */ (field)]).map(([field, heading]) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, heading),
      LANGUAGES.map((language) => {
        const value = taxon[/** @type {string} */ (field)][language];
        return h('td', { lang: language }, Array.isArray(value) ? value.join(', ') : (value ?? ''));
      }),
    ),
  );
  if (rows.length === 0) return h('p', {}, 'No vernacular names.');
  return h(
    'div',
    { className: 'scroll' },
    h(
      'table',
      { className: 'names' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('td', {}),
          LANGUAGES.map((language) => h('th', { scope: 'col' }, language)),
        ),
      ),
      h('tbody', {}, rows),
    ),
  );
}

/**
 * @param {any} taxon
 * @param {Map<string, string>} groups
 */
function statuses(taxon, groups) {
  const redList = taxon.latestRedListStatusFinland;
  const history = (taxon.redListStatusesInFinland ?? [])
    .map((/** @type {any} */ s) => `${s.year ?? '?'}: ${s.status ? labelOf(s.status) : '?'}`)
    .join(', ');
  return definitions([
    [
      'Red list (Finland)',
      redList?.status
        ? [
            filterLink('redListStatus', redList.status, labelOf(redList.status)),
            redList.year ? ` (${redList.year})` : '',
          ]
        : undefined,
    ],
    ['Red-list history', history],
    [
      'Administrative statuses',
      taxon.administrativeStatuses?.length
        ? h(
            'ul',
            {},
            taxon.administrativeStatuses.map((/** @type {string} */ s) =>
              h('li', {}, filterLink('administrativeStatus', s, labelOf(s))),
            ),
          )
        : undefined,
    ],
    [
      'Informal groups',
      taxon.informalTaxonGroups?.length
        ? taxon.informalTaxonGroups.map((/** @type {string} */ g, /** @type {number} */ i) => [
            i > 0 ? ', ' : '',
            filterLink('informalTaxonGroups', g, groups.get(g) ?? g),
          ])
        : undefined,
    ],
    ['Primary habitat', taxon.primaryHabitat?.habitat ? habitat(taxon.primaryHabitat) : undefined],
    ['Occurrence in Finland', taxon.typeOfOccurrenceInFinland?.map(labelOf).join(', ')],
    ['Finnish', taxon.finnish === undefined ? undefined : taxon.finnish ? 'yes' : 'no'],
    ['Invasive', taxon.invasiveSpecies ? 'yes' : undefined],
    ['Species under it', taxon.countOfSpecies],
    ['Synonym of', taxon.synonymOf ? taxonLink(taxon.synonymOf, scientificName(taxon.synonymOf)) : undefined],
  ]);
}

/**
 * A habitat by its label, linked to the taxa of the same primary habitat, and its specific types.
 * @param {{habitat: string, habitatSpecificTypes?: string[]}} given
 */
function habitat(given) {
  const types = given.habitatSpecificTypes ?? [];
  return [
    filterLink('habitat', given.habitat, labelOf(given.habitat)),
    types.length ? ` (${types.map(labelOf).join(', ')})` : '',
  ];
}

/**
 * A link to the filter view with one filter chosen: the taxa that share this value.
 * @param {string} param the filter's parameter (`filter.js`, `FILTERS`)
 * @param {string} value
 * @param {string} text
 */
function filterLink(param, value, text) {
  return h('a', { href: hrefOf('filter', { params: { [param]: value } }) }, text);
}

/** @param {any} taxon */
function synonyms(taxon) {
  const kinds = SYNONYM_KINDS.filter(([field]) => taxon[/** @type {string} */ (field)]?.length);
  if (kinds.length === 0) return null;
  return h(
    'section',
    { 'aria-labelledby': 'synonyms-heading' },
    h('h2', { id: 'synonyms-heading' }, 'Synonyms'),
    definitions(
      kinds.map(([field, heading]) => [
        /** @type {string} */ (heading),
        h(
          'ul',
          {},
          taxon[/** @type {string} */ (field)].map((/** @type {any} */ s) => h('li', {}, scientificName(s))),
        ),
      ]),
    ),
  );
}

/**
 * The children as a list; a child with children of its own has a button that shows them below it.
 * @param {any[]} children
 * @param {string} lang
 * @returns {HTMLElement}
 */
function childList(children, lang) {
  return h(
    'ul',
    { className: 'children' },
    children.map((child) => {
      const item = h('li', {}, taxonLink(child, taxonLabel(child)));
      if (child.countOfSpecies) item.append(h('span', { className: 'count' }, ` ${child.countOfSpecies} spp.`));
      if (child.hasChildren) item.prepend(expander(item, child, lang));
      else item.prepend(h('span', { className: 'leaf', 'aria-hidden': 'true' }));
      return item;
    }),
  );
}

/**
 * @param {HTMLElement} item
 * @param {any} child
 * @param {string} lang
 */
function expander(item, child, lang) {
  /** @type {HTMLElement | undefined} */
  let nested;
  const button = h('button', {
    type: 'button',
    className: 'expand',
    'aria-expanded': 'false',
    'aria-label': `Show the children of ${child.scientificName ?? child.id}`,
    onClick: async () => {
      const expanded = button.getAttribute('aria-expanded') === 'true';
      button.setAttribute('aria-expanded', String(!expanded));
      if (expanded) {
        if (nested) nested.hidden = true;
        return;
      }
      if (nested) {
        nested.hidden = false;
        return;
      }
      nested = childList(await childrenOf(child.id, lang), lang);
      item.append(nested);
    },
  });
  return button;
}
