import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadInto } from '../../src/runtime/open-engine.ts';
import { DataLoadError } from '../../loaders/problems.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';

describe('reloading the data', () => {
  let built: TestApp;
  beforeAll(async () => {
    built = await buildTestApp();
  });
  afterAll(async () => {
    await built.app.close();
    await removeTempDirs();
  });

  const total = async () => (await built.app.inject({ method: 'GET', url: '/taxa' })).json().total;

  it('refuses bad data and keeps serving what it served', async () => {
    const bad = await fixtureCopy({ 'current.ndjson': '{"id": "MX.1"}\n{"id": "MX.2", "isPartOf": "MX.3"}\n' });
    await expect(loadInto(built.engine, bad)).rejects.toBeInstanceOf(DataLoadError);
    expect(await total()).toBe(35);
    expect(await built.engine.versions()).toEqual(['current', 'MR.424']);
  });

  it('swaps in good data whole', async () => {
    const smaller = await fixtureCopy({
      'MR.424.ndjson': null,
      'current.ndjson': '{"id": "MX.1", "nameAccordingTo": "MR.1"}\n',
    });
    await loadInto(built.engine, smaller);
    expect(await total()).toBe(1);
    const old = await built.app.inject({ method: 'GET', url: '/taxa?checklistVersion=MR.424' });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe("Unknown checklistVersion 'MR.424'; loaded versions: current");
  });
});
