/**
 * Property tests explore new random cases on every local run; in CI they replay one fixed seed,
 * so a run is reproducible and a failure there can be replayed exactly. Mutation runs
 * (`FIXED_SEED`, vitest.mutation.config.ts) replay it too: a mutant meets the cases that the run
 * without mutants measured the coverage of.
 */
import fc from 'fast-check';

// A `taxa serve` a test starts keeps no snapshot in the data directory it serves (a sample or
// fixture of the repository) unless the test names a snapshot directory (docs/snapshots.md).
process.env.TAXA_SNAPSHOT_DIR ??= 'off';

if (process.env.CI || process.env.FIXED_SEED) fc.configureGlobal({ seed: 20_261_121 });
