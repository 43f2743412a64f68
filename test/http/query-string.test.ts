/** A parameter given more than once is one comma-separated list (docs/api.md, "Query parameters"), current and /v0 alike. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp());
});
afterAll(() => app.close());

const get = async (url: string) => {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
};

describe('repeated query parameters', () => {
  it('filter as the comma-separated list does', async () => {
    const repeated = await get(
      '/taxa?informalTaxonGroups=MVL.1&informalTaxonGroups=MVL.2&selectedFields=id&pageSize=100',
    );
    const listed = await get('/taxa?informalTaxonGroups=MVL.1,MVL.2&selectedFields=id&pageSize=100');
    const birds = await get('/taxa?informalTaxonGroups=MVL.1&selectedFields=id&pageSize=100');
    expect(repeated.status).toBe(200);
    expect(repeated.body.results).toEqual(listed.body.results);
    expect(repeated.body.total).toBeGreaterThan(birds.body.total);
  });

  it('select fields, aggregate and pick ids as one list', async () => {
    const { body } = await get('/taxa?selectedFields=id&selectedFields=scientificName&pageSize=3');
    for (const taxon of body.results) expect(Object.keys(taxon).sort()).toEqual(['id', 'scientificName']);
    const aggregated = await get('/taxa/aggregate?aggregateBy=taxonRank&aggregateBy=finnish');
    const joined = await get('/taxa/aggregate?aggregateBy=taxonRank,finnish');
    expect(aggregated.status).toBe(200);
    expect(aggregated.body).toEqual(joined.body);
  });

  it('are one list under /v0 too', async () => {
    const { status, body } = await get('/v0/taxa?selectedFields=id&selectedFields=scientificName&pageSize=10');
    expect(status).toBe(200);
    for (const taxon of body.results) expect(Object.keys(taxon).sort()).toEqual(['id', 'scientificName']);
  });

  it('a parameter that is not a list, given twice, is a 422 at its name', async () => {
    const { status, body } = await get('/taxa?pageSize=1&pageSize=2');
    expect(status).toBe(422);
    expect(Object.keys(body.details)).toEqual(['/query/pageSize']);
  });
});
