import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { FIXTURE_DIR, fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';

afterAll(removeTempDirs);

describe('taxa validate', () => {
  it('accepts a sound directory with exit 0 and a summary', () => {
    const { code, stdout } = runCli(['validate', FIXTURE_DIR]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/valid \(current: 39 taxa, MR\.424: 35 taxa;/);
  });

  it('lists every problem with file, line and id, and exits 1', async () => {
    const dir = await fixtureCopy({
      'current.ndjson':
        '{"id": "MX.1"}\nnot json\n{"id": "MX.2", "isPartOf": "MX.9"}\n{"id": "MX.1", "isPartOf": "MX.1"}\n',
      'MR.111.ndjson': '{"id": "MX.1"}\n',
    });
    const { code, stdout } = runCli(['validate', dir]);
    expect(code).toBe(1);
    const lines = stdout.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^MR\.111\.ndjson: unknown checklist version 'MR\.111'/),
      expect.stringMatching(/^current\.ndjson:2: invalid JSON/),
      'current.ndjson:4 (MX.1): duplicate id (first on line 1)',
      "current.ndjson:3 (MX.2): parent 'MX.9' does not exist",
      `${dir}: 4 problem(s); refused`,
    ]);
  });

  it('explains its usage', () => {
    expect(runCli(['validate']).code).toBe(2);
    expect(runCli(['validate', '--help']).stdout).toMatch(/usage: taxa validate/);
  });
});
