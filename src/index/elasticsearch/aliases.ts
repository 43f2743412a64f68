/**
 * Reading alias bindings from the cluster: which physical index each alias points at. The
 * engine discovers the loaded versions this way, the loader finds the indices a load replaces.
 */
import type { Client } from '@elastic/elasticsearch';

export interface AliasBinding {
  alias: string;
  index: string;
}

/**
 * The bindings of every alias that matches one of `names` (exact names or `*` patterns). No
 * match is no binding: Elasticsearch answers a pattern without matches with `{}`, and an exact
 * name without one with a 404 whose body still lists the names that did match.
 *
 * @example await aliasBindings(client, ['taxa-taxa-*']) // [{ alias: 'taxa-taxa-current', index: 'taxa-taxa-current-2025…' }]
 */
export async function aliasBindings(
  client: Client,
  names: string[],
  options: { signal?: AbortSignal } = {},
): Promise<AliasBinding[]> {
  const answer: Record<string, unknown> = await client.indices.getAlias({ name: names }, { ignore: [404], ...options });
  const bindings: AliasBinding[] = [];
  for (const [index, entry] of Object.entries(answer)) {
    const aliases = (entry as { aliases?: unknown } | null)?.aliases;
    if (typeof aliases !== 'object' || aliases === null) continue;
    for (const alias of Object.keys(aliases)) bindings.push({ alias, index });
  }
  return bindings;
}
