/**
 * Index and alias names in an Elasticsearch cluster. Every checklist version and index kind is
 * served through an alias (`<prefix>-<kind>-<version>`) that points at one physical index
 * (`<alias>-<stamp>`); a load builds new physical indices and swaps the aliases at once, so the
 * engine only ever names aliases. The catalog (informal groups, checklist versions with their
 * real-case ids) is one document behind the alias `<prefix>-catalog`.
 *
 * Elasticsearch index names are lower case, so versions are lower-cased here; the catalog keeps
 * the real ids, and the engine finds a version's alias from its real id.
 */
import type { IndexKind } from '../engine.ts';

/** The index prefix when none is configured (`ELASTICSEARCH_INDEX_PREFIX`, `taxa load --prefix`). */
export const DEFAULT_INDEX_PREFIX = 'taxa';

/** The id of the one document of the catalog index. */
export const CATALOG_DOCUMENT_ID = 'catalog';

/**
 * What a prefix, or a lower-cased version id, may be to become part of an index name: lower
 * case letters, digits, `.`, `_` and `-`, starting with a letter or digit (Elasticsearch refuses
 * upper case and `\ / * ? " < > | , #` and space, and a leading `-`, `_` or `+`), at most 100
 * characters so every name built from them stays far below 255 bytes.
 */
export const INDEX_PREFIX_PATTERN = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/** `taxa-taxa-mr.424`: the alias of one version's index of one kind. */
export function aliasName(prefix: string, kind: IndexKind, version: string): string {
  return `${prefix}-${kind}-${version.toLowerCase()}`;
}

/** The alias pattern that matches every version's alias of `kind`, e.g. `taxa-taxa-*`. */
export function aliasPattern(prefix: string, kind: IndexKind): string {
  return `${prefix}-${kind}-*`;
}

/** `taxa-catalog`: the alias of the catalog index. */
export function catalogAlias(prefix: string): string {
  return `${prefix}-catalog`;
}

/** The physical index behind `alias` built by the load stamped `stamp`. */
export function physicalIndexName(alias: string, stamp: string): string {
  return `${alias}-${stamp}`;
}

/**
 * A load's stamp: the UTC time to the millisecond, digits only, so the physical indices of
 * successive loads sort by time and never collide.
 *
 * @example loadStamp(new Date('2025-03-04T05:06:07.089Z')) // '20250304050607089'
 */
export function loadStamp(date: Date): string {
  return date.toISOString().replace(/\D/g, '');
}

/** Why `prefix` cannot be an index prefix, or undefined when it can. */
export function prefixProblem(prefix: string): string | undefined {
  return INDEX_PREFIX_PATTERN.test(prefix)
    ? undefined
    : `'${prefix}' is not a valid index prefix: use 1 to 100 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit`;
}

/**
 * Why these version ids cannot name indices, or undefined when they can: each must lower-case
 * to a valid name part, and no two may lower-case to the same one.
 */
export function versionProblem(versions: readonly string[]): string | undefined {
  const seen = new Map<string, string>();
  for (const version of versions) {
    const part = version.toLowerCase();
    if (!INDEX_PREFIX_PATTERN.test(part)) {
      return `checklist version '${version}' cannot be part of an index name (lower-case letters, digits, '.', '_' or '-' only)`;
    }
    const other = seen.get(part);
    if (other !== undefined)
      return `checklist versions '${other}' and '${version}' differ only in case; index names are lower case`;
    seen.set(part, version);
  }
  return undefined;
}
