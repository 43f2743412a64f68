/**
 * The values a data directory holds, read once for generated requests that should find things:
 * per filter key the values its taxa have (every version), the taxon ids, and the name literals
 * a name search may be asked for.
 */
import { engineDataOf } from '../../loaders/engine-data.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { versionDocuments } from '../../src/index/engine.ts';
import { FILTER_KEYS } from '../../src/taxon/fields.ts';

export interface SampleValues {
  versions: string[];
  /** filter key → values the taxa of some version have there (at most `PER_KEY`, spread) */
  values: Map<string, (string | boolean)[]>;
  ids: string[];
  names: string[];
}

/** Values kept per key: enough variety for a generator, small enough to shrink over. */
const PER_KEY = 40;
const NAME_FIELD =
  /(^|\.)(scientificName|vernacularName|alternativeVernacularName|obsoleteVernacularName|colloquialVernacularName|tradeName)(\.|$)/;

function walk(value: unknown, path: string, visit: (path: string, leaf: string | boolean) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, path, visit);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) walk(inner, path === '' ? key : `${path}.${key}`, visit);
  } else if (typeof value === 'string' || typeof value === 'boolean') {
    visit(path, value);
  }
}

/** Every `step`-th of `list`, so a long list is sampled across its whole range. */
function spread<T>(list: T[], count: number): T[] {
  if (list.length <= count) return list;
  const step = list.length / count;
  return Array.from({ length: count }, (_, i) => list[Math.floor(i * step)] as T);
}

export async function sampleValues(dir: string): Promise<SampleValues> {
  const { dataSet } = await loadDataDirectory(dir);
  const data = engineDataOf(dataSet);
  const found = new Map<string, Set<string | boolean>>();
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const version of data.versions) {
    for (const document of versionDocuments(data, version.id, 'taxa') ?? []) {
      walk(document, '', (path, leaf) => {
        if (!FILTER_KEYS.has(path)) return;
        let set = found.get(path);
        if (!set) found.set(path, (set = new Set()));
        set.add(leaf);
        if (path === 'id') ids.add(leaf as string);
        if (typeof leaf === 'string' && NAME_FIELD.test(path) && !path.startsWith('parent.')) names.add(leaf);
      });
    }
  }
  const values = new Map([...found].map(([key, set]) => [key, spread([...set].sort(), PER_KEY)]));
  return { versions: data.versions.map((v) => v.id), values, ids: [...ids].sort(), names: [...names].sort() };
}
