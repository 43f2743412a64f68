/**
 * The version view (`#/versions?from=…&to=…&page=…`): two checklist versions picked from
 * `/checklist-versions`, the changes between them counted by kind
 * (`/taxa/changes/aggregate?aggregateBy=changeTypes`, a bar per kind) and listed page by page
 * (`/taxa/changes`). A kind's bar is a link that lists the changes of that kind only
 * (`changeType`).
 */
import { allInOrder, api, checklistVersions } from './api.js';
import { h, pager, replace, taxonLabel, taxonLink } from './dom.js';
import { go, hrefOf } from './state.js';

const PAGE_SIZE = 20;
const RECORD_FIELDS = [
  'changeTypes',
  'fields',
  ...['from', 'to'].flatMap((side) =>
    ['id', 'scientificName', 'cursiveName', 'vernacularName', 'taxonRank'].map((field) => `${side}.${field}`),
  ),
].join(',');

/** The kinds of change, in the order the bars show them. */
const CHANGE_TYPES = ['added', 'removed', 'renamed', 'moved', 'changed'];

/**
 * A version's name and date.
 * @param {{id: string, versionName?: string, versionDate?: string}} version
 */
export function versionLabel(version) {
  return `${version.versionName ?? version.id}${version.versionDate ? ` (${version.versionDate})` : ''}`;
}

/**
 * The versions newest first (`current`, then by date), so that the default pair is the two newest.
 * @param {any[]} versions
 */
function newestFirst(versions) {
  const date = (/** @type {any} */ v) => (v.id === 'current' ? '9999' : (v.versionDate ?? ''));
  return [...versions].sort((a, b) => date(b).localeCompare(date(a)));
}

/**
 * @param {HTMLElement} view
 * @param {import('./state.js').State} state
 */
export async function renderVersions(view, state) {
  const { params, lang } = state;
  const versions = newestFirst(await checklistVersions(lang));
  const from = params.get('from') ?? versions[1]?.id ?? '';
  const to = params.get('to') ?? versions[0]?.id ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const kind = CHANGE_TYPES.includes(params.get('changeType') ?? '') ? String(params.get('changeType')) : undefined;

  /** @param {string} name @param {string} chosen */
  const picker = (name, chosen) => {
    const select = h(
      'select',
      {
        id: `version-${name}`,
        name,
        onChange: (/** @type {Event} */ event) =>
          go('versions', {
            params: { from, to, [name]: /** @type {HTMLSelectElement} */ (event.target).value },
          }),
      },
      versions.map((version) => h('option', { value: version.id }, versionLabel(version))),
    );
    /** @type {HTMLSelectElement} */ (select).value = chosen;
    return h('label', { className: 'field' }, h('span', {}, name === 'from' ? 'From' : 'To'), select);
  };

  const heading = [
    h('h1', {}, 'Compare checklist versions'),
    h('form', { className: 'filters' }, picker('from', from), picker('to', to)),
  ];
  if (from === to) {
    replace(view, heading, h('p', {}, 'Pick two different versions.'));
    return;
  }
  const pair = { from, to, lang };
  const [summary, changes] = await allInOrder([
    api('/taxa/changes/aggregate', { ...pair, aggregateBy: 'changeTypes' }),
    api('/taxa/changes', { ...pair, changeType: kind, page, pageSize: PAGE_SIZE, selectedFields: RECORD_FIELDS }),
  ]);
  /** @param {string | undefined} changeType @param {number} [to_] */
  const listed = (changeType, to_) => hrefOf('versions', { params: { from, to, changeType, page: to_ } });
  replace(
    view,
    heading,
    bars(summary.changeTypes, kind, listed),
    h(
      'h2',
      {},
      kind ? `Taxa ${kind} (${changes.total})` : `Changed taxa (${changes.total})`,
      kind ? [' · ', h('a', { href: listed(undefined) }, 'all changes')] : null,
    ),
    h(
      'div',
      { className: 'scroll' },
      h(
        'table',
        { className: 'changes' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, 'Taxon'),
            h('th', { scope: 'col' }, 'Change'),
            h('th', { scope: 'col' }, 'Fields'),
          ),
        ),
        h(
          'tbody',
          {},
          changes.results.map((/** @type {any} */ record) => {
            const taxon = record.to ?? record.from ?? { id: record.id };
            const renamed = record.from && record.to && record.from.scientificName !== record.to.scientificName;
            return h(
              'tr',
              {},
              h(
                'td',
                {},
                record.to ? taxonLink(taxon, taxonLabel(taxon)) : taxonLabel(taxon),
                renamed ? h('div', { className: 'was' }, 'was ', h('i', {}, record.from.scientificName)) : null,
              ),
              h(
                'td',
                {},
                (record.changeTypes ?? []).map((/** @type {string} */ type) =>
                  h('span', { className: `badge change-${type}` }, type),
                ),
              ),
              h('td', { className: 'fields' }, (record.fields ?? []).join(', ')),
            );
          }),
        ),
      ),
    ),
    pager(changes, (/** @type {number} */ to_) => listed(kind, to_)),
  );
}

/**
 * A bar per kind of change, its length proportional to the count, each a link to the changes of
 * its kind (the one listed is marked current).
 * @param {{values: {changeTypes: string}, count: number}[]} rows
 * @param {string | undefined} listedKind
 * @param {(changeType: string) => string} href
 */
function bars(rows, listedKind, href) {
  const counts = new Map(rows.map((row) => [row.values.changeTypes, row.count]));
  const max = Math.max(1, ...counts.values());
  return h(
    'ul',
    { className: 'bars', 'aria-label': 'Changes by kind' },
    CHANGE_TYPES.map((type) => {
      const count = counts.get(type) ?? 0;
      const bar = h('span', { className: `bar change-${type}` });
      bar.style.width = `${(100 * count) / max}%`;
      return h(
        'li',
        { 'data-change-type': type },
        h(
          'a',
          { href: href(type), 'aria-current': type === listedKind ? 'true' : false },
          h('span', { className: 'bar-label' }, type),
          h('span', { className: 'bar-track' }, bar),
          h('span', { className: 'bar-count' }, String(count)),
        ),
      );
    }),
  );
}
