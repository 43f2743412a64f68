import { afterAll, describe, expect, it } from 'vitest';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { DataLoadError, type DataProblem } from '../../loaders/problems.ts';
import { FIXTURE_DIR, fixtureCopy, ndjson, removeTempDirs } from '../helpers/data-dir.ts';

afterAll(removeTempDirs);

async function problemsOf(dir: string): Promise<DataProblem[]> {
  try {
    await loadDataDirectory(dir);
  } catch (error) {
    if (error instanceof DataLoadError) return error.problems;
    throw error;
  }
  throw new Error('expected the load to be refused');
}

const root = { id: 'MX.1', taxonRank: 'MX.kingdom', scientificName: 'Rootia' };

describe('loadDataDirectory', () => {
  it('loads every version of the fixture with stats', async () => {
    const { dataSet, stats } = await loadDataDirectory(FIXTURE_DIR);
    expect(dataSet.versions.map((v) => v.id)).toEqual(['current', 'MR.424']);
    expect(stats).toMatchObject({ read: 74, indexed: 74, rejected: 0 });
    expect(stats.versions).toEqual([
      { id: 'current', read: 39, indexed: 39, seconds: expect.any(Number) },
      { id: 'MR.424', read: 35, indexed: 35, seconds: expect.any(Number) },
    ]);
    expect(dataSet.checklistVersions.map((v) => v.id)).toEqual(['current', 'MR.424']);
  });

  it('reads the versions newest first, each after the one nearest it in time, and lists them as the directory does', async () => {
    const version = (id: string, versionDate?: string) => ({ id, ...(versionDate ? { versionDate } : {}) });
    const dir = await fixtureCopy({
      'current.ndjson': ndjson([root]),
      'MR.424.ndjson': ndjson([root]),
      'MR.425.ndjson': ndjson([root]),
      'MR.426.ndjson': ndjson([root]),
      'MR.427.ndjson': ndjson([root]),
      'checklist-versions.json': JSON.stringify([
        version('current'),
        version('MR.424', '2019-03-08'),
        version('MR.425'),
        version('MR.426', '2021-06-01'),
        version('MR.427', '2000-12-01'),
      ]),
    });
    const read: string[] = [];
    const { dataSet, stats } = await loadDataDirectory(dir, { onVersion: ({ id }) => read.push(id) });
    // `current` first, then the undated ones, then by date, newest first.
    const newestFirst = ['current', 'MR.425', 'MR.426', 'MR.424', 'MR.427'];
    expect(read).toEqual(newestFirst);
    expect(stats.versions.map((v) => v.id)).toEqual(newestFirst);
    expect(dataSet.versions.map((v) => v.id)).toEqual(newestFirst);
    expect(dataSet.checklistVersions.map((v) => v.id)).toEqual(['current', 'MR.424', 'MR.425', 'MR.426', 'MR.427']);
  });

  it('lists every problem of every file with file, line and id, and refuses the whole directory', async () => {
    const current = [
      JSON.stringify(root),
      '{"id": "MX.2", "isPartOf": "MX.1"',
      JSON.stringify({ isPartOf: 'MX.1', scientificName: 'No id' }),
      JSON.stringify({ id: 'MX.3', isPartOf: 'MX.1' }),
      JSON.stringify({ id: 'MX.3', isPartOf: 'MX.1' }),
      JSON.stringify({ id: 'MX.4', isPartOf: 'MX.404' }),
      JSON.stringify({ id: 'MX.5', isPartOf: 'MX.6' }),
      JSON.stringify({ id: 'MX.6', isPartOf: 'MX.5' }),
      JSON.stringify({ id: 'MX.7', isPartOf: 'MX.1', hiddenTaxon: 'yes' }),
      JSON.stringify({ id: 'MX.8', isPartOf: 'MX.1', informalTaxonGroups: ['MVL.999'] }),
    ].join('\n');
    const dir = await fixtureCopy({ 'current.ndjson': current, 'MR.999.ndjson': ndjson([root]) });
    const problems = await problemsOf(dir);
    const summary = problems.map((p) => `${p.file}:${p.line ?? '-'}:${p.id ?? '-'}:${p.message.split(':')[0]}`);
    expect(summary).toEqual(
      expect.arrayContaining([
        "MR.999.ndjson:-:-:unknown checklist version 'MR.999' (known",
        'current.ndjson:2:-:invalid JSON',
        'current.ndjson:3:-:invalid taxon',
        'current.ndjson:5:MX.3:duplicate id (first on line 4)',
        "current.ndjson:6:MX.4:parent 'MX.404' does not exist",
        'current.ndjson:7:MX.5:cycle',
        'current.ndjson:8:MX.6:cycle',
        'current.ndjson:9:MX.7:invalid taxon',
        "current.ndjson:10:MX.8:unknown informal group 'MVL.999'",
      ]),
    );
    expect(problems).toHaveLength(9);
    expect(problems.find((p) => p.id === 'MX.5')?.message).toBe('cycle: MX.5 → MX.6 → MX.5');
  });

  it('requires the current version and exactly one root', async () => {
    const dir = await fixtureCopy({
      'current.ndjson': null,
      'MR.424.ndjson': ndjson([root, { id: 'MX.2', scientificName: 'Second root' }]),
    });
    const messages = (await problemsOf(dir)).map((p) => `${p.file}:${p.line ?? '-'}:${p.message}`);
    expect(messages).toEqual([
      'current.ndjson:-:the current version is required',
      'MR.424.ndjson:2:isPartOf is missing (the root is MX.1)',
    ]);
  });

  it('names a version without a root once, without its line, and reports nothing else of it', async () => {
    const dir = await fixtureCopy({
      'current.ndjson': ndjson([
        { id: 'MX.1', isPartOf: 'MX.2', scientificName: 'Circulus' },
        { id: 'MX.2', isPartOf: 'MX.1', scientificName: 'Circulus alter' },
      ]),
      'MR.424.ndjson': null,
    });
    expect(await problemsOf(dir)).toEqual([
      { file: 'current.ndjson', message: 'no root taxon (a taxon without isPartOf)' },
    ]);
  });

  it('names each taxon of a cycle, the cycle from it, and no taxon under a cycle or a missing parent', async () => {
    const dir = await fixtureCopy({
      'current.ndjson': ndjson([
        root,
        { id: 'MX.2', isPartOf: 'MX.3' },
        { id: 'MX.3', isPartOf: 'MX.2' },
        { id: 'MX.4', isPartOf: 'MX.404' },
        { id: 'MX.5', isPartOf: 'MX.4' },
        { id: 'MX.6', isPartOf: 'MX.2' },
      ]),
      'MR.424.ndjson': null,
    });
    const messages = (await problemsOf(dir)).map((p) => `${p.file}:${p.line}:${p.id}:${p.message}`);
    expect(messages).toEqual([
      "current.ndjson:4:MX.4:parent 'MX.404' does not exist",
      'current.ndjson:2:MX.2:cycle: MX.2 → MX.3 → MX.2',
      'current.ndjson:3:MX.3:cycle: MX.3 → MX.2 → MX.3',
    ]);
  });

  it('finds the root on any line: a version whose first line is a child loads, parents before children', async () => {
    const dir = await fixtureCopy({
      'current.ndjson': ndjson([{ id: 'MX.2', isPartOf: 'MX.1' }, root, { id: 'MX.3', isPartOf: 'MX.2' }]),
      'MR.424.ndjson': null,
    });
    const { dataSet } = await loadDataDirectory(dir);
    const [current] = dataSet.versions;
    expect(current?.documents.map((d) => [d.id, d.isPartOf ?? null])).toEqual([
      ['MX.1', null],
      ['MX.2', 'MX.1'],
      ['MX.3', 'MX.2'],
    ]);
  });

  it('reads gzipped version files', async () => {
    const { gzipSync } = await import('node:zlib');
    const { readFile, writeFile, rm } = await import('node:fs/promises');
    const dir = await fixtureCopy();
    const text = await readFile(`${dir}/current.ndjson`);
    await writeFile(`${dir}/current.ndjson.gz`, gzipSync(text));
    await rm(`${dir}/current.ndjson`);
    const { stats } = await loadDataDirectory(dir);
    expect(stats.versions[0]).toEqual({ id: 'current', read: 39, indexed: 39, seconds: expect.any(Number) });
  });
});
