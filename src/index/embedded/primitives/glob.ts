/** Simple `*` globs, as Elasticsearch matches field name patterns (`*` is any run of characters). */

const REGEXP_SPECIAL = /[.*+?^${}()|[\]\\]/g;

export function globToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(REGEXP_SPECIAL, '\\$&'))
    .join('[\\s\\S]*');
  return new RegExp(`^${body}$`, 'u');
}
