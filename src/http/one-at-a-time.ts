/**
 * Pipelined requests are answered one at a time (docs/running.md, "Abuse and failures").
 *
 * Node parses every request a client pipelines on one connection as soon as its bytes arrive and
 * runs all their handlers at once, holding each answer until the ones before it are written: one
 * connection that writes an export request hundreds of times and never reads makes the service
 * build hundreds of answers nobody takes. Here a request's handling starts only once the answer
 * before it on the same connection is finished and its bytes have left for the kernel (the socket
 * drained), so a client that does not read holds at most one answer. While more than
 * `MAX_WAITING` requests wait on one connection, it is not read from; when it is closed, the
 * requests still waiting are dropped unanswered. The wait counts towards the answer deadline
 * (`answer-deadline.ts`): a request answered 503 while it waited is not handled.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Requests that may wait on one connection before it stops being read. */
export const MAX_WAITING = 16;

interface Turns {
  /** resolves when the last request taken on the connection has been answered and written */
  last: Promise<void>;
  waiting: number;
}

/** Resolves once `response` is finished (or closed) and the socket holds none of it (or is gone). */
function written(socket: Socket, response: NodeJS.EventEmitter): Promise<void> {
  return new Promise((resolve) => {
    let ended = false;
    const drained = () => {
      if (ended) return;
      ended = true;
      if (socket.destroyed || !socket.writableNeedDrain) return resolve();
      const settle = () => {
        socket.off('drain', settle);
        socket.off('close', settle);
        resolve();
      };
      socket.on('drain', settle);
      socket.on('close', settle);
    };
    response.once('finish', drained);
    response.once('close', drained);
  });
}

export function registerOneAtATime(app: FastifyInstance): void {
  const connections = new WeakMap<Socket, Turns>();
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket;
    const turns = connections.get(socket);
    const answered = written(socket, reply.raw);
    if (turns === undefined) {
      connections.set(socket, { last: answered, waiting: 0 });
      return done();
    }
    const before = turns.last;
    turns.last = answered;
    turns.waiting += 1;
    if (turns.waiting > MAX_WAITING) socket.pause();
    void before.then(() => {
      turns.waiting -= 1;
      if (turns.waiting <= MAX_WAITING && socket.isPaused()) socket.resume();
      // Answered meanwhile (the answer deadline), or the client is gone: nothing left to do.
      if (!socket.destroyed && !reply.sent) done();
    });
  });
}
