import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.ts';
import { createEmbeddedEngine } from '../../src/index/embedded-engine.ts';
import { VersionNotLoadedError, type SearchEngine } from '../../src/index/engine.ts';
import { createVersions } from '../../src/service/versions.ts';

function engineWith(versions: string[]): SearchEngine {
  const engine = createEmbeddedEngine();
  engine.replaceData({
    catalog: { informalTaxonGroups: [], checklistVersions: versions.map((id) => ({ id })) },
    versions: versions.map((id) => ({ id, indices: { taxa: [{ id: `${id}.1` }], names: [] } })),
  });
  return engine;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the version resolver', () => {
  it('searches a loaded version and refuses an unknown one, naming the parameter and the versions loaded', async () => {
    const versions = createVersions(engineWith(['current', 'MR.424']));
    expect((await versions.search('MR.424', 'taxa', {})).hits.hits.map((hit) => hit._id)).toEqual(['MR.424.1']);
    const error = await refusal(versions.search('MR.9', 'taxa', {}));
    expect(error.errorCode).toBe('UNKNOWN_CHECKLIST_VERSION');
    expect(error.message).toBe("Unknown checklistVersion 'MR.9'; loaded versions: current, MR.424");
    expect(error.issues).toEqual([
      { at: { parameter: 'checklistVersion' }, message: 'must be one of: current, MR.424' },
    ]);
  });

  it('answers a version dropped between resolving and searching as unknown, with the versions loaded now', async () => {
    const engine = engineWith(['current', 'MR.424']);
    let listed = ['current', 'MR.424'];
    const racing: SearchEngine = {
      ...engine,
      versions: async () => listed,
      search: async (ref) => {
        listed = ['current'];
        throw new VersionNotLoadedError(ref.version);
      },
    };
    const error = await refusal(createVersions(racing).search('MR.424', 'names', {}));
    expect(error.errorCode).toBe('UNKNOWN_CHECKLIST_VERSION');
    expect(error.message).toBe("Unknown checklistVersion 'MR.424'; loaded versions: current");
  });

  it('is what the embedded engine throws for a version it does not hold', async () => {
    await expect(engineWith(['current']).search({ version: 'MR.1', kind: 'taxa' }, {})).rejects.toBeInstanceOf(
      VersionNotLoadedError,
    );
  });
});
