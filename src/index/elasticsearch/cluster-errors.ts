/**
 * What the client's errors mean to the service. A cluster that cannot be reached, does not
 * answer in time, refuses the credentials (401, 403), is overloaded (429) or fails (5xx) makes
 * the service unavailable: a 503 error
 * object with a short reason, never the client's message (it names hosts and indices). A
 * missing index is told apart so that the engine can answer it as an unknown version.
 */
import { errors } from '@elastic/elasticsearch';
import { AppError } from '../../errors.ts';
import { MAX_BUCKETS, TooManyBucketsError } from '../engine.ts';

interface ClusterErrorBody {
  type?: string;
  caused_by?: ClusterErrorBody;
  root_cause?: ClusterErrorBody[];
}

/** Whether the cluster refused the search for making too many buckets (`search.max_buckets`). */
export function isTooManyBuckets(error: unknown): boolean {
  if (!(error instanceof errors.ResponseError)) return false;
  const seen = (body: ClusterErrorBody | undefined): boolean =>
    body !== undefined &&
    (body.type === 'too_many_buckets_exception' || seen(body.caused_by) || (body.root_cause ?? []).some(seen));
  return seen((error.body as { error?: ClusterErrorBody } | undefined)?.error);
}

/** Why the cluster cannot answer, in a few words fit for a client, or undefined when it answered. */
export function unavailableReason(error: unknown): string | undefined {
  if (error instanceof errors.TimeoutError) return 'the search cluster did not answer in time';
  if (error instanceof errors.ConnectionError || error instanceof errors.NoLivingConnectionsError) {
    return 'the search cluster cannot be reached';
  }
  if (error instanceof errors.ProductNotSupportedError || error instanceof errors.DeserializationError) {
    return 'the search cluster gave an answer that could not be read';
  }
  if (error instanceof errors.ResponseError) {
    if (error.statusCode === 401 || error.statusCode === 403)
      return "the search cluster refused the service's credentials";
    if (error.statusCode === 429) return 'the search cluster is overloaded';
    if ((error.statusCode ?? 0) >= 500) return 'the search cluster failed to answer';
  }
  return undefined;
}

/**
 * `error` as the service answers it: a SERVICE_UNAVAILABLE AppError (the original kept as its
 * cause, for the log) when the cluster is away. Any other refusal by the cluster (a 400 to a
 * body the compiler built) is a bug on our side: a plain error, which the error handler logs and
 * answers as a 500 that reveals nothing (the client's own error carries the cluster's status,
 * which the handler would otherwise pass on with the cluster's message).
 */
export function asServiceError(error: unknown): unknown {
  if (isTooManyBuckets(error)) return new TooManyBucketsError(MAX_BUCKETS);
  const reason = unavailableReason(error);
  if (reason !== undefined) {
    return new AppError('SERVICE_UNAVAILABLE', `Service unavailable: ${reason}; try again shortly`, undefined, {
      cause: error,
    });
  }
  if (error instanceof errors.ElasticsearchClientError) {
    return new Error(`engine: the search cluster refused a request: ${describeClusterError(error)}`, { cause: error });
  }
  return error;
}

/** Whether the cluster answered that the index (or alias) does not exist. */
export function isIndexMissing(error: unknown): boolean {
  if (!(error instanceof errors.ResponseError) || error.statusCode !== 404) return false;
  const body = error.body as { error?: { type?: string } } | undefined;
  return body?.error?.type === 'index_not_found_exception';
}

/** Whether the cluster answered that a point in time (or a scroll) is no longer open. */
export function isSearchContextMissing(error: unknown): boolean {
  if (!(error instanceof errors.ResponseError) || error.statusCode !== 404) return false;
  const body = error.body as { error?: ClusterErrorBody } | undefined;
  const seen = (cause: ClusterErrorBody | undefined): boolean =>
    cause !== undefined &&
    (cause.type === 'search_context_missing_exception' || seen(cause.caused_by) || (cause.root_cause ?? []).some(seen));
  return seen(body?.error);
}

/**
 * A one-line description of a client error for an operator (the loader's messages): the status,
 * type and reason the cluster gave, or the connection problem.
 */
export function describeClusterError(error: unknown): string {
  if (error instanceof errors.ResponseError) {
    const body = error.body as { error?: { type?: string; reason?: string } | string } | undefined;
    const detail =
      typeof body?.error === 'object'
        ? `${body.error.type ?? 'error'}: ${body.error.reason ?? ''}`
        : String(body?.error ?? error.message);
    return `status ${error.statusCode}, ${detail}`;
  }
  const reason = unavailableReason(error);
  const message = error instanceof Error ? error.message : String(error);
  return reason ? `${reason} (${message})` : message;
}
