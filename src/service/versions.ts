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
  type SearchHit,
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

/** The indices of one resolved version: a request that searches a version several times resolves it once. */
export interface VersionIndices {
  readonly version: string;
  /**
   * `since`: for the `changes` kind, the pair's other version (`IndexRef.since`); `taxa`: the
   * only taxa the body asks about, when it names them (`IndexRef.taxa`).
   */
  search<T>(kind: IndexKind, body: SearchBody, since?: string, taxa?: readonly string[]): Promise<SearchResult<T>>;
  /** The engine's walk over every hit of `body` (`SearchEngine.walk`), when it has one. */
  walk?<T>(kind: IndexKind, body: SearchBody, since?: string): AsyncGenerator<SearchHit<T>[], void, undefined>;
}

export function createVersions(engine: SearchEngine) {
  /**
   * The indices of `version`, or the unknown-version error; `parameter` names where the version
   * came from, for the error (`from`, `to`, …).
   *
   * @example const index = await versions.at('MR.424'); await index.search('taxa', { size: 0 })
   */
  async function at(version: string, parameter = VERSION_PARAMETER): Promise<VersionIndices> {
    const loaded = await engine.versions();
    if (!loaded.includes(version)) throw unknownVersion(version, loaded, parameter);
    const refOf = (kind: IndexKind, since?: string, taxa?: readonly string[]) =>
      since === undefined ? { version, kind } : { version, kind, since, ...(taxa ? { taxa } : {}) };
    const answered = async (error: unknown) =>
      error instanceof VersionNotLoadedError ? unknownVersion(version, await engine.versions(), parameter) : error;
    const walk = engine.walk?.bind(engine);
    return {
      version,
      async search<T>(
        kind: IndexKind,
        body: SearchBody,
        since?: string,
        taxa?: readonly string[],
      ): Promise<SearchResult<T>> {
        try {
          return await engine.search<T>(refOf(kind, since, taxa), body);
        } catch (error) {
          throw await answered(error);
        }
      },
      ...(walk && {
        async *walk<T>(kind: IndexKind, body: SearchBody, since?: string) {
          try {
            yield* walk<T>(refOf(kind, since), body);
          } catch (error) {
            throw await answered(error);
          }
        },
      }),
    };
  }

  return {
    at,

    /** The engine's catalog: the same object until the data changes (a reload). */
    catalog: () => engine.catalog(),

    /** One search of a version: `at` then `search`. @example await versions.search('MR.424', 'taxa', { size: 0 }) */
    async search<T>(version: string, kind: IndexKind, body: SearchBody): Promise<SearchResult<T>> {
      return (await at(version)).search<T>(kind, body);
    },
  };
}
