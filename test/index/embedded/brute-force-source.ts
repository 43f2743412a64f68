/**
 * Reference `_source` filtering for plain dotted paths (no wildcards): a path is kept when an
 * include names it or one of its ancestors, and when no exclude does; an object or array the
 * filtering emptied goes, one that was empty stays only under excludes.
 */
type Body = Record<string, unknown>;

export function filterSourcePlain(doc: Body, spec: unknown): unknown {
  if (spec === undefined || spec === true) return structuredClone(doc);
  const options: Body = typeof spec === 'string' || Array.isArray(spec) ? { includes: spec } : (spec as Body);
  const includes = listOf(options['includes']);
  const excludes = listOf(options['excludes']);
  let result: unknown = excludes.length > 0 ? (exclude(doc, '', excludes) ?? {}) : structuredClone(doc);
  if (includes.length > 0) result = include(result, '', includes) ?? {};
  return result;
}

function listOf(value: unknown): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [String(value)];
}

const under = (path: string, pattern: string) => path === pattern || path.startsWith(`${pattern}.`);

function include(value: unknown, path: string, patterns: string[]): unknown {
  if (path !== '' && patterns.some((pattern) => under(path, pattern))) return structuredClone(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => include(item, path, patterns)).filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const kept: Body = {};
  for (const [key, child] of Object.entries(value)) {
    const childPath = path === '' ? key : `${path}.${key}`;
    if (!patterns.some((pattern) => under(pattern, childPath) || under(childPath, pattern))) continue;
    const filtered = include(child, childPath, patterns);
    if (filtered !== undefined) kept[key] = filtered;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

function exclude(value: unknown, path: string, patterns: string[]): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => exclude(item, path, patterns)).filter((item) => item !== undefined);
    return items.length > 0 || value.length === 0 ? items : undefined;
  }
  if (typeof value !== 'object' || value === null) return value;
  const kept: Body = {};
  const entries = Object.entries(value);
  for (const [key, child] of entries) {
    const childPath = path === '' ? key : `${path}.${key}`;
    if (patterns.some((pattern) => under(childPath, pattern))) continue;
    const filtered = exclude(child, childPath, patterns);
    if (filtered !== undefined) kept[key] = filtered;
  }
  return Object.keys(kept).length > 0 || entries.length === 0 ? kept : undefined;
}
