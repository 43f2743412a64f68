import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mappingText } from '../../src/cli/mappings.ts';
import { FILTER_KEYS, TAXON_LEAVES } from '../../src/taxon/fields.ts';
import { SORT_RANK_FIELDS } from '../../src/taxon/schema.ts';

const file = readFileSync(new URL('../../mappings/taxa.json', import.meta.url), 'utf8');
const mapping = JSON.parse(file).mappings;

function typeAt(path: string): string | undefined {
  let node: { properties?: Record<string, unknown>; type?: string } = mapping;
  for (const segment of path.split('.')) {
    node = node.properties?.[segment] as typeof node;
    if (!node) return undefined;
  }
  return node.type;
}

describe('mappings/taxa.json', () => {
  it('is what the schema generates (run `npm run mappings` after changing the schema)', () => {
    expect(file).toBe(mappingText('taxa'));
    expect(readFileSync(new URL('../../mappings/names.json', import.meta.url), 'utf8')).toBe(mappingText('names'));
  });

  it('maps every filter key: strings as keyword, booleans as boolean', () => {
    expect(FILTER_KEYS.size).toBeGreaterThan(500);
    for (const [key, kind] of FILTER_KEYS) expect(typeAt(key), key).toBe(kind === 'boolean' ? 'boolean' : 'keyword');
  });

  it('maps the sort fields numerically and refuses dynamic fields', () => {
    expect(typeAt('taxonomicOrder')).toBe('integer');
    for (const field of Object.values(SORT_RANK_FIELDS)) expect(typeAt(field)).toBe('integer');
    expect(mapping.dynamic).toBe(false);
    expect([...TAXON_LEAVES.keys()].every((path) => typeAt(path) !== undefined)).toBe(true);
  });
});

describe('mappings/names.json', () => {
  const names = JSON.parse(readFileSync(new URL('../../mappings/names.json', import.meta.url), 'utf8')).mappings;
  it('maps every field the name search compiler targets', () => {
    for (const field of ['exactKeys', 'foldedKeys', 'grams', 'taxonId', 'checklist', 'taxonSets', 'informalTaxonGroups', 'nameType', 'language', 'id']) {
      expect(names.properties[field], field).toEqual({ type: 'keyword' });
    }
    for (const field of ['hidden', 'species', 'finnish', 'invasiveSpecies']) expect(names.properties[field].type).toBe('boolean');
    expect(names.properties.taxonomicOrder.type).toBe('integer');
  });
});
