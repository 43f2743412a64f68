/**
 * `collapse: { field }`: one hit per value of a single-valued keyword or integer field, the
 * first in sort order; documents without a value form one group of their own (the `null`
 * group), as in Elasticsearch. `from` and `size` count groups; the total still counts every
 * matching document. Each hit carries `fields: { <field>: [value] }`.
 */
import type { DocSet } from './sets/doc-set.ts';
import { expectRecord, fail, readString } from './request/dsl-reader.ts';
import type { FieldIndex } from './build/field-index.ts';
import type { IndexData } from './build/index-data.ts';
import { isIntegerType } from './build/index-values.ts';
import { ownValue } from './primitives/json.ts';

export interface CollapseSpec {
  field: FieldIndex;
}

export function parseCollapse(value: unknown, index: IndexData): CollapseSpec | undefined {
  if (value === undefined || value === null) return undefined;
  const record = expectRecord(value, 'collapse');
  for (const key of Object.keys(record)) if (key !== 'field') fail(`collapse.${key}`);
  const name = readString(ownValue(record, 'field'), 'collapse.field');
  const field = index.field(name);
  if (field === undefined) fail('collapse', `no mapping found for [${name}] in order to collapse on`);
  const type = field.spec.type;
  if (type !== 'keyword' && !isIntegerType(type)) fail('collapse', `field [${name}] of type [${type}] cannot be collapsed on`);
  return { field };
}

/** Elasticsearch fails the search when a matching document has several values. */
export function checkSingleValued(spec: CollapseSpec, docs: DocSet): void {
  if (docs.countAnd(spec.field.docsWithManyValues()) > 0) {
    fail('collapse', `the collapse field [${spec.field.name}] must be single valued`);
  }
}

/** The first document of each group, in the given order, skipping `from` groups. */
export function collapseHits(ordered: Iterable<number>, spec: CollapseSpec, from: number, size: number): number[] {
  const ordinals = spec.field.ordinals();
  const seen = new Set<number>();
  const hits: number[] = [];
  if (size <= 0) return hits;
  for (const doc of ordered) {
    const group = ordinals.min(doc);
    if (seen.has(group)) continue;
    seen.add(group);
    if (seen.size > from) hits.push(doc);
    if (hits.length === size) break;
  }
  return hits;
}

/** The group value shown in a hit's `fields`. */
export function collapseValue(spec: CollapseSpec, doc: number): string | number | null {
  const ord = spec.field.ordinals().min(doc);
  return ord < 0 ? null : spec.field.keyAt(ord);
}
