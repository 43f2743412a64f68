/**
 * What every route module shares (docs/architecture.md, "HTTP"): routes are Fastify plugins
 * typed by `fastify-type-provider-zod`, declaring zod schemas for their query, params, body and
 * each answer status. The same schemas validate requests (here: 422 with JSON pointers) and write
 * the OpenAPI document (`@fastify/swagger`, `openapi.ts`).
 */
import type { FastifyReply, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { AppError, pointerToken, type Issue } from '../errors.ts';
import { deepFreeze } from '../json.ts';
import { FILTER_KEYS } from '../taxon/fields.ts';
import { TOKEN_PARAMETERS } from './plugins/auth.ts';
import { legacyParameterIssues } from './legacy-parameters.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** open to every caller: no access token asked (see `plugins/auth.ts`) */
    public?: boolean;
  }
}

type Part = 'query' | 'params';
const PART_OF: Partial<Record<string, Part>> = { querystring: 'query', params: 'params' };

/** Each zod issue at its parameter. */
function validationError(part: Part, error: z.ZodError): AppError {
  return partError(
    part,
    error.issues.map((issue) => ({ at: { parameter: String(issue.path[0] ?? '') }, message: issue.message })),
  );
}

/** Issues at parameters of `part`; the message names the first one's JSON pointer. */
function partError(part: Part, issues: readonly Issue[]): AppError {
  const first = issues[0] ?? { at: { parameter: '' }, message: 'invalid' };
  const name = 'parameter' in first.at ? first.at.parameter : '';
  return new AppError('VALIDATION_EXCEPTION', `/${part}/${pointerToken(name)}: ${first.message}`, issues);
}

/** The parameter names of an object schema; `undefined` for any other schema. */
function parameterNames(schema: z.ZodType): ReadonlySet<string> | undefined {
  const shape = (schema as { shape?: unknown }).shape;
  return typeof shape === 'object' && shape !== null ? new Set(Object.keys(shape)) : undefined;
}

/**
 * The query parameters of `query` that a route taking `taken` does not know, each with what it
 * may be instead: a legacy name's current one, a filter of the POST body, or the route's own
 * parameters. Some are every route's (`EVERY_ROUTE`).
 */
function unknownParameterIssues(query: object, taken: ReadonlySet<string>): Issue[] {
  const names = Object.keys(query).filter((name) => !taken.has(name) && !EVERY_ROUTE.has(name));
  if (names.length === 0) return [];
  const legacy = legacyParameterIssues(names, taken);
  const named = new Set(legacy.map((issue) => ('parameter' in issue.at ? issue.at.parameter : '')));
  const takes = `this route takes ${[...taken].join(', ')}`;
  const others = names
    .filter((name) => !named.has(name))
    .map((name) => ({
      at: { parameter: name },
      message: FILTER_KEYS.has(name)
        ? `is not a parameter of this route: it is a filter of the POST body (${takes})`
        : `is not a parameter of this route (${takes})`,
    }));
  return [...legacy, ...others];
}

/**
 * What clients send with every request, which no route need declare: the access token
 * (`plugins/auth.ts`), and `personEmail`, by which clients of the real API name their user (its R client
 * sends it on every call).
 */
const EVERY_ROUTE: ReadonlySet<string> = new Set([...TOKEN_PARAMETERS, 'personEmail']);

/**
 * Validates query and params with their zod schemas. An `AppError` a schema raises on purpose
 * (`pageSize` over the maximum is a 400) is answered as it is. A body schema is documentation
 * only: the filter body is read by `src/query/filter-body.ts`, which names each unknown key.
 *
 * Query parameters a route does not take are refused, each named (the current routes), or
 * ignored (the legacy interface's scope sets its own compiler so, as the legacy interface did).
 */
export function validatorCompilerOf(unknownParameters: 'refuse' | 'ignore'): FastifySchemaCompiler<z.ZodType> {
  return ({ schema, httpPart }) => {
    const part = PART_OF[httpPart ?? ''];
    if (part === undefined) return (data) => ({ value: data });
    const taken = part === 'query' && unknownParameters === 'refuse' ? parameterNames(schema) : undefined;
    return partValidator(schema, part, taken);
  };
}

/** The validator of one part of one route; `taken`, the parameters it takes, when others are refused. */
function partValidator(
  schema: z.ZodType,
  part: Part,
  taken: ReadonlySet<string> | undefined,
): ReturnType<FastifySchemaCompiler<z.ZodType>> {
  // Requests repeat the same few query strings: a valid one's result is kept under its text
  // (frozen: every request that repeats it shares it); refusals are worked out again each time.
  const valid = new LRUCache<string, { value: unknown }>({ max: KEPT_VALID_PARTS });
  return (data) => {
    const key = partKey(data);
    const kept = key === undefined ? undefined : valid.get(key);
    if (kept !== undefined) return kept;
    // A parameter the route does not take would otherwise be ignored: refused, named.
    const unknown = taken && typeof data === 'object' && data !== null ? unknownParameterIssues(data, taken) : [];
    if (unknown.length > 0) return { error: partError(part, unknown) };
    let parsed: ReturnType<typeof schema.safeParse>;
    try {
      parsed = schema.safeParse(data ?? {});
    } catch (error) {
      if (error instanceof AppError) return { error };
      throw error;
    }
    if (!parsed.success) return { error: validationError(part, parsed.error) };
    const result = { value: deepFreeze(parsed.data) };
    if (key !== undefined) valid.set(key, result);
    return result;
  };
}

/** Valid query strings and path parameters kept per route and part. */
const KEPT_VALID_PARTS = 256;

/**
 * The text of a query string or path parameters as Fastify parses them (strings, or arrays of
 * strings for a repeated parameter), which names them exactly; `undefined` for anything else.
 */
function partKey(data: unknown): string | undefined {
  if (data === undefined || data === null) return '';
  if (typeof data !== 'object') return undefined;
  for (const name in data) {
    const value = (data as Record<string, unknown>)[name];
    if (typeof value !== 'string' && !(Array.isArray(value) && value.every((item) => typeof item === 'string')))
      return undefined;
  }
  return JSON.stringify(data);
}

/**
 * An answer serialised already (a page of taxa from their kept texts, `answers/taxon-texts.ts`), sent
 * through `reply.send` so that it still meets the route's serializer: its text is sent as it is,
 * and checked against the response schema like any answer when answers are checked.
 */
export class SerialisedAnswer {
  constructor(readonly text: string) {}
}

/**
 * Sends an answer serialised already, through the route's serializer. The type provider types
 * `reply.send` by the route's response schema, the answer's object; that the serializer takes
 * this text in its place is beyond what it can say, hence the one cast.
 */
export function sendSerialised(reply: FastifyReply, answer: SerialisedAnswer): FastifyReply {
  return reply.send(answer as never);
}

/**
 * Answers are serialised as they are: the response schemas describe them in the OpenAPI document.
 * `checked` also validates each answer against its schema (the test suite runs that way).
 */
export function serializerCompilerOf(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  if (checked) {
    const compile = createSerializerCompiler({});
    return (route) => {
      const serialise = compile(route);
      return (data) => {
        if (!(data instanceof SerialisedAnswer)) return serialise(data);
        serialise(JSON.parse(data.text));
        return data.text;
      };
    };
  }
  return () => (data: unknown) => (data instanceof SerialisedAnswer ? data.text : JSON.stringify(data));
}
