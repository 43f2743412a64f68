/**
 * The bodies of the indices a load creates: the taxa and names bodies of `mappings/*.json`
 * (read at run time; `npm run mappings` writes them) with the shard and replica counts the load
 * asks for and every other setting kept (`max_result_window` above all: deep pages need it); and
 * the catalog index, which holds one document that is read whole and never searched.
 */
import { readFile } from 'node:fs/promises';
import type { estypes } from '@elastic/elasticsearch';
import { MAPPING_FILES } from '../../src/index/mappings/files.ts';
import type { IndexKind } from '../../src/index/engine.ts';

export type IndexBody = Required<Pick<estypes.IndicesCreateRequest, 'settings' | 'mappings'>>;

export interface ShardCounts {
  /** primary shards per index; the mapping file's when undefined */
  shards?: number;
  /** replicas of each shard; the mapping file's when undefined */
  replicas?: number;
}

function withShardCounts(body: IndexBody, counts: ShardCounts): IndexBody {
  return {
    ...body,
    settings: {
      ...body.settings,
      ...(counts.shards === undefined ? {} : { number_of_shards: counts.shards }),
      ...(counts.replicas === undefined ? {} : { number_of_replicas: counts.replicas }),
    },
  };
}

/**
 * The body of an index of `kind`, read from `file` (default the project's mapping file).
 *
 * @example await indexBody('taxa', { shards: 3, replicas: 1 })
 */
export async function indexBody(kind: IndexKind, counts: ShardCounts, file = MAPPING_FILES[kind]): Promise<IndexBody> {
  let body: IndexBody;
  try {
    body = JSON.parse(await readFile(file, 'utf8')) as IndexBody;
  } catch (error) {
    throw new Error(`loader: cannot read the index body ${file.pathname}: ${(error as Error).message}`);
  }
  return withShardCounts(body, counts);
}

/**
 * One shard (the document is small), with as many replicas as the taxa indices (`replicas`, as
 * their body has it) so that it is as available as they are.
 */
export function catalogIndexBody(replicas: estypes.IndicesIndexSettings['number_of_replicas']): IndexBody {
  return {
    settings: { number_of_shards: 1, ...(replicas === undefined ? {} : { number_of_replicas: replicas }) },
    mappings: { enabled: false },
  };
}
