/**
 * Writes `src/taxon/enumeration-labels.json`, the labels of the enumerations the taxon documents
 * use, from a folder of public FinBIF facts (the path given as the only argument):
 *
 * - `laji-schema-enums-MX-MKV.json`: which values each enumeration has, in order (the schema's
 *   TypeScript names, `MXTaxonRankEnum`, are the enumeration `MX.taxonRankEnum`);
 * - `finbif-vcr/metadata_alts_*.json`, `finbif-vcr-history/metadata_alts_*.json` and
 *   `finbif-vcr-history/v0_metadata_ranges_*.json`: recorded answers of the real API's
 *   `/metadata/alts/{alt}` and `/v0/metadata/ranges/{range}`, labels in Finnish, Swedish and
 *   English; an enumeration recorded takes its values, their order, labels and `altParent` (the
 *   broader value) from its newest recording, and nothing else (the labels are what clients
 *   translate by; longer texts, descriptions and links, are not the project's to keep);
 * - `lajistore-schemas/*.json`: the editing model's `enum` and `enumNames`, English labels of the
 *   enumerations no recording has.
 *
 * An enumeration of which no source gives a label is left out (and named on stderr).
 *
 *   npx tsx scripts/enumeration-labels.ts <folder of the facts>
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENUMERATION_LABELS_FILE } from '../src/taxon/enumeration-labels.ts';

type Localized = Partial<Record<'fi' | 'sv' | 'en', string>>;
type Item = { id: string; value: Localized } & Record<string, unknown>;

const LANGUAGES = ['fi', 'sv', 'en'] as const;

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** `MXTaxonRankEnum` → `MX.taxonRankEnum`, `HBEInvasiveSpeciesMainGroups` → `HBE.invasiveSpeciesMainGroups`. */
function enumerationName(schemaName: string): string {
  const [, prefix = '', rest = ''] = /^([A-Z]+?)([A-Z][a-z].*)$/.exec(schemaName) ?? [];
  if (prefix === '') throw new Error(`${schemaName}: not a schema enumeration name`);
  return `${prefix}.${rest[0]!.toLowerCase()}${rest.slice(1)}`;
}

/** A `{fi, sv, en}` object with its languages in that order; anything else as it is. */
function ordered(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 0 || !keys.every((key) => (LANGUAGES as readonly string[]).includes(key))) return value;
  const record = value as Localized;
  return Object.fromEntries(LANGUAGES.filter((lang) => record[lang] !== undefined).map((lang) => [lang, record[lang]]));
}

/** An item: its `id`, its label `value`, and its `altParent` when it has one. */
function itemOf(recorded: Record<string, unknown>): Item {
  const { id, value, altParent } = recorded;
  return {
    id: String(id),
    value: ordered(value) as Localized,
    ...(altParent !== undefined ? { altParent } : {}),
  };
}

interface Recording {
  alt: string;
  recordedAt: string;
  /** lower is preferred: the current API, then its test instance, then the legacy routes */
  rank: number;
  items: Item[];
}

function recordingsIn(dir: string, pattern: RegExp, rank: number): Recording[] {
  return readdirSync(dir)
    .filter((name) => pattern.test(name))
    .map((name) => {
      const recorded = readJson(join(dir, name)) as {
        request: { uri: string };
        recorded_at: string;
        body: { results: Record<string, unknown>[] } | Record<string, unknown>[];
      };
      const path = new URL(recorded.request.uri).pathname;
      const results = Array.isArray(recorded.body) ? recorded.body : recorded.body.results;
      return {
        alt: decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)),
        recordedAt: recorded.recorded_at,
        rank,
        items: results.map(itemOf),
      };
    });
}

/** The English labels of the editing model: every `enum` with its `enumNames`, by value. */
function englishLabels(dir: string): Map<string, string>[] {
  const found: Map<string, string>[] = [];
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.enum) && Array.isArray(record.enumNames)) {
      const names = record.enumNames as string[];
      found.push(new Map((record.enum as string[]).map((value, i) => [value, names[i] ?? ''])));
    }
    for (const child of Object.values(record)) walk(child);
  };
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.json'))) walk(readJson(join(dir, name)));
  return found;
}

function build(reference: string): { alts: Record<string, Item[]>; left: string[] } {
  const schema = readJson(join(reference, 'laji-schema-enums-MX-MKV.json')) as { enums: Record<string, string[]> };
  const values = new Map(Object.entries(schema.enums).map(([name, list]) => [enumerationName(name), list]));
  const recordings = [
    ...recordingsIn(join(reference, 'finbif-vcr'), /^metadata_alts_.*\.json$/, 0),
    ...recordingsIn(join(reference, 'finbif-vcr-history'), /^metadata_alts_.*\.json$/, 1),
    ...recordingsIn(join(reference, 'finbif-vcr-history'), /^v0_metadata_ranges_.*\.json$/, 2),
  ].sort((a, b) => a.rank - b.rank || b.recordedAt.localeCompare(a.recordedAt));
  const newest = new Map<string, Recording>();
  for (const recording of recordings) if (!newest.has(recording.alt)) newest.set(recording.alt, recording);
  const english = englishLabels(join(reference, 'lajistore-schemas'));

  const alts: Record<string, Item[]> = {};
  const left: string[] = [];
  for (const alt of [...new Set([...values.keys(), ...newest.keys()])].sort()) {
    const recorded = newest.get(alt);
    const listed = values.get(alt);
    if (recorded) {
      const ids = recorded.items.map((item) => item.id);
      if (listed && (ids.length !== listed.length || !listed.every((id) => ids.includes(id))))
        process.stderr.write(`${alt}: the recording's values differ from the schema's; the recording is taken\n`);
      alts[alt] = recorded.items;
      continue;
    }
    const labels = english.find((map) => listed!.every((id) => map.get(id)));
    if (labels === undefined) {
      left.push(alt);
      continue;
    }
    alts[alt] = listed!.map((id) => ({ id, value: { en: labels.get(id)! } }));
  }
  return { alts, left };
}

/** The file's text: an enumeration per key, a value per line. */
function fileText(alts: Record<string, Item[]>): string {
  const lines = Object.entries(alts).map(
    ([alt, items]) =>
      `    ${JSON.stringify(alt)}: [\n${items.map((item) => `      ${JSON.stringify(item)}`).join(',\n')}\n    ]`,
  );
  const comment =
    'Labels of the enumerations of the taxon documents, written by scripts/enumeration-labels.ts: do not edit by hand.';
  return `{\n  "$comment": ${JSON.stringify(comment)},\n  "alts": {\n${lines.join(',\n')}\n  }\n}\n`;
}

const reference = process.argv[2];
if (reference === undefined) {
  process.stderr.write('usage: npx tsx scripts/enumeration-labels.ts <folder of the facts>\n');
  process.exit(2);
}
const { alts, left } = build(reference);
for (const alt of left) process.stderr.write(`${alt}: no labels in any source, left out\n`);
writeFileSync(ENUMERATION_LABELS_FILE, fileText(alts));
process.stdout.write(`${ENUMERATION_LABELS_FILE}: ${Object.keys(alts).length} enumerations\n`);
