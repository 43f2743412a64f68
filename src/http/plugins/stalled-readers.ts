/**
 * A client that stops reading a streamed answer is disconnected (docs/running.md, "Abuse and
 * failures"). An export or a nested tree is written only as fast as the client reads it, so a
 * client that reads nothing holds its answer's buffers, its export slot and the engine's walk.
 * Node's socket timeout does not end it in a set time (it is put off while writes are queued).
 * Here every streamed answer is watched until the socket has sent it all: when no byte has left
 * for the client in `stalledAfterMs`, its connection is destroyed, which ends the stream and frees what it held,
 * and a warning is logged. A client that reads, however slowly, is not cut.
 */
import type { ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** How long a streamed answer may go without a byte leaving before its connection is cut. */
export const STALLED_READER_MS = 30_000;

interface Watched {
  socket: Socket;
  /** the answer has been handed to the socket whole; watched until the socket holds none of it */
  ended: boolean;
  log: FastifyBaseLogger;
  url: string;
  written: number;
  since: number;
}

export function registerStalledReaders(app: FastifyInstance, stalledAfterMs = STALLED_READER_MS): void {
  const streaming = new Map<ServerResponse, Watched>();
  let timer: NodeJS.Timeout | undefined;

  const sweep = () => {
    const now = performance.now();
    for (const [response, watched] of streaming) {
      const written = watched.socket.bytesWritten;
      if (watched.socket.destroyed || (watched.ended && watched.socket.writableLength === 0)) {
        streaming.delete(response);
      } else if (written !== watched.written) {
        watched.written = written;
        watched.since = now;
      } else if (now - watched.since >= stalledAfterMs) {
        streaming.delete(response);
        watched.log.warn(
          { url: watched.url, stalledMs: Math.round(now - watched.since) },
          'client stopped reading; disconnected',
        );
        watched.socket.destroy();
      }
    }
    if (streaming.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    const socket = request.raw.socket;
    // (An injected request's socket is not a network one: nothing to watch.)
    if (typeof (payload as { pipe?: unknown } | null)?.pipe === 'function' && socket instanceof Socket) {
      const response = reply.raw;
      const watched: Watched = {
        socket,
        ended: false,
        log: request.log,
        url: request.url,
        written: socket.bytesWritten,
        since: performance.now(),
      };
      streaming.set(response, watched);
      response.once('close', () => {
        watched.ended = true;
      });
      timer ??= setInterval(sweep, Math.max(10, Math.min(1_000, stalledAfterMs / 4))).unref();
    }
    done(null, payload);
  });
}
