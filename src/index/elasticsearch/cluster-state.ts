/**
 * What is loaded in the cluster: the catalog document and the versions whose taxa alias exists,
 * read in two requests side by side, and a short-lived cache of it so that a request does not
 * pay those round trips again. A failed read is not cached: the next request asks again, so the
 * service comes back by itself when the cluster does.
 */
import type { Client } from '@elastic/elasticsearch';
import type { Catalog, ChecklistVersion } from '../../taxon/catalog.ts';
import { aliasBindings } from './aliases.ts';
import { aliasName, aliasPattern, CATALOG_DOCUMENT_ID, catalogAlias } from './naming.ts';

export interface ClusterState {
  /** the catalog with only the versions that can be searched */
  catalog: Catalog;
  versions: string[];
  /** each taxa alias with the index it names, sorted: a load that swaps an index changes it */
  indices: string[];
}

const EMPTY_CATALOG: Catalog = { informalTaxonGroups: [], checklistVersions: [] };

function isCatalog(value: unknown): value is Catalog {
  const catalog = value as Partial<Catalog> | undefined;
  return Array.isArray(catalog?.informalTaxonGroups) && Array.isArray(catalog?.checklistVersions);
}

async function readCatalog(client: Client, prefix: string): Promise<Catalog> {
  const answer = await client.get({ index: catalogAlias(prefix), id: CATALOG_DOCUMENT_ID }, { ignore: [404] });
  return answer.found && isCatalog(answer._source) ? answer._source : EMPTY_CATALOG;
}

/**
 * The versions are those of the catalog (real case, in its order) whose taxa alias is present;
 * an alias without a catalog entry is not served.
 */
export async function readClusterState(client: Client, prefix: string): Promise<ClusterState> {
  const [bindings, catalog] = await Promise.all([
    aliasBindings(client, [aliasPattern(prefix, 'taxa')]),
    readCatalog(client, prefix),
  ]);
  const aliases = new Set(bindings.map((binding) => binding.alias));
  const checklistVersions: ChecklistVersion[] = catalog.checklistVersions.filter((v) =>
    aliases.has(aliasName(prefix, 'taxa', v.id)),
  );
  return {
    catalog: { ...catalog, checklistVersions },
    versions: checklistVersions.map((v) => v.id),
    indices: bindings.map(({ alias, index }) => `${alias} ${index}`).sort(),
  };
}

export interface StateCache {
  /** the cached state, read anew when older than the cache's lifetime */
  get(): Promise<ClusterState>;
  /** reads the state now and caches it */
  refresh(): Promise<ClusterState>;
  drop(): void;
}

/**
 * The state read, its catalog the one read before when nothing in it changed: an engine hands out
 * the same catalog object until its data changes (what the services and the answer cache
 * recognise a reload by). A load of the same versions with other taxa leaves the catalog as it
 * was but binds the aliases to new indices: that is a change too.
 */
function keptCatalog(previous: ClusterState | undefined, state: ClusterState): ClusterState {
  if (
    previous === undefined ||
    JSON.stringify(previous.catalog) !== JSON.stringify(state.catalog) ||
    previous.indices.join('\n') !== state.indices.join('\n')
  )
    return state;
  return { ...state, catalog: previous.catalog };
}

/** @example const state = cacheState(() => readClusterState(client, 'taxa'), 5_000); await state.get(); */
export function cacheState(read: () => Promise<ClusterState>, lifetimeMs: number): StateCache {
  let cached: { state: Promise<ClusterState>; until: number } | undefined;
  let last: ClusterState | undefined;
  const refresh = () => {
    const entry = { state: read().then((state) => (last = keptCatalog(last, state))), until: Date.now() + lifetimeMs };
    cached = entry;
    entry.state.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return entry.state;
  };
  return {
    get: () => (cached && cached.until > Date.now() ? cached.state : refresh()),
    refresh,
    drop: () => {
      cached = undefined;
    },
  };
}
