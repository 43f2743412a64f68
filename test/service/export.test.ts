import type { estypes } from '@elastic/elasticsearch';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../src/index/engine.ts';
import { chunksInOrder } from '../../src/service/export.ts';

/** A search over the numbers 1..`count`, `size` at a time, from the physical index `index(after)`. */
function numbers(count: number, size: number, index: (after: number | undefined) => string = () => 'taxa-1') {
  const asked: (number | undefined)[] = [];
  const search = async (after: number | undefined): Promise<SearchResult<{ n: number }>> => {
    asked.push(after);
    const first = (after ?? 0) + 1;
    const hits: estypes.SearchHit<{ n: number }>[] = [];
    for (let n = first; n <= count && hits.length < size; n++)
      hits.push({ _index: index(after), _id: String(n), _source: { n }, sort: [n] });
    return { took: 0, timed_out: false, _shards: { total: 1, successful: 1, failed: 0 }, hits: { hits } };
  };
  return { search, asked };
}

async function all<T>(chunks: AsyncIterable<T[]>): Promise<T[][]> {
  const read: T[][] = [];
  for await (const chunk of chunks) read.push(chunk);
  return read;
}

const sameCatalog = {};
const catalog = async () => sameCatalog;

describe('chunksInOrder', () => {
  it('reads every document, each chunk after the last sort value of the one before, and stops at a short chunk', async () => {
    const { search, asked } = numbers(25, 10);
    const chunks = await all(chunksInOrder({ search }, 10, catalog));
    expect(chunks.map((chunk) => chunk.map((d) => d.n))).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      [21, 22, 23, 24, 25],
    ]);
    expect(asked).toEqual([undefined, 10, 20]);
  });

  it('asks once more after a full last chunk, and yields no empty chunk', async () => {
    const { search, asked } = numbers(20, 10);
    expect((await all(chunksInOrder({ search }, 10, catalog))).map((chunk) => chunk.length)).toEqual([10, 10]);
    expect(asked).toEqual([undefined, 10, 20]);
    expect(await all(chunksInOrder({ search: numbers(0, 10).search }, 10, catalog))).toEqual([]);
  });

  it('stops searching when its reader stops', async () => {
    const { search, asked } = numbers(1000, 10);
    for await (const chunk of chunksInOrder({ search }, 10, catalog)) if (chunk[0]!.n > 20) break;
    expect(asked).toEqual([undefined, 10, 20]);
  });

  it('fails at the first chunk read from other data: another catalog, or another physical index', async () => {
    let reloads = 0;
    const changing = async () => (reloads >= 1 ? {} : sameCatalog);
    const { search } = numbers(100, 10);
    const read: number[] = [];
    const reading = async () => {
      for await (const chunk of chunksInOrder({ search }, 10, changing)) {
        read.push(chunk.length);
        if (read.length === 2) reloads++;
      }
    };
    await expect(reading()).rejects.toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE', message: /reloaded/ });
    expect(read).toEqual([10, 10]);

    const moved = numbers(100, 10, (after) => ((after ?? 0) >= 30 ? 'taxa-2' : 'taxa-1'));
    const chunks: number[] = [];
    await expect(
      (async () => {
        for await (const chunk of chunksInOrder({ search: moved.search }, 10, catalog)) chunks.push(chunk[0]!.n);
      })(),
    ).rejects.toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE' });
    expect(chunks).toEqual([1, 11, 21]);
  });

  it("reads the engine's walk instead when it has one, and ends the walk when its reader stops", async () => {
    const { search, asked } = numbers(1000, 10);
    let ended = false;
    async function* walk() {
      try {
        for (let n = 0; ; n += 10) yield (await search(n)).hits.hits;
      } finally {
        ended = true;
      }
    }
    for await (const chunk of chunksInOrder({ search, walk }, 10, catalog)) if (chunk[0]!.n > 20) break;
    expect(asked).toEqual([0, 10, 20]);
    expect(ended).toBe(true);
  });

  it('refuses hits without the number they are sorted by', async () => {
    const search = async (): Promise<SearchResult<object>> => ({
      took: 0,
      timed_out: false,
      _shards: { total: 1, successful: 1, failed: 0 },
      hits: { hits: [{ _index: 'taxa', _id: '1', _source: {} }] },
    });
    await expect(all(chunksInOrder({ search }, 1, catalog))).rejects.toThrow(/sorted by/);
  });
});
