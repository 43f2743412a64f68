/**
 * Lucene wildcard patterns: `*` is any run of characters, `?` exactly one code point, `\`
 * escapes the next character (a trailing `\` is literal). Matching is case-sensitive and runs
 * over the sorted term dictionary, starting from the literal prefix of the pattern.
 */

export interface WildcardMatcher {
  /** The literal text before the first wildcard: only terms with this prefix can match. */
  prefix: string;
  /** `undefined` when every term with the prefix matches (the pattern is `prefix*` or literal). */
  test: ((term: string) => boolean) | undefined;
  /** True when the pattern has no wildcard at all: it matches the prefix exactly. */
  exact: boolean;
}

const REGEXP_SPECIAL = /[.*+?^${}()|[\]\\]/g;

export function compileWildcard(pattern: string): WildcardMatcher {
  const chars = Array.from(pattern);
  let prefix = '';
  let body = '';
  let wildcards = 0;
  let onlyTrailingStar = false;
  for (let i = 0; i < chars.length; i++) {
    let char = chars[i]!;
    if (char === '*' || char === '?') {
      body += char === '*' ? '[\\s\\S]*' : '[\\s\\S]';
      wildcards++;
      onlyTrailingStar = char === '*' && wildcards === 1 && i === chars.length - 1;
      continue;
    }
    if (char === '\\' && i + 1 < chars.length) char = chars[++i]!;
    if (wildcards === 0) prefix += char;
    body += char.replace(REGEXP_SPECIAL, '\\$&');
  }
  if (wildcards === 0) return { prefix, test: (term) => term === prefix, exact: true };
  if (onlyTrailingStar) return { prefix, test: undefined, exact: false };
  const regExp = new RegExp(`^${body}$`, 'u');
  return { prefix, test: (term) => regExp.test(term), exact: false };
}
