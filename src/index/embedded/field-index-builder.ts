/**
 * Accumulates the terms of one field while documents stream in, then lays out the immutable
 * `FieldIndex`: terms sorted into ordinals, posting lists in ordinal order (each ascending,
 * because documents arrive in order), bitsets for dense terms.
 *
 * Terms are first numbered through a hash map, which is fastest while a field has few distinct
 * values. Past `MAP_LIMIT` distinct values (names, ids, ranks) the builder stops hashing and
 * keeps raw values, numbered at the end by one sort: a hash map of half a million strings costs
 * more, in time and in garbage collection, than sorting them once.
 */
import { Bitset } from './bitset.ts';
import { sortCodePointOrder } from './code-point-order.ts';
import type { FieldSpec } from './field-catalog.ts';
import { FieldIndex } from './field-index.ts';
import { indexKey, type TermKey } from './index-values.ts';
import { KeywordDictionary, NumericDictionary, type TermDictionary } from './term-dictionary.ts';

/** A term held by more than this share of the documents also gets a bitset. */
const DENSE_SHARE = 1 / 32;
/** Past this many distinct terms, a field whose values are mostly distinct stops hashing. */
const MAP_LIMIT = 16_384;

/** The ordinal of every value, and the dictionary the ordinals point into. */
interface Numbering {
  dictionary: TermDictionary;
  ords: Uint32Array;
}

export class FieldIndexBuilder {
  private termIds: Map<TermKey, number> | undefined = new Map();
  private readonly keys: TermKey[] = [];
  private readonly valueDocs = new GrowableUint32Array();
  private readonly valueTerms = new GrowableUint32Array();
  private readonly rawStrings: string[] = [];
  private readonly rawNumbers: number[] = [];

  constructor(
    readonly name: string,
    readonly spec: FieldSpec,
  ) {}

  /** Indexes one source value (never an array, never null) of the document numbered `doc`. */
  add(doc: number, value: unknown): void {
    const key = indexKey(this.spec, value, this.name);
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
    if (id >= MAP_LIMIT && (id & (id - 1)) === 0 && 2 * id > this.valueTerms.length) this.stopHashing();
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

  build(docCount: number): FieldIndex {
    const { dictionary, ords } = this.termIds === undefined ? this.sortRawKeys() : this.mapIds(this.termIds);
    const docs = this.valueDocs.view();
    const { postingStart, postingDocs } = postings(docs, ords, dictionary.size);
    const dense = denseBitsets(docCount, postingStart, postingDocs);
    return new FieldIndex(this.name, this.spec, dictionary, postingStart, postingDocs, dense, docCount);
  }

  private mapIds(termIds: Map<TermKey, number>): Numbering {
    const dictionary = this.spec.type === 'keyword' ? keywordDictionary(stringsOf(this.keys)) : numericDictionary(numbersOf(this.keys));
    const ordOfId = new Uint32Array(this.keys.length);
    for (let ord = 0; ord < dictionary.size; ord++) ordOfId[termIds.get(dictionary.keyAt(ord))!] = ord;
    const ids = this.valueTerms.view();
    const ords = new Uint32Array(ids.length);
    for (let i = 0; i < ids.length; i++) ords[i] = ordOfId[ids[i]!]!;
    return { dictionary, ords };
  }

  private sortRawKeys(): Numbering {
    return this.spec.type === 'keyword' ? numberStrings(this.rawStrings) : numberNumbers(this.rawNumbers);
  }
}

function keywordDictionary(terms: string[]): KeywordDictionary {
  return new KeywordDictionary(sortCodePointOrder(terms));
}

function numericDictionary(terms: number[]): NumericDictionary {
  return new NumericDictionary(Float64Array.from(terms).sort());
}

/** Sorts value positions by value (UTF-16 order first, code point order when it differs). */
function numberStrings(values: string[]): Numbering {
  const order = Array.from({ length: values.length }, (_, i) => i);
  order.sort((a, b) => {
    const x = values[a]!;
    const y = values[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const terms: string[] = [];
  const ords = new Uint32Array(values.length);
  for (const position of order) {
    const value = values[position]!;
    if (terms.length === 0 || terms[terms.length - 1] !== value) terms.push(value);
    ords[position] = terms.length - 1;
  }
  const dictionary = keywordDictionary(terms.slice());
  if (dictionary.terms.every((term, ord) => term === terms[ord])) return { dictionary, ords };
  const ordOf = new Map(dictionary.terms.map((term, ord) => [term, ord]));
  for (let i = 0; i < ords.length; i++) ords[i] = ordOf.get(terms[ords[i]!]!)!;
  return { dictionary, ords };
}

function numberNumbers(values: number[]): Numbering {
  const sorted = Float64Array.from(values).sort();
  let unique = 0;
  for (let i = 0; i < sorted.length; i++) if (unique === 0 || sorted[i] !== sorted[unique - 1]) sorted[unique++] = sorted[i]!;
  const dictionary = new NumericDictionary(sorted.slice(0, unique));
  const ords = new Uint32Array(values.length);
  for (let i = 0; i < values.length; i++) ords[i] = dictionary.lowerBound(values[i]!);
  return { dictionary, ords };
}

/** Posting lists from values in document order; a document holding a term twice is listed once. */
function postings(docs: Uint32Array, ords: Uint32Array, termCount: number): { postingStart: Uint32Array; postingDocs: Uint32Array } {
  const lastDoc = new Int32Array(termCount).fill(-1);
  const keep = new Uint8Array(docs.length);
  const postingStart = new Uint32Array(termCount + 1);
  for (let i = 0; i < docs.length; i++) {
    const ord = ords[i]!;
    if (lastDoc[ord] === docs[i]) continue;
    lastDoc[ord] = docs[i]!;
    keep[i] = 1;
    postingStart[ord + 1]!++;
  }
  for (let ord = 0; ord < termCount; ord++) postingStart[ord + 1]! += postingStart[ord]!;
  const cursor = postingStart.slice(0, termCount);
  const postingDocs = new Uint32Array(postingStart[termCount]!);
  for (let i = 0; i < docs.length; i++) if (keep[i] === 1) postingDocs[cursor[ords[i]!]!++] = docs[i]!;
  return { postingStart, postingDocs };
}

function denseBitsets(docCount: number, postingStart: Uint32Array, postingDocs: Uint32Array): Map<number, Bitset> {
  const dense = new Map<number, Bitset>();
  const threshold = docCount * DENSE_SHARE;
  for (let ord = 0; ord + 1 < postingStart.length; ord++) {
    const start = postingStart[ord]!;
    const end = postingStart[ord + 1]!;
    if (end - start > threshold) dense.set(ord, Bitset.of(docCount, postingDocs, start, end));
  }
  return dense;
}

function stringsOf(keys: TermKey[]): string[] {
  return keys.filter((key) => typeof key === 'string');
}

function numbersOf(keys: TermKey[]): number[] {
  return keys.filter((key) => typeof key === 'number');
}

class GrowableUint32Array {
  private data = new Uint32Array(256);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }
}
