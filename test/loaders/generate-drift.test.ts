import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateChecklist, writeSyntheticDataDirectory } from '../../generate/index.ts';
import { givenTaxonOf } from '../../loaders/derive.ts';
import { loadDataDirectory } from '../../loaders/load-data-dir.ts';
import { CHANGE_TYPES, compareVersions, type ChangeRecord, type ChangeType } from '../../src/taxon/changes.ts';
import type { Taxon } from '../../src/taxon/schema.ts';

/** Newest first: consecutive entries are consecutive versions by date. */
const BY_DATE = ['current', 'MR.428', 'MR.484', 'MR.424', 'MR.425', 'MR.426', 'MR.427'];
const TAXA = 20_000;
const SEED = 11;
const SYNONYM_FIELDS = ['synonyms', 'basionyms', 'heterotypicSynonyms', 'misappliedNames'] as const;
/** Red-list fields: an older red-list version lacks the later assessments, far more than 3 % of taxa. */
const RED_LIST_FIELD = /^(redListStatusesInFinland|latestRedListStatusFinland)(\.|$)/;

type Changes = ChangeRecord<Taxon>[];

/** Taxa of a kind of change; `changed` counts the field edits other than the red-list history. */
function count(changes: Changes, kind: ChangeType): number {
  if (kind !== 'changed') return changes.filter((change) => change.changeTypes.includes(kind)).length;
  const edited = (field: string): boolean =>
    field !== 'scientificName' && field !== 'isPartOf' && !RED_LIST_FIELD.test(field);
  return changes.filter((change) => change.fields.some(edited)).length;
}

describe('generated checklist versions drift like real ones', () => {
  let dir: string;
  const given = new Map<string, Taxon[]>();
  /** `${from}>${to}` → the changes. */
  const compared = new Map<string, Changes>();
  const compare = (from: string, to: string): Changes => {
    const key = `${from}>${to}`;
    let changes = compared.get(key);
    if (changes === undefined) compared.set(key, (changes = compareVersions(given.get(from)!, given.get(to)!)));
    return changes;
  };
  const consecutive = BY_DATE.slice(1).map((older, i) => [older, BY_DATE[i]!] as const);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'taxa-drift-'));
    await writeSyntheticDataDirectory(join(dir, 'a'), { taxa: TAXA, seed: SEED, versions: BY_DATE });
    // Refuses the directory on any problem: duplicate ids, parents that do not resolve, cycles.
    const { dataSet } = await loadDataDirectory(join(dir, 'a'));
    for (const version of dataSet.versions) given.set(version.id, version.documents.map(givenTaxonOf));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('loads every version, each of about the same size', () => {
    expect([...given.keys()].sort()).toEqual([...BY_DATE].sort());
    expect(given.get('current')).toHaveLength(TAXA);
    for (const taxa of given.values()) expect(Math.abs(taxa.length - TAXA) / TAXA).toBeLessThan(0.05);
  });

  it.each(consecutive)('%s → %s: every kind of change at 0.3–3 % of the taxa', (older, newer) => {
    const changes = compare(older, newer);
    for (const kind of CHANGE_TYPES) {
      const rate = count(changes, kind) / TAXA;
      expect(rate, kind).toBeGreaterThanOrEqual(0.003);
      expect(rate, kind).toBeLessThanOrEqual(0.03);
    }
    const revised = changes.filter((change) => change.fields.includes('redListStatusesInFinland'));
    expect(revised.length).toBeGreaterThan(0);
  });

  it('farther versions differ more, cumulatively', () => {
    for (const kind of CHANGE_TYPES) {
      const toCurrent = BY_DATE.slice(1).map((older) => count(compare(older, 'current'), kind));
      for (let i = 1; i < toCurrent.length; i++)
        expect(toCurrent[i]!, `${kind} from ${BY_DATE[i + 1]}`).toBeGreaterThan(toCurrent[i - 1]!);
      const steps = consecutive.map(([older, newer]) => count(compare(older, newer), kind));
      expect(toCurrent.at(-1)!, kind).toBeGreaterThan(3 * Math.max(...steps));
    }
  });

  it("keeps a renamed taxon's old name among its synonyms in the newer version", () => {
    for (const [older, newer] of [...consecutive, ['MR.427', 'current'] as const]) {
      const renamed = compare(older, newer).filter((change) => change.changeTypes.includes('renamed'));
      expect(renamed.length).toBeGreaterThan(0);
      for (const { id, from, to } of renamed) {
        const synonyms = SYNONYM_FIELDS.flatMap((field) =>
          (to?.[field] ?? []).map((synonym) => synonym.scientificName),
        );
        expect(synonyms, `${id} in ${newer}`).toContain(from?.scientificName);
        expect(to?.taxonRank).toMatch(/^MX\.(species|subspecies)$/);
      }
    }
  });

  it('adds leaves, removes leaves with fresh ids, and moves taxa under a parent of the same rank', () => {
    const currentIds = new Set(given.get('current')!.map((taxon) => taxon.id));
    for (const [older, newer] of consecutive) {
      const parents = (version: string) => new Set(given.get(version)!.map((taxon) => taxon.isPartOf));
      const byId = (version: string) => new Map(given.get(version)!.map((taxon) => [taxon.id, taxon]));
      const [olderParents, newerParents, olderTaxa, newerTaxa] = [
        parents(older),
        parents(newer),
        byId(older),
        byId(newer),
      ];
      for (const change of compare(older, newer)) {
        if (change.changeTypes.includes('added')) expect(newerParents.has(change.id), change.id).toBe(false);
        if (change.changeTypes.includes('removed')) {
          expect(olderParents.has(change.id), change.id).toBe(false);
          expect(currentIds.has(change.id), change.id).toBe(false);
          expect(newerTaxa.has(change.from!.isPartOf!), change.id).toBe(true);
          expect(change.from?.scientificName).toMatch(/^[A-Z][a-z]+ [a-zåäöü]+$/);
        }
        if (change.changeTypes.includes('moved')) {
          const before = olderTaxa.get(change.from!.isPartOf!);
          const after = newerTaxa.get(change.to!.isPartOf!);
          expect(before?.taxonRank, change.id).toBe(after?.taxonRank);
        }
      }
    }
  });

  it('is deterministic: the same seed writes the same files, each version the same alone', async () => {
    await writeSyntheticDataDirectory(join(dir, 'b'), { taxa: TAXA, seed: SEED, versions: BY_DATE });
    for (const version of BY_DATE) {
      const file = `${version}.ndjson`;
      expect(await readFile(join(dir, 'b', file), 'utf8'), file).toBe(await readFile(join(dir, 'a', file), 'utf8'));
    }
    const alone = Array.from(generateChecklist({ taxa: TAXA, seed: SEED }).versionTaxa('MR.425'), (taxon) =>
      JSON.stringify(taxon),
    );
    expect(alone.join('\n')).toBe((await readFile(join(dir, 'a', 'MR.425.ndjson'), 'utf8')).trimEnd());
  });
});
