/**
 * The suite as `npm run mutation` runs it (stryker.config.mjs, docs/mutation.md): the tests that can
 * fail on a mutant in the test process, within a time that allows a run per mutant, and property
 * tests on one fixed seed, so each mutant meets the cases its covering tests met without mutants.
 */
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        ...configDefaults.exclude,
        // A browser on the served page: seconds a run, and the modules are tested closer by the rest.
        'test/explorer/browser.test.ts',
        // Code run in a child process or an engine thread runs no mutant: Stryker switches mutants
        // on in the test's own thread only.
        'test/cli/**',
        'test/runtime/**',
        'test/behaviour/engine-thread.test.ts',
        'test/http/server-lifecycle.test.ts',
        // Need a cluster (skipped without one), and run the query modules' output on it for minutes.
        'test/behaviour/differential.test.ts',
        'test/behaviour/elasticsearch.test.ts',
        'test/index/elasticsearch/real-cluster-faults.test.ts',
        'test/loaders/elasticsearch-conflict.test.ts',
        // Abuse and timing: bounded by the clock rather than by cases, and they check that answers
        // come (no 5xx, within a time), not what they say.
        'test/http/fuzz.test.ts',
        'test/http/one-client.test.ts',
        'test/http/timeouts.test.ts',
      ],
      env: { FIXED_SEED: '1' },
    },
  }),
);
