/** Data files made to break the loader: each is refused with its place, and nothing crashes. */
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { DataLoadError, formatProblem, type DataProblem } from '../../loaders/problems.ts';
import { runCli } from '../helpers/cli.ts';
import { fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';

afterAll(removeTempDirs);

async function problemsOf(dir: string, options: { maxLineBytes?: number } = {}): Promise<DataProblem[]> {
  const error = await loadDataDirectory(dir, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DataLoadError)) throw new Error(`expected the load to be refused, got ${String(error)}`);
  return error.problems;
}

/** A gzip file of one line of `megabytes` MiB (a few KB compressed), written by streaming. */
async function gzipBomb(path: string, megabytes: number): Promise<void> {
  const gzip = createGzip();
  const out = gzip.pipe(createWriteStream(path));
  gzip.write('{"id": "MX.1", "scientificName": "');
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  for (let i = 0; i < megabytes; i++) if (!gzip.write(chunk)) await once(gzip, 'drain');
  gzip.end('"}\n');
  await once(out, 'finish');
}

describe('hostile data files', () => {
  it('stop reading a line past the limit, with file and line: a gzip that expands to one huge line', async () => {
    const dir = await fixtureCopy({ 'current.ndjson': null });
    await gzipBomb(`${dir}/current.ndjson.gz`, 8);
    expect(await problemsOf(dir, { maxLineBytes: 1024 * 1024 })).toContainEqual({
      file: 'current.ndjson.gz',
      line: 1,
      message: 'line longer than 1048576 bytes (the limit is MAX_LINE_BYTES); the rest of the file was not read',
    });
  });

  it('are refused by taxa validate with the problem, never a stack, under the default limit and MAX_LINE_BYTES', async () => {
    const dir = await fixtureCopy({ 'current.ndjson': null });
    await gzipBomb(`${dir}/current.ndjson.gz`, 24);
    const defaults = runCli(['validate', dir]);
    expect(defaults.code).toBe(1);
    expect(defaults.stdout).toContain('current.ndjson.gz:1: line longer than 16777216 bytes');
    expect(defaults.stdout + defaults.stderr).not.toMatch(/\n\s+at /);
    const lower = runCli(['validate', dir], { MAX_LINE_BYTES: '4096' });
    expect(lower.stdout).toContain('current.ndjson.gz:1: line longer than 4096 bytes');
    const bad = runCli(['validate', dir], { MAX_LINE_BYTES: 'lots' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      "validate: loader: MAX_LINE_BYTES must be a whole number of bytes from 1024 to 1073741824 (got 'lots')\n",
    );
  }, 30_000);

  it('must be UTF-8: the first bad byte is named by file, line and offset', async () => {
    const dir = await fixtureCopy();
    const text = await readFile(`${dir}/current.ndjson`);
    const secondLine = text.indexOf(0x0a) + 1;
    const bad = Buffer.from(text);
    const at = bad.indexOf('Animalia', secondLine);
    bad[at + 2] = 0xff;
    await writeFile(`${dir}/current.ndjson`, bad);
    expect(await problemsOf(dir)).toEqual([
      { file: 'current.ndjson', line: 2, message: `invalid UTF-8 at byte ${at + 2} of the file` },
    ]);
    const groups = Buffer.concat([
      Buffer.from('[\n{"id": "MVL.1", "name": {"fi": "Lin'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}}\n]\n'),
    ]);
    const groupsDir = await fixtureCopy({ 'informal-taxon-groups.json': groups.toString('latin1') });
    await writeFile(`${groupsDir}/informal-taxon-groups.json`, groups);
    expect(await problemsOf(groupsDir)).toEqual([
      {
        file: 'informal-taxon-groups.json',
        line: 2,
        message: `invalid UTF-8 at byte ${groups.indexOf(0xc3) + 1} of the file`,
      },
    ]);
  });

  it('may start with a byte-order mark', async () => {
    const dir = await fixtureCopy();
    for (const file of ['current.ndjson', 'informal-taxon-groups.json', 'checklist-versions.json']) {
      await writeFile(
        `${dir}/${file}`,
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), await readFile(`${dir}/${file}`)]),
      );
    }
    const { stats } = await loadDataDirectory(dir);
    expect(stats.versions[0]).toMatchObject({ id: 'current', read: 39, indexed: 39 });
  });

  it('refuse a cycle of informal groups with its path, and an unknown subgroup by name', async () => {
    const groups = [
      { id: 'MVL.1', name: { en: 'Birds' }, hasSubGroup: ['MVL.2'] },
      { id: 'MVL.2', name: { en: 'Raptors' }, hasSubGroup: ['MVL.3', 'MVL.9'] },
      { id: 'MVL.3', name: { en: 'Owls' }, hasSubGroup: ['MVL.1'] },
      { id: 'MVL.4', name: { en: 'Self' }, hasSubGroup: ['MVL.4'] },
    ];
    const dir = await fixtureCopy({
      'informal-taxon-groups.json': JSON.stringify(groups),
      'current.ndjson': '{"id": "MX.1"}\n',
      'MR.424.ndjson': null,
    });
    expect((await problemsOf(dir)).map(formatProblem)).toEqual([
      "informal-taxon-groups.json (MVL.2): unknown subgroup 'MVL.9' in hasSubGroup",
      'informal-taxon-groups.json (MVL.1): cycle in hasSubGroup: MVL.1 → MVL.2 → MVL.3 → MVL.1',
      'informal-taxon-groups.json (MVL.4): cycle in hasSubGroup: MVL.4 → MVL.4',
    ]);
  });

  it('refuse a habitat hierarchy with an unknown parent, a duplicate or a cycle, each named once', async () => {
    const habitats = [
      { id: 'MKV.habitatM' },
      { id: 'MKV.habitatMk', parent: 'MKV.habitatM' },
      { id: 'MKV.habitatX', parent: 'MKV.habitatNone' },
      { id: 'MKV.habitatA', parent: 'MKV.habitatB' },
      { id: 'MKV.habitatB', parent: 'MKV.habitatA' },
      { id: 'MKV.habitatC', parent: 'MKV.habitatA' },
      { id: 'MKV.habitatS', parent: 'MKV.habitatS' },
      { id: 'MKV.habitatM' },
    ];
    const dir = await fixtureCopy({ 'habitats.json': JSON.stringify(habitats), 'MR.424.ndjson': null });
    expect((await problemsOf(dir)).map(formatProblem)).toEqual([
      'habitats.json (MKV.habitatM): duplicate habitat id',
      "habitats.json (MKV.habitatX): unknown parent habitat 'MKV.habitatNone'",
      'habitats.json (MKV.habitatA): cycle of parents: MKV.habitatA → MKV.habitatB → MKV.habitatA',
      'habitats.json (MKV.habitatS): cycle of parents: MKV.habitatS → MKV.habitatS',
    ]);
    const twice = await fixtureCopy({ 'checklists.json': '[{"id": "MR.1"}, {"id": "MR.1"}]', 'MR.424.ndjson': null });
    expect((await problemsOf(twice)).map(formatProblem)).toEqual(['checklists.json (MR.1): duplicate checklist id']);
    const malformed = await fixtureCopy({ 'habitats.json': '[{"id": ""}]', 'MR.424.ndjson': null });
    expect((await problemsOf(malformed)).map(formatProblem)).toEqual([
      expect.stringMatching(/^habitats\.json: \/0\/id: /),
    ]);
  });

  it('name a directory where a file belongs, once, without follow-on problems', async () => {
    const dir = await fixtureCopy({ 'informal-taxon-groups.json': null });
    await mkdir(`${dir}/informal-taxon-groups.json`);
    expect(await problemsOf(dir)).toEqual([
      { file: 'informal-taxon-groups.json', message: 'is a directory, not a file' },
    ]);
    await rm(`${dir}/informal-taxon-groups.json`, { recursive: true });
    const versions = await fixtureCopy({ 'MR.424.ndjson': null });
    await mkdir(`${versions}/MR.424.ndjson`);
    expect(await problemsOf(versions)).toEqual([{ file: 'MR.424.ndjson', message: 'is a directory, not a file' }]);
  });

  it('show invisible characters in problems as escapes', () => {
    expect(formatProblem({ file: 'a.json', message: 'invalid JSON: Unexpected token \uFEFF' })).toBe(
      'a.json: invalid JSON: Unexpected token \\u{FEFF}',
    );
  });
});
