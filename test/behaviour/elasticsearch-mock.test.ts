import { buildElasticsearchTestApp } from '../helpers/elasticsearch-fixture.ts';
import { defineBehaviourSuite } from './suite.ts';

// The whole behaviour suite through the Elasticsearch engine's code path: the client, the
// transport and the engine run for real; the cluster is the memory cluster behind the mock
// connection, which answers searches with the embedded engine's index.
defineBehaviourSuite('elasticsearch engine over a mock connection', async () => {
  const { app, close } = await buildElasticsearchTestApp();
  return { app, close };
});
