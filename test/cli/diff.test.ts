import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';

const SAMPLE = 'data/sample';

type Record = {
  id: string;
  changeTypes: string[];
  fields: string[];
  differences: unknown[];
  from?: { scientificName?: string };
  to?: { scientificName?: string };
};

function records(stdout: string): Record[] {
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record);
}

const idsOf = (list: Record[], type: string) =>
  list
    .filter((r) => r.changeTypes.includes(type))
    .map((r) => r.id)
    .sort();

describe('taxa diff', () => {
  // The differences data/sample/README.md lists between MR.424 and current.
  it('finds exactly the differences the sample lists between MR.424 and current', () => {
    const { code, stdout } = runCli(['diff', SAMPLE, '--from', 'MR.424', '--format', 'ndjson']);
    expect(code).toBe(0);
    const changes = records(stdout);
    expect(idsOf(changes, 'added')).toEqual(['MX.279648', 'MX.9000580']);
    expect(idsOf(changes, 'removed')).toEqual(['MX.9009001']);
    expect(idsOf(changes, 'renamed')).toEqual(['MX.230561', 'MX.38676']);
    expect(idsOf(changes, 'moved')).toEqual(['MX.38676', 'MX.9000581']);
    const redList = ['MX.27750', 'MX.9000076', 'MX.29324', 'MX.9000319', 'MX.205932', 'MX.205412'];
    const administrative = [
      'MX.9000066',
      'MX.9000205',
      'MX.9000228',
      'MX.9000375',
      'MX.37886',
      'MX.37888',
      'MX.39497',
      'MX.205959',
      'MX.9000207',
      'MX.38815',
    ];
    expect(idsOf(changes, 'changed')).toEqual([...redList, ...administrative, 'MX.230561', 'MX.38676'].sort());
    for (const id of redList)
      expect(changes.find((r) => r.id === id)!.fields).toContain('latestRedListStatusFinland.status');
    for (const id of administrative)
      expect(changes.find((r) => r.id === id)!.fields).toEqual(['administrativeStatuses']);
    // Sambucus moved; its descendants are not reported again.
    expect(changes.find((r) => r.id === 'MX.9000581')).toMatchObject({
      changeTypes: ['moved'],
      fields: ['isPartOf'],
      differences: [{ field: 'isPartOf', from: 'MX.9000582', to: 'MX.9000580' }],
    });
    const rename = changes.find((r) => r.id === 'MX.230561')!;
    expect([rename.from?.scientificName, rename.to?.scientificName]).toEqual([
      'Graphosoma lineatum',
      'Graphosoma italicum',
    ]);
    expect(changes.find((r) => r.id === 'MX.9000580')).not.toHaveProperty('from');
    expect(changes.find((r) => r.id === 'MX.9009001')).not.toHaveProperty('to');
  });

  // The differences data/sample/README.md lists between each pair of consecutive versions, by date.
  const taxaOf = (version: string) =>
    readFileSync(`${SAMPLE}/${version}.ndjson`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; isPartOf?: string; latestRedListStatusFinland?: unknown });
  /** Ids with a red-list status in either version: a new red list changes all of them. */
  const redListed = (from: string, to: string) => [
    ...new Set([...taxaOf(from), ...taxaOf(to)].filter((t) => t.latestRedListStatusFinland).map((t) => t.id)),
  ];
  /** The kingdoms Fungi and Chromista with all their descendants, as in current. */
  const fungiAndChromista = () => {
    const inside = new Set(['MX.9000587', 'MX.9000654']);
    for (const t of taxaOf('current')) if (t.isPartOf && inside.has(t.isPartOf)) inside.add(t.id);
    return [...inside];
  };
  const pairs: {
    from: string;
    to: string;
    added: string[];
    removed: string[];
    renamed: string[];
    moved: string[];
    changed: string[];
    redListed?: number;
    summary: string;
  }[] = [
    {
      from: 'MR.427',
      to: 'MR.426',
      summary: '1007 taxa (1004 in MR.427); 30 changed taxa: 5 added, 2 removed, 3 renamed, 3 moved, 23 changed',
      added: ['MX.9000137', 'MX.9000138', 'MX.9000190', 'MX.9000288', 'MX.9000289'],
      removed: ['MX.9009007', 'MX.9009008'],
      renamed: ['MX.34535', 'MX.34574', 'MX.48745'],
      moved: ['MX.34535', 'MX.34574', 'MX.48745'],
      redListed: 14,
      changed: [
        'MX.34574',
        'MX.48745',
        'MX.46587',
        'MX.37888',
        'MX.205959',
        'MX.38618',
        'MX.205509',
        'MX.205511',
        'MX.205515',
      ],
    },
    {
      from: 'MR.426',
      to: 'MR.425',
      summary: '1007 taxa (1007 in MR.426); 164 changed taxa: 3 added, 3 removed, 5 renamed, 3 moved, 158 changed',
      added: ['MX.9000353', 'MX.278237', 'MX.9000549'],
      removed: ['MX.9009004', 'MX.9009005', 'MX.9009006'],
      renamed: ['MX.9000118', 'MX.9000205', 'MX.38605', 'MX.9000363', 'MX.9000175'],
      moved: ['MX.9000118', 'MX.9000205', 'MX.38605'],
      redListed: 152,
      changed: ['MX.38605', 'MX.9000363', 'MX.26447', 'MX.9000188', 'MX.39730', 'MX.37812'],
    },
    {
      from: 'MR.425',
      to: 'MR.424',
      summary: '1008 taxa (1007 in MR.425); 180 changed taxa: 3 added, 2 removed, 3 renamed, 2 moved, 175 changed',
      added: ['MX.9000355', 'MX.9000430', 'MX.9000536'],
      removed: ['MX.9009002', 'MX.9009003'],
      renamed: ['MX.43983', 'MX.38240', 'MX.38618'],
      moved: ['MX.43983', 'MX.38240'],
      redListed: 170,
      changed: ['MX.43983', 'MX.38618', 'MX.26447', 'MX.9000380', 'MX.205515'],
    },
    {
      from: 'MR.424',
      to: 'MR.484',
      summary: '898 taxa (1008 in MR.424); 117 changed taxa: 0 added, 110 removed, 0 renamed, 0 moved, 7 changed',
      added: [],
      removed: fungiAndChromista(),
      renamed: [],
      moved: [],
      changed: ['MX.9000076', 'MX.32065', 'MX.38150', 'MX.37886', 'MX.37857', 'MX.192436', 'MX.27613'],
    },
    {
      from: 'MR.484',
      to: 'MR.428',
      summary: '1008 taxa (898 in MR.484); 127 changed taxa: 111 added, 1 removed, 1 renamed, 1 moved, 15 changed',
      added: [...fungiAndChromista(), 'MX.9009009'],
      removed: ['MX.9009001'],
      renamed: ['MX.38676'],
      moved: ['MX.38676'],
      changed: [
        'MX.38676',
        'MX.9000076',
        'MX.32065',
        'MX.38150',
        'MX.37886',
        'MX.37857',
        'MX.192436',
        'MX.27613',
        'MX.9000066',
        'MX.9000205',
        'MX.9000228',
        'MX.9000375',
        'MX.37888',
        'MX.39497',
        'MX.9000207',
      ],
    },
    {
      from: 'MR.428',
      to: 'current',
      summary: '1009 taxa (1008 in MR.428); 12 changed taxa: 2 added, 1 removed, 1 renamed, 1 moved, 8 changed',
      added: ['MX.279648', 'MX.9000580'],
      removed: ['MX.9009009'],
      renamed: ['MX.230561'],
      moved: ['MX.9000581'],
      changed: ['MX.230561', 'MX.27750', 'MX.9000076', 'MX.29324', 'MX.9000319', 'MX.205932', 'MX.205412', 'MX.38815'],
    },
  ];
  it.each(pairs)('finds exactly the differences the sample lists between $from and $to', (pair) => {
    const { code, stdout } = runCli(['diff', SAMPLE, '--from', pair.from, '--to', pair.to, '--format', 'ndjson']);
    expect(code).toBe(0);
    const changes = records(stdout);
    for (const type of ['added', 'removed', 'renamed', 'moved'] as const) {
      expect(idsOf(changes, type)).toEqual([...pair[type]].sort());
    }
    const redList = pair.redListed === undefined ? [] : redListed(pair.from, pair.to);
    if (pair.redListed !== undefined) expect(redList).toHaveLength(pair.redListed);
    expect(idsOf(changes, 'changed')).toEqual([...new Set([...redList, ...pair.changed])].sort());
    const table = runCli(['diff', SAMPLE, '--from', pair.from, '--to', pair.to, '--format', 'table']);
    expect(table.stdout.split('\n')[0]).toBe(`${pair.from} → ${pair.to}: ${pair.summary}`);
  });

  it('writes a summary table, and CSV with dot paths as headers and lists joined by |', () => {
    const table = runCli(['diff', SAMPLE, '--from', 'MR.424', '--to', 'current', '--format', 'table']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toBe(
      'MR.424 → current: 1009 taxa (1008 in MR.424); 22 changed taxa: 2 added, 1 removed, 2 renamed, 2 moved, 18 changed',
    );
    expect(table.stdout).toMatch(
      /MX\.38676\s+renamed, moved, changed\s+Trientalis europaea → Lysimachia europaea\s+isPartOf, scientificName/,
    );
    const csv = runCli(['diff', SAMPLE, '--from', 'MR.424', '--format', 'csv']);
    const rows = parse(csv.stdout, { columns: true }) as { [column: string]: string }[];
    expect(rows).toHaveLength(22);
    expect(rows.find((row) => row.id === 'MX.38676')).toMatchObject({
      changeTypes: 'renamed|moved|changed',
      'from.scientificName': 'Trientalis europaea',
      'to.scientificName': 'Lysimachia europaea',
      'from.isPartOf': 'MX.9009001',
    });
  });

  it('refuses what it cannot compare, naming the problem', () => {
    const unknown = runCli(['diff', SAMPLE, '--from', 'MR.999']);
    expect(unknown.code).toBe(2);
    const listed = 'current, MR.424, MR.425, MR.426, MR.427, MR.428, MR.484';
    expect(unknown.stderr).toContain(`--from: no version 'MR.999' in data/sample; it has ${listed}\n`);
    expect(runCli(['diff', SAMPLE, '--from', 'current']).stderr).toMatch(/--from and --to are the same version/);
    expect(runCli(['diff', SAMPLE]).stderr).toMatch(/--from is required/);
    expect(runCli(['diff', SAMPLE, '--from', 'MR.424', '--format', 'xml']).stderr).toMatch(
      /--format must be one of table, ndjson, csv/,
    );
    expect(runCli(['diff', '--help']).stdout).toMatch(/usage: taxa diff/);
  });
});
