import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.ts';
import { runCli } from '../helpers/cli.ts';
import { fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';

const SAMPLE = 'data/sample';

describe('taxa export', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildTestApp({ dataDir: SAMPLE }));
  });
  afterAll(async () => {
    await app.close();
    await removeTempDirs();
  });

  it('writes to stdout the bytes GET|POST /taxa/export answers', async () => {
    const filter = { taxonRank: 'MX.species', 'latestRedListStatusFinland.status': '!MX.iucnLC' };
    const cases: [args: string[], url: string, payload?: object][] = [
      [[], '/taxa/export'],
      [
        [
          '--filter',
          JSON.stringify(filter),
          '--lang',
          'fi',
          '--selected-fields',
          'id,vernacularName,informalTaxonGroups',
        ],
        '/taxa/export?lang=fi&selectedFields=id,vernacularName,informalTaxonGroups',
        filter,
      ],
      [
        ['--format', 'ndjson', '--version', 'MR.424', '--include-hidden'],
        '/taxa/export?format=ndjson&checklistVersion=MR.424&includeHidden=true',
      ],
      [['--format', 'json', '--lang', 'multi'], '/taxa/export?format=json&lang=multi'],
    ];
    for (const [args, url, payload] of cases) {
      const { code, stdout, stderr } = runCli(['export', SAMPLE, ...args]);
      expect(stderr, url).toBe('');
      expect(code, url).toBe(0);
      const answer = await app.inject({ method: payload ? 'POST' : 'GET', url, ...(payload ? { payload } : {}) });
      expect(answer.statusCode, url).toBe(200);
      expect(stdout.length, url).toBeGreaterThan(1000);
      expect(stdout, url).toBe(answer.body);
    }
  }, 120_000);

  it('refuses a filter that is not JSON, or names an unknown field, saying where', () => {
    const notJson = runCli(['export', SAMPLE, '--filter', '{"finnish": true,\n "taxonRank" "MX.species"}']);
    expect(notJson.code).toBe(2);
    expect(notJson.stdout).toBe('');
    expect(notJson.stderr).toMatch(/^export: --filter is not JSON at line 2, column 14: /);
    const unknown = runCli(['export', SAMPLE, '--filter', '{"finnish": true, "no.such": "x", "taxonRank": ["!"]}']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("--filter at /no.such: Unknown filter 'no.such'");
    expect(unknown.stderr).toContain('--filter at /taxonRank/0: ');
  });

  it('refuses an unknown version, format, language or field list, and a refused directory', async () => {
    const cases: [args: string[], message: string][] = [
      [['--version', 'MR.9'], "--version: no version 'MR.9' in data/sample; it has current, MR.424"],
      [['--format', 'xlsx'], '--format must be one of csv, ndjson, json'],
      [['--lang', 'de'], '--lang must be one of fi, sv, en, multi'],
      [['--selected-fields', 'id,a..b'], '--selected-fields must be a comma-separated list of field paths'],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = runCli(['export', SAMPLE, ...args]);
      expect(code, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain(`export: ${message}`);
    }
    const broken = await fixtureCopy({ 'current.ndjson': '{"id": "MX.1", "isPartOf": "MX.404"}\n' });
    const refused = runCli(['export', broken]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/problem\(s\); refused/);
    expect(runCli(['export']).code).toBe(2);
  });
});
