import { describe, expect, it } from 'vitest';
import type { Client } from './suite.ts';

function expectErrorObject(body: Record<string, unknown>) {
  expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['errorCode', 'localized', 'message']));
  expect(typeof body.localized).toBe('boolean');
}

export function errorBehaviour(client: Client) {
  describe('bad parameters', () => {
    it('refuses pageSize over the maximum with a 400', async () => {
      const { status, body } = await client.get('/taxa?pageSize=1001');
      expect(status).toBe(400);
      expect(body).toMatchObject({
        errorCode: 'PAGE_SIZE_TOO_LARGE',
        details: { '/query/pageSize': ['must be at most 1000'] },
      });
      expectErrorObject(body);
      expect((await client.post('/taxa?pageSize=5000', {})).status).toBe(400);
    });

    it('refuses the legacy names of parameters with a 422 naming their current names, never answering unfiltered', async () => {
      for (const [url, details] of [
        [
          '/taxa?onlyFinnish=true',
          { '/query/onlyFinnish': ["is a legacy parameter (/v0); here it is the parameter 'finnish'"] },
        ],
        [
          '/taxa/species?informalGroupFilters=MVL.1&hasMediaFilter=true',
          {
            '/query/informalGroupFilters': [
              "is a legacy parameter (/v0); here it is the parameter 'informalTaxonGroups'",
            ],
            '/query/hasMediaFilter': [
              "is a legacy parameter (/v0); here it is the filter 'hasMultimedia' of the POST body",
            ],
          },
        ],
        [
          '/taxa/search?query=susi&excludeNameTypes=MX.hasMisappliedName',
          {
            '/query/excludeNameTypes': [
              "is a legacy parameter (/v0); here it is the parameter 'nameTypes' with its values negated ('!value')",
            ],
          },
        ],
        [
          '/autocomplete/taxa?query=susi&onlySpecies=true',
          { '/query/onlySpecies': ["is a legacy parameter (/v0); here it is the parameter 'species'"] },
        ],
        [
          '/taxa/MX.37600/children?typesOfOccurrenceNotFilters=MX.typeOfOccurrenceAnthropogenic',
          {
            '/query/typesOfOccurrenceNotFilters': [
              "is a legacy parameter (/v0); here it is the filter 'typeOfOccurrenceInFinland' of the POST body with its values negated ('!value')",
            ],
          },
        ],
      ] as const) {
        const { status, body } = await client.get(url);
        expect(status, url).toBe(422);
        expect(body.errorCode).toBe('VALIDATION_EXCEPTION');
        expect(body.details, url).toEqual(details);
        expectErrorObject(body);
      }
      // The same request under the current names is answered, and filtered.
      const all = await client.get('/taxa?pageSize=1');
      const finnish = await client.get('/taxa?finnish=true&pageSize=1');
      expect(finnish.status).toBe(200);
      expect(finnish.body.total).toBeLessThan(all.body.total);
    });

    it('refuses a parameter the route does not take with a 422 naming it, never ignoring it', async () => {
      for (const [url, pointer, start] of [
        ['/taxa?colour=red', '/query/colour', 'is not a parameter of this route (this route takes '],
        [
          '/taxa/species?taxonSets=MX.taxonSetBirdAtlas',
          '/query/taxonSets',
          'is not a parameter of this route: it is a filter of the POST body',
        ],
        [
          '/taxa/MX.37600/parents?finnish=true',
          '/query/finnish',
          'is not a parameter of this route: it is a filter of the POST body',
        ],
        ['/taxa/MX.37600/species?parentTaxon=MX.37601', '/query/parentTaxon', 'is not a parameter of this route'],
        ['/informal-taxon-groups?pagesize=5', '/query/pagesize', 'is not a parameter of this route'],
        ['/taxa/search?query=kettu&q=kettu', '/query/q', 'is not a parameter of this route'],
      ] as const) {
        const { status, body } = await client.get(url);
        expect(status, url).toBe(422);
        expect(body.errorCode, url).toBe('VALIDATION_EXCEPTION');
        expect(Object.keys(body.details), url).toEqual([pointer]);
        expect(body.details[pointer][0], url).toMatch(new RegExp(`^${start.replace(/[()]/g, '\\$&')}`));
      }
      const { body } = await client.get('/taxa?colour=red');
      expect(body.details['/query/colour'][0]).toContain('pageSize');
      // The access token may come in the query on any route.
      expect((await client.get('/taxa?pageSize=1&access_token=x')).status).not.toBe(422);
      // The legacy interface ignores what it does not know, as it always did.
      expect((await client.get('/v0/taxa?pageSize=10&colour=red')).status).toBe(200);
    });

    it('names the parameter of a wrong type with a 422', async () => {
      for (const [query, pointer] of [
        ['pageSize=abc', '/query/pageSize'],
        ['page=0', '/query/page'],
        ['page=1.5', '/query/page'],
        ['includeHidden=maybe', '/query/includeHidden'],
        ['sortOrder=colour', '/query/sortOrder'],
        ['sortOrder=scientificName%20sideways', '/query/sortOrder'],
        ['finnish=1', '/query/finnish'],
        ['selectedFields=id,*', '/query/selectedFields'],
        ['page=1&page=2', '/query/page'],
      ] as const) {
        const { status, body } = await client.get(`/taxa?${query}`);
        expect(status, query).toBe(422);
        expect(body.errorCode).toBe('VALIDATION_EXCEPTION');
        expect(Object.keys(body.details), query).toEqual([pointer]);
      }
    });

    it('says the range a number out of range must be in, not that it must be a number', async () => {
      for (const [url, pointer, message] of [
        ['/taxa?page=0', '/query/page', 'must be at least 1'],
        ['/taxa?page=-1', '/query/page', 'must be at least 1'],
        ['/taxa?pageSize=-1', '/query/pageSize', 'must be at least 0'],
        ['/taxa?page=abc', '/query/page', 'must be a number'],
        ['/taxa/aggregate?aggregateBy=finnish&aggregateSize=0', '/query/aggregateSize', 'must be at least 1'],
        ['/taxa/search?query=kettu&limit=0', '/query/limit', 'must be at least 1'],
      ] as const) {
        const { status, body } = await client.get(url);
        expect(status, url).toBe(422);
        expect(body.details, url).toEqual({ [pointer]: [message] });
      }
    });

    it('refuses a filter listing more values than a terms query may hold with a 422, not a 500', async () => {
      const ids = Array.from({ length: 65_537 }, (_, i) => `MX.${i}`);
      const { status, body } = await client.post('/taxa?pageSize=1', { id: ids });
      expect(status).toBe(422);
      expect(body.details).toEqual({ '/body/id': ["Filter 'id' takes at most 65536 values"] });
    });

    it('refuses a filter value longer than any indexed keyword with a 422, not a 500', async () => {
      const { status, body } = await client.post('/taxa?pageSize=1', { id: ['MX.1', `!${'x'.repeat(40_000)}`] });
      expect(status).toBe(422);
      expect(body.details).toEqual({ '/body/id/1': ["Filter 'id' takes values of at most 8191 characters"] });
    });

    it('refuses an unknown checklist version with a 400 naming the loaded ones', async () => {
      const { status, body } = await client.get('/taxa?checklistVersion=MR.999');
      expect(status).toBe(400);
      expect(body.errorCode).toBe('UNKNOWN_CHECKLIST_VERSION');
      expect(body.message).toBe("Unknown checklistVersion 'MR.999'; loaded versions: current, MR.424");
      for (const url of [
        '/taxa/MX.46587?checklistVersion=x',
        '/taxa/MX.46587/children?checklistVersion=x',
        '/taxa/aggregate?aggregateBy=finnish&checklistVersion=x',
      ]) {
        expect((await client.get(url)).status, url).toBe(400);
      }
    });

    it('answers an unknown route with a 404 error object', async () => {
      const { status, body } = await client.get('/no-such-route');
      expect(status).toBe(404);
      expectErrorObject(body);
    });

    it('never answers a 500 to hostile input', async () => {
      const urls = [
        '/taxa?sortOrder=%00',
        '/taxa/%E0%A4%A',
        '/taxa?checklist=',
        '/taxa?id=,,,',
        '/taxa?selectedFields=',
        '/taxa?pageSize=1e400',
        '/taxa?page=-1',
        '/taxa/aggregate?aggregateBy=;;;',
        `/taxa/${'x'.repeat(5000)}`,
        '/taxa?informalTaxonGroups=!MVL.1',
        '/informal-taxon-groups?page=abc',
        '/red-list-evaluation-groups?pageSize=x',
        `/red-list-evaluation-groups/${'x'.repeat(5000)}/siblings`,
      ];
      for (const url of urls) {
        const { status, body } = await client.get(url);
        expect(status, url).toBeLessThan(500);
        if (status >= 400) expectErrorObject(body);
      }
    });
  });

  describe('GET /openapi', () => {
    it('describes every route, with the filter keys in the POST /taxa body', async () => {
      const { status, body } = await client.get('/openapi');
      expect(status).toBe(200);
      expect(body.openapi).toMatch(/^3\./);
      for (const path of [
        '/taxa',
        '/taxa/{id}',
        '/taxa/{id}/children',
        '/taxa/{id}/parents',
        '/taxa/{id}/species',
        '/taxa/aggregate',
        '/taxa/species',
        '/taxa/species/aggregate',
        '/taxa/{id}/species/aggregate',
        '/taxa/{id}/descriptions',
        '/taxa/{id}/media',
        '/informal-taxon-groups',
        '/informal-taxon-groups/tree',
        '/red-list-evaluation-groups',
        '/red-list-evaluation-groups/tree',
        '/red-list-evaluation-groups/{id}/parent',
        '/checklist-versions',
      ]) {
        expect(body.paths, path).toHaveProperty([path]);
      }
      const properties = body.paths['/taxa'].post.requestBody.content['application/json'].schema.properties;
      expect(properties['latestRedListStatusFinland.status']).toBeDefined();
      expect(properties['multimedia.author']).toBeDefined();
      expect(properties.finnish).toEqual({ type: 'boolean' });
      expect(properties.taxonomicOrder).toBeUndefined();
      const pageSize = body.paths['/taxa'].get.parameters.find((p: { name: string }) => p.name === 'pageSize');
      expect(pageSize).toMatchObject({ in: 'query', required: false });
      const sortOrder = body.paths['/taxa'].get.parameters.find((p: { name: string }) => p.name === 'sortOrder');
      expect(sortOrder.description).toMatch(/a field of the taxon as a dot path/);
    });
  });
}
