/**
 * The behaviour suite against a real Elasticsearch 9 (docs/architecture.md, "Tests";
 * docs/engine-contract.md): the fixture checklist loaded by the real loader under an index
 * prefix of its own, served by the Elasticsearch engine. The cluster is `ELASTICSEARCH_URL`'s, or a container that testcontainers starts when a
 * container runtime answers; with neither, the suite is reported as skipped with the reason, or
 * fails with it under `REQUIRE_ELASTICSEARCH=1`. Which of these is decided once, when the file is
 * collected.
 */
import { describe, it } from 'vitest';
import { createApp } from '../../src/http/app.ts';
import { loadIntoElasticsearch } from '../../loaders/elasticsearch-load.ts';
import { FIXTURE_DIR } from '../helpers/data-dir.ts';
import {
  CLUSTER_SETUP_MS,
  findElasticsearch,
  suitePlan,
  type ElasticsearchSource,
} from '../helpers/elasticsearch-availability.ts';
import { clusterUnderPrefix } from '../helpers/cluster-suite.ts';
import { defineBehaviourSuite } from './suite.ts';

const ENGINE = 'elasticsearch';

/**
 * Starts the cluster, loads the fixture under a fresh prefix and builds the app on it; closing
 * deletes the prefix's indices and stops the cluster. A setup that fails halfway releases what
 * it started before reporting its error.
 */
async function fixtureOn(source: ElasticsearchSource) {
  const { admin, engine, prefix, release } = await clusterUnderPrefix(source, 'test');
  try {
    await loadIntoElasticsearch(FIXTURE_DIR, { client: admin, prefix });
    const app = await createApp({ engine, accessTokens: [], checkAnswers: true });
    await app.ready();
    return {
      app,
      close: async () => {
        await app.close();
        await release();
      },
    };
  } catch (error) {
    // The setup's own error is the one to report; a failure to clean up after it would hide it.
    await release().catch(() => undefined);
    throw error;
  }
}

const plan = suitePlan(await findElasticsearch());
if ('run' in plan) {
  defineBehaviourSuite(ENGINE, () => fixtureOn(plan.run), { setupTimeoutMs: CLUSTER_SETUP_MS });
} else if ('skip' in plan) {
  // The default reporter lists no test names of a file that did not fail: say why here too.
  console.warn(`behaviour (${ENGINE} engine) skipped: ${plan.skip}`);
  defineBehaviourSuite(ENGINE, { skipped: plan.skip });
} else {
  describe(`behaviour (${ENGINE} engine)`, () => {
    it('has an Elasticsearch to run against (REQUIRE_ELASTICSEARCH)', () => {
      throw new Error(plan.fail);
    });
  });
}
