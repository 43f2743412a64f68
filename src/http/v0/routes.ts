/**
 * The legacy interface (`/v0`, docs/api.md, "Legacy interface"), GET only, as one plugin: the
 * taxa routes (`taxa.ts`), the name search (`search.ts`), the informal groups and the metadata,
 * and the Swagger 2.0 document of them all.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchEngine } from '../../index/engine.ts';
import type { CatalogService } from '../../service/catalog-service.ts';
import type { SearchService } from '../../service/search-service.ts';
import type { TaxaService } from '../../service/taxa-service.ts';
import type { EnumerationLabels } from '../../taxon/enumeration-labels.ts';
import { collectMethodNotAllowed, registerErrorHandling } from '../plugins/error-handler.ts';
import { validatorCompilerOf } from '../route-schema.ts';
import { LEGACY_ERROR_ANSWERS, legacyErrorBody } from './error-object.ts';
import { legacyGroupRoutes } from './informal-groups.ts';
import { legacyMetadataRoutes } from './metadata.ts';
import { legacySearchRoutes } from './search.ts';
import { legacyPageRoutes, legacyPartRoutes, legacyTreeRoutes } from './taxa.ts';
import { swaggerDocument, type LegacyRoute, type LegacyRouteSpec } from './swagger.ts';

export interface LegacyRouteOptions {
  taxa: TaxaService;
  search: SearchService;
  engine: Pick<SearchEngine, 'catalog'>;
  catalog: CatalogService;
  labels: EnumerationLabels;
}

/**
 * The legacy interface, an encapsulated plugin registered under its prefix (`LEGACY_PREFIX`):
 * within it, errors, unknown paths and other methods are answered with the legacy error object
 * (`error-object.ts`), and query parameters a route does not take are ignored, as the legacy
 * interface did (the current routes refuse them). The root's hooks, registered before it, apply.
 */
export const legacyInterface: FastifyPluginAsyncZod<LegacyRouteOptions> = async (
  app,
  { taxa, search, engine, catalog, labels },
) => {
  registerErrorHandling(app, legacyErrorBody);
  app.setValidatorCompiler(validatorCompilerOf('ignore'));
  const registerMethodNotAllowed = collectMethodNotAllowed(app);

  const declared: LegacyRouteSpec[] = [];
  const route: LegacyRoute = (spec, handler) => {
    declared.push(spec);
    app.route({
      method: 'GET',
      url: spec.url,
      schema: {
        hide: true,
        querystring: spec.querystring,
        ...(spec.params ? { params: spec.params } : {}),
        response: { 200: spec.response, ...LEGACY_ERROR_ANSWERS },
      },
      // The handler's types are checked against the spec's schemas above.
      handler: ((request: unknown, reply: FastifyReply) => handler(request as never, reply)) as never,
    });
  };

  legacyPageRoutes(route, taxa);
  legacyTreeRoutes(route, taxa);
  legacyPartRoutes(route, taxa);
  legacySearchRoutes(route, search, engine);
  legacyGroupRoutes(route, catalog);
  legacyMetadataRoutes(route, labels);

  app.get('/swagger.json', { config: { public: true }, schema: { hide: true } }, async () =>
    swaggerDocument(declared, app.prefix),
  );
  registerMethodNotAllowed();
};
