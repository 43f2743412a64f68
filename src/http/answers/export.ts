/**
 * Bulk export (docs/api.md, "Bulk export"): the items of an export, chunk by chunk, written as
 * CSV, NDJSON or one JSON array, each chunk's text as soon as its chunk is read. Shared by the
 * export routes and `taxa export`, so both write the same bytes.
 *
 * CSV: one column per dot path, the path as its header; the values at the path (lists and lists
 * of objects along it flattened) joined with `|`; an object value as its JSON. Values are those
 * the JSON answers carry, so in the answer language.
 */
import { Readable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { JSON_TYPE } from './json-text.ts';

export const EXPORT_FORMATS = ['csv', 'ndjson', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const FORMAT_MESSAGE = `must be one of ${EXPORT_FORMATS.join(', ')}`;

/** `format`: csv (default), ndjson or json; another is a 400 naming the parameter. */
export const exportFormatParam = z
  .string()
  .default('csv')
  .transform((format): ExportFormat => {
    if ((EXPORT_FORMATS as readonly string[]).includes(format)) return format as ExportFormat;
    throw new AppError('BAD_REQUEST', `format '${format.slice(0, 40)}' is not known: ${FORMAT_MESSAGE}`, [
      { at: { parameter: 'format' }, message: FORMAT_MESSAGE },
    ]);
  })
  .describe(`${EXPORT_FORMATS.join(', ')} (default csv)`);

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  json: JSON_TYPE,
};

/** The 200 answer of an export route in the OpenAPI document: one content type a format. */
export function exportAnswer(item: z.ZodType, description: string) {
  return {
    description,
    content: {
      'text/csv': { schema: z.string().describe('a header line of dot paths, then a line a item') },
      'application/x-ndjson': { schema: z.string().describe('one JSON object a line') },
      'application/json': { schema: z.array(item) },
    },
  };
}

/**
 * The fields an export selects: those named; when none are, for CSV its default columns, and for
 * the JSON formats none (whole items).
 */
export function exportColumns(
  selected: readonly string[] | undefined,
  format: ExportFormat,
  defaults: readonly string[],
): string[] {
  if (selected !== undefined && selected.length > 0) return [...selected];
  return format === 'csv' ? [...defaults] : [];
}

/** What a CSV cell shows of a value: text, a number or boolean as written, an object as its JSON. */
function cellText(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The values at `path` (from its `depth`-th key on) under `value`: lists along the way, and at its end, flattened. */
function valuesAt(value: unknown, path: readonly string[], depth: number, out: unknown[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) valuesAt(item, path, depth, out);
    return;
  }
  if (depth === path.length) {
    out.push(value);
    return;
  }
  const key = path[depth]!;
  if (typeof value === 'object' && Object.hasOwn(value, key))
    valuesAt((value as Record<string, unknown>)[key], path, depth + 1, out);
}

/** The cell of one item under the column `path` (split at its dots). */
function csvCell(item: object, path: readonly string[]): string {
  const values: unknown[] = [];
  valuesAt(item, path, 0, values);
  return values.map(cellText).join('|');
}

/**
 * Items written between two turns of the event loop: a chunk as the engine gives it (hundreds of
 * taxa) is written a slice at a time, so that no client's export holds the thread that answers
 * everyone for longer than a slice takes (docs/running.md, "Abuse and failures").
 */
export const ITEMS_PER_TURN = 100;

/**
 * The text of an export: `chunks` of items written in `format`, each item made by `shape` from
 * what was read; CSV in `columns`, with a header line even when there are no items. Each piece is
 * at most `ITEMS_PER_TURN` items, and the event loop turns before the next.
 */
export async function* exportText<T>(
  chunks: AsyncIterable<T[]>,
  format: ExportFormat,
  shape: (item: T) => object,
  columns: readonly string[],
): AsyncGenerator<string, void, undefined> {
  const paths = columns.map((column) => column.split('.'));
  // A row of one empty cell would be an empty line, which CSV readers skip: quoted, it is a row.
  const csv = { quoted_empty: columns.length === 1 };
  let first = true;
  if (format === 'csv') yield stringify([columns as string[]], csv);
  if (format === 'json') yield '[';
  for await (const chunk of chunks) {
    for (let from = 0; from < chunk.length; from += ITEMS_PER_TURN) {
      if (from > 0) await turn();
      const items = chunk.slice(from, from + ITEMS_PER_TURN).map(shape);
      if (format === 'csv')
        yield stringify(
          items.map((item) => paths.map((path) => csvCell(item, path))),
          csv,
        );
      else if (format === 'ndjson') yield items.map((item) => `${JSON.stringify(item)}\n`).join('');
      else {
        const text = items.map((item) => JSON.stringify(item)).join(',');
        yield first ? text : `,${text}`;
        first = false;
      }
    }
  }
  if (format === 'json') yield ']\n';
}

/** A file name made of `parts` (letters, digits, `.`, `_`, `-` kept) and the format's extension. */
export function exportFileName(parts: readonly string[], format: ExportFormat): string {
  return `${parts.map((part) => part.replace(/[^A-Za-z0-9._-]/g, '_')).join('-')}.${format}`;
}

/** Exports under way at once: in all, and from one client address. */
export interface ExportLimits {
  total: number;
  perClient: number;
}

/** Far above one person's use, low enough that exports cannot crowd out the other requests (`MAX_EXPORTS`, `MAX_EXPORTS_PER_CLIENT`). */
export const DEFAULT_EXPORT_LIMITS: ExportLimits = { total: 4, perClient: 2 };

/** Seconds a client refused an export is told to wait. */
const EXPORT_RETRY_AFTER_S = 10;

/**
 * The export slots of a server: `take` gives one to a request, to be given back when its answer
 * is done, or refuses with a 503 (`Retry-After`) when `limits` are reached in all or for the
 * request's client address.
 */
export function createExportSlots(limits: ExportLimits) {
  let underWay = 0;
  const byClient = new Map<string, number>();
  return {
    take(reply: FastifyReply): () => void {
      const client = reply.request.ip;
      const mine = byClient.get(client) ?? 0;
      if (underWay >= limits.total || mine >= limits.perClient) {
        reply.header('Retry-After', String(EXPORT_RETRY_AFTER_S));
        const which = mine >= limits.perClient ? `${limits.perClient} from one client` : `${limits.total} in all`;
        throw new AppError('SERVICE_UNAVAILABLE', `Too many exports under way (at most ${which}); try again shortly`);
      }
      byClient.set(client, mine + 1);
      underWay++;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        underWay--;
        const left = (byClient.get(client) ?? 1) - 1;
        if (left === 0) byClient.delete(client);
        else byClient.set(client, left);
      };
    },
  };
}

export type ExportSlots = ReturnType<typeof createExportSlots>;

/**
 * Answers an export: the first chunk is read before anything is sent, so a refusal (an unknown
 * version) is an ordinary error answer; then the text is streamed, chunk after chunk as the
 * client reads it. A client that goes away destroys the stream, which ends `chunks` (no further
 * search, and the engine's walk released). A failure after the first chunk cuts the answer short
 * (the chunked body is not terminated, which clients report as an incomplete transfer). The
 * export holds one of `slots` from its first search until its stream is closed.
 */
export async function sendExport<T>(
  reply: FastifyReply,
  slots: ExportSlots,
  makeChunks: () => AsyncGenerator<T[], void, undefined>,
  options: { format: ExportFormat; fileName: string[]; shape: (item: T) => object; columns: readonly string[] },
) {
  const giveBack = slots.take(reply);
  let chunks: AsyncGenerator<T[], void, undefined>;
  let first: IteratorResult<T[], void>;
  try {
    chunks = makeChunks();
    first = await chunks.next();
  } catch (error) {
    giveBack();
    throw error;
  }
  async function* all(): AsyncGenerator<T[], void, undefined> {
    if (first.done) return;
    yield first.value;
    yield* chunks;
  }
  const text = exportText(all(), options.format, options.shape, options.columns);
  const stream = Readable.from(text, { objectMode: false });
  // A stream destroyed before it read anything never starts `text`, so ending `text` would not
  // reach `chunks`: they are ended here too, which releases what the engine holds for them (a
  // cluster's point in time). Ending a generator already done does nothing.
  stream.once('close', () => {
    giveBack();
    void chunks.return(undefined).catch(() => undefined);
  });
  return reply
    .type(CONTENT_TYPES[options.format])
    .header('Content-Disposition', `attachment; filename="${exportFileName(options.fileName, options.format)}"`)
    .send(stream);
}
