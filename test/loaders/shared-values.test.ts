/** Sharing values between versions changes no document (`loaders/shared-values.ts`). */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSyntheticDataDirectory } from '../../generate/index.ts';
import { servedDocument } from '../../loaders/derive.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { ValueSharing } from '../../loaders/shared-values.ts';
import type { TaxonDocument } from '../../src/taxon/schema.ts';
import { FIXTURE_DIR, fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';

afterAll(removeTempDirs);

type Doc = { id: string } & Record<string, unknown>;

const IDS = ['MX.1', 'MX.2', 'MX.3', 'MX.4'];
const value = fc.jsonValue({ maxDepth: 3 });
/** A document and, in the next version, either a copy of it, a copy with edited fields, or another one. */
const docs = fc.array(
  fc.tuple(
    fc.dictionary(fc.constantFrom('a', 'b', 'c', '__proto__'), value),
    fc.dictionary(fc.constantFrom('a', 'b', 'd'), value),
    fc.constantFrom('copy', 'edit', 'other'),
  ),
  { minLength: IDS.length, maxLength: IDS.length },
);

/** Which taxa a later version holds, in its order: some taxa removed, some moved. */
const orders = fc.tuple(...[0, 1].map(() => fc.shuffledSubarray([0, 1, 2, 3])));

function versionsOf(
  rows: [Record<string, unknown>, Record<string, unknown>, string][],
  [two, three]: number[][],
): Doc[][] {
  const first = rows.map(([a], i) => ({ id: IDS[i]!, ...a }));
  const second = rows.map(([a, b, how], i) => {
    const copy = structuredClone({ id: IDS[i]!, ...a }) as Doc;
    if (how === 'copy') return copy;
    return how === 'edit' ? Object.assign(copy, structuredClone(b)) : ({ id: IDS[i]!, ...b } as Doc);
  });
  const third = structuredClone(first);
  return [first, two!.map((i) => second[i]!), three!.map((i) => third[i]!)];
}

describe('sharing values between versions', () => {
  it('leaves every document as it was, keys in their order, on random versions', () => {
    fc.assert(
      fc.property(docs, orders, fc.boolean(), (rows, order, frozen) => {
        const versions = versionsOf(rows, order);
        if (frozen) for (const doc of versions[1]!) Object.freeze(doc);
        const texts = versions.map((version) => JSON.stringify(version));
        const sharing = new ValueSharing();
        for (const version of versions) sharing.share(version);
        expect(versions.map((version) => JSON.stringify(version))).toEqual(texts);
      }),
    );
  });

  it('shares a value with the same taxon wherever it is, in the version before or one older', () => {
    const sharing = new ValueSharing();
    const [a, b] = sharing.share([
      { id: 'MX.1', vernacularName: { fi: 'talitiainen' } },
      { id: 'MX.2', vernacularName: { fi: 'sinitiainen' } },
    ]);
    // MX.1 is missing from the second version, and MX.2 has moved before it in the third.
    const [c] = sharing.share([{ id: 'MX.3', vernacularName: { fi: 'talitiainen' } }]);
    const [d, e] = sharing.share([
      { id: 'MX.2', vernacularName: { fi: 'sinitiainen' } },
      { id: 'MX.1', vernacularName: { fi: 'talitiainen' } },
    ]);
    expect(c!.vernacularName).not.toBe(a!.vernacularName);
    expect(d!.vernacularName).toBe(b!.vernacularName);
    expect(e!.vernacularName).toBe(a!.vernacularName);
  });

  it('keeps an equal value written in another key order as it is', () => {
    const sharing = new ValueSharing();
    sharing.share([{ id: 'MX.1', vernacularName: { fi: 'talitiainen', sv: 'talgoxe' } }]);
    const [later] = sharing.share([{ id: 'MX.1', vernacularName: { sv: 'talgoxe', fi: 'talitiainen' } }]);
    expect(JSON.stringify(later)).toBe('{"id":"MX.1","vernacularName":{"sv":"talgoxe","fi":"talitiainen"}}');
  });
});

const RANKS = ['scientificNameSortRank', 'finnishNameSortRank'] as const;

function withoutRanks(doc: TaxonDocument): object {
  const { scientificNameSortRank: _s, finnishNameSortRank: _f, ...rest } = doc;
  return rest;
}

/** The ids by rank, ties together: `[[ids of the lowest rank], …]`. */
function rankOrder(docs: readonly TaxonDocument[], rank: (typeof RANKS)[number]): string[][] {
  const byRank = new Map<number, string[]>();
  for (const doc of docs) {
    const value = doc[rank];
    if (value !== undefined) byRank.set(value, [...(byRank.get(value) ?? []), doc.id]);
  }
  return [...byRank.entries()].sort(([a], [b]) => a - b).map(([, ids]) => ids);
}

describe('a data directory of several versions', () => {
  it('gives each version the documents it has loaded alone', async () => {
    const { dataSet } = await loadDataDirectory(FIXTURE_DIR);
    const older = await readFile(join(FIXTURE_DIR, 'MR.424.ndjson'), 'utf8');
    const alone = [
      await fixtureCopy({ 'MR.424.ndjson': null }),
      await fixtureCopy({ 'current.ndjson': older, 'MR.424.ndjson': null }),
    ];
    for (const [i, dir] of alone.entries()) {
      const { dataSet: one } = await loadDataDirectory(dir);
      const together = dataSet.versions[i]!.documents.map(servedDocument);
      const single = one.versions[0]!.documents;
      expect(JSON.stringify(together.map(withoutRanks))).toBe(JSON.stringify(single.map(withoutRanks)));
      // The sort ranks are numbered over both versions (loaders/sort-ranks.ts): the same order.
      for (const rank of RANKS) expect(rankOrder(together, rank)).toEqual(rankOrder(single, rank));
    }
  });

  it('gives each version of drifting generated ones the documents it has loaded alone, ancestor lists held once', async () => {
    const versions = ['current', 'MR.424', 'MR.428'];
    const generated = await mkdtemp(join(tmpdir(), 'taxa-shared-'));
    try {
      await writeSyntheticDataDirectory(generated, { taxa: 3_000, seed: 5, versions });
      const { dataSet } = await loadDataDirectory(generated);
      for (const id of versions) {
        const text = await readFile(join(generated, `${id}.ndjson`), 'utf8');
        // The version alone, as `current`.
        const dir = await fixtureCopy(
          Object.fromEntries(versions.map((v) => [`${v}.ndjson`, v === 'current' ? text : null])),
          generated,
        );
        const single = (await loadDataDirectory(dir)).dataSet.versions[0]!.documents;
        const together = dataSet.versions.find((version) => version.id === id)!.documents.map(servedDocument);
        expect(JSON.stringify(together.map(withoutRanks))).toBe(JSON.stringify(single.map(withoutRanks)));
      }
      // A taxon's ancestors are its parent's list with itself, the same list; and where they are
      // what they were in the version read before, that version's list.
      const [first, second] = dataSet.versions.map((version) => new Map(version.documents.map((d) => [d.id, d])));
      for (const doc of first!.values()) {
        const parent = doc.parents!.at(-1);
        if (parent !== undefined) expect(doc.parents).toBe(first!.get(parent)!.parentsIncludeSelf);
      }
      const kept = [...second!.values()].filter((doc) => {
        const before = first!.get(doc.id);
        return before !== undefined && doc.parentsIncludeSelf === before.parentsIncludeSelf;
      });
      const equal = [...second!.values()].filter(
        (doc) => JSON.stringify(doc.parentsIncludeSelf) === JSON.stringify(first!.get(doc.id)?.parentsIncludeSelf),
      );
      expect(kept.length).toBe(equal.length);
      expect(kept.length).toBeGreaterThan(second!.size / 2);
    } finally {
      await rm(generated, { recursive: true, force: true });
    }
  });
});
