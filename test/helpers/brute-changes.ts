/**
 * A brute-force reading of what differs between two versions of a taxon: each flattened to its
 * leaf dot paths (lists as sets of values), derived fields dropped, and every path compared. The
 * reference the change records are tested against.
 */
import { canonical, type Difference } from '../../src/taxon/changes.ts';
import { DERIVED_KEYS } from '../../src/taxon/schema.ts';

export type Taxon = { id: string } & Record<string, unknown>;
type Leaf = { list: Set<string> } | { value: string };

function flatten(value: Record<string, unknown>, path: string, out: Map<string, Leaf>): Map<string, Leaf> {
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || (path === '' && (DERIVED_KEYS as readonly string[]).includes(key))) continue;
    const at = path === '' ? key : `${path}.${key}`;
    if (Array.isArray(item)) out.set(at, { list: new Set(item.map(canonical)) });
    else if (typeof item === 'object' && item !== null) flatten(item as Record<string, unknown>, at, out);
    else out.set(at, { value: canonical(item) });
  }
  return out;
}

/** field → what differs, as sorted canonical strings */
export function bruteDifferences(from: Taxon, to: Taxon): Map<string, string> {
  const [a, b] = [flatten(from, '', new Map()), flatten(to, '', new Map())];
  const out = new Map<string, string>();
  for (const field of new Set([...a.keys(), ...b.keys()])) {
    const [x, y] = [a.get(field), b.get(field)];
    if ((x && 'list' in x) || (y && 'list' in y)) {
      const [before, after] = [
        x && 'list' in x ? x.list : new Set<string>(),
        y && 'list' in y ? y.list : new Set<string>(),
      ];
      const added = [...after].filter((item) => !before.has(item)).sort();
      const removed = [...before].filter((item) => !after.has(item)).sort();
      if (added.length + removed.length > 0) out.set(field, `+${added.join(',')} -${removed.join(',')}`);
    } else {
      const [before, after] = [x && 'value' in x ? x.value : undefined, y && 'value' in y ? y.value : undefined];
      if (before !== after) out.set(field, `${before} → ${after}`);
    }
  }
  return out;
}

export function asBrute(difference: Difference): string {
  if ('added' in difference)
    return `+${difference.added.map(canonical).sort().join(',')} -${difference.removed.map(canonical).sort().join(',')}`;
  const show = (v: unknown) => (v === undefined ? undefined : canonical(v));
  return `${show(difference.from)} → ${show(difference.to)}`;
}
