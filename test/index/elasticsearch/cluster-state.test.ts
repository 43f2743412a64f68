import { describe, expect, it } from 'vitest';
import { cacheState, type ClusterState } from '../../../src/index/elasticsearch/cluster-state.ts';

const stateOf = (versions: string[], generation = 1): ClusterState => ({
  catalog: { informalTaxonGroups: [], checklistVersions: versions.map((id) => ({ id })) },
  versions,
  indices: versions.map((id) => `taxa-taxa-${id} taxa-taxa-${id}-${generation}`),
});

describe('cacheState', () => {
  it('hands out the same catalog object until the catalog read differs', async () => {
    const reads = [stateOf(['current']), stateOf(['current']), stateOf(['current', 'MR.424'])];
    let next = 0;
    const state = cacheState(async () => reads[next++]!, 60_000);
    const first = await state.get();
    expect(await state.get()).toBe(first);
    const again = await state.refresh();
    expect(next).toBe(2);
    expect(again.catalog).toBe(first.catalog);
    const changed = await state.refresh();
    expect(changed.catalog).not.toBe(first.catalog);
    expect(changed.versions).toEqual(['current', 'MR.424']);
  });

  it('hands out a new catalog object when an alias names another index, the catalog read the same', async () => {
    const reads = [stateOf(['current'], 1), stateOf(['current'], 2)];
    let next = 0;
    const state = cacheState(async () => reads[next++]!, 60_000);
    const first = await state.get();
    const reloaded = await state.refresh();
    expect(reloaded.catalog).toEqual(first.catalog);
    expect(reloaded.catalog).not.toBe(first.catalog);
  });
});
