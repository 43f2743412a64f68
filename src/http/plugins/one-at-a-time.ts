/**
 * Pipelined requests are answered one at a time (docs/running.md, "One client cannot hold the
 * others").
 *
 * Node parses every request a client pipelines on one connection as soon as its bytes arrive and
 * runs all their handlers at once, holding each answer until the ones before it are written: one
 * connection that writes an export request hundreds of times and never reads makes the service
 * build hundreds of answers nobody takes. Node gives a response its connection only once the
 * answer before it is finished, so a response without one is a pipelined request waiting its
 * turn: its handling starts when the connection is given to it and the bytes before have left
 * for the kernel (the socket drained). A client that does not read thus holds at most one
 * answer. While more than `MAX_WAITING` requests wait on one connection, it is not read from;
 * when it is closed, the requests still waiting are dropped unanswered. The wait counts towards
 * the answer deadline (`answer-deadline.ts`): a request answered 503 while it waited is not
 * handled. A request alone on its connection, the usual case, costs one property read.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Requests that may wait on one connection before it stops being read. */
export const MAX_WAITING = 16;

export function registerOneAtATime(app: FastifyInstance): void {
  const waiting = new WeakMap<Socket, number>();
  app.addHook('onRequest', (request, reply, done) => {
    if (reply.raw.socket !== null) return done();
    const connection = request.raw.socket;
    const count = (waiting.get(connection) ?? 0) + 1;
    waiting.set(connection, count);
    if (count > MAX_WAITING) connection.pause();
    reply.raw.once('socket', (socket: Socket) => {
      const turn = () => {
        const left = (waiting.get(connection) ?? 1) - 1;
        waiting.set(connection, left);
        if (left <= MAX_WAITING && connection.isPaused()) connection.resume();
        // Answered meanwhile (the answer deadline), or the client is gone: nothing left to do.
        if (!socket.destroyed && !reply.sent) done();
      };
      if (!socket.writableNeedDrain) return turn();
      const settle = () => {
        socket.off('drain', settle);
        socket.off('close', settle);
        turn();
      };
      socket.on('drain', settle);
      socket.on('close', settle);
    });
  });
}
