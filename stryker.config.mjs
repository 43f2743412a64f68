// Mutation testing (`npm run mutation`; docs/mutation.md): StrykerJS changes the modules where a
// wrong answer is silent, one small change (a mutant) at a time, and runs the tests that cover
// each; a mutant no test fails on has survived. `npm run mutation -- --mutate loaders/tree.ts`
// runs one module.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // Mutants of the engine's cost estimates and of its choices between equal ways are ignored, with
  // the reason (tools/stryker/evaluation-choices.mjs).
  plugins: ['@stryker-mutator/*', './tools/stryker/evaluation-choices.mjs'],
  ignorers: ['evaluation-choices'],
  // The suite less the browser, child-process, engine-thread and cluster tests, which run no
  // mutated code in the test process or need what a mutation run does not have (docs/mutation.md).
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  mutate: [
    'src/query/**/*.ts',
    'loaders/derive.ts',
    'loaders/tree.ts',
    'src/search/**/*.ts',
    'src/index/embedded/evaluate/**/*.ts',
    'src/taxon/changes.ts',
  ],
  // Only what changed since the last run (its mutants, or the tests that cover them) is run
  // again; the file is the machine's own (git-ignored, as `reports/` is).
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  // A mutant reached only outside a test (a module's top level, or data that a suite loads before
  // its tests) would need the whole related suite re-run, minutes each: such mutants are left out
  // and counted as ignored. One reached in a test as well is run with the tests that reach it.
  ignoreStatic: true,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  // Two cores, shared with whatever else runs: one test process at a time.
  concurrency: 1,
  // A mutant's run may take this long beyond the run without mutants before it counts as a timeout
  // (an endless loop, say).
  timeoutMS: 20_000,
  timeoutFactor: 2,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
