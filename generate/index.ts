/** Synthetic checklists: deterministic data directories of any size for tests and benchmarks. */
export { generateChecklist, type GenerateOptions, type SyntheticChecklist } from './checklist.ts';
export { KNOWN_VERSIONS, versionMetadata } from './versions.ts';
export {
  normaliseVersions,
  writeSyntheticDataDirectory,
  type WriteOptions,
  type WriteResult,
} from './write-directory.ts';
