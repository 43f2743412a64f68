import { describe, expect, it } from 'vitest';
import { cacheState, type ClusterState } from '../../../src/index/elasticsearch/cluster-state.ts';

const stateOf = (versions: string[]): ClusterState => ({
  catalog: { informalTaxonGroups: [], checklistVersions: versions.map((id) => ({ id })) },
  versions,
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
});
