import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';

const SAMPLE = 'data/sample';

type Record = { id: string; changeTypes: string[]; fields: string[]; differences: unknown[]; from?: { scientificName?: string }; to?: { scientificName?: string } };

function records(stdout: string): Record[] {
  return stdout.trim().split('\n').map((line) => JSON.parse(line) as Record);
}

const idsOf = (list: Record[], type: string) => list.filter((r) => r.changeTypes.includes(type)).map((r) => r.id).sort();

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
    const administrative = ['MX.9000066', 'MX.9000205', 'MX.9000228', 'MX.9000375', 'MX.37886', 'MX.37888', 'MX.39497', 'MX.205959',
      'MX.9000207', 'MX.38815'];
    expect(idsOf(changes, 'changed')).toEqual([...redList, ...administrative, 'MX.230561', 'MX.38676'].sort());
    for (const id of redList) expect(changes.find((r) => r.id === id)!.fields).toContain('latestRedListStatusFinland.status');
    for (const id of administrative) expect(changes.find((r) => r.id === id)!.fields).toEqual(['administrativeStatuses']);
    // Sambucus moved; its descendants are not reported again.
    expect(changes.find((r) => r.id === 'MX.9000581')).toMatchObject({
      changeTypes: ['moved'], fields: ['isPartOf'], differences: [{ field: 'isPartOf', from: 'MX.9000582', to: 'MX.9000580' }],
    });
    const rename = changes.find((r) => r.id === 'MX.230561')!;
    expect([rename.from?.scientificName, rename.to?.scientificName]).toEqual(['Graphosoma lineatum', 'Graphosoma italicum']);
    expect(changes.find((r) => r.id === 'MX.9000580')).not.toHaveProperty('from');
    expect(changes.find((r) => r.id === 'MX.9009001')).not.toHaveProperty('to');
  });

  it('writes a summary table, and CSV with dot paths as headers and lists joined by |', () => {
    const table = runCli(['diff', SAMPLE, '--from', 'MR.424', '--to', 'current', '--format', 'table']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toBe(
      'MR.424 → current: 1009 taxa (1008 in MR.424); 22 changed taxa: 2 added, 1 removed, 2 renamed, 2 moved, 18 changed',
    );
    expect(table.stdout).toMatch(/MX\.38676\s+renamed, moved, changed\s+Trientalis europaea → Lysimachia europaea\s+isPartOf, scientificName/);
    const csv = runCli(['diff', SAMPLE, '--from', 'MR.424', '--format', 'csv']);
    const rows = parse(csv.stdout, { columns: true }) as { [column: string]: string }[];
    expect(rows).toHaveLength(22);
    expect(rows.find((row) => row.id === 'MX.38676')).toMatchObject({
      changeTypes: 'renamed|moved|changed', 'from.scientificName': 'Trientalis europaea', 'to.scientificName': 'Lysimachia europaea',
      'from.isPartOf': 'MX.9009001',
    });
  });

  it('refuses what it cannot compare, naming the problem', () => {
    const unknown = runCli(['diff', SAMPLE, '--from', 'MR.999']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--from: no version 'MR\.999' in data\/sample; it has current, MR\.424, MR\.484/);
    expect(runCli(['diff', SAMPLE, '--from', 'current']).stderr).toMatch(/--from and --to are the same version/);
    expect(runCli(['diff', SAMPLE]).stderr).toMatch(/--from is required/);
    expect(runCli(['diff', SAMPLE, '--from', 'MR.424', '--format', 'xml']).stderr).toMatch(/--format must be one of table, ndjson, csv/);
    expect(runCli(['diff', '--help']).stdout).toMatch(/usage: taxa diff/);
  });
});
