/**
 * The query string as the routes read it (docs/api.md, "Query parameters"): a parameter given more than
 * once is one comma-separated list, `informalTaxonGroups=MVL.1&informalTaxonGroups=MVL.2` as
 * `informalTaxonGroups=MVL.1,MVL.2`, as the real API reads it. Clients that build URLs with
 * `URLSearchParams.append` or Python's `requests` send lists so. A parameter that is not a list
 * then fails its own check (`pageSize=1&pageSize=2` is a 422 at `pageSize`), as before.
 */
import { parse } from 'fast-querystring';

export function parseQueryString(text: string): Record<string, unknown> {
  const query = parse(text) as Record<string, string | string[]>;
  for (const key in query) {
    const value = query[key];
    if (Array.isArray(value)) query[key] = value.join(',');
  }
  return query;
}
