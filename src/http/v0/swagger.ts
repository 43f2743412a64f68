/**
 * The legacy interface's Swagger 2.0 document (`/v0/swagger.json`), written from the routes as
 * they are declared (`routes.ts`): each parameter from the zod schema the route validates with,
 * read as JSON Schema of its input (what a client sends). Booleans travel as `true`/`false` and
 * are described as booleans, numbers as integers.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { TOKEN_PARAMETERS } from '../plugins/auth.ts';

/** What the document says of one route: its path (Fastify's `:id` form), its schemas, its answer. */
export interface LegacyRouteSpec {
  url: string;
  summary: string;
  querystring: z.ZodObject;
  params?: z.ZodObject;
  /** what a 200 answers */
  answer: string;
  /** the document's tag of the route (default `Taxa`) */
  tag?: string;
}

/** Declares a GET route under `/v0` to the Swagger document and serves it (hidden from the current OpenAPI one). */
export type LegacyRoute = <Q extends z.ZodObject, P extends z.ZodObject | undefined, R extends z.ZodType>(
  spec: LegacyRouteSpec & { querystring: Q; params?: P; response: R },
  handler: (
    request: { query: z.output<Q>; params: P extends z.ZodObject ? z.output<P> : object },
    reply: FastifyReply,
  ) => Promise<unknown>,
) => void;

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

type SwaggerParameter = {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  type: string;
} & Partial<Pick<JsonSchema, 'enum' | 'default' | 'description' | 'minimum' | 'maximum' | 'minLength' | 'maxLength'>>;

const isBooleanEnum = (values: unknown[] | undefined) =>
  values?.length === 2 && values.includes('true') && values.includes('false');

/** One property of an input JSON Schema as a Swagger 2.0 parameter. */
function parameterOf(name: string, where: 'query' | 'path', schema: JsonSchema, required: boolean): SwaggerParameter {
  const boolean = isBooleanEnum(schema.enum);
  const parameter: SwaggerParameter = {
    name,
    in: where,
    required: required || where === 'path',
    type: boolean ? 'boolean' : (schema.type ?? 'string'),
  };
  if (schema.description !== undefined) parameter.description = schema.description;
  if (schema.enum !== undefined && !boolean) parameter.enum = schema.enum;
  if (schema.default !== undefined) parameter.default = boolean ? schema.default === 'true' : schema.default;
  // Bounds only when they say something: zod writes the largest safe integer as every maximum.
  if (schema.minimum !== undefined) parameter.minimum = schema.minimum;
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) parameter.maximum = schema.maximum;
  if (schema.minLength !== undefined) parameter.minLength = schema.minLength;
  if (schema.maxLength !== undefined) parameter.maxLength = schema.maxLength;
  return parameter;
}

function parametersOf(schema: z.ZodObject | undefined, where: 'query' | 'path'): SwaggerParameter[] {
  if (schema === undefined) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) =>
    parameterOf(name, where, property, required.has(name)),
  );
}

/** `/taxa/:id/children` → `/taxa/{id}/children` (a route's URL under the base path). */
function swaggerPath(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, '{$1}');
}

/** The document of `routes`, declared under `basePath` (the prefix the interface is registered under). */
export function swaggerDocument(routes: readonly LegacyRouteSpec[], basePath: string): object {
  const paths: Record<string, object> = {};
  for (const route of routes) {
    paths[swaggerPath(route.url)] = {
      get: {
        summary: route.summary,
        tags: [route.tag ?? 'Taxa'],
        produces: ['application/json'],
        parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.querystring, 'query')],
        responses: {
          200: { description: route.answer },
          default: { description: 'Error: {error: {statusCode, name, message, code, details?}}' },
        },
        security: TOKEN_PARAMETERS.map((name) => ({ [name]: [] })),
      },
    };
  }
  return {
    swagger: '2.0',
    info: { title: 'API documentation', version: '0.1' },
    basePath,
    consumes: ['application/json'],
    produces: ['application/json'],
    securityDefinitions: Object.fromEntries(
      TOKEN_PARAMETERS.map((name) => [
        name,
        {
          type: 'apiKey',
          in: 'query',
          name,
          description: 'needed when the service is configured with access tokens',
        },
      ]),
    ),
    paths,
  };
}
