import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { FIXTURE_DIR, fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';

afterAll(removeTempDirs);

describe('taxa load', () => {
  it('explains every step and option in --help', () => {
    const { code, stdout } = runCli(['load', '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: taxa load <data-dir> \[options\]/);
    for (const text of [
      'validates the directory',
      'creates a new index',
      'bulk-indexes',
      '429',
      'refreshes the index',
      'document count',
      'catalog index',
      'one atomic request',
      'deletes the new indices and leaves the aliases untouched',
      '--url URL',
      '--prefix P',
      '--shards N',
      '--replicas N',
      '--concurrency N',
      '--batch N',
      'exit status',
    ])
      expect(stdout, text).toContain(text);
  });

  it('names a bad option and its range, with exit 2', () => {
    const shards = runCli(['load', FIXTURE_DIR, '--url', 'http://127.0.0.1:1', '--shards', '0']);
    expect(shards.code).toBe(2);
    expect(shards.stderr).toMatch(/^taxa load: --shards must be an integer from 1 to 1024, got '0'\n/);
    const batch = runCli(['load', FIXTURE_DIR, '--url', 'http://127.0.0.1:1', '--batch', 'many']);
    expect(batch.stderr).toMatch(/^taxa load: --batch must be an integer from 1 to 100000, got 'many'/);
    expect(runCli(['load', FIXTURE_DIR, '--url', 'http://127.0.0.1:1', '--colour']).stderr).toMatch(
      /^taxa load: Unknown option '--colour'/,
    );
    expect(runCli(['load', FIXTURE_DIR, '--url', 'ftp://x']).stderr).toMatch(
      /^taxa load: --url must be an http\(s\) URL, got 'ftp:\/\/x'/,
    );
    expect(runCli(['load', FIXTURE_DIR, '--url', 'http://x', '--prefix', 'A*']).stderr).toMatch(
      /^taxa load: --prefix: 'A\*' is not a valid index prefix/,
    );
    const noUrl = runCli(['load', FIXTURE_DIR], { ELASTICSEARCH_URL: '' });
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toMatch(/^taxa load: --url URL is required \(or set ELASTICSEARCH_URL\)/);
    expect(runCli(['load']).stderr).toMatch(/^taxa load: the data directory is required/);
  });

  it('refuses a bad directory before contacting the cluster, listing every problem', async () => {
    const dir = await fixtureCopy({ 'current.ndjson': '{"id": "MX.1"}\n{"id": "MX.2", "isPartOf": "MX.3"}\n' });
    const { code, stderr } = runCli(['load', dir, '--url', 'http://127.0.0.1:1']);
    expect(code).toBe(1);
    expect(stderr).toContain("current.ndjson:2 (MX.2): parent 'MX.3' does not exist");
    expect(stderr).toContain('1 problem(s); nothing was loaded');
  });

  it('reports a cluster it cannot reach, having changed nothing', () => {
    const { code, stderr } = runCli(['load', FIXTURE_DIR, '--url', 'http://127.0.0.1:1']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^taxa load: loader: reaching the cluster failed: the search cluster cannot be reached/);
    expect(stderr).toContain('Nothing was changed in the cluster.');
  });
});
