/**
 * The page's state is its address: `#/<view>[/<id>][?<parameters>]`, e.g. `#/taxon/MX.46587`,
 * `#/filter?informalTaxonGroups=MVL.1&page=2`, `#/versions?from=MR.424&to=current`. A link can be
 * shared and a reload shows the same view. The answer language is the `lang` parameter of every
 * view (kept in localStorage as the default of addresses without one).
 */

const VIEWS = ['search', 'taxon', 'filter', 'versions'];
export const LANGUAGES = ['en', 'fi', 'sv'];
const LANGUAGE_KEY = 'taxon-explorer.language';

/**
 * @typedef {{view: string, id: string, params: URLSearchParams, lang: string}} State
 */

/** @returns {State} */
export function readState() {
  const hash = window.location.hash.replace(/^#\/?/, '');
  const [path = '', query = ''] = splitOnce(hash, '?');
  const [view = '', id = ''] = splitOnce(path, '/');
  const params = new URLSearchParams(query);
  const asked = params.get('lang') ?? window.localStorage.getItem(LANGUAGE_KEY) ?? 'en';
  return {
    view: VIEWS.includes(view) ? view : 'search',
    id: decoded(id),
    params,
    lang: LANGUAGES.includes(asked) ? asked : 'en',
  };
}

/**
 * A path segment decoded; one that is not valid percent-encoding as it is.
 * @param {string} segment
 */
function decoded(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * @param {string} text
 * @param {string} separator
 * @returns {[string, string]}
 */
function splitOnce(text, separator) {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

/**
 * The address of a view; parameters without a value are left out, and the language is kept.
 * @param {string} view
 * @param {{id?: string, params?: Record<string, string | number | undefined>, lang?: string}} [options]
 */
export function hrefOf(view, options = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(options.params ?? {})) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  params.set('lang', options.lang ?? readState().lang);
  const id = options.id ? `/${encodeURIComponent(options.id)}` : '';
  return `#/${view}${id}?${params}`;
}

/**
 * Shows a view, as a new entry of the history.
 * @param {string} view
 * @param {{id?: string, params?: Record<string, string | number | undefined>, lang?: string}} [options]
 */
export function go(view, options = {}) {
  window.location.hash = hrefOf(view, options);
}

/** @param {string} lang */
export function rememberLanguage(lang) {
  window.localStorage.setItem(LANGUAGE_KEY, lang);
}
