/**
 * The fields each kind of index derives from its documents rather than reading them there, as an
 * analyser derives tokens from a text: a name entry's index tokens, from the keys and attributes
 * it keeps (docs/architecture.md, "Derived fields"). The embedded engine derives them while it
 * builds an index; the Elasticsearch loader adds them to the documents it sends.
 */
import { INDEX_ONLY_FIELDS } from '../search/name-entry.ts';
import { nameTokenDeriver, nameTokenInput } from '../search/name-token-fields.ts';
import type { FieldDerivation } from './embedded/index.ts';
import type { IndexKind } from './engine.ts';

/** A name entry's index tokens, from the keys and attributes it keeps (`name-token-fields.ts`). */
const NAME_TOKENS: FieldDerivation = {
  fields: INDEX_ONLY_FIELDS,
  input: nameTokenInput,
  make: nameTokenDeriver,
  module: new URL('../search/name-token-fields.ts', import.meta.url).href,
  exportName: nameTokenDeriver.name,
};

export const DERIVED_FIELDS: Readonly<Record<IndexKind, FieldDerivation | undefined>> = {
  taxa: undefined,
  names: NAME_TOKENS,
  changes: undefined,
};

/** The documents of an index of `kind` with their derived fields, as a cluster indexes them. */
export function* withDerivedFields(kind: IndexKind, docs: Iterable<object>): Iterable<object> {
  const derivation = DERIVED_FIELDS[kind];
  if (derivation === undefined) return yield* docs;
  const derive = derivation.make();
  for (const doc of docs) {
    const input = derivation.input(doc);
    if (typeof input !== 'string') throw new TypeError(`a ${kind} document without a string to derive its fields from`);
    const values = derive(input);
    const derived: Record<string, unknown> = {};
    for (const field of derivation.fields) if (values[field] !== undefined) derived[field] = values[field];
    yield { ...doc, ...derived };
  }
}
