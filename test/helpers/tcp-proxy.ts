/**
 * A TCP proxy in front of a cluster, to fail it the ways a network and a node fail: `refuse()`
 * stops listening and cuts every open connection (a node stopped: new connections are refused),
 * `accept()` listens again on the same port (the node back), and `delayMs` holds every chunk of
 * the answers that long (a node too slow to answer in time).
 *
 * @example
 *   const proxy = await startTcpProxy('http://127.0.0.1:9250');
 *   proxy.delayMs = 2_000; … ; await proxy.refuse(); … ; await proxy.accept(); await proxy.stop();
 */
import { once } from 'node:events';
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

export interface TcpProxy {
  /** the proxied cluster's address, with its credentials, through the proxy */
  url: string;
  /** how long each chunk of an answer is held before it is passed on (0: not at all) */
  delayMs: number;
  refuse(): Promise<void>;
  accept(): Promise<void>;
  /** connections accepted so far */
  readonly connections: number;
  stop(): Promise<void>;
}

export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const upstream = new URL(target);
  const open = new Set<Socket>();
  let connections = 0;
  const proxy: TcpProxy = {
    url: '',
    delayMs: 0,
    get connections() {
      return connections;
    },
    refuse,
    accept,
    stop: refuse,
  };

  const server = createServer((client) => {
    connections++;
    const cluster = createConnection({ host: upstream.hostname, port: Number(upstream.port || 80) });
    for (const socket of [client, cluster]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      // Either side going away takes the other with it, as a dropped connection does.
      socket.on('error', () => undefined);
      socket.on('close', () => {
        client.destroy();
        cluster.destroy();
      });
    }
    client.pipe(cluster);
    cluster.on('data', (chunk: Buffer) => {
      if (proxy.delayMs === 0) client.write(chunk);
      else setTimeout(() => client.writable && client.write(chunk), proxy.delayMs).unref();
    });
  });

  async function accept(): Promise<void> {
    const port = proxy.url === '' ? 0 : Number(new URL(proxy.url).port);
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    const address = new URL(target);
    address.hostname = '127.0.0.1';
    address.port = String((server.address() as AddressInfo).port);
    proxy.url = address.href;
  }

  async function refuse(): Promise<void> {
    for (const socket of open) socket.destroy();
    if (!server.listening) return;
    const closed = once(server, 'close');
    server.close();
    await closed;
  }

  await accept();
  return proxy;
}
