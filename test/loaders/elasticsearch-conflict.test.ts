/**
 * A load refused by a real Elasticsearch 9 for documents that do not fit the mapping: mapping
 * files that disagree with the data (edited by hand, or from another version of the service)
 * make the cluster refuse a document, and the load stops naming the document, the field and the
 * cluster's reason, deletes what it created and leaves the aliases as they were. Skipped with
 * the reason where no cluster is available.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { aliasBindings } from '../../src/index/elasticsearch/aliases.ts';
import { createElasticsearchClient, LOADING_CLIENT } from '../../src/index/elasticsearch/client.ts';
import { ElasticsearchLoadError, loadIntoElasticsearch } from '../../loaders/elasticsearch-load.ts';
import { ownedAliases } from '../../loaders/elasticsearch/swap.ts';
import { runCli } from '../helpers/cli.ts';
import { deleteIndices, describeOnCluster, indicesOf } from '../helpers/cluster-suite.ts';
import { FIXTURE_DIR } from '../helpers/data-dir.ts';
import { findElasticsearch, suitePlan, type RunningElasticsearch } from '../helpers/elasticsearch-availability.ts';

/**
 * Taxa mapping files that disagree with the data, written beside the test: `scientificName` a
 * double (the data has text there), or `vernacularName` a keyword (the data has an object of
 * languages there). The first load reads the project's own.
 */
const mappingsDir = mkdtempSync(join(tmpdir(), 'taxa-mappings-'));
function taxaMappingWith(field: string, type: string): URL {
  const body = JSON.parse(readFileSync(new URL('../../mappings/taxa.json', import.meta.url), 'utf8'));
  body.mappings.properties[field] = { type };
  const file = join(mappingsDir, `${field}-as-${type}.json`);
  writeFileSync(file, JSON.stringify(body));
  return pathToFileURL(file);
}

const plan = suitePlan(await findElasticsearch());

describeOnCluster('a load whose documents conflict with the mapping (real cluster)', plan, (source) => {
  let cluster: RunningElasticsearch;
  const prefix = `conflict-${randomUUID().slice(0, 8)}`;
  let admin: ReturnType<typeof createElasticsearchClient>;

  beforeAll(async () => {
    cluster = await source.start();
    admin = createElasticsearchClient(cluster.url, LOADING_CLIENT);
  });
  afterAll(async () => {
    await deleteIndices(admin, `${prefix}-*`).catch(() => undefined);
    await admin?.close();
    await cluster?.stop();
    rmSync(mappingsDir, { recursive: true, force: true });
  });

  it('is refused naming the document and the field; the new indices are deleted and the aliases stay', async () => {
    const first = runCli(['load', FIXTURE_DIR, '--url', cluster.url, '--prefix', prefix]);
    expect(first.code, first.stderr).toBe(0);
    const served = async () =>
      (await aliasBindings(admin, ownedAliases(prefix))).map((b) => `${b.alias} → ${b.index}`).sort();
    const bindings = await served();
    const indices = await indicesOf(admin, `${prefix}-*`);

    const cases = [
      { field: 'scientificName', type: 'double' },
      { field: 'vernacularName', type: 'keyword' },
    ];
    for (const { field, type } of cases) {
      const mappingFiles = { taxa: taxaMappingWith(field, type) };
      const refused = loadIntoElasticsearch(FIXTURE_DIR, { client: admin, prefix, mappingFiles });
      await expect(refused).rejects.toBeInstanceOf(ElasticsearchLoadError);
      const message = await refused.catch((error: Error) => error.message);
      console.info(message);
      // The index (so the version and the kind), the document, the field, its mapped type and the value.
      expect(message).toMatch(new RegExp(`^loader: ${prefix}-taxa-current-\\d+: document 'MX\\.\\d+' was refused: `));
      expect(message).toContain(`failed to parse field [${field}] of type [${type}] in document with id 'MX.`);
      expect(message).toMatch(/the \d+ new index\(es\) were deleted/);
    }

    expect(await served()).toEqual(bindings);
    expect(await indicesOf(admin, `${prefix}-*`)).toEqual(indices);
  });
});
