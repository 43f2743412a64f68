import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mappingText } from '../../src/cli/mappings.ts';
import { FILTER_KEYS, TAXON_LEAVES } from '../../src/taxon/fields.ts';
import { SORT_RANK_FIELDS } from '../../src/taxon/schema.ts';
import { NAMES_SEARCHED_FIELDS } from '../../src/index/mappings/names-mapping.ts';
import { compileExact, compileLikely, compilePartial, type NameSearchRequest } from '../../src/query/name-search.ts';
import { MATCH_TYPES, prepareQuery } from '../../src/search/match-kinds.ts';

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
  const none = { include: [], exclude: [] };
  const request = (query: string): NameSearchRequest => ({
    query: prepareQuery(query),
    limit: 10,
    matchTypes: MATCH_TYPES,
    checklists: ['MR.1'],
    taxonSets: { include: ['MX.taxonSetA'], exclude: [] },
    informalTaxonGroups: { include: [], exclude: ['MVL.1'] },
    nameTypes: none,
    languages: ['fi'],
    includeHidden: false,
    species: true,
    finnish: true,
    invasiveSpecies: false,
  });
  const page = { from: 0, size: 10 };
  const bodies = [
    compileExact(request('käki'), page),
    compileExact(request('kaki'), page),
    compilePartial(request('kotka'), page),
    compilePartial(request('käki'), page),
    compilePartial(request('parus maj'), page, true),
    compilePartial(request('parus mäj'), page, false),
    compileLikely(request('laulujoutsen')),
    compileLikely(request('laulujoutsen'), 'relaxed'),
  ];

  /** Every (clause, field, value) the bodies use, walked through the DSL. */
  function targets(node: unknown, found: { clause: string; field: string; value: unknown }[] = []) {
    if (Array.isArray(node)) for (const item of node) targets(item, found);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (['term', 'terms', 'prefix', 'wildcard'].includes(key)) {
          for (const [field, operand] of Object.entries(value as object))
            found.push({ clause: key, field, value: operand });
        } else if (key === 'range') {
          for (const [field, bounds] of Object.entries(value as object))
            found.push({ clause: key, field, value: bounds });
        } else if (key === 'exists')
          found.push({ clause: key, field: (value as { field: string }).field, value: undefined });
        else targets(value, found);
      }
    }
    return found;
  }

  it('maps every field the name search compiler targets, with a type that gives the same answer', () => {
    const used = targets(bodies.map((body) => body.query));
    expect(new Set(used.map((t) => t.field)).size).toBeGreaterThan(20);
    for (const { clause, field, value } of used) {
      const type = names.properties[field]?.type;
      if (typeof value === 'boolean') expect(type, `${clause} ${field}`).toBe('boolean');
      else if (clause === 'exists') expect(type, field).toBeDefined();
      else if (clause === 'range') expect(type, `${clause} ${field}`).toBe('integer');
      else expect(type, `${clause} ${field}`).toBe('keyword');
    }
    for (const body of bodies) {
      for (const key of body.sort as Record<string, unknown>[]) {
        const [field] = Object.keys(key);
        if (field !== '_score' && field !== '_doc')
          expect(names.properties[field!].type, `sort ${field}`).toBe('integer');
      }
    }
    for (const field of NAMES_SEARCHED_FIELDS) expect(names.properties[field], field).toBeDefined();
  });
});
