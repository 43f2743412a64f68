/**
 * The end of a load. Success: every alias of the prefix moves to the new indices in ONE
 * `_aliases` request, which also removes the indices the aliases pointed at (`remove_index`), so
 * a search sees the old data set or the new one, never a mix, and no old index is left behind.
 * Failure before that: the new indices are deleted and the aliases stay as they were.
 */
import type { Client } from '@elastic/elasticsearch';
import { aliasBindings, type AliasBinding } from '../../src/index/elasticsearch/aliases.ts';
import { describeClusterError } from '../../src/index/elasticsearch/cluster-errors.ts';
import { INDEX_KINDS } from '../../src/index/engine.ts';
import { aliasPattern, catalogAlias } from '../../src/index/elasticsearch/naming.ts';
import { ElasticsearchLoadError } from './load-error.ts';

/** Every alias a load of `prefix` owns: a data set is replaced whole, versions it lacks included. */
export function ownedAliases(prefix: string): string[] {
  return [...INDEX_KINDS.map((kind) => aliasPattern(prefix, kind)), catalogAlias(prefix)];
}

/**
 * Deletes the indices a failed load created and answers the error to report: `failure`, told
 * that nothing was swapped and what became of those indices.
 */
export async function abandonLoad(
  client: Client,
  created: readonly string[],
  failure: ElasticsearchLoadError,
): Promise<ElasticsearchLoadError> {
  if (created.length === 0)
    return new ElasticsearchLoadError(`${failure.message}\nNothing was changed in the cluster.`, { cause: failure });
  try {
    await client.indices.delete({ index: [...created], ignore_unavailable: true });
    return new ElasticsearchLoadError(
      `${failure.message}\nThe aliases were not changed; the ${created.length} new index(es) were deleted.`,
      { cause: failure },
    );
  } catch (error) {
    return new ElasticsearchLoadError(
      `${failure.message}\nThe aliases were not changed, but deleting the new indices failed (${describeClusterError(error)}); ` +
        `delete them by hand: ${created.join(', ')}`,
      { cause: failure },
    );
  }
}

/**
 * Points the aliases of `bindings` at their new indices and removes every index the prefix's
 * aliases pointed at before; answers those removed indices. When the request fails without a
 * clear answer (a timeout), the catalog alias tells whether it took effect.
 */
export async function swapAliases(
  client: Client,
  prefix: string,
  bindings: readonly AliasBinding[],
  created: readonly string[],
): Promise<string[]> {
  let replaced: string[];
  try {
    const current = await aliasBindings(client, ownedAliases(prefix));
    replaced = [...new Set(current.map((binding) => binding.index))].filter((index) => !created.includes(index));
  } catch (error) {
    throw await abandonLoad(
      client,
      created,
      new ElasticsearchLoadError(`loader: reading the current aliases failed: ${describeClusterError(error)}`),
    );
  }
  const actions = [
    ...bindings.map(({ alias, index }) => ({ add: { index, alias } })),
    ...replaced.map((index) => ({ remove_index: { index } })),
  ];
  try {
    await client.indices.updateAliases({ actions });
    return replaced;
  } catch (error) {
    const failure = new ElasticsearchLoadError(`loader: swapping the aliases failed: ${describeClusterError(error)}`);
    const catalog = bindings.find((binding) => binding.alias === catalogAlias(prefix));
    let swapped: boolean;
    try {
      swapped = (await aliasBindings(client, [catalogAlias(prefix)])).some(
        (binding) => binding.index === catalog?.index,
      );
    } catch {
      throw new ElasticsearchLoadError(
        `${failure.message}\nWhether the swap took effect cannot be told; the new indices were left in place: ${created.join(', ')}`,
      );
    }
    if (swapped) return replaced;
    throw await abandonLoad(client, created, failure);
  }
}
