import { describe, expect, it } from 'vitest';
import { DocumentIndex } from '../../../src/index/embedded/document-index.ts';
import { fieldCatalogFromMapping } from '../../../src/index/embedded/build/field-catalog.ts';

const doc = {
  id: 'MX.1',
  scientificName: 'Parus major',
  parent: { kingdom: { id: 'MX.k', name: 'Animalia' }, genus: { id: 'MX.g' } },
  multimedia: [
    { author: 'A', url: 'http://a', tags: ['x'] },
    { url: 'http://b' },
    { author: 'C', licence: { id: 'CC-BY' } },
  ],
  vernacularName: { fi: 'talitiainen', sv: 'talgoxe' },
  empty: {},
  list: [1, 2],
  nothing: null,
  'dotted.key': 'v',
};

const fields = fieldCatalogFromMapping({ properties: { id: { type: 'keyword' } } });
const index = DocumentIndex.build([doc], { fields, idField: 'id' });

function source(spec: unknown): unknown {
  return index.search({ _source: spec as never }).hits.hits[0]?._source;
}

describe('_source', () => {
  it('is the whole document by default and with true, absent with false', () => {
    expect(source(undefined)).toEqual(doc);
    expect(source(true)).toEqual(doc);
    expect(index.search({ _source: false }).hits.hits[0]).not.toHaveProperty('_source');
  });

  it('includes a path with everything under it', () => {
    expect(source('parent')).toEqual({ parent: doc.parent });
    expect(source(['parent.kingdom', 'id'])).toEqual({
      id: 'MX.1',
      parent: { kingdom: { id: 'MX.k', name: 'Animalia' } },
    });
    expect(source({ includes: ['parent.kingdom.id'] })).toEqual({ parent: { kingdom: { id: 'MX.k' } } });
  });

  it('includes through arrays of objects, dropping objects left empty', () => {
    expect(source(['multimedia.author'])).toEqual({ multimedia: [{ author: 'A' }, { author: 'C' }] });
    expect(source(['multimedia.licence.id'])).toEqual({ multimedia: [{ licence: { id: 'CC-BY' } }] });
    expect(source(['multimedia.nope'])).toEqual({});
  });

  it('does not include scalars or empty objects a pattern goes deeper than', () => {
    expect(source(['list.x', 'empty.x', 'scientificName.x'])).toEqual({});
    expect(source(['empty', 'nothing'])).toEqual({ empty: {}, nothing: null });
  });

  it('matches * within a path segment', () => {
    expect(source(['vernacularName.*'])).toEqual({ vernacularName: doc.vernacularName });
    expect(source(['*Name'])).toEqual({ scientificName: 'Parus major', vernacularName: doc.vernacularName });
    expect(source(['parent.*.id'])).toEqual({ parent: { kingdom: { id: 'MX.k' }, genus: { id: 'MX.g' } } });
  });

  it('matches ** across path segments', () => {
    expect(source(['**.id'])).toEqual({
      parent: { kingdom: { id: 'MX.k' }, genus: { id: 'MX.g' } },
      multimedia: [{ licence: { id: 'CC-BY' } }],
    });
    expect(source({ excludes: ['parent.**'] })).not.toHaveProperty('parent');
  });

  it('matches keys that hold dots', () => {
    expect(source(['dotted'])).toEqual({ 'dotted.key': 'v' });
    expect(source({ excludes: ['dotted.key'] })).not.toHaveProperty(['dotted.key']);
  });

  it('excludes paths, dropping objects and arrays the exclusion emptied', () => {
    const { parent, multimedia, ...rest } = doc;
    expect(source({ excludes: ['parent', 'multimedia'] })).toEqual(rest);
    expect(source({ excludes: ['parent.kingdom.id', 'parent.genus.id'] })).toEqual({
      ...doc,
      parent: { kingdom: { name: 'Animalia' } },
    });
    expect(source({ excludes: ['multimedia.url'] })).toEqual({
      ...doc,
      multimedia: [
        { author: 'A', tags: ['x'] },
        { author: 'C', licence: { id: 'CC-BY' } },
      ],
    });
    expect(source({ excludes: ['empty.x', 'list.x'] })).toEqual(doc);
    expect(source({ exclude: '*' })).toEqual({});
    expect(parent && multimedia).toBeTruthy();
  });

  it('applies excludes over includes', () => {
    expect(source({ includes: ['parent'], excludes: ['parent.kingdom'] })).toEqual({
      parent: { genus: { id: 'MX.g' } },
    });
    expect(source({ includes: ['vernacularName.fi'], excludes: ['vernacularName'] })).toEqual({});
  });

  it('shares frozen stored values: changing a hit throws and never changes the index', () => {
    const first = index.search({}).hits.hits[0]!._source as { parent: { kingdom: { id: string } } };
    expect(() => {
      first.parent.kingdom.id = 'changed';
    }).toThrow(TypeError);
    const filtered = index.search({ _source: ['parent'] }).hits.hits[0]!._source as typeof first;
    expect(filtered.parent.kingdom.id).toBe('MX.k');
    expect(Object.isFrozen(filtered.parent)).toBe(true);
    expect(doc.parent.kingdom.id).toBe('MX.k');
    expect(index.get('MX.1')).toEqual(doc);
  });

  it('keeps and drops whole top-level keys for plain names, the same for every document shape', () => {
    const docs = [
      { id: 'a', x: 1, y: { z: [1] }, w: undefined, q: null },
      { y: 2, id: 'b', x: { deep: true } },
      { id: 'c', ['__proto__']: { polluted: true }, x: 3 },
      { id: 'd', 'x.y': 1, x: 4 },
    ];
    const plainIndex = DocumentIndex.build(
      docs.map((d) => JSON.parse(JSON.stringify(d)) as Record<string, unknown>),
      { fields, idField: 'id' },
    );
    docs[2] = JSON.parse('{"id":"c","__proto__":{"polluted":true},"x":3}') as (typeof docs)[2];
    const withProto = DocumentIndex.build(docs, { fields, idField: 'id' });
    const sources = (index: DocumentIndex<object>, spec: unknown) =>
      index.search({ _source: spec as never, sort: ['_doc'] }).hits.hits.map((hit) => hit._source);
    for (const index of [plainIndex, withProto]) {
      for (let round = 0; round < 2; round++) {
        const excluded = sources(index, { excludes: ['x'] });
        expect(excluded[0]).toEqual({ id: 'a', y: { z: [1] }, q: null });
        expect(Object.keys(excluded[0]!)).toEqual(['id', 'y', 'q']);
        expect(excluded[1]).toEqual({ y: 2, id: 'b' });
        expect(excluded[3]).toEqual({ id: 'd' });
        expect(sources(index, ['x', 'id'])).toEqual([
          { id: 'a', x: 1 },
          { id: 'b', x: { deep: true } },
          { id: 'c', x: 3 },
          { id: 'd', 'x.y': 1, x: 4 },
        ]);
        expect(sources(index, { includes: ['y', 'x'], excludes: ['x'] })).toEqual([
          { y: { z: [1] } },
          { y: 2 },
          {},
          {},
        ]);
      }
    }
    const [, , proto] = sources(withProto, { excludes: ['x'] }) as object[];
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto!)).toEqual(['id', '__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuses unknown options', () => {
    expect(() => source({ includes: ['a'], exclude_vectors: true })).toThrow(/_source.exclude_vectors/);
    expect(() => source([1])).toThrow(/_source/);
  });
});
