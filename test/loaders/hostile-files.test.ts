/** Data files made to break the loader: each is refused with its place, and nothing crashes. */
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { createGzip, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { DataLoadError, formatProblem, type DataProblem } from '../../loaders/problems.ts';
import { runCli } from '../helpers/cli.ts';
import { fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';

afterAll(removeTempDirs);

async function problemsOf(
  dir: string,
  options: { maxLineBytes?: number; maxGzipRatio?: number } = {},
): Promise<DataProblem[]> {
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

/** A gzip file of `megabytes` MiB of blank lines (a few hundred KB compressed), then `after`, written by streaming. */
async function blankLines(path: string, megabytes: number, after = ''): Promise<void> {
  const gzip = createGzip();
  const out = gzip.pipe(createWriteStream(path));
  const chunk = Buffer.alloc(1024 * 1024, '\n');
  for (let i = 0; i < megabytes; i++) if (!gzip.write(chunk)) await once(gzip, 'drain');
  gzip.end(after);
  await once(out, 'finish');
}

const seconds = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, (performance.now() - started) / 1000];
};

describe('hostile data files', () => {
  it('stop reading a line past the limit, with file and line: a gzip that expands to one huge line', async () => {
    const dir = await fixtureCopy({ 'current.ndjson': null });
    await gzipBomb(`${dir}/current.ndjson.gz`, 8);
    // The file read in part is not checked as a version: no follow-on 'no root taxon'.
    expect(await problemsOf(dir, { maxLineBytes: 1024 * 1024, maxGzipRatio: 100_000 })).toEqual([
      {
        file: 'current.ndjson.gz',
        line: 1,
        message: 'line longer than 1048576 bytes (the limit is MAX_LINE_BYTES); the rest of the file was not read',
      },
    ]);
  });

  it('are refused by taxa validate with the problem, never a stack, under the default limit and MAX_LINE_BYTES', async () => {
    const dir = await fixtureCopy({ 'current.ndjson': null });
    await gzipBomb(`${dir}/current.ndjson.gz`, 24);
    // 24 MiB of one byte is some 24 KB of gzip: past the default MAX_GZIP_RATIO before the line limit.
    const defaults = runCli(['validate', dir]);
    expect(defaults.code).toBe(1);
    expect(defaults.stdout).toContain(
      'current.ndjson.gz:1: the file expands to more than 100 times its compressed size (the limit is MAX_GZIP_RATIO)',
    );
    expect(defaults.stdout + defaults.stderr).not.toMatch(/\n\s+at /);
    const ratio = { MAX_GZIP_RATIO: '100000' };
    const line = runCli(['validate', dir], ratio);
    expect(line.stdout).toContain('current.ndjson.gz:1: line longer than 16777216 bytes');
    const lower = runCli(['validate', dir], { ...ratio, MAX_LINE_BYTES: '4096' });
    expect(lower.stdout).toContain('current.ndjson.gz:1: line longer than 4096 bytes');
    const badRatio = runCli(['validate', dir], { MAX_GZIP_RATIO: '1' });
    expect(badRatio.code).toBe(1);
    expect(badRatio.stderr).toBe(
      "validate: loader: MAX_GZIP_RATIO must be a whole number from 2 to 1000000 (got '1')\n",
    );
    const bad = runCli(['validate', dir], { MAX_LINE_BYTES: 'lots' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      "validate: loader: MAX_LINE_BYTES must be a whole number of bytes from 1024 to 1073741824 (got 'lots')\n",
    );
  }, 30_000);

  it('refuse a .gz that expands past MAX_GZIP_RATIO times its size within seconds: 256 MiB of blank lines', async () => {
    const dir = await fixtureCopy({ 'MR.424.ndjson': null });
    await blankLines(`${dir}/MR.424.ndjson.gz`, 256);
    const [problems, took] = await seconds(() => problemsOf(dir));
    expect(problems).toEqual([
      {
        file: 'MR.424.ndjson.gz',
        line: expect.any(Number),
        message:
          'the file expands to more than 100 times its compressed size (the limit is MAX_GZIP_RATIO); the rest of the file was not read',
      },
    ]);
    // The line is where the reading stopped: past the first MiB, far before the end.
    expect(problems[0]!.line).toBeGreaterThan(1024 * 1024);
    expect(problems[0]!.line).toBeLessThan(128 * 1024 * 1024);
    expect(took).toBeLessThan(10);
  });

  it('count blank lines without cutting them one by one: 128 MiB of them before the taxa, read in seconds', async () => {
    const dir = await fixtureCopy({ 'MR.424.ndjson': null });
    const taxa = await readFile(`${dir}/current.ndjson`, 'utf8');
    const blank = 128 * 1024 * 1024;
    await blankLines(`${dir}/MR.424.ndjson.gz`, 128, `${taxa}{"id": "MX.broken"\n`);
    const [problems, took] = await seconds(() => problemsOf(dir, { maxGzipRatio: 1_000_000 }));
    expect(problems).toEqual([
      { file: 'MR.424.ndjson.gz', line: blank + 40, message: expect.stringMatching(/^invalid JSON: /) },
    ]);
    expect(took).toBeLessThan(10);
    await blankLines(`${dir}/MR.424.ndjson.gz`, 128, taxa);
    const { stats } = await loadDataDirectory(dir, { maxGzipRatio: 1_000_000 });
    expect(stats.versions.find((v) => v.id === 'MR.424')).toMatchObject({ read: 39, indexed: 39 });
  });

  it("stop reading a file at 1000 problems: a .gz of a million short bad lines; and list 1000 of a file's tree problems", async () => {
    const dir = await fixtureCopy({ 'MR.424.ndjson': null });
    await writeFile(`${dir}/MR.424.ndjson.gz`, gzipSync('x\n'.repeat(1_000_000)));
    const [problems, took] = await seconds(() => problemsOf(dir));
    expect(problems).toHaveLength(1001);
    expect(problems[999]).toMatchObject({
      file: 'MR.424.ndjson.gz',
      line: 1000,
      message: expect.stringMatching(/^invalid JSON/),
    });
    expect(problems[1000]).toEqual({
      file: 'MR.424.ndjson.gz',
      line: 1000,
      message: '1000 problems found by this line; the rest of the file was not read',
    });
    expect(took).toBeLessThan(10);
    const duplicates = await fixtureCopy({ 'MR.424.ndjson': '{"id": "MX.1"}\n'.repeat(5000) });
    const listed = await problemsOf(duplicates);
    expect(listed).toHaveLength(1001);
    expect(listed[999]).toEqual({
      file: 'MR.424.ndjson',
      line: 1001,
      id: 'MX.1',
      message: 'duplicate id (first on line 1)',
    });
    expect(listed[1000]).toEqual({
      file: 'MR.424.ndjson',
      message: 'and 3999 more problem(s) in this file, not listed',
    });
  });

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

  it('refuse red-list evaluation groups with a duplicate id, an unknown subgroup or a cycle, by file and id', async () => {
    const groups = [
      { id: 'MVL.9001', name: { en: 'Vertebrates' }, hasIucnSubGroup: ['MVL.9002', 'MVL.1'] },
      { id: 'MVL.9002', name: { en: 'Birds' }, hasIucnSubGroup: ['MVL.9003'] },
      { id: 'MVL.9003', name: { en: 'Owls' }, hasIucnSubGroup: ['MVL.9001'] },
      { id: 'MVL.9004', name: { en: 'Self' }, hasIucnSubGroup: ['MVL.9004'] },
      { id: 'MVL.9005', name: { en: 'Fishes' } },
      { id: 'MVL.9005', name: { en: 'Fishes again' } },
    ];
    const dir = await fixtureCopy({ 'red-list-evaluation-groups.json': JSON.stringify(groups), 'MR.424.ndjson': null });
    // MVL.1 is an informal group: the red-list groups are a hierarchy of their own.
    expect((await problemsOf(dir)).map(formatProblem)).toEqual([
      'red-list-evaluation-groups.json (MVL.9005): duplicate group id',
      "red-list-evaluation-groups.json (MVL.9001): unknown subgroup 'MVL.1' in hasIucnSubGroup",
      'red-list-evaluation-groups.json (MVL.9001): cycle in hasIucnSubGroup: MVL.9001 → MVL.9002 → MVL.9003 → MVL.9001',
      'red-list-evaluation-groups.json (MVL.9004): cycle in hasIucnSubGroup: MVL.9004 → MVL.9004',
    ]);
    const malformed = await fixtureCopy({
      'red-list-evaluation-groups.json': '[{"id": "MVL.9001", "name": {"en": "Vertebrates"}, "includesTaxon": "MX.1"}]',
      'MR.424.ndjson': null,
    });
    expect((await problemsOf(malformed)).map(formatProblem)).toEqual([
      expect.stringMatching(/^red-list-evaluation-groups\.json: \/0\/includesTaxon: /),
    ]);
  });

  it('take a data directory without red-list evaluation groups: it has none', async () => {
    const dir = await fixtureCopy({ 'red-list-evaluation-groups.json': null, 'MR.424.ndjson': null });
    const { dataSet } = await loadDataDirectory(dir);
    expect(dataSet.redListEvaluationGroups).toEqual([]);
    const { dataSet: fixture } = await loadDataDirectory(await fixtureCopy({ 'MR.424.ndjson': null }));
    expect(fixture.redListEvaluationGroups.map((group) => group.id)).toContain('MVL.9011');
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
