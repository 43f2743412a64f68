/**
 * What the rest of the service may import of the embedded engine: the index of one kind of
 * document in one version, the counts of its query cache, its state as plain values (what a
 * snapshot keeps), the field catalog read from a mapping,
 * and how a field is derived from others at build. Everything else under `embedded/` is the engine's own (README.md,
 * "Stages"); a dependency rule (`.dependency-cruiser.cjs`, `embedded-surface`) keeps it so.
 */
export { DocumentIndex, type DocumentIndexOptions } from './document-index.ts';
export { queryCacheCounts, type QueryCacheCounts } from './searcher.ts';
export { fieldCatalogFromMapping, type FieldCatalog } from './build/field-catalog.ts';
export type { FieldDerivation } from './build/derived-fields.ts';
export type { FieldState, IndexState, OwnColumns, ViewState } from './index-state.ts';
