/**
 * The `sort` array of a hit: per key, the value it was sorted by. Keywords are strings, numbers
 * numbers, booleans 0/1, `_score` the score, `_doc` the document number. A document without a
 * value gets `null` (Elasticsearch sends sentinels there, such as Long.MAX_VALUE for a long
 * field sorted ascending; they carry no information).
 */
import type { estypes } from '@elastic/elasticsearch';
import { scoreOf, type Scorer } from '../evaluate/query-executor.ts';
import type { FieldSortKey, SortKey } from '../request/sort-spec.ts';

export function sortValuesOf(keys: readonly SortKey[], doc: number, scorer: Scorer): estypes.FieldValue[] {
  return keys.map((key) => {
    if (key.kind === 'score') return scoreOf(scorer, doc);
    if (key.kind === 'doc') return doc;
    return fieldSortValue(key, doc);
  });
}

function fieldSortValue(key: FieldSortKey, doc: number): estypes.FieldValue {
  const field = key.field;
  const ordinals = field.ordinals();
  const ord = key.mode === 'min' ? ordinals.min(doc) : ordinals.max(doc);
  return ord >= 0 ? field.keyAt(ord) : null;
}
