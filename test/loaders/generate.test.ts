import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateChecklist, writeSyntheticDataDirectory } from '../../generate/index.ts';
import { runGenerate } from '../../src/cli/generate.ts';
import { derivedFields, taxonSchema, type Taxon } from '../../src/taxon/schema.ts';

const ROOT_ID = 'MX.37600';
const SYNONYM_FIELDS = ['synonyms', 'basionyms', 'heterotypicSynonyms', 'misappliedNames'] as const;
const OTHER_NAME_FIELDS = ['alternativeVernacularName', 'obsoleteVernacularName', 'colloquialVernacularName'] as const;

const lines = (taxa: Iterable<Taxon>): string[] => Array.from(taxa, (taxon) => JSON.stringify(taxon));

/** Every name literal the search indexes for a taxon (section 7 of the design). */
function nameLiterals(taxon: Taxon): number {
  let count = taxon.scientificName ? 1 : 0;
  count += Object.values(taxon.vernacularName ?? {}).filter(Boolean).length;
  for (const field of OTHER_NAME_FIELDS) {
    for (const names of Object.values(taxon[field] ?? {})) count += names?.length ?? 0;
  }
  for (const field of SYNONYM_FIELDS) count += taxon[field]?.length ?? 0;
  if (taxon.birdlifeCode) count++;
  if (taxon.euringCode) count++;
  return count;
}

describe('generateChecklist', () => {
  let taxa: Taxon[];
  let byId: Map<string, Taxon>;

  beforeAll(() => {
    taxa = [...generateChecklist({ taxa: 6000, seed: 42 }).taxa()];
    byId = new Map(taxa.map((taxon) => [taxon.id, taxon]));
  });

  it('is deterministic: same seed, same output; another seed, another output', () => {
    const first = lines(generateChecklist({ taxa: 2500, seed: 7 }).taxa());
    const second = lines(generateChecklist({ taxa: 2500, seed: 7 }).taxa());
    const other = lines(generateChecklist({ taxa: 2500, seed: 8 }).taxa());
    expect(second).toEqual(first);
    expect(other).not.toEqual(first);
    expect(other.filter((line, i) => line === first[i]).length).toBeLessThan(10);
  });

  it('gives the same taxa on every iteration and defaults the seed to 1', () => {
    const checklist = generateChecklist({ taxa: 800 });
    expect(lines(checklist.taxa())).toEqual(lines(checklist.taxa()));
    expect(lines(checklist.taxa())).toEqual(lines(generateChecklist({ taxa: 800, seed: 1 }).taxa()));
  });

  it.each([1, 2, 10, 57, 1000, 12_345])('writes exactly %i taxa', (size) => {
    let count = 0;
    for (const taxon of generateChecklist({ taxa: size, seed: 3 }).taxa()) count += taxon.id ? 1 : 0;
    expect(count).toBe(size);
  });

  it('rejects sizes that are not positive integers', () => {
    expect(() => generateChecklist({ taxa: 0 })).toThrow(/taxa/);
    expect(() => generateChecklist({ taxa: 2.5 })).toThrow(/taxa/);
  });

  it('produces lines valid against the taxon schema, without derived fields', () => {
    for (const taxon of taxa) {
      const parsed = taxonSchema.safeParse(JSON.parse(JSON.stringify(taxon)));
      expect(parsed.success, `${taxon.id}: ${parsed.error?.message}`).toBe(true);
      for (const field of Object.keys(derivedFields)) expect(taxon).not.toHaveProperty(field);
      expect(taxon).not.toHaveProperty('species');
    }
  });

  it('gives unique ids to taxa and synonyms', () => {
    const ids = taxa.map((taxon) => taxon.id);
    const synonymIds = taxa.flatMap((taxon) =>
      SYNONYM_FIELDS.flatMap((field) => (taxon[field] ?? []).map((s) => s.id)),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set([...ids, ...synonymIds]).size).toBe(ids.length + synonymIds.length);
    for (const id of ids) expect(id).toMatch(/^MX\.\d+$/);
  });

  it('forms one tree: one root, every parent resolves and comes first, no cycles', () => {
    const roots = taxa.filter((taxon) => taxon.isPartOf === undefined);
    expect(roots.map((taxon) => taxon.id)).toEqual([ROOT_ID]);
    expect(taxa[0]?.id).toBe(ROOT_ID);
    expect(taxa[0]?.scientificName).toBe('Biota');
    const seen = new Set<string>();
    for (const taxon of taxa) {
      if (taxon.isPartOf !== undefined) {
        expect(byId.has(taxon.isPartOf), `${taxon.id} → ${taxon.isPartOf}`).toBe(true);
        expect(seen.has(taxon.isPartOf), `${taxon.id}: parent after child`).toBe(true);
      }
      seen.add(taxon.id);
    }
    for (const taxon of taxa) {
      let current: Taxon | undefined = taxon;
      let steps = 0;
      while (current?.isPartOf !== undefined && steps <= taxa.length) {
        current = byId.get(current.isPartOf);
        steps++;
      }
      expect(current?.id).toBe(ROOT_ID);
    }
  });

  it('has a realistic shape: mostly species, some subspecies, depth about 8–10', () => {
    const share = (rank: string): number => taxa.filter((taxon) => taxon.taxonRank === rank).length / taxa.length;
    expect(share('MX.species')).toBeGreaterThan(0.55);
    expect(share('MX.species')).toBeLessThan(0.75);
    expect(share('MX.subspecies')).toBeGreaterThan(0.02);
    for (const rank of ['MX.kingdom', 'MX.phylum', 'MX.class', 'MX.order', 'MX.family', 'MX.genus']) {
      expect(share(rank), rank).toBeGreaterThan(0);
    }
    const depth = new Map<string, number>();
    for (const taxon of taxa) depth.set(taxon.id, taxon.isPartOf ? (depth.get(taxon.isPartOf) ?? 0) + 1 : 0);
    const deepest = Math.max(...depth.values());
    expect(deepest).toBeGreaterThanOrEqual(8);
    expect(deepest).toBeLessThanOrEqual(13);
  });

  it('builds Latin-shaped names: species = genus + epithet, subspecies = species + epithet', () => {
    for (const taxon of taxa) {
      const parent = taxon.isPartOf ? byId.get(taxon.isPartOf) : undefined;
      if (taxon.taxonRank === 'MX.genus') expect(taxon.scientificName).toMatch(/^[A-Z][a-z]+$/);
      if (taxon.taxonRank === 'MX.family') expect(taxon.scientificName).toMatch(/(idae|aceae)$/);
      if (taxon.taxonRank === 'MX.species' && parent?.taxonRank === 'MX.genus') {
        expect(taxon.scientificName).toMatch(new RegExp(`^${parent.scientificName} [a-zåäöü]+$`));
      }
      if (taxon.taxonRank === 'MX.subspecies')
        expect(taxon.scientificName?.startsWith(`${parent?.scientificName} `)).toBe(true);
      if (taxon.taxonRank !== undefined) {
        expect(taxon.nameAccordingTo).toBe('MR.1');
        expect(taxon.scientificNameAuthorship).toBeTruthy();
      }
    }
  });

  it('has hidden taxa (about 1–2 %), each with non-hidden children', () => {
    const hidden = taxa.filter((taxon) => taxon.hiddenTaxon === true);
    expect(hidden.length / taxa.length).toBeGreaterThan(0.004);
    expect(hidden.length / taxa.length).toBeLessThan(0.04);
    for (const taxon of hidden) {
      const children = taxa.filter((child) => child.isPartOf === taxon.id);
      expect(children.length, taxon.id).toBeGreaterThan(0);
      expect(
        children.some((child) => child.hiddenTaxon !== true),
        taxon.id,
      ).toBe(true);
    }
  });

  it('writes Finnish and Swedish names with diacritics, and shares some names', () => {
    const fi = taxa.flatMap((taxon) => taxon.vernacularName?.fi ?? []);
    const sv = taxa.flatMap((taxon) => taxon.vernacularName?.sv ?? []);
    const diacritics = (names: string[]): number => names.filter((name) => /[äöå]/.test(name)).length / names.length;
    expect(fi.length / taxa.length).toBeGreaterThan(0.4);
    expect(diacritics(fi)).toBeGreaterThan(0.3);
    expect(diacritics(sv)).toBeGreaterThan(0.3);
    expect(new Set(fi).size).toBeLessThan(fi.length);
    const fiOnly = taxa.filter(
      (taxon) => taxon.vernacularName?.fi && !taxon.vernacularName.sv && !taxon.vernacularName.en,
    );
    expect(fiOnly.length).toBeGreaterThan(0);
  });

  it('has synonyms on about a fifth of the species, with their own ids and authorship', () => {
    const species = taxa.filter((taxon) => taxon.taxonRank === 'MX.species');
    const withSynonyms = species.filter((taxon) => SYNONYM_FIELDS.some((field) => taxon[field] !== undefined));
    expect(withSynonyms.length / species.length).toBeGreaterThan(0.12);
    expect(withSynonyms.length / species.length).toBeLessThan(0.3);
    for (const field of SYNONYM_FIELDS)
      expect(
        species.some((taxon) => taxon[field] !== undefined),
        field,
      ).toBe(true);
    for (const taxon of withSynonyms) {
      for (const field of SYNONYM_FIELDS) {
        for (const synonym of taxon[field] ?? []) {
          expect(Object.keys(synonym).sort()).toEqual(['id', 'scientificName', 'scientificNameAuthorship']);
        }
      }
    }
  });

  it('gives at least 2.5 name literals per taxon on average', () => {
    const total = taxa.reduce((sum, taxon) => sum + nameLiterals(taxon), 0);
    expect(total / taxa.length).toBeGreaterThanOrEqual(2.5);
    expect(taxa.some((taxon) => OTHER_NAME_FIELDS.some((field) => taxon[field] !== undefined))).toBe(true);
  });

  it('sets statuses on realistic shares of species', () => {
    const species = taxa.filter((taxon) => taxon.taxonRank === 'MX.species');
    const share = (test: (taxon: Taxon) => boolean): number => species.filter(test).length / species.length;
    expect(share((t) => t.latestRedListStatusFinland !== undefined)).toBeGreaterThan(0.08);
    expect(share((t) => t.latestRedListStatusFinland?.status === 'MX.iucnLC')).toBeGreaterThan(
      share((t) => t.latestRedListStatusFinland?.status === 'MX.iucnEN'),
    );
    expect(share((t) => t.administrativeStatuses !== undefined)).toBeGreaterThan(0.02);
    expect(share((t) => t.invasiveSpecies === true && t.invasiveSpeciesEstablishment !== undefined)).toBeGreaterThan(
      0.002,
    );
    expect(share((t) => t.primaryHabitat?.habitat?.startsWith('MKV.habitat') === true)).toBeGreaterThan(0.12);
    expect(share((t) => t.typeOfOccurrenceInFinland !== undefined)).toBeGreaterThan(0.3);
    expect(share((t) => t.finnish === true)).toBeGreaterThan(0.5);
  });

  it('puts informal groups on class and order taxa, from the groups list', () => {
    const checklist = generateChecklist({ taxa: 6000, seed: 42 });
    const groupIds = new Set(checklist.informalTaxonGroups.map((group) => group.id));
    expect(groupIds.size).toBeGreaterThanOrEqual(15);
    for (const group of checklist.informalTaxonGroups) {
      expect(group.name.fi && group.name.sv && group.name.en).toBeTruthy();
      for (const sub of group.hasSubGroup ?? []) expect(groupIds.has(sub), sub).toBe(true);
    }
    const grouped = taxa.filter((taxon) => taxon.informalTaxonGroups !== undefined);
    expect(grouped.length).toBeGreaterThan(0);
    for (const taxon of grouped) {
      expect(['MX.class', 'MX.order']).toContain(taxon.taxonRank);
      for (const id of taxon.informalTaxonGroups ?? []) expect(groupIds.has(id), id).toBe(true);
    }
  });

  it('lists red-list evaluation groups whose subgroups and informal groups are in the lists', () => {
    const checklist = generateChecklist({ taxa: 10 });
    const informal = new Set(checklist.informalTaxonGroups.map((group) => group.id));
    const redList = new Set(checklist.redListEvaluationGroups.map((group) => group.id));
    expect(redList.size).toBe(checklist.redListEvaluationGroups.length);
    expect([...redList].filter((id) => informal.has(id))).toEqual([]);
    for (const group of checklist.redListEvaluationGroups) {
      expect(group.name.fi && group.name.sv && group.name.en).toBeTruthy();
      for (const sub of group.hasIucnSubGroup ?? []) expect(redList.has(sub), sub).toBe(true);
      for (const id of group.includesInformalTaxonGroup ?? []) expect(informal.has(id), id).toBe(true);
    }
  });

  it('derives other versions from the current taxa: most in the same place, some statuses changed', () => {
    const checklist = generateChecklist({ taxa: 4000, seed: 5 });
    const current = [...checklist.taxa()];
    const old = [...checklist.versionTaxa('MR.427')];
    // The tree drifts between versions (generate-drift.test.ts): most taxa keep their id and parent.
    const parentOf = new Map(old.map((t) => [t.id, t.isPartOf]));
    const kept = current.filter((t) => parentOf.has(t.id) && parentOf.get(t.id) === t.isPartOf);
    expect(kept.length / current.length).toBeGreaterThan(0.85);
    expect(kept.length).toBeLessThan(current.length);
    for (const taxon of old)
      expect(taxonSchema.safeParse(JSON.parse(JSON.stringify(taxon))).success, taxon.id).toBe(true);
    expect(lines(old)).not.toEqual(lines(current));
    expect(old.every((t) => (t.latestRedListStatusFinland?.year ?? 0) <= 2000)).toBe(true);
    expect(lines(checklist.versionTaxa('MR.427'))).toEqual(lines(old));
    expect(() => checklist.versionTaxa('MR.999')).toThrow(/MR\.999/);
  });
});

describe('writeSyntheticDataDirectory and the CLI', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'taxa-generate-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const quiet = (): { out: string[]; err: string[]; restore: () => void } => {
    const out: string[] = [];
    const err: string[] = [];
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0);
    const restore = () => {
      stdout.mockRestore();
      stderr.mockRestore();
    };
    return { out, err, restore };
  };

  it('writes the same files for the same seed', async () => {
    const a = await writeSyntheticDataDirectory(join(dir, 'a'), { taxa: 700, seed: 9 });
    const b = await writeSyntheticDataDirectory(join(dir, 'b'), { taxa: 700, seed: 9 });
    expect(a.taxa).toBe(700);
    expect(a.files.map((file) => basename(file))).toEqual([
      'informal-taxon-groups.json',
      'red-list-evaluation-groups.json',
      'checklist-versions.json',
      'current.ndjson',
    ]);
    expect(b.files.map((file) => basename(file))).toEqual(a.files.map((file) => basename(file)));
    expect(await readFile(join(dir, 'a', 'current.ndjson'), 'utf8')).toBe(
      await readFile(join(dir, 'b', 'current.ndjson'), 'utf8'),
    );
  });

  it('writes a data directory through runGenerate', async () => {
    const out = join(dir, 'cli');
    const io = quiet();
    const code = await runGenerate(['--taxa', '1500', '--seed', '3', '--out', out, '--versions', 'current,MR.424']);
    io.restore();
    expect(code).toBe(0);
    expect((await readdir(out)).sort()).toEqual([
      'MR.424.ndjson',
      'checklist-versions.json',
      'current.ndjson',
      'informal-taxon-groups.json',
      'red-list-evaluation-groups.json',
    ]);
    expect(io.out.join('')).toMatch(/1500 taxa.*5 files/);
    const current = (await readFile(join(out, 'current.ndjson'), 'utf8')).trimEnd().split('\n');
    expect(current).toHaveLength(1500);
    expect(current).toEqual(lines(generateChecklist({ taxa: 1500, seed: 3 }).taxa()));
    const versions = JSON.parse(await readFile(join(out, 'checklist-versions.json'), 'utf8')) as { id: string }[];
    expect(versions.map((version) => version.id)).toEqual(['current', 'MR.424']);
    const groups = JSON.parse(await readFile(join(out, 'informal-taxon-groups.json'), 'utf8')) as { id: string }[];
    expect(groups.length).toBeGreaterThanOrEqual(15);
  });

  it('writes gzip when asked', async () => {
    const out = join(dir, 'gz');
    const io = quiet();
    const code = await runGenerate(['--taxa', '300', '--out', out, '--gzip']);
    io.restore();
    expect(code).toBe(0);
    const text = gunzipSync(await readFile(join(out, 'current.ndjson.gz'))).toString('utf8');
    expect(text.trimEnd().split('\n')).toEqual(lines(generateChecklist({ taxa: 300 }).taxa()));
  });

  it.each([
    [['--taxa', 'many', '--out', 'x'], /--taxa/],
    [['--taxa', '0', '--out', 'x'], /--taxa/],
    [['--seed', '-1', '--out', 'x'], /--seed/],
    [['--taxa', '10'], /--out/],
    [['--out', 'x', '--versions', 'current,MR.999'], /--versions.*MR\.999/],
    [['--out', 'x', '--colour'], /--colour/],
  ])('returns 2 for bad arguments %j, naming the option', async (argv, message) => {
    const io = quiet();
    const code = await runGenerate(argv);
    io.restore();
    expect(code).toBe(2);
    expect(io.err.join('')).toMatch(message);
  });

  it('prints usage for --help', async () => {
    const io = quiet();
    const code = await runGenerate(['--help']);
    io.restore();
    expect(code).toBe(0);
    expect(io.out.join('')).toMatch(/--taxa N/);
  });
});
