/**
 * `writeSyntheticDataDirectory`: writes a complete data directory (informal and red-list groups,
 * versions and one NDJSON file per version). Lines are generated one by one and written in ~64 KiB chunks through
 * a stream pipeline, so memory stays flat and the disk (or gzip) sets the pace.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import type { Taxon } from '../src/taxon/schema.ts';
import { generateChecklist, type GenerateOptions } from './checklist.ts';
import { KNOWN_VERSIONS, versionMetadata } from './versions.ts';

export interface WriteOptions extends GenerateOptions {
  gzip?: boolean;
  /** Versions to write; `current` is always written. Default `['current']`. */
  versions?: string[];
}

export interface WriteResult {
  /** Taxa in the `current` version. */
  taxa: number;
  /** Paths of the files written. */
  files: string[];
}

const CHUNK_SIZE = 64 * 1024;

/** NDJSON lines of the taxa, joined into chunks of about `CHUNK_SIZE` characters. */
function* ndjsonChunks(taxa: Iterable<Taxon>): Generator<string> {
  let chunk = '';
  for (const taxon of taxa) {
    chunk += `${JSON.stringify(taxon)}\n`;
    if (chunk.length >= CHUNK_SIZE) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk.length > 0) yield chunk;
}

async function writeNdjson(path: string, taxa: Iterable<Taxon>, gzip: boolean): Promise<void> {
  const source = Readable.from(ndjsonChunks(taxa), { objectMode: false });
  const sink = createWriteStream(path);
  if (gzip) await pipeline(source, createGzip({ level: constants.Z_BEST_SPEED }), sink);
  else await pipeline(source, sink);
}

/** The versions to write, `current` first, each once; throws on an unknown version. */
export function normaliseVersions(versions: readonly string[] | undefined): string[] {
  const unknown = (versions ?? []).filter((version) => !KNOWN_VERSIONS.includes(version));
  if (unknown.length > 0) {
    throw new RangeError(
      `Unknown checklist version ${unknown.map((v) => `'${v}'`).join(', ')} (known: ${KNOWN_VERSIONS.join(', ')})`,
    );
  }
  return [...new Set(['current', ...(versions ?? [])])];
}

export async function writeSyntheticDataDirectory(dir: string, options: WriteOptions): Promise<WriteResult> {
  const versions = normaliseVersions(options.versions);
  const checklist = generateChecklist(options);
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  const writeJson = async (name: string, value: unknown) => {
    const path = join(dir, name);
    await writeFile(path, `${JSON.stringify(value, null, 2)}\n`);
    files.push(path);
  };
  await writeJson('informal-taxon-groups.json', checklist.informalTaxonGroups);
  await writeJson('red-list-evaluation-groups.json', checklist.redListEvaluationGroups);
  await writeJson('checklist-versions.json', versions.map(versionMetadata));
  for (const version of versions) {
    const path = join(dir, `${version}.ndjson${options.gzip ? '.gz' : ''}`);
    await writeNdjson(path, checklist.versionTaxa(version), options.gzip ?? false);
    files.push(path);
  }
  return { taxa: checklist.size, files };
}
