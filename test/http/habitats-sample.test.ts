import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

interface Given {
  id: string;
  hiddenTaxon?: boolean;
  primaryHabitat?: { habitat?: string };
  secondaryHabitats?: { habitat?: string }[];
  latestRedListEvaluation?: { primaryHabitat?: { habitat?: string }; secondaryHabitats?: { habitat?: string }[] };
}

/**
 * The sample's habitats form FinBIF's hierarchy, where every code of forests begins with
 * `MKV.habitatM` (heath forests `MKV.habitatMk`, their dry type `MKV.habitatMkk`, …): read straight
 * from the file, the taxa of forests are those with such a code.
 */
const taxa = readFileSync('data/sample/current.ndjson', 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Given);
const forest = (habitat: { habitat?: string } | undefined) => habitat?.habitat?.startsWith('MKV.habitatM') === true;
const idsWhere = (test: (taxon: Given) => boolean) =>
  taxa
    .filter(test)
    .map((taxon) => taxon.id)
    .sort();

describe('habitat search strings on the sample', () => {
  let built: TestApp;
  beforeAll(async () => {
    built = await buildTestApp({ dataDir: 'data/sample' });
  });
  afterAll(async () => built?.app.close());

  const filtered = async (body: object) => {
    const response = await built.app.inject({
      method: 'POST',
      url: '/taxa?pageSize=1000&includeHidden=true&selectedFields=id',
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    return (response.json().results as { id: string }[]).map((taxon) => taxon.id).sort();
  };

  it('find the taxa of forests by their own habitats, primary or any', async () => {
    const primary = idsWhere((taxon) => forest(taxon.primaryHabitat));
    const any = idsWhere((taxon) => forest(taxon.primaryHabitat) || (taxon.secondaryHabitats ?? []).some(forest));
    expect(any.length).toBeGreaterThan(primary.length);
    expect(await filtered({ primaryHabitatSearchStrings: 'MKV.habitatM' })).toEqual(primary);
    expect(await filtered({ anyHabitatSearchStrings: 'MKV.habitatM' })).toEqual(any);
  });

  it("find the taxa evaluated as living in forests by their evaluation's habitats, in both interfaces", async () => {
    const evaluated = (test: (e: NonNullable<Given['latestRedListEvaluation']>) => boolean) =>
      idsWhere((taxon) => taxon.latestRedListEvaluation !== undefined && test(taxon.latestRedListEvaluation));
    const primary = evaluated((e) => forest(e.primaryHabitat));
    const any = evaluated((e) => forest(e.primaryHabitat) || (e.secondaryHabitats ?? []).some(forest));
    expect(primary.length).toBeGreaterThan(3);
    expect(any.length).toBeGreaterThan(primary.length);
    expect(await filtered({ 'latestRedListEvaluation.primaryHabitatSearchStrings': 'MKV.habitatM' })).toEqual(primary);
    expect(await filtered({ 'latestRedListEvaluation.anyHabitatSearchStrings': 'MKV.habitatM' })).toEqual(any);
    const legacy = await built.app.inject({
      url: '/v0/taxa?latestRedListEvaluation.anyHabitat=MKV.habitatM&includeHidden=true&pageSize=1000&selectedFields=id',
    });
    expect((legacy.json().results as { id: string }[]).map((taxon) => taxon.id).sort()).toEqual(any);
  });

  it('answer an evaluation as given, its search strings kept for filtering', async () => {
    const response = await built.app.inject({ url: '/taxa/MX.34535?includeRedListEvaluations=true' });
    const evaluation = response.json().latestRedListEvaluation;
    expect(evaluation.primaryHabitat).toEqual({ habitat: 'MKV.habitatMk' });
    expect(evaluation).not.toHaveProperty('primaryHabitatSearchStrings');
    expect(evaluation).not.toHaveProperty('anyHabitatSearchStrings');
  });
});
