/**
 * The one place a request's checklist version is resolved: every search of the services goes
 * through `search` here, and an unknown version is answered here, naming the versions loaded.
 * A version a reload dropped after it was resolved is reported by the engine
 * (`VersionNotLoadedError`) and answered the same way.
 */
import { AppError } from '../errors.ts';
import {
  VersionNotLoadedError,
  type IndexKind,
  type SearchBody,
  type SearchEngine,
  type SearchResult,
} from '../index/engine.ts';

export type Versions = ReturnType<typeof createVersions>;

/** The parameter a version comes in when the request does not say otherwise. */
const VERSION_PARAMETER = 'checklistVersion';

function unknownVersion(version: string, loaded: readonly string[], parameter: string): AppError {
  const what =
    parameter === VERSION_PARAMETER
      ? `Unknown checklistVersion '${version}'`
      : `${parameter}: unknown checklist version '${version}'`;
  return new AppError('UNKNOWN_CHECKLIST_VERSION', `${what}; loaded versions: ${loaded.join(', ')}`, [
    { at: { parameter }, message: `must be one of: ${loaded.join(', ')}` },
  ]);
}

export function createVersions(engine: SearchEngine) {
  /** `parameter` names where the version came from, for the error (`from`, `to`, …). */
  async function resolve(version: string, parameter = VERSION_PARAMETER): Promise<string> {
    const loaded = await engine.versions();
    if (loaded.includes(version)) return version;
    throw unknownVersion(version, loaded, parameter);
  }

  return {
    resolve,

    /** @example await versions.search('MR.424', 'taxa', { size: 0 }) */
    async search<T>(
      version: string,
      kind: IndexKind,
      body: SearchBody,
      parameter = VERSION_PARAMETER,
    ): Promise<SearchResult<T>> {
      const resolved = await resolve(version, parameter);
      try {
        return await engine.search<T>({ version: resolved, kind }, body);
      } catch (error) {
        if (error instanceof VersionNotLoadedError) throw unknownVersion(version, await engine.versions(), parameter);
        throw error;
      }
    },
  };
}
