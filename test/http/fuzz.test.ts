/**
 * Requests for every route and method of the OpenAPI document, with values the schemas allow
 * mixed with hostile ones (huge or negative numbers, empty and very long strings, separators,
 * broken percent-encoding, repeated and prototype keys, bodies of every JSON shape, text that is
 * not JSON). Whatever comes: never a 5xx, every 4xx the error object, every answer in time.
 * Bounded to a few seconds: a fixed number of runs and a time limit.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.ts';

interface JsonSchema {
  type?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
}

interface Operation {
  method: 'GET' | 'POST';
  path: string;
  parameters: { name: string; in: 'query' | 'path'; schema: JsonSchema }[];
  bodyKeys: string[];
}

/** What an answer may take, generously: the suite runs on a busy machine. */
const ANSWER_MS = 2_000;
const RUNS = 2_000;
const TIME_LIMIT_MS = 12_000;

const IDS = ['MX.46587', 'MX.37580', 'MX.37600', 'MX.28965', 'MVL.1', 'MVL.1161', 'MR.424', 'current', 'MX.0'];
const HOSTILE = [
  '',
  '!',
  '!!',
  ',',
  ';',
  '=',
  ',,;;==',
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '\u0000',
  '💥',
  ' ',
  '\t\n',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '9'.repeat(400),
  'a'.repeat(5_000),
  'parents,parents,parents,parents',
  'parents=a;parents=a',
  'taxonRank asc desc',
  'MX.',
  'http://tun.fi/MX.46587',
  'true',
  'false',
  'null',
  '[]',
  '{}',
  '*',
  '?*',
  '\\',
  '"',
  "'",
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

function valueFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.type === 'integer' || schema.type === 'number') {
    const min = schema.minimum ?? -1_000;
    const max = Math.min(schema.maximum ?? 1_000_000, 1_000_000);
    return fc.oneof(fc.integer({ min, max: Math.max(min, max) }), fc.integer()).map(String);
  }
  return fc.constantFrom(
    'MX.46587',
    'MVL.1',
    'kettu',
    'parus',
    'taxonRank',
    'id,scientificName',
    'MX.species',
    'fi',
    'exact,partial',
    'MR.1',
  );
}

const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.boolean(),
    fc.constant(null),
    fc.double(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 3 }),
  ),
})).value;

function bodyFor(keys: string[]): fc.Arbitrary<{ payload: string; contentType: string } | undefined> {
  const known = keys.length > 0 ? fc.constantFrom(...keys) : hostileString;
  const object = fc.dictionary(fc.oneof(known, hostileString), jsonValue, { maxKeys: 4 });
  return fc.oneof(
    fc.constant(undefined),
    object.map((body) => ({ payload: JSON.stringify(body), contentType: 'application/json' })),
    jsonValue.map((body) => ({ payload: JSON.stringify(body) ?? 'null', contentType: 'application/json' })),
    fc
      .constantFrom('{', '{"a":', 'not json', '[1,2', '\u0000', '{"__proto__": {"x": 1}}')
      .map((payload) => ({ payload, contentType: 'application/json' })),
    fc
      .tuple(
        object,
        fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data'),
      )
      .map(([body, contentType]) => ({ payload: JSON.stringify(body), contentType })),
  );
}

function requestFor(operation: Operation) {
  const segments = operation.path.split(/\{\w+\}/);
  const pathValues = fc.array(fc.oneof(fc.constantFrom(...IDS), hostileString), {
    minLength: operation.parameters.filter((p) => p.in === 'path').length,
    maxLength: operation.parameters.filter((p) => p.in === 'path').length,
  });
  const query = operation.parameters.filter((p) => p.in === 'query');
  const pairs = fc.array(
    fc.oneof(
      ...query.map((p) => fc.tuple(fc.constant(p.name), fc.oneof(valueFor(p.schema), hostileString))),
      fc.tuple(hostileString, hostileString),
    ),
    { maxLength: 6 },
  );
  const rawTail = fc.constantFrom('', '', '', '&', '&&=', '&%zz=%zz', '&a[b]=c', '&pageSize=%E0%A4%A');
  return fc
    .record({
      pathValues,
      pairs,
      rawTail,
      body: operation.method === 'POST' ? bodyFor(operation.bodyKeys) : fc.constant(undefined),
    })
    .map(({ pathValues, pairs, rawTail, body }) => {
      const url = segments
        .map((segment, i) => (i === 0 ? segment : `${encodeURIComponent(pathValues[i - 1]!)}${segment}`))
        .join('');
      const search = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
      return { method: operation.method, url: `${url}?${search}${rawTail}`, body };
    });
}

function operationsOf(document: { paths: Record<string, Record<string, any>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as 'GET' | 'POST',
      path,
      parameters: operation.parameters ?? [],
      bodyKeys: Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
    })),
  );
}

/** The legacy interface's Swagger 2.0 operations in the shape above (its parameters carry their types themselves). */
function legacyOperationsOf(document: { basePath: string; paths: Record<string, Record<string, any>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as 'GET' | 'POST',
      path: `${document.basePath}${path}`,
      parameters: (operation.parameters ?? []).map(
        ({ name, in: where, type, enum: values, minimum, maximum }: any) => ({
          name,
          in: where,
          schema: { type, enum: type === 'boolean' ? ['true', 'false'] : values, minimum, maximum },
        }),
      ),
      bodyKeys: [],
    })),
  );
}

/** Whatever the requests: never a 5xx, every 4xx the error object `expectErrorObject` checks, every answer in time. */
async function fuzz(
  app: FastifyInstance,
  operations: Operation[],
  expectErrorObject: (error: any, where: string) => void,
) {
  const requests = fc.constantFrom(...operations).chain(requestFor);
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(requests, async ({ method, url, body }) => {
      const started = performance.now();
      const response = await app.inject({
        method,
        url,
        ...(body ? { payload: body.payload, headers: { 'content-type': body.contentType } } : {}),
      });
      const took = performance.now() - started;
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const where = `${method} ${url.slice(0, 300)} ${body?.payload.slice(0, 300) ?? ''} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, where).toBeLessThan(500);
      expect(took, where).toBeLessThan(ANSWER_MS);
      if (response.statusCode >= 400) expectErrorObject(response.json(), where);
    }),
    { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false },
  );
  // The requests reach the handlers as well as the validation: answers and refusals both.
  expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
  expect([...statuses.keys()].filter((status) => status >= 400).length).toBeGreaterThanOrEqual(3);
}

describe('every route of the OpenAPI document, fuzzed', () => {
  let app: FastifyInstance;
  let operations: Operation[];
  let legacyOperations: Operation[];
  beforeAll(async () => {
    ({ app } = await buildTestApp());
    operations = operationsOf((await app.inject({ method: 'GET', url: '/openapi' })).json());
    legacyOperations = legacyOperationsOf((await app.inject({ method: 'GET', url: '/v0/swagger.json' })).json());
  });
  afterAll(async () => app.close());

  it('covers every route of the document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(30);
    expect(operations.filter((o) => o.method === 'POST').every((o) => o.bodyKeys.length > 100)).toBe(true);
    expect(legacyOperations).toHaveLength(14);
  });

  it('never answers a 5xx, answers every 4xx with the error object, and answers in time', async () => {
    await fuzz(app, operations, (error, where) => {
      expect(typeof error.errorCode, where).toBe('string');
      expect(typeof error.message, where).toBe('string');
      expect(typeof error.localized, where).toBe('boolean');
    });
  }, 60_000);

  it('the same for every route of the legacy Swagger 2.0 document, with the legacy error object', async () => {
    await fuzz(app, legacyOperations, (error, where) => {
      expect(Object.keys(error), where).toEqual(['error']);
      expect(typeof error.error.statusCode, where).toBe('number');
      expect(typeof error.error.message, where).toBe('string');
    });
  }, 60_000);
});
