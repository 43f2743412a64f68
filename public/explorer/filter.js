/**
 * The filter view (`#/filter?…`): filters picked from the values the taxa have (one
 * `/taxa/aggregate` request counts them, each named by its label), the count and a page of the
 * taxa they select (`POST /taxa` with the filter body), and the download of the whole set from
 * `/taxa/export`: a link when `GET /taxa` takes every chosen filter as a parameter, else a button
 * that posts the filter body.
 */
import { allInOrder, api, downloadPosted, informalGroupNames, oncePerLanguage, serviceUrl, token } from './api.js';
import { h, pager, replace, taxonLabel, taxonLink } from './dom.js';
import { labelOf } from './labels.js';
import { go, hrefOf } from './state.js';

const PAGE_SIZE = 20;
const PAGE_FIELDS = 'id,scientificName,cursiveName,vernacularName,taxonRank,latestRedListStatusFinland';
/** The columns of a download. */
const EXPORT_FIELDS =
  'id,scientificName,scientificNameAuthorship,vernacularName,taxonRank,latestRedListStatusFinland.status,informalTaxonGroups';
const EXPORT_FORMATS = ['csv', 'ndjson', 'json'];

/**
 * The filters: the address parameter, the key of the filter body, whether `GET /taxa` (and so the
 * download) takes it as a parameter of the same name, and where its choices come from.
 * @type {{param: string, key: string, label: string, get: boolean, boolean?: boolean}[]}
 */
const FILTERS = [
  { param: 'informalTaxonGroups', key: 'informalTaxonGroups', label: 'Informal group', get: true },
  { param: 'redListStatus', key: 'latestRedListStatusFinland.status', label: 'Red-list status', get: false },
  { param: 'habitat', key: 'primaryHabitat.habitat', label: 'Primary habitat', get: false },
  { param: 'administrativeStatus', key: 'administrativeStatuses', label: 'Administrative status', get: false },
  { param: 'taxonRank', key: 'taxonRank', label: 'Rank', get: false },
  { param: 'finnish', key: 'finnish', label: 'Finnish', get: true, boolean: true },
];

/**
 * The filters of the address: parameter → value.
 * @param {URLSearchParams} params
 * @returns {Record<string, string>}
 */
function chosenFilters(params) {
  /** @type {Record<string, string>} */
  const chosen = {};
  for (const filter of FILTERS) {
    const value = params.get(filter.param);
    if (value) chosen[filter.param] = value;
  }
  return chosen;
}

/**
 * The filter body of the chosen filters.
 * @param {Record<string, string>} chosen
 */
function filterBody(chosen) {
  /** @type {Record<string, string | boolean>} */
  const body = {};
  for (const filter of FILTERS) {
    const value = chosen[filter.param];
    if (value !== undefined) body[filter.key] = filter.boolean ? value === 'true' : value;
  }
  return body;
}

/**
 * The link that downloads the whole set in `format`, or undefined when a filter is chosen that
 * `GET /taxa` does not take as a parameter (a link would not download the set shown: the
 * page posts the filter body instead).
 * @param {Record<string, string>} chosen
 * @param {string} format
 * @param {string} lang
 */
function exportUrl(chosen, format, lang) {
  if (FILTERS.some((filter) => !filter.get && chosen[filter.param] !== undefined)) return undefined;
  const url = serviceUrl('/taxa/export', {
    format,
    ...Object.fromEntries(FILTERS.filter((filter) => filter.get).map((filter) => [filter.param, chosen[filter.param]])),
    selectedFields: EXPORT_FIELDS,
    lang,
  });
  // A link cannot send a header: the token, when the service asks for one, goes in the query.
  if (token() !== '') url.searchParams.set('access_token', token());
  return url;
}

/**
 * The choices of every filter but the boolean ones: their values over all taxa, counted.
 * @type {(lang: string) => Promise<Record<string, {value: string, count: number}[]>>}
 */
const choicesOf = oncePerLanguage(async (lang) => {
  const aggregateBy = FILTERS.filter((filter) => !filter.boolean)
    .map((filter) => `${filter.key}=${filter.param}`)
    .join(';');
  const rows = await api('/taxa/aggregate', { aggregateBy, aggregateSize: 200, lang });
  return Object.fromEntries(
    Object.entries(rows).map(([param, buckets]) => [
      param,
      /** @type {any[]} */ (buckets)
        .filter((bucket) => bucket.count > 0)
        .map((bucket) => ({ value: String(Object.values(bucket.values)[0]), count: bucket.count })),
    ]),
  );
});

/**
 * The control of one filter: its choices (with their counts) in a select, the chosen one selected.
 * @param {(typeof FILTERS)[number]} filter
 * @param {Record<string, {value: string, count: number}[]>} choices
 * @param {Map<string, string>} groups
 * @param {Record<string, string>} chosen
 * @param {(change: Record<string, string | undefined>) => void} update
 */
function filterSelect(filter, choices, groups, chosen, update) {
  const options = filter.boolean
    ? [
        { value: 'true', label: 'yes' },
        { value: 'false', label: 'no' },
      ]
    : (choices[filter.param] ?? []).map((choice) => ({
        value: choice.value,
        label: `${filter.param === 'informalTaxonGroups' ? (groups.get(choice.value) ?? choice.value) : labelOf(choice.value)} (${choice.count})`,
      }));
  const select = h(
    'select',
    {
      id: `filter-${filter.param}`,
      name: filter.param,
      onChange: (/** @type {Event} */ event) =>
        update({ [filter.param]: /** @type {HTMLSelectElement} */ (event.target).value, page: undefined }),
    },
    h('option', { value: '' }, 'any'),
    options.map((option) => h('option', { value: option.value }, option.label)),
  );
  /** @type {HTMLSelectElement} */ (select).value = chosen[filter.param] ?? '';
  return h('label', { className: 'field' }, h('span', {}, filter.label), select);
}

/**
 * @param {HTMLElement} view
 * @param {import('./state.js').State} state
 */
export async function renderFilter(view, state) {
  const { params, lang } = state;
  const chosen = chosenFilters(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const format = EXPORT_FORMATS.includes(params.get('format') ?? '') ? String(params.get('format')) : 'csv';
  const [choices, groups, taxa] = await allInOrder([
    choicesOf(lang),
    informalGroupNames(lang),
    api('/taxa', { page, pageSize: PAGE_SIZE, selectedFields: PAGE_FIELDS, lang }, { body: filterBody(chosen) }),
  ]);

  /** @param {Record<string, string | undefined>} change */
  const update = (change) => go('filter', { params: { ...chosen, format, ...change } });

  const selects = FILTERS.map((filter) => filterSelect(filter, choices, groups, chosen, update));

  const download = exportUrl(chosen, format, lang);
  const formatSelect = h(
    'select',
    {
      id: 'export-format',
      'aria-label': 'Download format',
      onChange: (/** @type {Event} */ event) =>
        update({ format: /** @type {HTMLSelectElement} */ (event.target).value, page: String(page) }),
    },
    EXPORT_FORMATS.map((name) => h('option', { value: name }, name.toUpperCase())),
  );
  /** @type {HTMLSelectElement} */ (formatSelect).value = format;

  replace(
    view,
    h('h1', {}, 'Filter taxa'),
    h('form', { className: 'filters', onSubmit: (/** @type {Event} */ event) => event.preventDefault() }, selects),
    h(
      'p',
      { className: 'summary' },
      h('strong', { id: 'filter-count' }, taxa.total.toLocaleString('en')),
      ` taxa${Object.keys(chosen).length ? ' match' : ''}`,
      Object.keys(chosen).length ? [' · ', h('a', { href: hrefOf('filter') }, 'clear the filters')] : null,
    ),
    h(
      'p',
      { className: 'download' },
      download
        ? h('a', { id: 'download', href: download.href, download: '' }, 'Download the whole set')
        : h(
            'button',
            {
              id: 'download',
              type: 'button',
              onClick: () =>
                downloadPosted(
                  '/taxa/export',
                  { format, selectedFields: EXPORT_FIELDS, lang },
                  filterBody(chosen),
                ).catch((/** @type {Error} */ error) => {
                  const note = document.getElementById('download-error');
                  if (note) note.textContent = error.message;
                }),
            },
            'Download the whole set',
          ),
      ' as ',
      formatSelect,
      h('span', { id: 'download-error', role: 'alert' }),
    ),
    h(
      'ol',
      { className: 'results', start: (page - 1) * PAGE_SIZE + 1 },
      taxa.results.map((/** @type {any} */ taxon) =>
        h(
          'li',
          {},
          taxonLink(taxon, taxonLabel(taxon)),
          taxon.latestRedListStatusFinland?.status
            ? h('span', { className: 'badge' }, labelOf(taxon.latestRedListStatusFinland.status))
            : null,
        ),
      ),
    ),
    pager(taxa, (/** @type {number} */ to) => hrefOf('filter', { params: { ...chosen, format, page: to } })),
  );
}
