import net from 'node:net';

/**
 * A TCP forwarder the tests can cut and restore, standing in for a database or Redis that goes
 * away (restart, failover, network loss) and comes back on the same address.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const srv = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server = srv;
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => {
        port = (srv.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    /** Drops every open connection and refuses new ones. */
    async cut() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
    /** Listens again on the same port. */
    restore: listen,
    close() {
      return this.cut();
    },
  };
}
