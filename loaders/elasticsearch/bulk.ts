/**
 * Bulk indexing of one index's documents: batches sent with bounded concurrency (p-limit, with
 * at most twice as many batches prepared as are sent at once, so memory stays flat), documents
 * refused with 429 sent again after an exponential backoff, and any other refusal ending the
 * load with the first refused document's id and reason.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { errors, type Client } from '@elastic/elasticsearch';
import pLimit from 'p-limit';
import { ElasticsearchLoadError } from './load-error.ts';

/** The longest wait between two sends of documents refused with 429. */
const MAX_BACKOFF_MS = 30_000;

export interface BulkOptions {
  /** documents per bulk request */
  batchSize: number;
  /** bulk requests in flight at once */
  concurrency: number;
  /** how many times documents refused with 429 are sent again */
  retries: number;
  /** the first wait before sending refused documents again; it doubles on each retry */
  retryDelayMs: number;
  signal?: AbortSignal;
  /** told the number of documents of each batch once they are all indexed */
  onIndexed?(count: number): void;
}

interface Batch {
  index: string;
  ids: string[];
  docs: object[];
}

function idsOf(index: string, docs: readonly object[]): string[] {
  return docs.map((doc, n) => {
    const id = (doc as { id?: unknown }).id;
    if (typeof id !== 'string' || id === '')
      throw new ElasticsearchLoadError(`loader: ${index}: document ${n + 1} has no string id`);
    return id;
  });
}

function backoffMs(first: number, attempt: number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, first * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** Sends `batch` once; answers the part of it refused with 429 (all of it when the request was). */
async function sendOnce(client: Client, batch: Batch, signal: AbortSignal | undefined): Promise<Batch> {
  const operations = batch.docs.flatMap((doc, n) => [{ index: { _id: batch.ids[n]! } }, doc]);
  let answer: Awaited<ReturnType<Client['bulk']>>;
  try {
    answer = await client.bulk({ index: batch.index, operations }, { signal });
  } catch (error) {
    if (error instanceof errors.ResponseError && error.statusCode === 429) return batch;
    throw error;
  }
  const refused: Batch = { index: batch.index, ids: [], docs: [] };
  if (!answer.errors) return refused;
  for (const [n, item] of answer.items.entries()) {
    const result = item.index;
    if (!result?.error) continue;
    if (result.status === 429) {
      refused.ids.push(batch.ids[n]!);
      refused.docs.push(batch.docs[n]!);
    } else {
      const id = result._id ?? batch.ids[n];
      throw new ElasticsearchLoadError(
        `loader: ${batch.index}: document '${id}' was refused: ${result.error.type}: ${result.error.reason ?? ''}`,
      );
    }
  }
  return refused;
}

async function sendBatch(client: Client, batch: Batch, options: BulkOptions): Promise<void> {
  let pending = batch;
  for (let attempt = 0; ; attempt++) {
    pending = await sendOnce(client, pending, options.signal);
    if (pending.docs.length === 0) return;
    if (attempt >= options.retries) {
      throw new ElasticsearchLoadError(
        `loader: ${batch.index}: the cluster still refused ${pending.docs.length} document(s) with 429 (too many requests) ` +
          `after ${options.retries} retries; try a lower --concurrency or --batch`,
      );
    }
    await sleep(backoffMs(options.retryDelayMs, attempt), undefined, { signal: options.signal });
  }
}

/**
 * Indexes `docs` into `index` with `_id` = each document's `id`. Resolves when every document
 * is indexed; otherwise waits for the requests in flight to end (so none reaches the index after
 * the caller deletes it) and throws the first failure, or the abort reason.
 *
 * @example await bulkIndex(client, 'taxa-taxa-current-20250101000000000', documents, { batchSize: 1000, concurrency: 4, retries: 8, retryDelayMs: 500 });
 */
export async function bulkIndex(
  client: Client,
  index: string,
  docs: readonly object[],
  options: BulkOptions,
): Promise<void> {
  const ids = idsOf(index, docs);
  const limit = pLimit(options.concurrency);
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const stopped = () => failure !== undefined || options.signal?.aborted === true;
  for (let start = 0; start < docs.length && !stopped(); start += options.batchSize) {
    const end = start + options.batchSize;
    const batch: Batch = { index, ids: ids.slice(start, end), docs: docs.slice(start, end) };
    const task = limit(async () => {
      if (stopped()) return;
      await sendBatch(client, batch, options);
      options.onIndexed?.(batch.docs.length);
    }).catch((error: unknown) => {
      failure ??= { error };
    });
    inFlight.add(task);
    void task.then(() => inFlight.delete(task));
    if (inFlight.size >= options.concurrency * 2) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  options.signal?.throwIfAborted();
  if (failure) throw failure.error;
}
