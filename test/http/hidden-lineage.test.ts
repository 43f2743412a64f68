/**
 * A hidden taxon directly under another hidden one: the fixture with a hidden subfamily Anserinae
 * (MX.9034) between the hidden family Anatidae (MX.9031) and the genus Cygnus (MX.9032). A hidden
 * taxon passes its children only its visible ancestors, whatever is hidden above it: the swans'
 * lineage skips both hidden taxa, and Cygnus is raised to Anseriformes (MX.9030) through both.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.ts';
import { FIXTURE_DIR, fixtureCopy, ndjson, removeTempDirs } from '../helpers/data-dir.ts';

const ANSERINAE = {
  id: 'MX.9034',
  isPartOf: 'MX.9031',
  taxonRank: 'MX.subfamily',
  scientificName: 'Anserinae',
  scientificNameAuthorship: 'Vigors, 1825',
  nameAccordingTo: 'MR.1',
  hiddenTaxon: true,
};

/** A version file of the fixture with Anserinae under Anatidae, over Cygnus. */
async function withAnserinae(file: string): Promise<string> {
  const taxa = (await readFile(join(FIXTURE_DIR, file), 'utf8'))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { id: string; isPartOf?: string });
  return ndjson(
    taxa.flatMap((taxon) => {
      if (taxon.id === 'MX.9031') return [taxon, ANSERINAE];
      return taxon.id === 'MX.9032' ? [{ ...taxon, isPartOf: ANSERINAE.id }] : [taxon];
    }),
  );
}

const ids = (results: { id: string }[]) => results.map((taxon) => taxon.id);

const VISIBLE_ABOVE_ANSERIFORMES = ['MX.37600', 'MX.37602', 'MX.9010', 'MX.37580', 'MX.9030'];

describe('a hidden taxon under a hidden one', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const get = async (url: string) => {
    const response = await app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    const dataDir = await fixtureCopy({
      'current.ndjson': await withAnserinae('current.ndjson'),
      'MR.424.ndjson': await withAnserinae('MR.424.ndjson'),
    });
    const built = await buildTestApp({ dataDir });
    app = built.app;
    close = async () => {
      await built.app.close();
      await built.engine.close();
    };
  });
  afterAll(async () => {
    await close?.();
    await removeTempDirs();
  });

  it('is left out of the parents of the taxa below it, as the hidden taxon above it is', async () => {
    expect(ids((await get('/taxa/MX.9032/parents')).results)).toEqual(VISIBLE_ABOVE_ANSERIFORMES);
    expect(ids((await get('/taxa/MX.26280/parents')).results)).toEqual([...VISIBLE_ABOVE_ANSERIFORMES, 'MX.9032']);
    // Oxyura, under Anatidae alone, as before.
    expect(ids((await get('/taxa/MX.9033/parents')).results)).toEqual(VISIBLE_ABOVE_ANSERIFORMES);
  });

  it('raises the children of both hidden taxa to their nearest visible ancestor', async () => {
    expect(ids((await get('/taxa/MX.9030/children')).results)).toEqual(['MX.9032', 'MX.9033']);
    expect(ids((await get('/taxa/MX.9030/children?includeHidden=true')).results)).toEqual(['MX.9031']);
    expect(ids((await get('/taxa/MX.9031/children?includeHidden=true')).results)).toEqual(['MX.9034', 'MX.9033']);
    expect(ids((await get('/taxa/MX.9034/children?includeHidden=true')).results)).toEqual(['MX.9032']);
    expect(ids((await get('/taxa?parentTaxonId=MX.9030')).results)).toEqual([
      'MX.9032',
      'MX.26280',
      'MX.9033',
      'MX.26447',
    ]);
  });
});
