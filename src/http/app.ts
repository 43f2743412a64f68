/**
 * The Fastify application, built on an instance it is given (tests inject into it; only
 * `server.ts` listens). Tiers: error handling and access tokens, then services, then routes.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Fastify from 'fastify';
import { AppError } from '../errors.ts';
import type { SearchEngine } from '../index/engine.ts';
import { createCatalogService } from '../service/catalog-service.ts';
import { createChangesService } from '../service/changes-service.ts';
import { nameSearchOf } from '../service/search-service.ts';
import { createTaxaService } from '../service/taxa-service.ts';
import { createVersions } from '../service/versions.ts';
import { enumerationLabels } from '../taxon/enumeration-labels.ts';
import { registerAnswerDeadline } from './plugins/answer-deadline.ts';
import { createTokenCheck, registerAccessTokens } from './plugins/auth.ts';
import {
  answerClientError,
  collectMethodNotAllowed,
  errorBodyOf,
  registerErrorHandling,
  registerHostCheck,
  toAppError,
} from './plugins/error-handler.ts';
import { createExportSlots, DEFAULT_EXPORT_LIMITS, type ExportLimits } from './answers/export.ts';
import { registerCors } from './plugins/cors.ts';
import { parseQueryString } from './query-string.ts';
import { registerOneAtATime } from './plugins/one-at-a-time.ts';
import { registerStalledReaders } from './plugins/stalled-readers.ts';
import { registerOpenApi, registerOpenApiRoutes } from './openapi.ts';
import { registerOverloadProtection, registerRateLimit, type OverloadLimits } from './plugins/protection.ts';
import { DEFAULT_ANSWER_CACHE_BYTES, registerAnswerCache } from './plugins/answer-cache.ts';
import { serializerCompilerOf, validatorCompilerOf } from './route-schema.ts';
import { checklistVersionRoutes } from './routes/checklist-versions.ts';
import { checklistRoutes } from './routes/checklists.ts';
import { explorerRoutes } from './routes/explorer.ts';
import { healthRoutes } from './routes/health.ts';
import { informalGroupRoutes, redListGroupRoutes } from './routes/groups.ts';
import { metadataRoutes } from './routes/metadata.ts';
import { searchRoutes } from './routes/search.ts';
import { taxaAggregateRoutes } from './routes/taxa/aggregate.ts';
import { changesRoutes } from './routes/taxa/changes.ts';
import { taxaExportRoutes } from './routes/taxa/export.ts';
import { taxaPageRoutes } from './routes/taxa/pages.ts';
import { taxonRoutes } from './routes/taxa/taxon.ts';
import { taxaTreeRoutes } from './routes/taxa/tree.ts';
import { createTaxonTexts, DEFAULT_TAXON_TEXTS_BYTES } from './answers/taxon-texts.ts';
import { LEGACY_PREFIX } from './v0/prefix.ts';
import { legacyInterface } from './v0/routes.ts';

export interface AppDependencies {
  engine: SearchEngine;
  accessTokens?: readonly string[];
  /** bound of the answers kept, in bytes (`plugins/answer-cache.ts`; default `DEFAULT_ANSWER_CACHE_BYTES`; 0 keeps none) */
  answerCacheBytes?: number;
  /** requests a minute per token or client address (`plugins/protection.ts`); 0 or absent: no limit */
  rateLimitPerMinute?: number;
  /** refuse requests with a 503 past these (`plugins/protection.ts`); absent: no overload check */
  overload?: OverloadLimits;
  /** bound of the JSON texts of taxa kept for pages (default `DEFAULT_TAXON_TEXTS_BYTES`; 0 keeps none) */
  taxonTextsBytes?: number;
  /** validate every answer against its route's response schema (the test suite does; costs time) */
  checkAnswers?: boolean;
  /** the most taxa one nested tree answer of `/v0` holds (default `MAX_NESTED_TAXA`) */
  maxNestedTaxa?: number;
  /** exports under way at once, in all and per client address (default `DEFAULT_EXPORT_LIMITS`) */
  exportLimits?: ExportLimits;
  /** the origins whose pages may call the service (`plugins/cors.ts`; default any) */
  corsOrigins?: readonly string[];
  /** a streamed answer of which nothing leaves for this long is cut (default `STALLED_READER_MS`) */
  stalledReaderMs?: number;
  /** a 503 for a request whose answer has not started this long after it arrived (`plugins/answer-deadline.ts`); absent: none */
  answerDeadlineMs?: number;
}

/** The longest path parameter the router matches (Fastify's default); a longer one is a 414. */
const MAX_PARAM_LENGTH = 100;

/** Fastify options every instance of the app needs: safe JSON parsing of hostile keys. */
export const FASTIFY_OPTIONS = {
  bodyLimit: 1024 * 1024,
  // Errors Fastify raises before routing (a malformed URL) get the same error object.
  frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new AppError('URI_TOO_LONG', `A path segment is longer than ${MAX_PARAM_LENGTH} characters`)
        : (toAppError(error) ?? new AppError('BAD_REQUEST', error.message));
    reply.status(known.statusCode).send(errorBodyOf(request, known));
  },
  // Node would answer an HTTP/1.1 request without Host with a bare 400; `registerHostCheck`
  // answers it with the error object instead.
  http: { requireHostHeader: false },
  // Requests the HTTP parser refuses (headers or URL over 16 KB, malformed requests) never reach
  // the routes: they are answered here, on the socket, with the same error object.
  clientErrorHandler: answerClientError,
  routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH, querystringParser: parseQueryString },
} as const;

/**
 * JSON bodies are parsed with plain `JSON.parse`: it never sets a prototype, so `__proto__` and
 * `constructor` stay ordinary own keys that the filter parser names as unknown filters (422)
 * instead of refusing the whole body. An empty body means no filters.
 */
function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const charset = charsetProblem(request.headers['content-type']);
    if (charset) return done(charset, undefined);
    const body = String(text);
    if (body.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch (error) {
      return done(new AppError('BAD_REQUEST', `Malformed JSON body: ${(error as Error).message}`), undefined);
    }
    done(null, parsed);
  });
}

/**
 * A JSON body is read as UTF-8 (RFC 8259 allows no other encoding between systems); one declared
 * in another charset would be read wrong, so it is refused rather than misread.
 */
function charsetProblem(contentType: string | undefined): AppError | undefined {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return undefined;
  return new AppError('UNSUPPORTED_MEDIA_TYPE', `A JSON body must be UTF-8; charset '${charset}' is not supported`);
}

export async function buildApp(app: FastifyInstance, deps: AppDependencies): Promise<FastifyInstance> {
  // First, so that the time the other hooks take counts.
  if (deps.answerDeadlineMs !== undefined) registerAnswerDeadline(app, deps.answerDeadlineMs);
  registerErrorHandling(app);
  registerJsonParser(app);
  registerHostCheck(app);
  registerOneAtATime(app);
  registerStalledReaders(app, deps.stalledReaderMs);
  await registerCors(app, deps.corsOrigins);
  app.setValidatorCompiler(validatorCompilerOf('refuse'));
  app.setSerializerCompiler(serializerCompilerOf(deps.checkAnswers ?? false));
  const tokens = createTokenCheck(deps.accessTokens ?? []);
  if (deps.overload) await registerOverloadProtection(app, deps.overload);
  await registerRateLimit(app, deps.rateLimitPerMinute ?? 0, tokens);
  registerAccessTokens(app, tokens);
  await registerOpenApi(app);
  const registerMethodNotAllowed = collectMethodNotAllowed(app);

  const { engine } = deps;
  const versions = createVersions(engine);
  const taxa = createTaxaService({
    versions,
    ...(deps.maxNestedTaxa === undefined ? {} : { maxNestedTaxa: deps.maxNestedTaxa }),
  });
  const catalog = createCatalogService(engine);
  // Under `taxa serve` the engine thread runs the whole name search (`NameSearchEngine`).
  const search = nameSearchOf(engine, versions);
  const changes = createChangesService({ versions, loaded: catalog.versions });
  const texts = createTaxonTexts(engine, deps.taxonTextsBytes ?? DEFAULT_TAXON_TEXTS_BYTES);
  const exportSlots = createExportSlots(deps.exportLimits ?? DEFAULT_EXPORT_LIMITS);
  // The schema's labels, not the checklist's: the same file whichever engine holds the taxa.
  const labels = enumerationLabels();
  await app.register(taxaExportRoutes, { taxa, exportSlots });
  // The routes whose answer is a function of the request and the data, in one scope with the
  // answer cache (`plugins/answer-cache.ts`); the exports, health and pages for people are not.
  await app.register(async (answered) => {
    registerAnswerCache(answered, {
      catalog: () => engine.catalog(),
      maxBytes: deps.answerCacheBytes ?? DEFAULT_ANSWER_CACHE_BYTES,
    });
    await answered.register(changesRoutes, { changes, exportSlots });
    await answered.register(taxaPageRoutes, { taxa, texts });
    await answered.register(taxaAggregateRoutes, { taxa });
    await answered.register(taxaTreeRoutes, { taxa });
    await answered.register(taxonRoutes, { taxa });
    await answered.register(informalGroupRoutes, { catalog });
    await answered.register(redListGroupRoutes, { catalog });
    await answered.register(checklistVersionRoutes, { catalog });
    await answered.register(checklistRoutes, { catalog });
    await answered.register(metadataRoutes, { labels });
    await answered.register(searchRoutes, { engine, search });
    // Encapsulated: its own error object, not-found answers and validation, under its prefix; the
    // hooks registered above apply to it.
    await answered.register(legacyInterface, { prefix: LEGACY_PREFIX, taxa, search, engine, catalog, labels });
  });
  await app.register(healthRoutes, { engine });
  await app.register(explorerRoutes, {});
  await registerOpenApiRoutes(app);
  registerMethodNotAllowed();
  return app;
}

/** A ready app on a fresh instance without logging: what tests and benchmarks use. */
export async function createApp(deps: AppDependencies): Promise<FastifyInstance> {
  return buildApp(Fastify({ ...FASTIFY_OPTIONS, logger: false }), deps);
}
