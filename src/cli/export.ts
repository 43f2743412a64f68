/**
 * `taxa export <dir> [--version V] [--filter JSON] [--format csv|ndjson|json] [--selected-fields a,b]
 * [--lang L] [--include-hidden]`: every taxon of a data directory's version that the filter body
 * matches, in taxonomic order, to stdout, without a server: the bytes `GET|POST /taxa/export`
 * answers (docs/api.md, "Bulk export"), from an embedded engine holding the version's taxa.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { engineDataOf, taxaOnly } from '../../loaders/engine-data.ts';
import { AppError, pointerToken } from '../errors.ts';
import { EXPORT_FORMATS, type ExportFormat, exportColumns, exportText } from '../http/answers/export.ts';
import { DEFAULT_TAXON_COLUMNS } from '../http/routes/taxa/export.ts';
import { selectedFieldsParam } from '../http/schemas/common.ts';
import { DEFAULT_CHECKLIST } from '../query/taxa-request.ts';
import { taxonShaper } from '../http/answers/shape.ts';
import { RESPONSE_LANGUAGES, type ResponseLanguage } from '../http/answers/translate.ts';
import { createEmbeddedEngine } from '../index/embedded-engine.ts';
import { parseFilterBody } from '../query/filter-body.ts';
import type { FilterNode } from '../query/nodes/index.ts';
import { selectionOf } from '../http/routes/taxa/context.ts';
import { createTaxaService } from '../service/taxa-service.ts';
import { createVersions } from '../service/versions.ts';
import { usageError as commandUsageError, directoryArguments, loadOrRefuse } from './directory-command.ts';

const USAGE = `usage: taxa export <data-dir> [--version <version>] [--filter <json>] [--format csv|ndjson|json]
                   [--selected-fields <a,b,...>] [--lang en|fi|sv|multi] [--include-hidden]

  --version          the checklist version (default: current)
  --filter           a filter body, as POST /taxa/export takes it: '{"finnish": true, "taxonRank": "MX.species"}'
  --format           csv (default), ndjson or json
  --selected-fields  the fields (CSV: the columns, dot paths); default: every field, or for CSV
                     ${DEFAULT_TAXON_COLUMNS.join(', ')}
  --lang             the language of localized values (default: en)
  --include-hidden   also the hidden taxa
`;

const COMMAND = { name: 'export', usage: USAGE };
const usageError = (message: string) => commandUsageError(COMMAND, message);

/** A value refused where the usage would not help: the message alone. */
function refused(message: string): number {
  process.stderr.write(`export: ${message}\n`);
  return 2;
}

/** `offset` as line and column, both from 1. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1]!.length + 1}`;
}

/** The filter of `--filter`, or the message that says where it is wrong. */
function filterOf(text: string | undefined): FilterNode | string {
  if (text === undefined) return parseFilterBody(undefined);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    // The parser names the offset of most mistakes; the others it shows with the text around them.
    const { message } = error as Error;
    const offset = /at position (\d+)/.exec(message)?.[1];
    const place = offset === undefined ? '' : ` at ${lineAndColumn(text, Number(offset))}`;
    return `--filter is not JSON${place}: ${message}`;
  }
  try {
    return parseFilterBody(body);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const places = error.issues.map(({ at, message }) =>
      'body' in at ? `--filter at /${at.body.map(pointerToken).join('/')}: ${message}` : `--filter: ${message}`,
    );
    return places.length > 0 ? places.join('\n') : `--filter: ${error.message}`;
  }
}

export async function runExport(argv: string[]): Promise<number> {
  const parsed = directoryArguments(COMMAND, argv, {
    version: { type: 'string', default: 'current' },
    filter: { type: 'string' },
    format: { type: 'string', default: 'csv' },
    'selected-fields': { type: 'string' },
    lang: { type: 'string', default: 'en' },
    'include-hidden': { type: 'boolean', default: false },
  });
  if (typeof parsed === 'number') return parsed;
  const { dir, values } = parsed;
  const format = values.format as ExportFormat;
  if (!EXPORT_FORMATS.includes(format))
    return usageError(`--format must be one of ${EXPORT_FORMATS.join(', ')} (got '${values.format}')`);
  const language = values.lang as ResponseLanguage;
  if (!RESPONSE_LANGUAGES.includes(language))
    return usageError(`--lang must be one of ${RESPONSE_LANGUAGES.join(', ')} (got '${values.lang}')`);
  const selected = selectedFieldsParam.safeParse(values['selected-fields']);
  if (!selected.success) return usageError(`--selected-fields ${selected.error.issues[0]!.message}`);
  const filter = filterOf(values.filter);
  if (typeof filter === 'string') return refused(filter);

  const engine = createEmbeddedEngine();
  const dataSet = await loadOrRefuse(dir);
  if (typeof dataSet === 'number') return dataSet;
  engine.replaceData(taxaOnly(engineDataOf(dataSet)));
  const loaded = await engine.versions();
  if (!loaded.includes(values.version))
    return refused(`--version: no version '${values.version}' in ${dir}; it has ${loaded.join(', ')}`);

  const columns = exportColumns(selected.data, format, DEFAULT_TAXON_COLUMNS);
  const fields = selectionOf(columns.length > 0 ? { selectedFields: columns } : {});
  const taxa = createTaxaService({ versions: createVersions(engine) });
  const chunks = taxa.exportChunks(values.version, {
    filter,
    scope: { checklist: [DEFAULT_CHECKLIST], includeHidden: values['include-hidden'] },
    fields,
  });
  const text = exportText(chunks, format, taxonShaper(language, fields), columns);
  try {
    await pipeline(Readable.from(text, { objectMode: false }), process.stdout, { end: false });
  } catch (error) {
    // A reader that stops early (`| head`) ends the export; that is no failure.
    if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
  } finally {
    await engine.close();
  }
  return 0;
}
