/**
 * Accumulates the terms of one field while documents stream in, then lays out the immutable
 * `FieldIndex`: terms sorted into ordinals, posting lists in ordinal order (each ascending,
 * because documents arrive in order), bitsets for dense terms.
 *
 * Terms are first numbered through a hash map, which is fastest while a field has few distinct
 * values. Past `MAP_LIMIT` distinct values (names, ids, ranks) the builder stops hashing and
 * keeps raw values, numbered at the end by one sort: a hash map of half a million strings costs
 * more, in time and in garbage collection, than sorting them once. A keyword field stops when
 * most of its values are distinct (sorting repeats costs too); a number field sooner, when an
 * eighth are, since its raw values are numbered through a table of their span or by one sort of
 * a typed array (a names index's `taxonomicOrder`, a value for each taxon's three entries, was
 * hashed into a map of 500,000 numbers per version). The keyword fields of a collection with
 * many terms are numbered together (`buildFields`).
 */
import { Bitset } from '../sets/bitset.ts';
import type { FieldSpec } from './field-catalog.ts';
import { FieldIndex } from './field-index.ts';
import { indexKeyOf, type IndexKeyOf, type TermKey } from './index-values.ts';
import { GrowableUint32Array } from '../primitives/growable-array.ts';
import {
  keywordDictionary,
  numberNumbers,
  numberStringLists,
  numberStrings,
  numericDictionary,
  type Numbering,
} from './term-numbering.ts';

/** A term held by more than this share of the documents also gets a bitset. */
const DENSE_SHARE = 1 / 32;
/** Past this many distinct terms, a field whose values are mostly distinct stops hashing. */
const MAP_LIMIT = 65_536;
/** "Mostly distinct": more than one value in this many distinct, for keywords and for numbers. */
const DISTINCT_SHARE = { keyword: 2, number: 8 } as const;
/** A keyword field with at least this many distinct terms is numbered with the others (`buildFields`). */
const JOINT_TERMS = 4096;

export class FieldIndexBuilder {
  private termIds: Map<TermKey, number> | undefined = new Map();
  private readonly keys: TermKey[] = [];
  private readonly valueDocs = new GrowableUint32Array();
  private readonly valueTerms = new GrowableUint32Array();
  private readonly rawStrings: string[] = [];
  private readonly rawNumbers: number[] = [];
  private readonly keyOf: IndexKeyOf;
  private readonly distinctShare: number;

  constructor(
    readonly name: string,
    readonly spec: FieldSpec,
  ) {
    this.keyOf = indexKeyOf(spec, name);
    this.distinctShare = spec.type === 'keyword' ? DISTINCT_SHARE.keyword : DISTINCT_SHARE.number;
  }

  /** Values indexed so far. */
  get valueCount(): number {
    return this.valueDocs.length;
  }

  /**
   * Makes room for `values` values at once. Every growth of a typed array adds external memory,
   * and external memory is what makes V8 collect the whole heap, documents included.
   */
  reserve(values: number): void {
    this.valueDocs.reserve(values);
    if (this.termIds !== undefined) this.valueTerms.reserve(values);
  }

  /** Indexes one source value (never an array, never null) of the document numbered `doc`. */
  add(doc: number, value: unknown): void {
    const key = this.keyOf(value);
    if (key === undefined) return;
    this.valueDocs.push(doc);
    if (this.termIds === undefined) {
      this.pushRaw(key);
      return;
    }
    let id = this.termIds.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.termIds.set(key, id);
      this.keys.push(key);
    }
    this.valueTerms.push(id);
    if (id >= MAP_LIMIT && (id & (id - 1)) === 0 && this.distinctShare * id > this.valueTerms.length)
      this.stopHashing();
  }

  private pushRaw(key: TermKey): void {
    if (typeof key === 'string') this.rawStrings.push(key);
    else this.rawNumbers.push(key);
  }

  private stopHashing(): void {
    const ids = this.valueTerms.view();
    for (let i = 0; i < ids.length; i++) this.pushRaw(this.keys[ids[i]!]!);
    this.termIds = undefined;
  }

  /**
   * The strings to number with other fields' when this is a keyword field of many terms: its raw
   * values once it stopped hashing, else its distinct terms.
   */
  get jointKeywords(): string[] | undefined {
    if (this.spec.type !== 'keyword') return undefined;
    if (this.termIds === undefined) return this.rawStrings;
    return this.keys.length >= JOINT_TERMS ? (this.keys as string[]) : undefined;
  }

  /** `numbering`: of `jointKeywords`, when the caller numbered them with other fields' (`buildFields`). */
  build(docCount: number, numbering?: Numbering): FieldIndex {
    const { dictionary, ords } = this.numbered(numbering);
    const docs = this.valueDocs.view();
    const { postingStart, postingDocs } = postings(docs, ords, dictionary.size);
    const dense = denseBitsets(docCount, postingStart, postingDocs);
    return new FieldIndex(this.name, this.spec, dictionary, postingStart, postingDocs, dense, docCount);
  }

  /** Each value's ordinal and the dictionary, from `numbering` when the caller numbered the field. */
  private numbered(numbering: Numbering | undefined): Numbering {
    if (numbering === undefined) return this.termIds === undefined ? this.sortRawKeys() : this.mapIds(this.termIds);
    // A field that kept hashing was numbered by its distinct terms, one ordinal per term id.
    if (this.termIds === undefined) return numbering;
    return { dictionary: numbering.dictionary, ords: this.ordsOfTerms(numbering.ords) };
  }

  private mapIds(termIds: Map<TermKey, number>): Numbering {
    const dictionary =
      this.spec.type === 'keyword' ? keywordDictionary(stringsOf(this.keys)) : numericDictionary(numbersOf(this.keys));
    const ordOfId = new Uint32Array(this.keys.length);
    for (let ord = 0; ord < dictionary.size; ord++) ordOfId[termIds.get(dictionary.keyAt(ord))!] = ord;
    return { dictionary, ords: this.ordsOfTerms(ordOfId) };
  }

  /** Each value's ordinal, from the ordinal of each distinct term (`ordOfId`, by term id). */
  private ordsOfTerms(ordOfId: Uint32Array): Uint32Array {
    const ords = this.valueTerms.view();
    for (let i = 0; i < ords.length; i++) ords[i] = ordOfId[ords[i]!]!;
    return ords;
  }

  private sortRawKeys(): Numbering {
    return this.spec.type === 'keyword' ? numberStrings(this.rawStrings) : numberNumbers(this.rawNumbers);
  }
}

/**
 * Builds the fields of one collection; the keyword fields of many terms are numbered together
 * (`numberStringLists`): the fields of one collection share many values (a name's words in
 * strict and folded form, a name and its keys), each then ranked once.
 */
export function buildFields(builders: readonly FieldIndexBuilder[], docCount: number): FieldIndex[] {
  const joint = builders.filter((builder) => builder.jointKeywords !== undefined);
  const numberings = numberStringLists(joint.map((builder) => builder.jointKeywords!));
  const numberingOf = new Map(joint.map((builder, i) => [builder, numberings[i]!]));
  return builders.map((builder) => builder.build(docCount, numberingOf.get(builder)));
}

/** Marks a repeated (document, term) pair in `ords`. */
const REPEAT = 0xffffffff;

/**
 * Posting lists from values in document order (`ords` is overwritten): a document holding a
 * term twice is listed once.
 */
function postings(
  docs: Uint32Array,
  ords: Uint32Array,
  termCount: number,
): { postingStart: Uint32Array; postingDocs: Uint32Array } {
  const lastDoc = new Int32Array(termCount).fill(-1);
  const postingStart = new Uint32Array(termCount + 1);
  for (let i = 0; i < docs.length; i++) {
    const ord = ords[i]!;
    if (lastDoc[ord] === docs[i]) {
      ords[i] = REPEAT;
    } else {
      lastDoc[ord] = docs[i]!;
      postingStart[ord + 1]!++;
    }
  }
  for (let ord = 0; ord < termCount; ord++) postingStart[ord + 1]! += postingStart[ord]!;
  const cursor = postingStart.slice(0, termCount);
  const postingDocs = new Uint32Array(postingStart[termCount]!);
  for (let i = 0; i < docs.length; i++) {
    const ord = ords[i]!;
    if (ord !== REPEAT) postingDocs[cursor[ord]!++] = docs[i]!;
  }
  return { postingStart, postingDocs };
}

/** The bitsets of the terms held by more than `DENSE_SHARE` of the documents, by ordinal. */
export function denseBitsets(
  docCount: number,
  postingStart: Uint32Array,
  postingDocs: Uint32Array,
): Map<number, Bitset> {
  const dense = new Map<number, Bitset>();
  const threshold = docCount * DENSE_SHARE;
  for (let ord = 0; ord + 1 < postingStart.length; ord++) {
    const start = postingStart[ord]!;
    const end = postingStart[ord + 1]!;
    if (end - start > threshold) dense.set(ord, Bitset.of(docCount, postingDocs, start, end));
  }
  return dense;
}

function stringsOf(keys: readonly TermKey[]): string[] {
  return keys.filter((key) => typeof key === 'string');
}

function numbersOf(keys: readonly TermKey[]): number[] {
  return keys.filter((key) => typeof key === 'number');
}
