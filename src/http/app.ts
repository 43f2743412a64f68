/**
 * The Fastify application, built on an instance it is given (tests inject into it; only
 * `server.ts` listens). Tiers: error handling and access tokens, then services, then routes.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { AppError } from '../errors.ts';
import type { SearchEngine } from '../index/engine.ts';
import { createTaxaService } from '../service/taxa-service.ts';
import { createTokenCheck, registerAccessTokens } from './auth.ts';
import { answerClientError, registerErrorHandling, registerHostCheck, registerMethodNotAllowed, toAppError } from './error-handler.ts';
import { registerOverloadProtection, registerRateLimit, type OverloadLimits } from './protection.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { createResponseCache, DEFAULT_RESPONSE_CACHE_BYTES } from './response-cache.ts';
import type { RouteDescription } from './route.ts';
import { createCatalogService } from '../service/catalog-service.ts';
import { registerChecklistVersionRoutes } from './routes/checklist-versions.ts';
import { registerHealthRoutes } from './routes/health.ts';
import { registerInformalGroupRoutes } from './routes/informal-groups.ts';
import { registerSearchRoutes } from './routes/search.ts';
import { createSearchService } from '../service/search-service.ts';
import { registerTaxaAggregates } from './routes/taxa/aggregate.ts';
import { registerTaxaPages } from './routes/taxa/pages.ts';
import { registerTaxon } from './routes/taxa/taxon.ts';
import { registerTaxaTree } from './routes/taxa/tree.ts';

export interface AppDependencies {
  engine: SearchEngine;
  accessTokens?: readonly string[];
  /** bound of the name-search answers kept, in bytes (default `DEFAULT_RESPONSE_CACHE_BYTES`; 0 keeps none) */
  searchCacheBytes?: number;
  /** requests a minute per token or client address (`protection.ts`); 0 or absent: no limit */
  rateLimitPerMinute?: number;
  /** refuse requests with a 503 past these (`protection.ts`); absent: no overload check */
  overload?: OverloadLimits;
}

/** The longest path parameter the router matches (Fastify's default); a longer one is a 414. */
const MAX_PARAM_LENGTH = 100;

/** Fastify options every instance of the app needs: safe JSON parsing of hostile keys. */
export const FASTIFY_OPTIONS = {
  bodyLimit: 1024 * 1024,
  // Errors Fastify raises before routing (a malformed URL) get the same error object.
  frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const known =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new AppError('URI_TOO_LONG', `A path segment is longer than ${MAX_PARAM_LENGTH} characters`)
        : (toAppError(error) ?? new AppError('BAD_REQUEST', error.message));
    reply.status(known.statusCode).send(known.toJSON());
  },
  // Node would answer an HTTP/1.1 request without Host with a bare 400; `registerHostCheck`
  // answers it with the error object instead.
  http: { requireHostHeader: false },
  // Requests the HTTP parser refuses (headers or URL over 16 KB, malformed requests) never reach
  // the routes: they are answered here, on the socket, with the same error object.
  clientErrorHandler: answerClientError,
  routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
} as const;

/**
 * JSON bodies are parsed with plain `JSON.parse`: it never sets a prototype, so `__proto__` and
 * `constructor` stay ordinary own keys that the filter parser names as unknown filters (422)
 * instead of refusing the whole body. An empty body means no filters.
 */
function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const body = String(text);
    if (body.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body));
    } catch (error) {
      done(new AppError('BAD_REQUEST', `Malformed JSON body: ${(error as Error).message}`), undefined);
    }
  });
}

/** Where the interactive API documentation is served, open like `/openapi`. */
export const DOCS_PREFIX = '/docs';

/**
 * Interactive documentation of the OpenAPI document at `/docs` (Swagger UI, its assets served
 * from the package). Its routes are open, like the document itself.
 */
async function registerApiDocs(app: FastifyInstance, document: ReturnType<typeof buildOpenApiDocument>): Promise<void> {
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), public: true };
    });
    await docs.register(swagger, { mode: 'static', specification: { document: document as never } });
    await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  });
}

export async function buildApp(app: FastifyInstance, deps: AppDependencies): Promise<FastifyInstance> {
  registerErrorHandling(app);
  registerJsonParser(app);
  registerHostCheck(app);
  const tokens = createTokenCheck(deps.accessTokens ?? []);
  if (deps.overload) await registerOverloadProtection(app, deps.overload);
  await registerRateLimit(app, deps.rateLimitPerMinute ?? 0, tokens);
  registerAccessTokens(app, tokens);
  const taxa = createTaxaService({ engine: deps.engine });
  const registry: RouteDescription[] = [];
  const context = { app, registry, taxa };
  registerTaxaPages(context);
  registerTaxaAggregates(context);
  registerTaxaTree(context);
  registerTaxon(context);
  const catalog = createCatalogService(deps.engine);
  registerInformalGroupRoutes(app, registry, catalog);
  registerChecklistVersionRoutes(app, registry, catalog);
  const search = createSearchService({ engine: deps.engine, resolveVersion: taxa.resolveVersion });
  const answers = createResponseCache(deps.searchCacheBytes ?? DEFAULT_RESPONSE_CACHE_BYTES);
  registerSearchRoutes(app, registry, { engine: deps.engine, search, answers });
  registerHealthRoutes(app, registry, deps.engine);
  const openapi = buildOpenApiDocument(registry);
  app.get('/openapi', { config: { public: true } }, async () => openapi);
  registerMethodNotAllowed(app, [...registry, { method: 'GET', url: '/openapi' }]);
  await registerApiDocs(app, openapi);
  return app;
}

/** A ready app on a fresh instance without logging: what tests and benchmarks use. */
export async function createApp(deps: AppDependencies): Promise<FastifyInstance> {
  return buildApp(Fastify({ ...FASTIFY_OPTIONS, logger: false }), deps);
}
