/**
 * An index as plain values: what its build made (each built field's terms, postings and doc
 * values; a version view's documents and own values) and the numbers of its documents among a
 * table the caller keeps. A snapshot writes this and opens it again without reading or indexing
 * any document (docs/snapshots.md). Whatever can be recomputed in a few milliseconds (the dense
 * terms' bitsets, a view's member set, the id lookup) is recomputed, not kept.
 */
import { DocOrdinals } from './build/doc-ordinals.ts';
import type { FieldCatalog } from './build/field-catalog.ts';
import { FieldIndex } from './build/field-index.ts';
import { denseBitsets } from './build/field-index-builder.ts';
import { KeywordDictionary, NumericDictionary } from './build/term-dictionary.ts';

/** One built field: its terms in ordinal order, its postings, and its doc values when built. */
export interface FieldState {
  name: string;
  /** keyword terms, or numeric terms (booleans as 0/1) */
  terms: readonly string[] | Float64Array;
  postingStart: Uint32Array;
  postingDocs: Uint32Array;
  ordinals?: { starts: Uint32Array; ords: Uint32Array };
}

/** A version's own values of per-version fields, per stored document (`NaN` where not its own). */
export type OwnColumns = (readonly [string, Float64Array])[];

/** An index that holds its documents (alone, or shared by the versions' views). */
export interface IndexState {
  /** its documents, in document-number order, by their numbers in the caller's table */
  docs: Uint32Array;
  fields: FieldState[];
  /** indexed values per field counted at build, which size a field built on first use */
  valueCounts: [string, number][];
  /** own values that differ from the documents' (`DocumentIndexOptions.ownValues`) */
  own: OwnColumns;
}

/** A version's view of a shared index: its documents among the shared ones, its own fields and values. */
export interface ViewState {
  docs: Uint32Array;
  fields: FieldState[];
  own: OwnColumns;
}

export function fieldState(field: FieldIndex): FieldState {
  const { dictionary } = field;
  const ordinals = field.hasOrdinals ? field.ordinals() : undefined;
  return {
    name: field.name,
    terms: dictionary.terms,
    postingStart: field.postingStarts,
    postingDocs: field.postings,
    ...(ordinals === undefined ? {} : { ordinals: { starts: ordinals.starts, ords: ordinals.ords } }),
  };
}

/** The field of `state`, its spec from `catalog`; refuses a field the catalog lacks. */
export function fieldOfState(state: FieldState, catalog: FieldCatalog, docCount: number): FieldIndex {
  const spec = catalog.get(state.name);
  if (spec === undefined) throw new Error(`engine: field [${state.name}] is not in the mapping`);
  const { terms, postingStart, postingDocs, ordinals } = state;
  const dictionary = terms instanceof Float64Array ? new NumericDictionary(terms) : new KeywordDictionary(terms);
  if (postingStart.length !== dictionary.size + 1 || postingStart[dictionary.size] !== postingDocs.length)
    throw new Error(`engine: field [${state.name}]: postings do not match its ${dictionary.size} terms`);
  const docOrdinals = ordinals && new DocOrdinals(ordinals.starts, ordinals.ords, dictionary.size);
  const dense = denseBitsets(docCount, postingStart, postingDocs);
  return new FieldIndex(state.name, spec, dictionary, postingStart, postingDocs, dense, docCount, docOrdinals);
}
