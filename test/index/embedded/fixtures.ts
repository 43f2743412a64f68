/**
 * A small index of taxon-like documents for the unit tests, and helpers to read answers.
 */
import { type SearchBody, UnsupportedQueryError } from '../../../src/index/engine.ts';
import { DocumentIndex } from '../../../src/index/embedded/document-index.ts';
import { fieldCatalogFromMapping, type FieldCatalog } from '../../../src/index/embedded/build/field-catalog.ts';

export const catalog: FieldCatalog = fieldCatalogFromMapping({
  dynamic: false,
  properties: {
    id: { type: 'keyword' },
    name: { type: 'keyword' },
    rank: { type: 'keyword' },
    tags: { type: 'keyword', ignore_above: 6 },
    order: { type: 'integer' },
    size: { type: 'double' },
    weight: { type: 'float' },
    finnish: { type: 'boolean' },
    vernacular: { properties: { fi: { type: 'keyword' }, en: { type: 'keyword' } } },
    habitats: { properties: { habitat: { type: 'keyword' }, share: { type: 'integer' } } },
  },
});

/** Insertion order is the document number: t1 is 0, t2 is 1, ... */
export const taxa = [
  {
    id: 't1',
    name: 'Aves',
    rank: 'class',
    tags: ['bird', 'flying'],
    order: 10,
    size: 2.5,
    weight: 0.1,
    finnish: true,
    vernacular: { fi: 'linnut', en: 'birds' },
  },
  {
    id: 't2',
    name: 'Parus major',
    rank: 'species',
    tags: 'bird',
    order: 30,
    size: 0.14,
    weight: 0.3,
    finnish: true,
    vernacular: { fi: 'talitiainen' },
    habitats: [
      { habitat: 'forest', share: 70 },
      { habitat: 'urban', share: 30 },
    ],
  },
  {
    id: 't3',
    name: 'Parus',
    rank: 'genus',
    tags: ['bird', 'songbirds'],
    order: 20,
    finnish: 'true',
    vernacular: { fi: 'tiaiset', en: 'tits' },
  },
  {
    id: 't4',
    name: 'Quercus robur',
    rank: 'species',
    tags: [],
    order: 50,
    size: 35,
    weight: 1.5,
    finnish: false,
    habitats: { habitat: 'forest', share: 100 },
  },
  {
    id: 't5',
    name: 'quercus',
    rank: 'genus',
    order: 40,
    size: [10, 40],
    finnish: false,
    vernacular: { en: 'oaks' },
    habitats: [{ habitat: 'forest' }, { habitat: 'park', share: 5 }],
  },
  {
    id: 't6',
    name: 'Älg',
    rank: 'species',
    tags: ['mammal', 'ungulate'],
    order: 60,
    size: 2,
    finnish: true,
    vernacular: { fi: 'hirvi', en: 'moose' },
  },
];

export function fixtureIndex(): DocumentIndex {
  return DocumentIndex.build(taxa, { fields: catalog, idField: 'id', name: 'taxa-test' });
}

/** A body the client's types do not allow but Elasticsearch accepts (or must be refused). */
export function untyped(body: object): SearchBody {
  return body as SearchBody;
}

/** The `_id`s of the hits, in order. */
export function ids(index: DocumentIndex, body: SearchBody): string[] {
  return index.search(body).hits.hits.map((hit) => hit._id ?? '');
}

/** Ids of the documents a filter matches, in document order. */
export function matching(index: DocumentIndex, query: SearchBody['query']): string[] {
  return ids(index, { query: { bool: { filter: [query!] } }, size: 100 });
}

/** The total hit count as a number. */
export function totalOf(index: DocumentIndex, body: SearchBody): number | undefined {
  const total = index.search(body).hits.total;
  return typeof total === 'number' ? total : total?.value;
}

/**
 * The engine's answer in the brute-force evaluator's shape (`bruteSearch`): the response without
 * its timing and shards, or the clause it refused.
 */
export function engineAnswer(
  index: DocumentIndex,
  body: Record<string, unknown>,
): { refused: string } | { response: object } {
  try {
    const { took: _took, timed_out: _timedOut, _shards, ...response } = index.search(untyped(body));
    return { response };
  } catch (error) {
    if (error instanceof UnsupportedQueryError)
      return { refused: error.clause.startsWith('scoring leaf') ? 'scoring leaf' : error.clause };
    throw error;
  }
}
