import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';

afterAll(removeTempDirs);

describe('taxa serve', () => {
  it('refuses to start on bad data, listing every problem with file and line', async () => {
    const dir = await fixtureCopy({
      'current.ndjson': '{"id": "MX.1"}\n{"id": "MX.2", "isPartOf": "MX.3"}\n{"id": "MX.2"}\n',
    });
    const { code, stderr } = runCli(['serve'], { TAXA_DATA_DIR: dir, PORT: '0' });
    expect(code).toBe(1);
    expect(stderr).toContain("current.ndjson:2 (MX.2): parent 'MX.3' does not exist");
    expect(stderr).toContain('current.ndjson:3 (MX.2): duplicate id (first on line 2)');
  });

  it('refuses to start on a bad variable, naming it', () => {
    const { code, stderr } = runCli(['serve'], { PORT: 'eighty' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/PORT/);
  });

  it('refuses to serve from a cluster it cannot reach, naming the URL', () => {
    const { code, stderr } = runCli(['serve'], {
      TAXA_ENGINE: 'elasticsearch',
      ELASTICSEARCH_URL: 'http://127.0.0.1:1',
      PORT: '0',
      LOG_LEVEL: 'silent',
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^engine: cannot serve from Elasticsearch at http:\/\/127\.0\.0\.1:1\/: the search cluster cannot be reached/,
    );
    expect(stderr).toContain('taxa load <dir> --url http://127.0.0.1:1/');
  });
});
