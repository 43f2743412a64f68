/** The OpenAPI 3.1 document, written from the zod schemas the routes validate with. */
import { z } from 'zod';
import type { RouteDescription } from './route.ts';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function parametersOf(schema: z.ZodType | undefined, place: 'query' | 'path') {
  if (!schema) return [];
  const json = jsonSchemaOf(schema);
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || required.has(name),
    schema: property,
  }));
}

const ERROR_RESPONSE = {
  description: 'Error: {errorCode, message, localized, details?}',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['errorCode', 'message', 'localized'],
        properties: {
          errorCode: { type: 'string' },
          message: { type: 'string' },
          localized: { type: 'object', properties: { fi: { type: 'string' }, sv: { type: 'string' }, en: { type: 'string' } } },
          details: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
      },
    },
  },
};

/** Either scheme opens every route but the public ones. */
const SECURITY = [{ bearer: [] }, { accessToken: [] }];

function operationOf(route: RouteDescription) {
  return {
    summary: route.summary,
    tags: route.tags,
    ...(route.public ? { security: [] } : { security: SECURITY }),
    parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
    ...(route.body
      ? { requestBody: { required: false, content: { 'application/json': { schema: jsonSchemaOf(route.body) } } } }
      : {}),
    responses: {
      '200': { description: route.response },
      '400': ERROR_RESPONSE,
      '401': ERROR_RESPONSE,
      '404': ERROR_RESPONSE,
      '405': ERROR_RESPONSE,
      '422': ERROR_RESPONSE,
      '429': ERROR_RESPONSE,
      '503': ERROR_RESPONSE,
    },
  };
}

export function buildOpenApiDocument(routes: RouteDescription[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Taxon engine', version: '1.0.0', description: 'Taxa: search, filter, tree, aggregations, checklist versions.' },
    components: {
      securitySchemes: {
        accessToken: { type: 'apiKey', in: 'query', name: 'access_token', description: 'needed when the service is configured with access tokens' },
        bearer: { type: 'http', scheme: 'bearer', description: 'needed when the service is configured with access tokens' },
      },
    },
    paths,
  };
}
