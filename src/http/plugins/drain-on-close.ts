/**
 * Closing without cutting answers. Node's `server.close()` first calls
 * `server.closeIdleConnections()`, which destroys every connection whose last response has been
 * ended, although its bytes may still sit in the kernel's buffers for a slow reader: when the
 * client then sends its next request on that connection, the reset that answers it discards
 * the rest of the answer (a large page cut mid-body). Here, at close, no connection is
 * destroyed: each one ends (a FIN after its last byte) once it has been quiet for
 * `QUIET_AFTER_CLOSE_MS`, and a request that reaches one before that is answered, with
 * `Connection: close` (Fastify adds it while closing), after which Node ends the connection.
 * The shutdown deadline (`SHUTDOWN_TIMEOUT_MS`) bounds the whole.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long a connection stays open at close after its last activity. */
const QUIET_AFTER_CLOSE_MS = 1_000;

export function drainOnClose(server: Server): void {
  const sockets = new Set<Socket>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // With a listener here, Node leaves a timed-out socket to it instead of destroying it.
  server.on('timeout', (socket: Socket) => (closing ? socket.end() : socket.destroy()));
  server.closeIdleConnections = () => {
    closing = true;
    for (const socket of sockets) socket.setTimeout(QUIET_AFTER_CLOSE_MS);
  };
}
