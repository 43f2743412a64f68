/**
 * DOM helpers. Text always enters the page as text nodes or attribute values, never as markup,
 * so whatever the data holds is shown as written.
 */
import { labelOf } from './labels.js';
import { hrefOf } from './state.js';

/**
 * An element with attributes, listeners (`onClick`…) and children (nodes, or strings made text).
 * A `null`, `undefined` or `false` attribute or child is left out.
 * @param {string} tag
 * @param {Record<string, unknown>} [props]
 * @param {...unknown} children
 * @returns {HTMLElement}
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2).toLowerCase(), /** @type {EventListener} */ (value));
    } else if (name === 'className') element.className = String(value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

/**
 * @param {Node} parent
 * @param {unknown[]} children
 */
function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * Replaces the children of `parent`.
 * @param {Node} parent
 * @param {...unknown} children
 */
export function replace(parent, ...children) {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  append(parent, children);
}

/**
 * A scientific name, in italics when the taxon's name is written so.
 * @param {{scientificName?: string, cursiveName?: boolean, scientificNameAuthorship?: string}} taxon
 */
export function scientificName(taxon) {
  const name = taxon.scientificName ?? '';
  return [
    taxon.cursiveName ? h('i', {}, name) : h('span', {}, name),
    taxon.scientificNameAuthorship ? h('span', { className: 'author' }, ` ${taxon.scientificNameAuthorship}`) : null,
  ];
}

/**
 * A taxon's names in one line: vernacular name, scientific name, rank.
 * @param {{id: string, scientificName?: string, cursiveName?: boolean, vernacularName?: unknown, taxonRank?: string}} taxon
 */
export function taxonLabel(taxon) {
  const vernacular = typeof taxon.vernacularName === 'string' ? taxon.vernacularName : '';
  return [
    vernacular ? h('span', { className: 'vernacular' }, vernacular, ' ') : null,
    scientificName({ ...taxon, scientificNameAuthorship: undefined }),
    taxon.scientificName ? null : h('span', {}, taxon.id),
    taxon.taxonRank ? h('span', { className: 'rank' }, ` ${labelOf(taxon.taxonRank)}`) : null,
  ];
}

/**
 * A link to a taxon's view.
 * @param {{id: string}} taxon
 * @param {...unknown} children the link text (the taxon's label when none)
 */
export function taxonLink(taxon, ...children) {
  return h('a', { href: hrefOf('taxon', { id: taxon.id }) }, children.length ? children : taxonLabel(taxon));
}

/**
 * A definition list of the pairs whose value is given.
 * @param {[string, unknown][]} pairs
 */
export function definitions(pairs) {
  const shown = pairs.filter(([, value]) => value !== undefined && value !== null && value !== '');
  return h(
    'dl',
    { className: 'facts' },
    shown.map(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]),
  );
}

/**
 * Links to the previous and next pages of a page envelope.
 * @param {{currentPage: number, lastPage: number, prevPage?: number, nextPage?: number}} envelope
 * @param {(page: number) => string} href
 */
export function pager(envelope, href) {
  return h(
    'nav',
    { className: 'pager', 'aria-label': 'Pages' },
    envelope.prevPage ? h('a', { href: href(envelope.prevPage), rel: 'prev' }, '← previous') : null,
    h('span', { className: 'page-of' }, `page ${envelope.currentPage} of ${envelope.lastPage}`),
    envelope.nextPage ? h('a', { href: href(envelope.nextPage), rel: 'next' }, 'next →') : null,
  );
}
