/**
 * The explorer page: reads the access token and the state from the address, builds the search
 * box, and shows the view the address names (once the labels of its language are loaded), again
 * whenever the address changes.
 */
import { ApiError, adoptTokenFromAddress, setToken, token } from './api.js';
import { renderFilter } from './filter.js';
import { labelsIn, showLabels } from './labels.js';
import { mountSearchBox, renderSearch } from './search.js';
import { go, readState, rememberLanguage } from './state.js';
import { renderTaxon } from './taxon.js';
import { renderVersions } from './versions.js';

const RENDERERS = { search: renderSearch, taxon: renderTaxon, filter: renderFilter, versions: renderVersions };

const view = /** @type {HTMLElement} */ (document.getElementById('view'));
const message = /** @type {HTMLElement} */ (document.getElementById('message'));
const language = /** @type {HTMLSelectElement} */ (document.getElementById('language'));
const tokenForm = /** @type {HTMLFormElement} */ (document.getElementById('token-form'));
const tokenInput = /** @type {HTMLInputElement} */ (document.getElementById('token-input'));
const tokenDetails = /** @type {HTMLDetailsElement} */ (document.getElementById('token'));

/** @param {unknown} error */
function showError(error) {
  if (error instanceof ApiError && error.status === 401) {
    message.textContent = `${error.message}: enter an access token (Access token, above).`;
    tokenDetails.open = true;
  } else message.textContent = error instanceof Error ? error.message : String(error);
  message.hidden = false;
}

/** Each render is numbered: the answer of a view left in the meantime is not shown. */
let rendering = 0;

async function render() {
  const state = readState();
  const current = ++rendering;
  document.documentElement.lang = state.lang;
  language.value = state.lang;
  for (const tab of document.querySelectorAll('.tabs a')) {
    const here = /** @type {HTMLElement} */ (tab).dataset.view === (state.view === 'taxon' ? 'search' : state.view);
    if (here) tab.setAttribute('aria-current', 'page');
    else tab.removeAttribute('aria-current');
  }
  view.setAttribute('aria-busy', 'true');
  const scratch = document.createElement('div');
  try {
    // The labels of the view's language first: every view names values by them.
    const labels = await labelsIn(state.lang);
    if (current !== rendering) return;
    showLabels(labels);
    await RENDERERS[/** @type {keyof typeof RENDERERS} */ (state.view)](scratch, state);
    if (current !== rendering) return;
    message.hidden = true;
    view.replaceChildren(...scratch.childNodes);
    view.dataset.view = state.view;
    document.title = `${view.querySelector('h1')?.textContent ?? 'Search'} · Taxon explorer`;
  } catch (error) {
    if (current === rendering) showError(error);
  } finally {
    if (current === rendering) view.removeAttribute('aria-busy');
  }
}

adoptTokenFromAddress();
tokenInput.value = token();
tokenForm.addEventListener('submit', (event) => {
  event.preventDefault();
  setToken(tokenInput.value.trim());
  tokenDetails.open = false;
  void render();
});
language.addEventListener('change', () => {
  rememberLanguage(language.value);
  const state = readState();
  go(state.view, { id: state.id, params: Object.fromEntries(state.params), lang: language.value });
});
mountSearchBox(/** @type {HTMLElement} */ (document.getElementById('search-box')), showError);
window.addEventListener('hashchange', () => void render());
window.addEventListener('unhandledrejection', (event) => showError(event.reason));
void render();
