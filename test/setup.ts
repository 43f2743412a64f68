/**
 * Property tests explore new random cases on every local run; in CI they replay one fixed seed,
 * so a run is reproducible and a failure there can be replayed exactly. Mutation runs
 * (`FIXED_SEED`, vitest.mutation.config.ts) replay it too: a mutant meets the cases that the run
 * without mutants measured the coverage of.
 */
import fc from 'fast-check';

if (process.env.CI || process.env.FIXED_SEED) fc.configureGlobal({ seed: 20_261_121 });
