/**
 * The OpenAPI 3.0 document, written by `@fastify/swagger` from the routes' own zod schemas
 * (`fastify-type-provider-zod` turns them into JSON Schema), served at `/openapi` and shown by
 * Swagger UI at `/docs`. Routes marked `public` need no access token; the others name both
 * schemes.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Where the interactive API documentation is served, open like `/openapi`. */
export const DOCS_PREFIX = '/docs';

/** Either scheme opens every route but the public ones. */
const SECURITY = [{ bearer: [] }, { accessToken: [] }];

const zodToJsonConfig = { unrepresentable: 'any' } as const;
const zodToJsonSchema = createJsonSchemaTransform({ zodToJsonConfig });

type TransformInput = Parameters<typeof zodToJsonSchema>[0] & { route?: { config?: { public?: boolean } } };

function transform(input: TransformInput) {
  const { schema, url } = zodToJsonSchema(input);
  return { schema: { ...schema, security: input.route?.config?.public ? [] : SECURITY }, url };
}

/** Registered before the routes: the document collects them as they are added. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Taxon engine',
        version: '1.0.0',
        description: 'Taxa: search, filter, tree, aggregations, checklist versions.',
      },
      components: {
        securitySchemes: {
          accessToken: {
            type: 'apiKey',
            in: 'query',
            name: 'access_token',
            description: 'needed when the service is configured with access tokens',
          },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'needed when the service is configured with access tokens',
          },
        },
      },
    },
    // The zod transform is typed for the type provider's own schema type, which @fastify/swagger's
    // option does not name; they are the same at run time.
    transform: transform as never,
    // The schemas the routes refer to (a recursive one, the group tree) go into the components.
    transformObject: createJsonSchemaTransformObject({ zodToJsonConfig }),
  });
}

/** `/openapi` and the interactive documentation at `/docs` (Swagger UI, assets from the package), all open. */
export async function registerOpenApiRoutes(app: FastifyInstance): Promise<void> {
  app.get('/openapi', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), public: true };
      route.schema = { ...route.schema, hide: true };
    });
    await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  });
}
