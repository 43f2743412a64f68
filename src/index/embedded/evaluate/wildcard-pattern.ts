/**
 * Lucene wildcard patterns: `*` is any run of characters, `?` exactly one code point, `\`
 * escapes the next character (a trailing `\` is literal). Matching is case-sensitive and runs
 * over the sorted term dictionary, starting from the literal prefix of the pattern.
 */

export interface WildcardMatcher {
  /** The literal text before the first wildcard: only terms with this prefix can match. */
  prefix: string;
  /** `undefined` when every term with the prefix matches (the pattern is `prefix*`). */
  test: ((term: string) => boolean) | undefined;
  /**
   * True when the pattern is `prefix?*` or `prefix*?`: every term with the prefix but the prefix
   * itself matches, which is a range of the sorted dictionary with no term to test.
   */
  longerThanPrefix: boolean;
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
  if (wildcards === 0) return { prefix, test: (term) => term === prefix, longerThanPrefix: false };
  if (onlyTrailingStar) return { prefix, test: undefined, longerThanPrefix: false };
  const longerThanPrefix = wildcards === 2 && ['?*', '*?'].includes(chars.slice(-2).join('')) && !escapedAt(chars, chars.length - 3);
  const parts = starParts(chars);
  if (parts !== undefined) return { prefix, test: (term) => matchesStars(term, parts), longerThanPrefix };
  const regExp = new RegExp(`^${body}$`, 'u');
  return { prefix, test: (term) => regExp.test(term), longerThanPrefix };
}

/** Whether the character at `index` is a `\` that escapes the next one (counting the escapes before it). */
function escapedAt(chars: readonly string[], index: number): boolean {
  let backslashes = 0;
  for (let i = index; i >= 0 && chars[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 1;
}

/** The literal parts between `*`s, when the pattern has no `?` (else `undefined`). */
function starParts(chars: readonly string[]): string[] | undefined {
  const parts = [''];
  for (let i = 0; i < chars.length; i++) {
    let char = chars[i]!;
    if (char === '?') return undefined;
    if (char === '*') {
      parts.push('');
      continue;
    }
    if (char === '\\' && i + 1 < chars.length) char = chars[++i]!;
    parts[parts.length - 1] += char;
  }
  return parts;
}

/** `*`-only glob match: first part a prefix, last a suffix, the others found in order between. */
function matchesStars(term: string, parts: readonly string[]): boolean {
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (term.length < first.length + last.length || !term.startsWith(first) || !term.endsWith(last)) return false;
  let position = first.length;
  const end = term.length - last.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const found = term.indexOf(parts[i]!, position);
    if (found < 0 || found + parts[i]!.length > end) return false;
    position = found + parts[i]!.length;
  }
  return true;
}
