/**
 * The one place a request's checklist version is resolved: every search of the services goes
 * through `search` here, and an unknown version is answered here, naming the versions loaded.
 * A version a reload dropped after it was resolved is reported by the engine
 * (`VersionNotLoadedError`) and answered the same way.
 */
import { AppError } from '../errors.ts';
import { VersionNotLoadedError, type IndexKind, type SearchBody, type SearchEngine, type SearchResult } from '../index/engine.ts';

export type Versions = ReturnType<typeof createVersions>;

function unknownVersion(version: string, loaded: readonly string[]): AppError {
  return new AppError('UNKNOWN_CHECKLIST_VERSION', `Unknown checklistVersion '${version}'; loaded versions: ${loaded.join(', ')}`, [
    { at: { parameter: 'checklistVersion' }, message: `must be one of: ${loaded.join(', ')}` },
  ]);
}

export function createVersions(engine: SearchEngine) {
  async function resolve(version: string): Promise<string> {
    const loaded = await engine.versions();
    if (loaded.includes(version)) return version;
    throw unknownVersion(version, loaded);
  }

  return {
    resolve,

    /** @example await versions.search('MR.424', 'taxa', { size: 0 }) */
    async search<T>(version: string, kind: IndexKind, body: SearchBody): Promise<SearchResult<T>> {
      const resolved = await resolve(version);
      try {
        return await engine.search<T>({ version: resolved, kind }, body);
      } catch (error) {
        if (error instanceof VersionNotLoadedError) throw unknownVersion(version, await engine.versions());
        throw error;
      }
    },
  };
}
