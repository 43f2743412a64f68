/** The tree of one version (`loaders/tree.ts`): sound, or undefined with every problem recorded. */
import { describe, expect, it } from 'vitest';
import type { DataProblem } from '../../loaders/problems.ts';
import type { TaxonLine } from '../../loaders/read-version.ts';
import { buildTree } from '../../loaders/tree.ts';

const linesOf = (taxa: { id: string; isPartOf?: string }[]): TaxonLine[] =>
  taxa.map((taxon, i) => ({ line: i + 1, taxon }) as TaxonLine);

describe('buildTree', () => {
  it('returns a sound tree: parents before children, siblings in line order', () => {
    const problems: DataProblem[] = [];
    const tree = buildTree(
      'current.ndjson',
      linesOf([
        { id: 'MX.3', isPartOf: 'MX.1' },
        { id: 'MX.1' },
        { id: 'MX.4', isPartOf: 'MX.3' },
        { id: 'MX.2', isPartOf: 'MX.1' },
      ]),
      problems,
    );
    expect(problems).toEqual([]);
    expect(tree?.root).toBe(1);
    expect([...tree!.preorder]).toEqual([1, 0, 2, 3]);
    expect([...tree!.parentOf]).toEqual([1, -1, 0, 1]);
  });

  it('returns undefined for a version with a problem that leaves the tree whole (a repeated id)', () => {
    const problems: DataProblem[] = [{ file: 'other.ndjson', message: 'a problem recorded before' }];
    const lines = linesOf([{ id: 'MX.1' }, { id: 'MX.2', isPartOf: 'MX.1' }, { id: 'MX.2', isPartOf: 'MX.1' }]);
    expect(buildTree('current.ndjson', lines, problems)).toBeUndefined();
    expect(problems.slice(1)).toEqual([
      { file: 'current.ndjson', line: 3, id: 'MX.2', message: 'duplicate id (first on line 2)' },
    ]);
  });
});
