/** Where the legacy interface is registered (`routes.ts`): its routes, errors and Swagger document are under it. */
export const LEGACY_PREFIX = '/v0';
