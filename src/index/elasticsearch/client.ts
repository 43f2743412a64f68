/**
 * The Elasticsearch client as this project configures it: a request timeout, a few retries with
 * a short exponential backoff, and the settings named once for the two users (the serving
 * engine, which must fail fast, and the loader, which must be patient).
 */
import { Client, SniffingTransport, type BaseConnection, type TransportOptions } from '@elastic/elasticsearch';

export interface ClientSettings {
  /** milliseconds before one attempt of a request is given up (a timeout is not retried) */
  requestTimeout: number;
  /** retries after a connection error or a 502/503/504 answer, with backoff after connection errors */
  maxRetries: number;
}

/**
 * The service: a search answers in milliseconds, so 5 s without an answer means the cluster is
 * in trouble, and 2 retries (about 0.1 s and 0.2 s apart) ride over a node restart or a dropped
 * connection; past that the request becomes a 503 rather than holding the caller.
 */
export const SERVING_CLIENT: ClientSettings = { requestTimeout: 5_000, maxRetries: 2 };

/**
 * The loader: a bulk request of a thousand documents or a refresh of a large index can take
 * long on a busy cluster, so 120 s per attempt and 3 retries before the load is given up.
 */
export const LOADING_CLIENT: ClientSettings = { requestTimeout: 120_000, maxRetries: 3 };

/**
 * Seconds to wait before retry `attempt` (1, 2, …): 0.1 s doubling up to 2 s, with jitter. The
 * client's own default starts at 1 s, too slow for a service that must answer 503 quickly.
 */
function retryBackoff(_min: number, _max: number, attempt: number): number {
  const ceiling = Math.min(2, 0.05 * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** The client's transport with our backoff: the client has no option of its own for it. */
class BackoffTransport extends SniffingTransport {
  constructor(options: TransportOptions) {
    super({ ...options, retryBackoff });
  }
}

/**
 * A client for the cluster at `node` (credentials may be given in the URL).
 *
 * @example const client = createElasticsearchClient('http://localhost:9200', SERVING_CLIENT);
 * @param Connection a connection class to use instead of HTTP (tests pass a mock)
 */
export function createElasticsearchClient(
  node: string,
  settings: ClientSettings,
  Connection?: typeof BaseConnection,
): Client {
  return new Client({
    node,
    requestTimeout: settings.requestTimeout,
    maxRetries: settings.maxRetries,
    Transport: BackoffTransport,
    ...(Connection ? { Connection } : {}),
  });
}
