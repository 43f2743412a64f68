/** Where the legacy interface is served: its routes, errors and Swagger document are under it. */
export const LEGACY_PREFIX = '/v0';

/** Whether a request URL (path and query) is one of the legacy interface's. */
export function isLegacyUrl(url: string): boolean {
  return url.startsWith(LEGACY_PREFIX) && (url.length === LEGACY_PREFIX.length || '/?'.includes(url[3]!));
}
