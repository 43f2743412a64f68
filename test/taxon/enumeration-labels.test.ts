/**
 * The bundled labels of the enumerations: the file reads and passes its checks, every enumeration
 * value the sample's taxa hold has a label, and a broken file is an error that names the file and
 * each place that is wrong.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENUMERATION_LABELS_FILE,
  enumerationLabels,
  readEnumerationLabels,
} from '../../src/taxon/enumeration-labels.ts';
import { TAXON_RANKS } from '../../src/taxon/ranks.ts';
import { SAMPLE_DIR } from '../helpers/browser.ts';

describe('the bundled enumeration labels', () => {
  const labels = enumerationLabels();
  const ids = (alt: string) => (labels[alt] ?? []).map((value) => value.id);

  it('label the enumerations of the taxon documents in Finnish, Swedish and English', () => {
    const threeLanguages = Object.keys(labels).filter((alt) => labels[alt]!.some(({ value }) => value.sv));
    expect(threeLanguages).toEqual([
      'MKV.habitatEnum',
      'MKV.habitatSpecificTypeEnum',
      'MX.adminStatusEnum',
      'MX.iucnStatuses',
      'MX.secureLevels',
      'MX.taxonRankEnum',
      'MX.threatenedStatusEnum',
      'MX.typeOfOccurrenceEnum',
    ]);
    for (const alt of threeLanguages) {
      // Finnish and English always; the real API lacks Swedish for a few (MX.cultivar, types of occurrence).
      expect(
        labels[alt]!.filter(({ value }) => !value.fi || !value.en),
        alt,
      ).toEqual([]);
      expect(labels[alt]!.filter(({ value }) => value.sv).length / labels[alt]!.length, alt).toBeGreaterThan(0.5);
    }
    // The others have the English labels of the editing model.
    for (const alt of Object.keys(labels).filter((name) => !threeLanguages.includes(name)))
      expect(
        labels[alt]!.filter(({ value }) => !value.en),
        alt,
      ).toEqual([]);
    expect(labels['MX.iucnStatuses']!.find(({ id }) => id === 'MX.iucnEN')?.value).toEqual({
      fi: 'EN – Erittäin uhanalaiset',
      sv: 'EN – Starkt hotad',
      en: 'EN – Endangered',
    });
  });

  it('keep the order of the ranks the checklist sorts by', () => {
    expect(ids('MX.taxonRankEnum')).toEqual([...TAXON_RANKS]);
  });

  it('label every enumeration value the sample taxa hold', () => {
    const labelled = new Set(Object.values(labels).flatMap((values) => values.map(({ id }) => id)));
    const unlabelled = new Set<string>();
    const need = (value: unknown) => {
      if (typeof value === 'string' && !labelled.has(value)) unlabelled.add(value);
    };
    for (const line of readFileSync(join(SAMPLE_DIR, 'current.ndjson'), 'utf8').split('\n')) {
      if (line === '') continue;
      const taxon = JSON.parse(line);
      need(taxon.taxonRank);
      need(taxon.latestRedListStatusFinland?.status);
      need(taxon.occurrenceInFinland);
      need(taxon.secureLevel);
      need(taxon.invasiveSpeciesEstablishment);
      need(taxon.primaryHabitat?.habitat);
      for (const habitat of [taxon.primaryHabitat, ...(taxon.secondaryHabitats ?? [])])
        for (const type of habitat?.habitatSpecificTypes ?? []) need(type);
      for (const field of ['administrativeStatuses', 'typeOfOccurrenceInFinland', 'taxonSets'])
        for (const value of taxon[field] ?? []) need(value);
      for (const status of taxon.redListStatusesInFinland ?? []) need(status.status);
    }
    expect([...unlabelled]).toEqual([]);
  });

  it('name the broader habitat of a habitat (altParent) among the habitats', () => {
    const habitats = labels['MKV.habitatEnum']!;
    expect(habitats.find(({ id }) => id === 'MKV.habitatMk')?.altParent).toBe('MKV.habitatM');
    expect(habitats.filter(({ altParent }) => altParent !== undefined).length).toBeGreaterThan(50);
  });
});

describe('a broken file of enumeration labels', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'labels-test-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  /** The error of reading `text` as the labels file. */
  const errorOf = async (text: string) => {
    const file = join(dir, 'labels.json');
    await writeFile(file, text);
    try {
      readEnumerationLabels(file);
    } catch (error) {
      return { file, message: (error as Error).message };
    }
    throw new Error('the file was read');
  };

  it('is refused with the file and every place that is wrong', async () => {
    const { file, message } = await errorOf(
      JSON.stringify({
        alts: {
          'MX.iucnStatuses': [
            { id: 'MX.iucnEN', value: { fi: 'EN', de: 'EN – Stark gefährdet' } },
            { id: 'MX.iucnEN', value: { en: '' } },
          ],
          'MKV.habitatEnum': [{ id: 'MKV.habitatMk', value: { en: 'heath forests' }, altParent: 'MKV.habitatM' }],
          'MX.emptyEnum': [],
        },
      }),
    );
    expect(message.split('\n')[0]).toBe(`${file}: not a file of enumeration labels:`);
    expect(message).toContain('/alts/MX.iucnStatuses/0/value: Unrecognized key: "de"');
    expect(message).toContain('/alts/MX.iucnStatuses/1/value/en: must not be empty');
    expect(message).toContain("/alts/MX.iucnStatuses/1/id: 'MX.iucnEN' is listed twice");
    expect(message).toContain('/alts/MKV.habitatEnum/0/altParent: must be a value of this enumeration');
    expect(message).toContain('/alts/MX.emptyEnum: must list at least one value');
  });

  it('is refused, named, when it is not JSON', async () => {
    const { file, message } = await errorOf('{"alts": {');
    expect(message.startsWith(`${file}: `)).toBe(true);
    expect(message).toMatch(/JSON/);
  });

  it('is the bundled file, which passes', () => {
    expect(Object.keys(readEnumerationLabels(ENUMERATION_LABELS_FILE))).toEqual(Object.keys(enumerationLabels()));
  });
});
