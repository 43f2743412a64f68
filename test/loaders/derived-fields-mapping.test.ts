/**
 * The fields the loader derives (`DERIVED_KEYS`) are values the taxa mapping accepts, and the
 * name entries' fields it takes from the taxa or makes (`NAMES_CHECKED_FIELDS`) values the names
 * mapping accepts. The embedded engine does not check them at each load (`CHECKED_PATHS` in
 * src/index/embedded-engine.ts): they are the loader's own, made from checked values. So they are
 * checked here, as Elasticsearch would check every field of every document, on the sample's
 * versions and on generated ones.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KNOWN_VERSIONS, writeSyntheticDataDirectory } from '../../generate/index.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { fieldCatalogFromMapping } from '../../src/index/embedded/build/field-catalog.ts';
import { DocumentIndex } from '../../src/index/embedded/document-index.ts';
import { DERIVED_KEYS, type TaxonDocument } from '../../src/taxon/schema.ts';
import { nameEntriesOf } from '../../loaders/name-entries.ts';
import { NAMES_CHECKED_FIELDS } from '../../src/index/mappings/names-mapping.ts';

const catalog = (kind: string) =>
  fieldCatalogFromMapping(JSON.parse(readFileSync(`mappings/${kind}.json`, 'utf8')).mappings);
const fields = catalog('taxa');
const nameFields = catalog('names');

/** Indexes every field of `docs` at once, checking every value, as a cluster would. */
const indexWhole = (docs: readonly object[]) =>
  DocumentIndex.build(docs, { fields, idField: 'id', eagerFields: 'all' });

/** The same for name entries. */
const indexWholeEntries = (entries: readonly object[]) =>
  DocumentIndex.build(entries, { fields: nameFields, idField: 'id', eagerFields: 'all' });

/** Indexes a version's name entries, which hold the fields the engine takes as checked. */
function indexEntries(docs: readonly TaxonDocument[]): void {
  const entries = nameEntriesOf(docs);
  const held = NAMES_CHECKED_FIELDS.filter((field) => entries.some((entry) => field in entry));
  expect(held.length).toBeGreaterThanOrEqual(NAMES_CHECKED_FIELDS.length - 2);
  indexWholeEntries(entries);
}

const derivedValues = (docs: readonly TaxonDocument[]) =>
  docs.flatMap((doc) => DERIVED_KEYS.filter((key) => doc[key as keyof TaxonDocument] !== undefined)).length;

describe('the derived fields of taxa', () => {
  it('are accepted by the taxa and names mappings, in every version of the sample', async () => {
    const { dataSet } = await loadDataDirectory('data/sample');
    for (const { id, documents } of dataSet.versions) {
      expect(derivedValues(documents), id).toBeGreaterThan(10 * documents.length);
      expect(() => indexWhole(documents), id).not.toThrow();
      expect(() => indexEntries(documents), id).not.toThrow();
    }
  });

  it('are accepted by the taxa and names mappings, in generated versions that drift', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'derived-mapping-'));
    try {
      await writeSyntheticDataDirectory(dir, { taxa: 3_000, seed: 5, versions: [...KNOWN_VERSIONS] });
      const { dataSet } = await loadDataDirectory(dir);
      expect(dataSet.versions).toHaveLength(KNOWN_VERSIONS.length);
      for (const { id, documents } of dataSet.versions) {
        expect(() => indexWhole(documents), id).not.toThrow();
        expect(() => indexEntries(documents), id).not.toThrow();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('would fail the check with a value of the wrong type', async () => {
    const { dataSet } = await loadDataDirectory('data/sample');
    const [first, ...rest] = dataSet.versions[0]!.documents;
    expect(() => indexWhole([{ ...first!, depth: 'deep' }, ...rest])).toThrow(/depth/);
    const entries = nameEntriesOf(dataSet.versions[0]!.documents);
    expect(() => indexWholeEntries([{ ...entries[0]!, taxonomicOrder: 'first' }, ...entries.slice(1)])).toThrow(
      /taxonomicOrder/,
    );
  });
});
