/**
 * A mock connection for the Elasticsearch client: the outer boundary of the Elasticsearch engine
 * and loader, faked so that their whole code path (client, transport, retries, serialisation)
 * runs with no cluster. Every request is recorded (method, path, query string, parsed body) and
 * answered by a handler; intercepts put failures in front of it (connection refused, timeout,
 * any status), the way a cluster fails.
 *
 * @example
 *   const mock = createMockConnection(() => ({ body: { acknowledged: true } }));
 *   const client = createElasticsearchClient('http://es.test:9200', SERVING_CLIENT, mock.Connection);
 */
import {
  BaseConnection,
  errors,
  type ConnectionRequestOptions,
  type ConnectionRequestOptionsAsStream,
  type ConnectionRequestParams,
  type ConnectionRequestResponse,
  type ConnectionRequestResponseAsStream,
} from '@elastic/elasticsearch';

export interface RecordedRequest {
  method: string;
  /** decoded path, e.g. `/taxa-taxa-current/_search` */
  path: string;
  querystring: string;
  /** the JSON body parsed, an ndjson body as an array of its lines parsed, or undefined */
  body: unknown;
}

/** An answer: a status and a JSON body, or a fault of the connection itself. */
export type MockAnswer = { statusCode?: number; body?: unknown } | { fault: 'refused' | 'timeout' };

export type MockHandler = (request: RecordedRequest) => MockAnswer | Promise<MockAnswer>;

interface Intercept {
  match: (request: RecordedRequest) => boolean;
  answer: MockHandler;
  times: number;
}

export interface MockConnection {
  /** the class to give the client as its `Connection` */
  Connection: typeof BaseConnection;
  /** every request received, in order */
  requests: RecordedRequest[];
  /** answers the next `times` (default: every) matching request with `answer` instead of the handler */
  intercept(match: (request: RecordedRequest) => boolean, answer: MockAnswer | MockHandler, times?: number): void;
  /** removes every intercept: the cluster "returns" */
  clearIntercepts(): void;
}

function parseBody(params: ConnectionRequestParams): unknown {
  if (params.body === undefined || params.body === null || params.body === '') return undefined;
  const text =
    typeof params.body === 'string'
      ? params.body
      : Buffer.isBuffer(params.body)
        ? params.body.toString('utf8')
        : undefined;
  if (text === undefined) throw new Error('mock connection: streamed bodies are not supported');
  const type = String(params.headers?.['content-type'] ?? '');
  if (type.includes('ndjson'))
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as unknown);
  return JSON.parse(text) as unknown;
}

/** Waits for the request timeout the client gave (none given: the test's own timeout ends it). */
function hang(options: ConnectionRequestOptions): Promise<never> {
  return new Promise((_resolve, reject) => {
    const timer =
      options.timeout == null
        ? undefined
        : setTimeout(() => reject(new errors.TimeoutError('Request timed out')), options.timeout);
    options.signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new errors.RequestAbortedError('Request aborted'));
      },
      { once: true },
    );
  });
}

export function createMockConnection(handler: MockHandler): MockConnection {
  const requests: RecordedRequest[] = [];
  let intercepts: Intercept[] = [];

  async function answer(request: RecordedRequest): Promise<MockAnswer> {
    const intercept = intercepts.find((candidate) => candidate.times > 0 && candidate.match(request));
    if (!intercept) return handler(request);
    intercept.times -= 1;
    return intercept.answer(request);
  }

  class MockedConnection extends BaseConnection {
    override request(
      params: ConnectionRequestParams,
      options: ConnectionRequestOptionsAsStream,
    ): Promise<ConnectionRequestResponseAsStream>;
    override request(
      params: ConnectionRequestParams,
      options: ConnectionRequestOptions,
    ): Promise<ConnectionRequestResponse>;
    override async request(
      params: ConnectionRequestParams,
      options: ConnectionRequestOptions,
    ): Promise<ConnectionRequestResponse | ConnectionRequestResponseAsStream> {
      const request: RecordedRequest = {
        method: params.method,
        path: decodeURIComponent(params.path),
        querystring: params.querystring ?? '',
        body: parseBody(params),
      };
      requests.push(request);
      const result = await answer(request);
      if ('fault' in result) {
        if (result.fault === 'refused') throw new errors.ConnectionError(`connect ECONNREFUSED ${this.url.host}`);
        return hang(options);
      }
      return {
        statusCode: result.statusCode ?? 200,
        headers: { 'content-type': 'application/json', 'x-elastic-product': 'Elasticsearch' },
        body: JSON.stringify(result.body ?? {}),
      };
    }

    override async close(): Promise<void> {}
  }

  return {
    Connection: MockedConnection,
    requests,
    intercept(match, reply, times = Number.POSITIVE_INFINITY) {
      intercepts.push({ match, answer: typeof reply === 'function' ? reply : () => reply, times });
    },
    clearIntercepts() {
      intercepts = [];
    },
  };
}

/** An Elasticsearch error answer, as the cluster shapes it. */
/** The cluster's error body; `more` adds to its `error` object (`caused_by`, another `root_cause`). */
export function errorAnswer(
  statusCode: number,
  type: string,
  reason: string,
  more: Record<string, unknown> = {},
): MockAnswer {
  return { statusCode, body: { error: { root_cause: [{ type, reason }], type, reason, ...more }, status: statusCode } };
}
