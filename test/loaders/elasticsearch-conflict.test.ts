/**
 * A load refused by a real Elasticsearch 9 for documents that do not fit the mapping: mapping
 * files that disagree with the data (edited by hand, or from another version of the service)
 * make the cluster refuse a document, and the load stops naming the document, the field and the
 * cluster's reason, deletes what it created and leaves the aliases as they were. Skipped with
 * the reason where no cluster is available.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { aliasBindings } from '../../src/index/elasticsearch/aliases.ts';
import { createElasticsearchClient, LOADING_CLIENT } from '../../src/index/elasticsearch/client.ts';
import { ElasticsearchLoadError, loadIntoElasticsearch } from '../../loaders/elasticsearch-load.ts';
import { ownedAliases } from '../../loaders/elasticsearch/swap.ts';
import { runCli } from '../helpers/cli.ts';
import { deleteIndices, describeOnCluster, indicesOf } from '../helpers/cluster-suite.ts';
import { FIXTURE_DIR } from '../helpers/data-dir.ts';
import { findElasticsearch, suitePlan, type RunningElasticsearch } from '../helpers/elasticsearch-availability.ts';

/**
 * The mapping files this file's in-process loads read: the project's, but for the taxa index,
 * whose file is one of `taxa` (switched by the test): `scientificName` a double (the data has
 * text there), or `vernacularName` a keyword (the data has an object of languages there). The
 * loads through the CLI read the project's own.
 */
const conflicting = vi.hoisted(async () => {
  const { mkdtempSync, readFileSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'taxa-mappings-'));
  const project = (kind: string) => new URL(`../../mappings/${kind}.json`, import.meta.url);
  const taxaWith = (name: string, field: string, type: string) => {
    const body = JSON.parse(readFileSync(project('taxa'), 'utf8'));
    body.mappings.properties[field] = { type };
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(body));
    return new URL(`file://${file}`);
  };
  const taxa = {
    text: taxaWith('text-as-double', 'scientificName', 'double'),
    object: taxaWith('object-as-keyword', 'vernacularName', 'keyword'),
  };
  const files = { taxa: taxa.text, names: project('names'), changes: project('changes') };
  return { dir, files, taxa };
});

vi.mock('../../src/index/mappings/files.ts', async () => ({ MAPPING_FILES: (await conflicting).files }));

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
    const { rm } = await import('node:fs/promises');
    await rm((await conflicting).dir, { recursive: true, force: true });
  });

  it('is refused naming the document and the field; the new indices are deleted and the aliases stay', async () => {
    const first = runCli(['load', FIXTURE_DIR, '--url', cluster.url, '--prefix', prefix]);
    expect(first.code, first.stderr).toBe(0);
    const served = async () =>
      (await aliasBindings(admin, ownedAliases(prefix))).map((b) => `${b.alias} → ${b.index}`).sort();
    const bindings = await served();
    const indices = await indicesOf(admin, `${prefix}-*`);

    const cases = [
      { taxa: 'text' as const, field: 'scientificName', type: 'double' },
      { taxa: 'object' as const, field: 'vernacularName', type: 'keyword' },
    ];
    for (const { taxa, field, type } of cases) {
      const { files, taxa: mappings } = await conflicting;
      files.taxa = mappings[taxa];
      const refused = loadIntoElasticsearch(FIXTURE_DIR, { client: admin, prefix });
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
