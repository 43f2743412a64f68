/** Sharing values between versions changes no document (`loaders/shared-values.ts`). */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { ValueSharing } from '../../loaders/shared-values.ts';
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

function versionsOf(rows: [Record<string, unknown>, Record<string, unknown>, string][]): Doc[][] {
  const first = rows.map(([a], i) => ({ id: IDS[i]!, ...a }));
  const second = rows.map(([a, b, how], i) => {
    const copy = structuredClone({ id: IDS[i]!, ...a }) as Doc;
    if (how === 'copy') return copy;
    return how === 'edit' ? Object.assign(copy, structuredClone(b)) : ({ id: IDS[i]!, ...b } as Doc);
  });
  return [first, second, structuredClone(first)];
}

describe('sharing values between versions', () => {
  it('leaves every document as it was, keys in their order, on random versions', () => {
    fc.assert(
      fc.property(docs, fc.boolean(), (rows, frozen) => {
        const versions = versionsOf(rows);
        if (frozen) for (const doc of versions[1]!) Object.freeze(doc);
        const texts = versions.map((version) => JSON.stringify(version));
        const sharing = new ValueSharing();
        for (const version of versions) sharing.share(version);
        expect(versions.map((version) => JSON.stringify(version))).toEqual(texts);
      }),
    );
  });

  it('keeps an equal value written in another key order as it is', () => {
    const sharing = new ValueSharing();
    sharing.share([{ id: 'MX.1', vernacularName: { fi: 'talitiainen', sv: 'talgoxe' } }]);
    const [later] = sharing.share([{ id: 'MX.1', vernacularName: { sv: 'talgoxe', fi: 'talitiainen' } }]);
    expect(JSON.stringify(later)).toBe('{"id":"MX.1","vernacularName":{"sv":"talgoxe","fi":"talitiainen"}}');
  });
});

/** Documents with each number that only orders them replaced by its place among the version's. */
function ordinals(docs: readonly object[]): object[] {
  const fields = ['taxonomicOrder', 'scientificNameSortRank', 'finnishNameSortRank'];
  const places = fields.map((field) => {
    const values = [...new Set(docs.map((doc) => (doc as Record<string, number>)[field]))].filter(
      (v) => v !== undefined,
    );
    values.sort((a, b) => a - b);
    return new Map(values.map((value, i) => [value, i]));
  });
  return docs.map((doc) => {
    const copy: Record<string, unknown> = { ...doc };
    fields.forEach((field, f) => {
      if (copy[field] !== undefined) copy[field] = places[f]!.get(copy[field] as number);
    });
    return copy;
  });
}

describe('a data directory of several versions', () => {
  it('holds a taxon that did not change once: the same document in both versions', async () => {
    const { dataSet } = await loadDataDirectory(FIXTURE_DIR);
    const [current, older] = dataSet.versions.map((v) => new Map(v.documents.map((doc) => [doc.id, doc])));
    // Vulpes vulpes is the same in both; Bubo bubo is EN in MR.424, NT now; the wolf is renamed.
    expect(older!.get('MX.46587')).toBe(current!.get('MX.46587'));
    expect(older!.get('MX.28965')).not.toBe(current!.get('MX.28965'));
    expect(older!.get('MX.46549')).not.toBe(current!.get('MX.46549'));
    const shared = [...older!].filter(([id, doc]) => current!.get(id) === doc).length;
    expect(shared).toBeGreaterThan(older!.size / 2);
  });

  it('gives each version the documents it has loaded alone', async () => {
    const { dataSet } = await loadDataDirectory(FIXTURE_DIR);
    const older = await readFile(join(FIXTURE_DIR, 'MR.424.ndjson'), 'utf8');
    const alone = [
      await fixtureCopy({ 'MR.424.ndjson': null }),
      await fixtureCopy({ 'current.ndjson': older, 'MR.424.ndjson': null }),
    ];
    for (const [i, dir] of alone.entries()) {
      const { dataSet: one } = await loadDataDirectory(dir);
      // The same documents, their numbers (which only order them) in the same order.
      expect(JSON.stringify(ordinals(dataSet.versions[i]!.documents))).toBe(
        JSON.stringify(ordinals(one.versions[0]!.documents)),
      );
    }
  });
});
