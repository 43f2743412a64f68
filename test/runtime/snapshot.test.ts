/**
 * Snapshots of the sample data (seven versions): an engine thread opened from one answers every
 * route family byte for byte as a thread that loaded the data files, and a reload of the same
 * data opens the snapshot again.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../../src/config.ts';
import { createApp } from '../../src/http/app.ts';
import { createWorkerEngine, type WorkerEngine } from '../../src/runtime/worker-engine.ts';
import { snapshotEngine, type SnapshotEngine } from '../helpers/snapshot-engine.ts';

/** Requests of every route family, over several versions; `POST` bodies as JSON. */
const REQUESTS: { url: string; body?: object; headers?: Record<string, string> }[] = [
  { url: '/taxa?pageSize=50' },
  { url: '/taxa?checklistVersion=MR.424&pageSize=30&page=2' },
  { url: '/taxa?sortOrder=scientificName&pageSize=40&selectedFields=id,scientificName' },
  {
    url: '/taxa?sortOrder=finnishName%20desc&pageSize=40&checklistVersion=MR.427',
    headers: { 'accept-language': 'fi' },
  },
  { url: '/taxa?informalTaxonGroups=MVL.1&includeHidden=true&pageSize=100' },
  { url: '/taxa', body: { species: true, 'latestRedListStatusFinland.status': ['MX.iucnLC', 'MX.iucnNT'] } },
  { url: '/taxa?checklistVersion=MR.484', body: { '!finnish': true, taxonRank: 'MX.species' } },
  { url: '/taxa/species?pageSize=100&checklistVersion=MR.425' },
  { url: '/taxa/MX.37600' },
  { url: '/taxa/MX.53118?includeMedia=true&includeDescriptions=true&includeRedListEvaluations=true' },
  { url: '/taxa/MX.53118?checklistVersion=MR.426', headers: { 'accept-language': 'multi' } },
  { url: '/taxa/MX.37600/children' },
  { url: '/taxa/MX.37602/children?includeHidden=true&checklistVersion=MR.428' },
  { url: '/taxa/MX.53118/parents' },
  { url: '/taxa/MX.37600/species?pageSize=200' },
  { url: '/taxa/MX.9000001/species?checklistVersion=MR.424&sortOrder=scientificName' },
  { url: '/taxa/MX.53118/descriptions' },
  { url: '/taxa/MX.53118/media' },
  { url: '/taxa/aggregate?aggregateBy=taxonRank,finnish;informalTaxonGroups=groups&aggregateSize=50' },
  { url: '/taxa/species/aggregate?aggregateBy=latestRedListStatusFinland.status&checklistVersion=MR.424' },
  { url: '/taxa/MX.37602/species/aggregate?aggregateBy=informalTaxonGroups' },
  { url: '/taxa/search?query=hauki' },
  { url: '/taxa/search?query=hau&matchType=partial&limit=30' },
  { url: '/taxa/search?query=Esox%20lucuis&matchType=likely' },
  { url: '/taxa/search?query=perca&checklistVersion=MR.424&includeHidden=true' },
  { url: '/taxa/search?query=kaki&languages=fi,sv&nameTypes=MX.vernacularName' },
  { url: '/autocomplete/taxa?query=sa&limit=20' },
  { url: '/taxa/changes?from=MR.424&pageSize=100' },
  { url: '/taxa/changes?from=MR.427&to=MR.428&changeType=changed&selectedFields=differences' },
  { url: '/taxa/changes/aggregate?from=MR.424&aggregateBy=changeTypes' },
  { url: '/taxa/MX.53118/history' },
  { url: '/taxa/export?format=tsv&selectedFields=id,scientificName,vernacularName' },
  { url: '/taxa/changes/export?from=MR.425&format=csv' },
  { url: '/informal-taxon-groups?pageSize=100' },
  { url: '/informal-taxon-groups/tree' },
  { url: '/red-list-evaluation-groups/roots' },
  { url: '/checklist-versions' },
  { url: '/checklists' },
  { url: '/metadata/alts/MX.taxonRankEnum' },
  { url: '/v0/taxa/MX.37600/children?includeHidden=false' },
  { url: '/v0/taxa/search?query=hauki' },
  { url: '/v0/taxa?pageSize=20&checklistVersion=MR.484' },
];

async function answers(app: FastifyInstance): Promise<string[]> {
  const out: string[] = [];
  for (const { url, body, headers } of REQUESTS) {
    const response = await app.inject({ method: body ? 'POST' : 'GET', url, ...(body && { payload: body }), headers });
    out.push(`${response.statusCode} ${response.headers['content-type']}\n${response.body}`);
  }
  return out;
}

describe('a snapshot of the sample data', () => {
  let snapshots: string;
  let cold: WorkerEngine;
  let writer: SnapshotEngine;
  let reader: SnapshotEngine;

  beforeAll(async () => {
    snapshots = await mkdtemp(join(tmpdir(), 'taxa-snapshots-'));
    cold = createWorkerEngine();
    writer = snapshotEngine(snapshots);
    await Promise.all([cold.load(DEFAULT_DATA_DIR), writer.engine.load(DEFAULT_DATA_DIR)]);
    await writer.reported('written');
    reader = snapshotEngine(snapshots);
    await reader.engine.load(DEFAULT_DATA_DIR);
  });

  afterAll(async () => {
    await Promise.all([cold.close(), writer.engine.close(), reader.engine.close()]);
    await rm(snapshots, { recursive: true, force: true });
  });

  it('is written once the data is served, and opened by the next load instead of the data', async () => {
    expect(writer.phases.map(({ action }) => action)).toEqual(['written']);
    expect(reader.phases.map(({ action }) => action)).toEqual(['opened']);
    expect(await readdir(snapshots)).toHaveLength(1);
  });

  it('answers every route family byte for byte as a load of the data files', async () => {
    const coldApp = await createApp({ engine: cold });
    const openedApp = await createApp({ engine: reader.engine });
    const [expected, actual] = [await answers(coldApp), await answers(openedApp)];
    await Promise.all([coldApp.close(), openedApp.close()]);
    expect(expected.filter((answer) => answer.startsWith('200 ')).length).toBeGreaterThan(REQUESTS.length - 3);
    for (const [i, answer] of actual.entries()) expect(answer, REQUESTS[i]!.url).toBe(expected[i]);
  });

  it('is opened again by a reload of the same data, and nothing is written', async () => {
    await reader.engine.load(DEFAULT_DATA_DIR);
    expect(reader.phases.map(({ action }) => action)).toEqual(['opened', 'opened']);
    expect(await readdir(snapshots)).toHaveLength(1);
  });
});
