/**
 * The answer deadline (docs/running.md, "Abuse and failures"): a request whose answer has not
 * started `deadlineMs` after it arrived is answered with a 503 error object and `Retry-After`, and
 * a warning names its route and the time it waited, instead of the connection being cut without
 * a word when the socket's idle bound passes.
 *
 * One sweep a tenth of the deadline (at most a second) walks the requests under way, oldest
 * first, and stops at the first that is not late yet: a request costs an entry set in `onRequest`
 * and deleted in `onResponse`, no timer of its own.
 *
 * Not cut: an answer that has started (a streamed export under way), a request whose body is
 * still arriving (the request timeout answers it with a 408), a client that has gone. The late
 * handler goes on with its work; whatever it sends afterwards is dropped (a stream destroyed,
 * which ends what it reads) and logged, never sent on a reply already ended.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../errors.ts';
import { errorBodyOf, UNAVAILABLE_RETRY_AFTER_S } from './error-handler.ts';

/** The longest time between two sweeps; a late answer comes at most this much past the deadline. */
const MAX_SWEEP_INTERVAL_MS = 1_000;

export function registerAnswerDeadline(app: FastifyInstance, deadlineMs: number): void {
  /** Replies not ended yet, in the order their requests arrived, with that time. */
  const underWay = new Map<FastifyReply, number>();
  // Callback hooks: an async one costs every request a promise and a turn of the microtask queue.
  app.addHook('onRequest', (_request, reply, done) => {
    underWay.set(reply, performance.now());
    done();
  });
  app.addHook('onResponse', (_request, reply, done) => {
    underWay.delete(reply);
    done();
  });
  const sweep = () => {
    const now = performance.now();
    for (const [reply, since] of underWay) {
      if (now - since < deadlineMs) break;
      underWay.delete(reply);
      const { raw } = reply.request;
      if (reply.sent || reply.raw.headersSent || !raw.complete || raw.socket?.destroyed !== false) continue;
      answerLate(reply, deadlineMs, since);
    }
  };
  const timer = setInterval(sweep, Math.min(MAX_SWEEP_INTERVAL_MS, Math.ceil(deadlineMs / 10)));
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}

function answerLate(reply: FastifyReply, deadlineMs: number, since: number): void {
  const { request } = reply;
  const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
  const waitedMs = () => Math.round(performance.now() - since);
  request.log.warn({ route, waitedMs: waitedMs(), deadlineMs }, 'no answer by the deadline: answered 503');
  const error = new AppError('SERVICE_UNAVAILABLE', `The answer did not start within ${deadlineMs / 1000} s`);
  reply
    .code(503)
    .header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S))
    .send(errorBodyOf(request, error, request.params));
  // What the handler sends when it is done goes nowhere; an async handler's returned value comes
  // here too.
  reply.send = (payload?: unknown) => {
    if (isStream(payload)) payload.destroy();
    request.log.info({ route, waitedMs: waitedMs() }, 'late answer dropped');
    return reply;
  };
}

function isStream(payload: unknown): payload is Readable {
  return typeof payload === 'object' && payload !== null && typeof (payload as Readable).destroy === 'function';
}
