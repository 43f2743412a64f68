import { describe, expect, it } from 'vitest';
import { UnsupportedQueryError } from '../../../src/index/engine.ts';
import { fieldCatalogFromMapping } from '../../../src/index/embedded/build/field-catalog.ts';

describe('fieldCatalogFromMapping', () => {
  it('walks properties recursively into dotted paths', () => {
    const catalog = fieldCatalogFromMapping({
      dynamic: false,
      properties: {
        id: { type: 'keyword', ignore_above: 100 },
        depth: { type: 'integer' },
        parent: {
          type: 'object',
          properties: { kingdom: { properties: { id: { type: 'keyword' }, hidden: { type: 'boolean' } } } },
        },
        size: { type: 'float' },
      },
    });
    expect(Object.fromEntries(catalog)).toEqual({
      id: { type: 'keyword', ignoreAbove: 100 },
      depth: { type: 'integer' },
      'parent.kingdom.id': { type: 'keyword' },
      'parent.kingdom.hidden': { type: 'boolean' },
      size: { type: 'float' },
    });
  });

  it('reads every supported numeric type and treats wildcard as keyword', () => {
    const types = ['long', 'integer', 'short', 'byte', 'double', 'float'] as const;
    const catalog = fieldCatalogFromMapping({
      properties: { ...Object.fromEntries(types.map((type) => [type, { type }])), pattern: { type: 'wildcard' } },
    });
    expect(Object.fromEntries(catalog)).toEqual({
      ...Object.fromEntries(types.map((type) => [type, { type }])),
      pattern: { type: 'keyword' },
    });
  });

  it('leaves out disabled objects and fields with neither an index nor doc values', () => {
    const catalog = fieldCatalogFromMapping({
      properties: {
        blob: { type: 'object', enabled: false, properties: { a: { type: 'keyword' } } },
        stored: { type: 'keyword', index: false, doc_values: false },
        docValuesOnly: { type: 'keyword', index: false },
      },
    });
    expect([...catalog.keys()]).toEqual(['docValuesOnly']);
  });

  it('refuses nested, text and unknown types, naming the field', () => {
    expect(() => fieldCatalogFromMapping({ properties: { media: { type: 'nested', properties: {} } } })).toThrow(
      new UnsupportedQueryError('mapping type nested', 'field [media]'),
    );
    expect(() => fieldCatalogFromMapping({ properties: { a: { properties: { note: { type: 'text' } } } } })).toThrow(
      new UnsupportedQueryError('mapping type text', 'field [a.note]'),
    );
    expect(() => fieldCatalogFromMapping({ properties: { at: { type: 'date' } } })).toThrow(
      /mapping type date.*field \[at\]/,
    );
  });

  it('refuses parameters that would change the indexed values', () => {
    expect(() => fieldCatalogFromMapping({ properties: { n: { type: 'keyword', normalizer: 'lowercase' } } })).toThrow(
      /mapping parameter normalizer.*field \[n\]/,
    );
    expect(() =>
      fieldCatalogFromMapping({ properties: { n: { type: 'keyword', fields: { raw: { type: 'keyword' } } } } }),
    ).toThrow(/mapping parameter fields/);
  });

  it('is empty for a disabled mapping', () => {
    expect(fieldCatalogFromMapping({ enabled: false, properties: { id: { type: 'keyword' } } }).size).toBe(0);
  });
});
