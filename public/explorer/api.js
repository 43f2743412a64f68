/**
 * Calls to the service's API: every call carries the access token when one is known (read once
 * from the page's own `?access_token=`, then kept in localStorage, and taken out of the address
 * so that shared links never carry it) and asks for the chosen language with `lang`.
 */

const TOKEN_KEY = 'taxon-explorer.access-token';

/** A refusal of the API: its status and its error object `{errorCode, message}`. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {{errorCode?: string, message?: string} | undefined} body
   */
  constructor(status, body) {
    super(body?.message ?? `The service answered ${status}`);
    this.status = status;
    this.errorCode = body?.errorCode;
  }
}

/** Moves a token given in the page's address into storage, and out of the address. */
export function adoptTokenFromAddress() {
  const address = new URL(window.location.href);
  const token = address.searchParams.get('access_token');
  if (token === null) return;
  setToken(token);
  address.searchParams.delete('access_token');
  window.history.replaceState(null, '', address);
}

export function token() {
  return window.localStorage.getItem(TOKEN_KEY) ?? '';
}

/** @param {string} value */
export function setToken(value) {
  if (value === '') window.localStorage.removeItem(TOKEN_KEY);
  else window.localStorage.setItem(TOKEN_KEY, value);
}

/**
 * A URL of this service with the parameters that have a value.
 * @param {string} path
 * @param {Record<string, string | number | boolean | undefined>} [params]
 */
export function serviceUrl(path, params = {}) {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  }
  return url;
}

/**
 * `headers` and, when a token is known, its `Authorization`.
 * @param {Record<string, string>} headers
 * @returns {Record<string, string>}
 */
function headersOf(headers) {
  const known = token();
  return known === '' ? headers : { ...headers, Authorization: `Bearer ${known}` };
}

/**
 * The JSON answer of a GET, or of a POST when `body` is given; an `ApiError` for a refusal.
 * @param {string} path
 * @param {Record<string, string | number | boolean | undefined>} [params]
 * @param {{body?: object, signal?: AbortSignal}} [options]
 * @returns {Promise<any>}
 */
export async function api(path, params = {}, options = {}) {
  const post = options.body !== undefined;
  const response = await fetch(serviceUrl(path, params), {
    method: post ? 'POST' : 'GET',
    headers: headersOf({ Accept: 'application/json', ...(post ? { 'Content-Type': 'application/json' } : {}) }),
    body: post ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  const answer = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, answer);
  return answer;
}

/**
 * Saves the answer of a POST as a file, under the name its `Content-Disposition` gives: a link
 * cannot send a body, so a download of filters only the body expresses is asked for here.
 * @param {string} path
 * @param {Record<string, string | number | boolean | undefined>} params
 * @param {object} body
 */
export async function downloadPosted(path, params, body) {
  const response = await fetch(serviceUrl(path, params), {
    method: 'POST',
    headers: headersOf({ 'Content-Type': 'application/json' }),
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => undefined));
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = named?.[1] ?? 'taxa';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the object URL can go once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

/**
 * `ask(lang)` asked once per language: the answer is kept, a failure forgotten (asked again).
 * @template T
 * @param {(lang: string) => Promise<T>} ask
 * @returns {(lang: string) => Promise<T>}
 */
export function oncePerLanguage(ask) {
  /** @type {Map<string, Promise<T>>} */
  const kept = new Map();
  return (lang) => {
    let answer = kept.get(lang);
    if (answer === undefined) {
      answer = ask(lang);
      kept.set(lang, answer);
      answer.catch(() => kept.delete(lang));
    }
    return answer;
  };
}

/** The names of the informal taxon groups in a language. */
export const informalGroupNames = oncePerLanguage(async (lang) => {
  const page = await api('/informal-taxon-groups', { pageSize: 1000, selectedFields: 'id,name', lang });
  return new Map(page.results.map((/** @type {{id: string, name?: string}} */ g) => [g.id, g.name ?? g.id]));
});

/** The name of the version read by default, which the list of versions does not hold. */
const CURRENT_NAME = /** @type {Record<string, string>} */ ({ fi: 'Nykyinen', sv: 'Nuvarande', en: 'Current' });

/** The loaded checklist versions in a language: `current`, the default, and those listed. */
export const checklistVersions = oncePerLanguage(async (lang) => {
  const page = await api('/checklist-versions', { pageSize: 1000, lang });
  const current = { id: 'current', versionName: CURRENT_NAME[lang] ?? CURRENT_NAME.en };
  return /** @type {{id: string, versionName?: string, versionDate?: string}[]} */ ([current, ...page.results]);
});

/**
 * The values of `requests`, in order, once all have settled; when some fail, the first failure
 * in the list's order, not in time: a view shows the error of its main request (a taxon's own,
 * not its history's), whichever answer came first.
 * @template {unknown[]} T
 * @param {{ [K in keyof T]: Promise<T[K]> }} requests
 * @returns {Promise<T>}
 */
export async function allInOrder(requests) {
  const settled = await Promise.allSettled(requests);
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return /** @type {T} */ (settled.map((outcome) => /** @type {PromiseFulfilledResult<unknown>} */ (outcome).value));
}
