/**
 * Property tests explore new random cases on every local run; in CI they replay one fixed seed,
 * so a run is reproducible and a failure there can be replayed exactly.
 */
import fc from 'fast-check';

if (process.env.CI) fc.configureGlobal({ seed: 20_261_121 });
