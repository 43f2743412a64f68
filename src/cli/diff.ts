/**
 * `taxa diff <dir> --from <version> [--to current] [--format table|ndjson|csv]`: what changed
 * between two checklist versions of a data directory, without a server (src/taxon/changes.ts).
 * A table (a summary, then a line per taxon) on a terminal; records for files: NDJSON, one change
 * record a line, or CSV, one row a record.
 */
import { stringify } from 'csv-stringify/sync';
import { givenTaxonOf } from '../../loaders/derive.ts';
import { CHANGE_TYPES, compareVersions, type ChangeRecord } from '../taxon/changes.ts';
import type { Taxon } from '../taxon/schema.ts';
import { usageError as commandUsageError, directoryArguments, loadOrRefuse } from './directory-command.ts';

const USAGE = `usage: taxa diff <data-dir> --from <version> [--to <version>] [--format table|ndjson|csv]

  --from      the older version (e.g. MR.424)
  --to        the newer version (default: current)
  --format    table (default on a terminal), ndjson (default otherwise) or csv
`;

const FORMATS = ['table', 'ndjson', 'csv'] as const;
type Format = (typeof FORMATS)[number];

type Change = ChangeRecord<Taxon>;

function nameOf(change: Change): string {
  const before = change.from?.scientificName;
  const after = change.to?.scientificName;
  if (before !== undefined && after !== undefined && before !== after) return `${before} → ${after}`;
  return after ?? before ?? '';
}

function summaryOf(changes: readonly Change[], from: string, to: string, counts: { from: number; to: number }): string {
  const byType = CHANGE_TYPES.map((type) => `${changes.filter((c) => c.changeTypes.includes(type)).length} ${type}`);
  return `${from} → ${to}: ${counts.to} taxa (${counts.from} in ${from}); ${changes.length} changed taxa: ${byType.join(', ')}\n`;
}

function table(changes: readonly Change[]): string {
  const rows = [
    ['id', 'change', 'scientific name', 'fields'],
    ...changes.map((c) => [c.id, c.changeTypes.join(', '), nameOf(c), c.fields.join(', ')]),
  ];
  const widths = [0, 1, 2].map((column) => Math.min(48, Math.max(...rows.map((row) => row[column]!.length))));
  const lines = rows.map((row) =>
    row
      .map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell))
      .join('  ')
      .trimEnd(),
  );
  return `${lines.join('\n')}\n`;
}

function csv(changes: readonly Change[]): string {
  return stringify(
    changes.map((c) => ({
      id: c.id,
      changeTypes: c.changeTypes.join('|'),
      fields: c.fields.join('|'),
      'from.scientificName': c.from?.scientificName ?? '',
      'to.scientificName': c.to?.scientificName ?? '',
      'from.isPartOf': c.from?.isPartOf ?? '',
      'to.isPartOf': c.to?.isPartOf ?? '',
      differences: JSON.stringify(c.differences),
    })),
    {
      header: true,
      columns: [
        'id',
        'changeTypes',
        'fields',
        'from.scientificName',
        'to.scientificName',
        'from.isPartOf',
        'to.isPartOf',
        'differences',
      ],
    },
  );
}

const COMMAND = { name: 'diff', usage: USAGE };
const usageError = (message: string) => commandUsageError(COMMAND, message);

export async function runDiff(argv: string[]): Promise<number> {
  const parsed = directoryArguments(COMMAND, argv, {
    from: { type: 'string' },
    to: { type: 'string', default: 'current' },
    format: { type: 'string' },
  });
  if (typeof parsed === 'number') return parsed;
  const { dir, values } = parsed;
  if (values.from === undefined) return usageError('--from is required');
  const format = (values.format ?? (process.stdout.isTTY ? 'table' : 'ndjson')) as Format;
  if (!FORMATS.includes(format))
    return usageError(`--format must be one of ${FORMATS.join(', ')} (got '${values.format}')`);
  if (values.from === values.to) return usageError(`--from and --to are the same version ('${values.to}')`);

  const dataSet = await loadOrRefuse(dir);
  if (typeof dataSet === 'number') return dataSet;
  const { versions } = dataSet;
  const [from, to] = [values.from, values.to].map((id) => versions.find((v) => v.id === id));
  for (const [name, id, version] of [
    ['--from', values.from, from],
    ['--to', values.to, to],
  ] as const) {
    if (!version)
      return usageError(
        `${name}: no version '${id}' in ${dir}; it has ${dataSet.checklistVersions.map((v) => v.id).join(', ')}`,
      );
  }
  const [before, after] = [from!.documents.map(givenTaxonOf), to!.documents.map(givenTaxonOf)];
  const changes = compareVersions(before, after);
  if (format === 'ndjson') process.stdout.write(changes.map((change) => `${JSON.stringify(change)}\n`).join(''));
  else if (format === 'csv') process.stdout.write(csv(changes));
  else {
    process.stdout.write(summaryOf(changes, values.from, values.to, { from: before.length, to: after.length }));
    if (changes.length > 0) process.stdout.write(`\n${table(changes)}`);
  }
  return 0;
}
