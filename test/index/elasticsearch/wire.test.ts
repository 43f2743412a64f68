import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliasName } from '../../../src/index/elasticsearch/naming.ts';
import type { IndexRef, SearchBody } from '../../../src/index/engine.ts';
import { WALK_KEEP_ALIVE } from '../../../src/index/elasticsearch-engine.ts';
import { buildTestApp, type TestApp } from '../../helpers/app.ts';
import { buildElasticsearchTestApp, type ElasticsearchTestApp } from '../../helpers/elasticsearch-fixture.ts';
import type { RecordedRequest } from '../../helpers/elasticsearch-mock.ts';

// The compiler's bodies are the contract between the engines (docs/engine-contract.md): for every route,
// what the Elasticsearch engine puts on the wire must be exactly what the compiler produced,
// sent to the alias of the version and kind. The embedded app's engine is wrapped to capture
// the bodies; the same HTTP requests go to the app on the Elasticsearch engine.

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

const REQUESTS: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/taxa?sortOrder=finnishName&pageSize=5&selectedFields=id,vernacularName' },
  { method: 'GET', url: '/taxa?page=99999999&pageSize=1000' },
  {
    method: 'POST',
    url: '/taxa?pageSize=3',
    payload: { 'latestRedListStatusFinland.status': ['MX.iucnEN', 'MX.iucnVU'], invasiveSpecies: false },
  },
  { method: 'GET', url: '/taxa?checklistVersion=MR.424&id=MX.28965,MX.26447&selectedFields=id,scientificName' },
  { method: 'GET', url: '/taxa/species?pageSize=5' },
  { method: 'POST', url: '/taxa/species', payload: { finnish: true } },
  { method: 'GET', url: '/taxa/MX.46587?includeMedia=true' },
  { method: 'GET', url: '/taxa/MX.28965/descriptions' },
  { method: 'GET', url: '/taxa/MX.37600/children' },
  { method: 'GET', url: '/taxa/MX.9041/children?includeHidden=true' },
  { method: 'GET', url: '/taxa/MX.46587/parents?selectedFields=id,scientificName' },
  { method: 'GET', url: '/taxa/MX.9040/species' },
  { method: 'POST', url: '/taxa/MX.37580/species', payload: { 'latestRedListStatusFinland.status': '!MX.iucnLC' } },
  { method: 'GET', url: '/taxa/aggregate?aggregateBy=taxonRank,invasiveSpeciesEstablishment=byRank;finnish' },
  { method: 'GET', url: '/taxa/species/aggregate?aggregateBy=informalTaxonGroups' },
  { method: 'GET', url: '/taxa/MX.37580/species/aggregate?aggregateBy=finnish' },
  { method: 'GET', url: '/informal-taxon-groups?pageSize=2' },
  { method: 'GET', url: '/informal-taxon-groups/tree' },
  { method: 'GET', url: '/checklist-versions' },
  { method: 'GET', url: '/taxa/search?query=susi' },
  { method: 'GET', url: '/taxa/search?query=kuusi&matchType=partial,likely&checklistVersion=MR.424' },
  { method: 'GET', url: '/taxa/search?query=MX.46587' },
  { method: 'GET', url: '/autocomplete/taxa?query=kuusi&limit=5' },
  { method: 'GET', url: '/taxa/export?format=json&selectedFields=id,vernacularName' },
  { method: 'POST', url: '/taxa/MX.37580/species/export?format=json', payload: { finnish: true } },
  { method: 'GET', url: '/taxa/changes/export?from=MR.424&format=json' },
];

/**
 * A search's index and body: the index in its path, or, for a search of a point in time (an
 * export), the index the point in time was opened on, and the body without the point in time.
 */
function onIndex(request: RecordedRequest): { index: string | undefined; body: unknown } {
  const [index] = request.path.slice(1).split('/');
  if (index !== '_search') return { index, body: request.body };
  const { pit, ...body } = request.body as { pit: { id: string; keep_alive: string } };
  expect(pit.keep_alive).toBe(WALK_KEEP_ALIVE);
  return { index: opened.get(pit.id), body };
}

/** point in time → the index it was opened on, as the mock cluster answered the opening */
const opened = new Map<string, string>();

describe('the Elasticsearch engine on the wire', () => {
  let embedded: TestApp;
  let elasticsearch: ElasticsearchTestApp;
  const captured: { index: string; body: unknown }[] = [];

  beforeAll(async () => {
    // Keeping no taxon texts, the embedded app searches a page as the Elasticsearch one does
    // (with kept texts it asks for the ids of a page first, `src/http/answers/taxon-texts.ts`).
    embedded = await buildTestApp({ taxonTextsBytes: 0 });
    const search = embedded.engine.search.bind(embedded.engine);
    embedded.engine.search = <T>(ref: IndexRef, body: SearchBody) => {
      captured.push({ index: aliasName('taxa', ref.kind, ref.version), body: json(body) });
      return search<T>(ref, body);
    };
    elasticsearch = await buildElasticsearchTestApp();
    const { handle } = elasticsearch.cluster;
    elasticsearch.mock.intercept(
      (request) => request.path.endsWith('/_pit') && request.method === 'POST',
      (request) => {
        const answer = handle(request);
        if ('body' in answer) opened.set((answer.body as { id: string }).id, request.path.split('/')[1]!);
        return answer;
      },
    );
  });
  afterAll(async () => {
    await embedded.app.close();
    await elasticsearch.close();
  });

  for (const request of REQUESTS) {
    it(`sends the compiler's bodies unchanged for ${request.method} ${request.url}`, async () => {
      captured.length = 0;
      elasticsearch.mock.requests.length = 0;
      const expected = await embedded.app.inject(request);
      const answered = await elasticsearch.app.inject(request);
      const sent = elasticsearch.mock.requests
        .filter((r) => r.path.endsWith('/_search'))
        .map((r) => ({ method: r.method, ...onIndex(r) }));

      expect(answered.statusCode).toBe(expected.statusCode);
      expect(answered.json()).toEqual(expected.json());
      expect(sent).toEqual(captured.map((c) => ({ method: 'POST', ...c })));
      expect(elasticsearch.cluster.pits.size, 'every point in time closed').toBe(0);
      if (!request.url.includes('informal-taxon-groups') && !request.url.includes('checklist-versions')) {
        expect(sent.length, 'a search went over the wire').toBeGreaterThan(0);
      }
    });
  }

  it('names the aliases of the version and the kind, in lower case', async () => {
    elasticsearch.mock.requests.length = 0;
    await elasticsearch.app.inject({ method: 'GET', url: '/taxa/MX.28965?checklistVersion=MR.424' });
    await elasticsearch.app.inject({ method: 'GET', url: '/autocomplete/taxa?query=kuusi' });
    const paths = new Set(elasticsearch.mock.requests.map((r) => r.path).filter((path) => path.endsWith('/_search')));
    expect([...paths].sort()).toEqual(['/taxa-names-current/_search', '/taxa-taxa-mr.424/_search']);
  });

  it('reads versions and catalog once for several requests (they are cached)', async () => {
    elasticsearch.engine.dropCaches();
    elasticsearch.mock.requests.length = 0;
    for (let n = 0; n < 3; n++) await elasticsearch.app.inject({ method: 'GET', url: '/taxa?pageSize=1' });
    const reads = elasticsearch.mock.requests
      .filter((r) => !r.path.endsWith('/_search'))
      .map((r) => `${r.method} ${r.path}`);
    expect(reads.sort()).toEqual(['GET /_alias/taxa-taxa-*', 'GET /taxa-catalog/_doc/catalog']);
  });
});
