/**
 * What a version's view of an index several versions share keeps of its own (`DocumentIndex.view`):
 * its documents among the shared ones, and its values of the per-version fields where they are
 * not the stored ones; and a stored document as that version answers it.
 */
import type { Bitset } from './sets/bitset.ts';
import { isRecord } from './primitives/json.ts';

export interface VersionLayer {
  /** its documents' numbers among the shared documents, as a set */
  members: Bitset;
  count: number;
  /** per-version field whose values are not all the stored ones, its value per shared document number (`NaN` where not a member) */
  values: readonly (readonly [string, Float64Array])[];
}

/**
 * A view's `_source`: the shared document with this version's values of the per-version fields
 * it shows (a copy when they differ from the stored ones; stored documents are frozen).
 */
export function ownValues(layer: VersionLayer | undefined, source: unknown, doc: number): unknown {
  if (layer === undefined || !isRecord(source)) return source;
  let own = source;
  for (const [field, column] of layer.values) {
    const value = column[doc]!;
    if (!Object.hasOwn(own, field) || own[field] === value) continue;
    if (Object.isFrozen(own)) own = { ...own };
    own[field] = value;
  }
  return own;
}
