/**
 * A taxon unchanged since the version read before is that version's very document
 * (docs/versions-and-loading.md, "What versions share"), holding the `taxonomicOrder` of the version
 * it was made for: every route answers each version as the version loaded alone, its own place
 * included, and so does what a cluster is loaded with.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticDataDirectory } from '../../generate/index.ts';
import { engineDataOf } from '../../loaders/engine-data.ts';
import { loadDataDirectory, type DataSet } from '../../loaders/load-data-dir.ts';
import { createApp } from '../../src/http/app.ts';
import { createEmbeddedEngine } from '../../src/index/embedded-engine.ts';
import { versionDocuments } from '../../src/index/engine.ts';
import { fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';

const VERSIONS = ['current', 'MR.424', 'MR.428'];

async function appOf(dataSet: DataSet): Promise<FastifyInstance> {
  const engine = createEmbeddedEngine();
  engine.replaceData(engineDataOf(dataSet));
  const app = await createApp({ engine, accessTokens: [], checkAnswers: true });
  await app.ready();
  return app;
}

/** Every page of a taxa route, the results joined. */
async function allPages(app: FastifyInstance, url: string): Promise<object[]> {
  const results: object[] = [];
  for (let page = 1; ; page++) {
    const response = await app.inject({ url: `${url}&pageSize=1000&page=${page}` });
    expect(response.statusCode, url).toBe(200);
    const body = response.json();
    results.push(...body.results);
    if (page >= body.lastPage) return results;
  }
}

describe('documents held once by the versions', () => {
  let generated: string;
  let together: DataSet;
  let both: FastifyInstance;
  const alone = new Map<string, { dataSet: DataSet; app: FastifyInstance }>();

  beforeAll(async () => {
    generated = await mkdtemp(join(tmpdir(), 'taxa-held-'));
    await writeSyntheticDataDirectory(generated, { taxa: 2_000, seed: 11, versions: VERSIONS });
    together = (await loadDataDirectory(generated)).dataSet;
    both = await appOf(together);
    for (const id of VERSIONS) {
      const text = await readFile(join(generated, `${id}.ndjson`), 'utf8');
      const dir = await fixtureCopy(
        Object.fromEntries(VERSIONS.map((v) => [`${v}.ndjson`, v === 'current' ? text : null])),
        generated,
      );
      const { dataSet } = await loadDataDirectory(dir);
      alone.set(id, { dataSet, app: await appOf(dataSet) });
    }
  });
  afterAll(async () => {
    await Promise.all([both?.close(), ...[...alone.values()].map(({ app }) => app.close())]);
    await rm(generated, { recursive: true, force: true });
    await removeTempDirs();
  });

  it('are documents of several versions, most of a later version', () => {
    const [first, second] = together.versions;
    const earlier = new Set(first!.documents);
    const held = second!.documents.filter((doc) => earlier.has(doc));
    expect(held.length).toBeGreaterThan(second!.documents.length / 2);
    // Held from the first version read, they hold its places, mostly not the later one's.
    expect(held.filter((doc) => doc.taxonomicOrder !== second!.documents.indexOf(doc) + 1).length).toBeGreaterThan(0);
  });

  it('answer every version as the version loaded alone', async () => {
    for (const id of VERSIONS) {
      const one = alone.get(id)!.app;
      for (const query of ['sortOrder=taxonomic', 'sortOrder=scientificName', 'finnish=true&sortOrder=finnishName']) {
        const [a, b] = [
          await allPages(both, `/taxa?checklistVersion=${id}&${query}`),
          await allPages(one, `/taxa?${query}`),
        ];
        expect(a.length, `${id} ${query}`).toBeGreaterThan(0);
        expect(a, `${id} ${query}`).toEqual(b);
      }
      const ids = alone
        .get(id)!
        .dataSet.versions[0]!.documents.filter((_, i) => i % 97 === 0)
        .map((doc) => doc.id);
      for (const taxon of ids) {
        for (const route of ['', '/children', '/parents']) {
          const [a, b] = await Promise.all([
            both.inject({ url: `/taxa/${taxon}${route}?checklistVersion=${id}` }),
            one.inject({ url: `/taxa/${taxon}${route}` }),
          ]);
          expect(a.statusCode, `${id} ${taxon}${route}`).toBe(200);
          expect(a.json(), `${id} ${taxon}${route}`).toEqual(b.json());
        }
      }
    }
  });

  it('give a history each version taxon as that version alone answers it', async () => {
    const ids = alone.get('current')!.dataSet.versions[0]!.documents.filter((_, i) => i % 211 === 0);
    for (const { id: taxon } of ids) {
      const response = await both.inject({ url: `/taxa/${taxon}/history` });
      expect(response.statusCode, taxon).toBe(200);
      const steps = response.json().history as { version: string; taxon?: object }[];
      expect(steps.map((step) => step.version).sort()).toEqual([...VERSIONS].sort());
      for (const step of steps.filter((s) => s.taxon !== undefined)) {
        const one = await alone.get(step.version)!.app.inject({ url: `/taxa/${taxon}` });
        // A taxon's own route adds its document's context and rights.
        const { intellectualRights: _rights, '@context': _context, ...served } = one.json();
        expect(step.taxon, `${taxon} ${step.version}`).toEqual(served);
      }
    }
  });

  it('carry each version place in change records', async () => {
    const response = await both.inject({ url: '/taxa/changes?from=MR.424&to=current&pageSize=1000' });
    expect(response.statusCode).toBe(200);
    const records = response.json().results as { taxonId: string; from?: object; to?: object }[];
    expect(records.length).toBeGreaterThan(0);
    const served = (version: string) =>
      new Map(alone.get(version)!.dataSet.versions[0]!.documents.map((doc) => [doc.id, doc.taxonomicOrder]));
    const [from, to] = [served('MR.424'), served('current')];
    for (const record of records) {
      const { from: old, to: now } = record as { from?: { id: string; taxonomicOrder: number }; to?: typeof old };
      if (old !== undefined) expect(old.taxonomicOrder, record.taxonId).toBe(from.get(old.id));
      if (now !== undefined) expect(now.taxonomicOrder, record.taxonId).toBe(to.get(now.id));
    }
  });

  it('are loaded into a cluster whole, each version with its places', () => {
    const data = engineDataOf(together);
    // The sort ranks are numbered over the versions loaded together (loaders/sort-ranks.ts).
    const withoutRanks = (docs: Iterable<object>) =>
      JSON.stringify(
        [...(docs as Iterable<Record<string, unknown>>)].map(
          ({ scientificNameSortRank: _s, finnishNameSortRank: _f, ...rest }) => rest,
        ),
      );
    for (const id of VERSIONS) {
      const whole = versionDocuments(data, id, 'taxa') ?? [];
      expect(withoutRanks(whole), id).toBe(withoutRanks(alone.get(id)!.dataSet.versions[0]!.documents));
    }
  });
});
