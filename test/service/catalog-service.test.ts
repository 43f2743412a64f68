import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.ts';
import type { SearchEngine } from '../../src/index/engine.ts';
import { createCatalogService } from '../../src/service/catalog-service.ts';
import type { Catalog } from '../../src/taxon/catalog.ts';

function catalogOf(ids: string[][]): Catalog {
  // each row: a group id followed by its subgroups' ids
  return {
    informalTaxonGroups: ids.map(([id, ...subs]) => ({
      id: id!,
      name: { en: id! },
      ...(subs.length > 0 ? { hasSubGroup: subs } : {}),
    })),
    checklistVersions: [{ id: 'current' }],
  };
}

function engineServing(catalogs: Catalog[]): SearchEngine {
  let call = 0;
  return { catalog: async () => catalogs[Math.min(call++, catalogs.length - 1)]! } as SearchEngine;
}

describe('the catalog service', () => {
  it('indexes the group hierarchy once per loaded catalog, and anew when the catalog changes', async () => {
    const first = catalogOf([['a', 'b', 'c'], ['b'], ['c', 'd'], ['d'], ['e']]);
    const second = catalogOf([['a'], ['e']]);
    const service = createCatalogService(engineServing([first, first, second]));
    const one = await service.groups();
    expect(await service.groups()).toBe(one);
    const reloaded = await service.groups();
    expect(reloaded).not.toBe(one);
    expect(reloaded.roots.map((g) => g.id)).toEqual(['a', 'e']);
  });

  it('answers roots, tree, children, parent and siblings, and names the id it cannot find', async () => {
    const groups = await createCatalogService(
      engineServing([catalogOf([['a', 'b', 'c'], ['b'], ['c', 'd'], ['d'], ['e']])]),
    ).groups();
    expect(groups.roots.map((g) => g.id)).toEqual(['a', 'e']);
    expect(groups.tree).toEqual([
      {
        id: 'a',
        name: { en: 'a' },
        hasSubGroup: [
          { id: 'b', name: { en: 'b' } },
          { id: 'c', name: { en: 'c' }, hasSubGroup: [{ id: 'd', name: { en: 'd' } }] },
        ],
      },
      { id: 'e', name: { en: 'e' } },
    ]);
    expect(groups.children('c').map((g) => g.id)).toEqual(['d']);
    expect(groups.parent('d').id).toBe('c');
    expect(groups.siblings('b').map((g) => g.id)).toEqual(['b', 'c']);
    expect(groups.siblings('e').map((g) => g.id)).toEqual(['a', 'e']);
    expect(() => groups.parent('a')).toThrow(new AppError('NOT_FOUND', "Informal taxon group 'a' has no parent"));
    expect(() => groups.find('x')).toThrow(new AppError('NOT_FOUND', "Informal taxon group 'x' not found"));
  });

  it('serves the red-list evaluation groups by hasIucnSubGroup, none when the catalog has none', async () => {
    const catalog: Catalog = {
      ...catalogOf([['a', 'b']]),
      redListEvaluationGroups: [
        { id: 'r', name: { en: 'r' }, hasIucnSubGroup: ['s'], includesInformalTaxonGroup: ['a'] },
        { id: 's', name: { en: 's' }, includesTaxon: ['MX.1'] },
        { id: 't', name: { en: 't' }, hasIucnSubGroup: [] },
      ],
    };
    const service = createCatalogService(engineServing([catalog]));
    const groups = await service.redListGroups();
    expect(await service.redListGroups()).toBe(groups);
    expect(groups.roots.map((g) => g.id)).toEqual(['r', 't']);
    expect(groups.tree).toEqual([
      {
        id: 'r',
        name: { en: 'r' },
        hasIucnSubGroup: [{ id: 's', name: { en: 's' }, includesTaxon: ['MX.1'] }],
        includesInformalTaxonGroup: ['a'],
      },
      { id: 't', name: { en: 't' } },
    ]);
    expect(groups.parent('s').id).toBe('r');
    expect(groups.siblings('t').map((g) => g.id)).toEqual(['r', 't']);
    // The informal groups are another hierarchy: neither knows the other's ids.
    expect(() => groups.find('a')).toThrow(new AppError('NOT_FOUND', "Red-list evaluation group 'a' not found"));
    expect(() => groups.parent('r')).toThrow(new AppError('NOT_FOUND', "Red-list evaluation group 'r' has no parent"));
    await expect(service.groups().then((informal) => informal.find('r'))).rejects.toThrow(
      "Informal taxon group 'r' not found",
    );
    const none = await createCatalogService(engineServing([catalogOf([['a']])])).redListGroups();
    expect([none.all, none.roots, none.tree]).toEqual([[], [], []]);
  });

  it('finds a loaded version or says it is not loaded', async () => {
    const service = createCatalogService(engineServing([catalogOf([])]));
    expect(await service.version('current')).toEqual({ id: 'current' });
    await expect(service.version('MR.1')).rejects.toThrow("Checklist version 'MR.1' is not loaded");
  });
});
