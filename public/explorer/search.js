/**
 * The search box: a combobox (ARIA 1.2 pattern) whose suggestions come from
 * `/autocomplete/taxa` as one types (debounced; a newer query cancels the older one). Up and down
 * move through the suggestions, Enter opens the one chosen (or, with none chosen, lists every hit
 * of the query in the search view), Escape closes the list. Each suggestion shows the name that
 * matched, its match type and the taxon it names. The search view (`#/search?q=…`) lists the hits
 * of `/taxa/search`.
 */
import { api } from './api.js';
import { h, replace, scientificName, taxonLink } from './dom.js';
import { labelOf } from './labels.js';
import { go, readState } from './state.js';

const DEBOUNCE_MS = 150;
const MIN_QUERY = 2;
const LIST_ID = 'suggestions';

/** `exactMatches` → `exact` */
const matchTypeOf = (/** @type {string} */ type) => type.replace(/Matches$/, '');

/**
 * A hit's line: the matching name, its match type, and the taxon.
 * @param {any} hit
 */
function hitLine(hit) {
  return [
    h('span', { className: 'matching' }, hit.matchingName),
    h('span', { className: `match match-${matchTypeOf(hit.type)}` }, matchTypeOf(hit.type)),
    h(
      'span',
      { className: 'hit-taxon' },
      scientificName({ scientificName: hit.scientificName, cursiveName: hit.cursiveName }),
      hit.vernacularName ? ` (${hit.vernacularName})` : '',
      hit.taxonRank ? h('span', { className: 'rank' }, ` ${labelOf(hit.taxonRank)}`) : null,
    ),
  ];
}

/** The combobox's input, its list of suggestions and the status read out to screen readers. */
function searchElements() {
  const input = /** @type {HTMLInputElement} */ (
    h('input', {
      id: 'search-input',
      type: 'search',
      role: 'combobox',
      'aria-label': 'Search taxa by name',
      'aria-autocomplete': 'list',
      'aria-expanded': 'false',
      'aria-controls': LIST_ID,
      autocomplete: 'off',
      spellcheck: 'false',
      placeholder: 'Search by name: kettu, Parus major…',
    })
  );
  const list = h('ul', {
    id: LIST_ID,
    className: 'suggestions',
    role: 'listbox',
    'aria-label': 'Suggestions',
    hidden: true,
  });
  const status = h('span', { className: 'visually-hidden', role: 'status' });
  return { input, list, status };
}

/**
 * Builds the combobox into `container`.
 * @param {HTMLElement} container
 * @param {(error: unknown) => void} reportError where a failed suggestion is reported
 */
export function mountSearchBox(container, reportError) {
  const { input, list, status } = searchElements();
  replace(container, input, list, status);

  /** @type {any[]} */
  let hits = [];
  let active = -1;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {AbortController | undefined} */
  let pending;

  /** Closes the list, and drops the suggestions asked for or about to be: they would open it again. */
  const close = () => {
    clearTimeout(timer);
    pending?.abort();
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };

  /** @param {number} index */
  const highlight = (index) => {
    active = index;
    list.querySelectorAll('[role="option"]').forEach((option, i) => {
      option.setAttribute('aria-selected', String(i === index));
    });
    if (index < 0) input.removeAttribute('aria-activedescendant');
    else {
      input.setAttribute('aria-activedescendant', `suggestion-${index}`);
      list.children[index]?.scrollIntoView({ block: 'nearest' });
    }
  };

  /** @param {any} hit */
  const choose = (hit) => {
    close();
    input.value = hit.matchingName;
    go('taxon', { id: hit.id });
  };

  const show = () => {
    replace(
      list,
      hits.map((hit, index) =>
        h(
          'li',
          {
            id: `suggestion-${index}`,
            role: 'option',
            'aria-selected': 'false',
            onMousedown: (/** @type {MouseEvent} */ event) => event.preventDefault(),
            onClick: () => choose(hit),
          },
          hitLine(hit),
        ),
      ),
    );
    list.hidden = hits.length === 0;
    input.setAttribute('aria-expanded', String(hits.length > 0));
    status.textContent = `${hits.length} suggestion${hits.length === 1 ? '' : 's'}`;
    highlight(-1);
  };

  const suggest = async () => {
    const query = input.value.trim();
    if (query.length < MIN_QUERY) {
      hits = [];
      close();
      return;
    }
    pending?.abort();
    pending = new AbortController();
    try {
      const answer = await api(
        '/autocomplete/taxa',
        { query, limit: 10, lang: readState().lang },
        { signal: pending.signal },
      );
      hits = answer.results;
      show();
    } catch (error) {
      if (/** @type {Error} */ (error).name !== 'AbortError') throw error;
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void suggest().catch(reportError), DEBOUNCE_MS);
  });
  input.addEventListener('keydown', (event) => {
    const open = !list.hidden;
    if (event.key === 'ArrowDown' && hits.length > 0) {
      event.preventDefault();
      if (!open) show();
      highlight((active + 1) % hits.length);
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault();
      highlight(active <= 0 ? hits.length - 1 : active - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = open ? hits[active] : undefined;
      if (hit) choose(hit);
      else if (input.value.trim() !== '') {
        close();
        go('search', { params: { q: input.value.trim() } });
      }
    } else if (event.key === 'Escape') {
      if (open) event.preventDefault();
      close();
    }
  });
  input.addEventListener('blur', close);
  return input;
}

/**
 * The search view: every hit of the query in `q`, best first.
 * @param {HTMLElement} view
 * @param {import('./state.js').State} state
 */
export async function renderSearch(view, state) {
  const query = state.params.get('q') ?? '';
  const input = /** @type {HTMLInputElement | null} */ (document.getElementById('search-input'));
  if (input && document.activeElement !== input) input.value = query;
  if (query.trim().length < 1) {
    replace(
      view,
      h('h1', {}, 'Search'),
      h('p', {}, 'Type a name in the search box: scientific or vernacular, in any language, or a taxon id.'),
    );
    return;
  }
  const answer = await api('/taxa/search', { query, limit: 50, lang: state.lang });
  replace(
    view,
    h('h1', {}, 'Search: ', h('q', {}, query)),
    h('p', { className: 'count' }, `${answer.results.length} hit${answer.results.length === 1 ? '' : 's'}`),
    h(
      'ol',
      { className: 'hits' },
      answer.results.map((/** @type {any} */ hit) => h('li', {}, taxonLink({ id: hit.id }, hitLine(hit)))),
    ),
  );
}
