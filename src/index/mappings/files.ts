/** The index bodies `npm run mappings` writes and both engines read: `mappings/<kind>.json`. */
import type { IndexKind } from '../engine.ts';

export const MAPPING_FILES: Record<IndexKind, URL> = {
  taxa: new URL('../../../mappings/taxa.json', import.meta.url),
  names: new URL('../../../mappings/names.json', import.meta.url),
  changes: new URL('../../../mappings/changes.json', import.meta.url),
};
