// TCP proxies that count what the server asks of PostgreSQL and Redis, without touching product
// code: the server connects to the proxy, the proxy to the real service, and the client-to-server
// direction is parsed as it passes.
// - PostgreSQL wire protocol (frontend messages: 1 type byte + int32 length): 'Q' is one simple
//   query (BEGIN, COMMIT, ...), 'E' one execution of an extended-protocol statement (node-postgres
//   sends Parse/Bind/Describe/Execute/Sync for every parameterised query); statements = Q + E.
//   'S' (Sync) ends each extended round trip.
// - Redis RESP: every command is an array of bulk strings (*<n>\r\n$<len>\r\n...); pipelined
//   commands count one each. Command names are tallied too.
import { connect, createServer, type Server, type Socket } from 'node:net';

export type PgCounts = { simple: number; execute: number; parse: number; sync: number };
export type RedisCounts = { commands: number; byName: Record<string, number> };

type Proxy<C> = { port: number; counts: C; snapshot(): C; close(): Promise<void> };

function proxy(target: { host: string; port: number }, onClientData: (socket: Socket) => (chunk: Buffer) => void) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const parse = onClientData(client);
    client.on('data', (chunk) => {
      try {
        parse(chunk);
      } catch {
        // a parse error only costs counts, never the connection
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  return {
    server,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function pgCountingProxy(target: { host: string; port: number }): Promise<Proxy<PgCounts>> {
  const counts: PgCounts = { simple: 0, execute: 0, parse: 0, sync: 0 };
  const p = proxy(target, () => {
    let buf: Buffer = Buffer.alloc(0);
    let started = false;
    return (chunk) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      for (;;) {
        if (!started) {
          // Untyped start-up messages: SSLRequest / GSSENCRequest (then the real one), StartupMessage.
          if (buf.length < 8) return;
          const len = buf.readInt32BE(0);
          if (buf.length < len) return;
          const code = buf.readInt32BE(4);
          if (code === 196608) started = true; // protocol 3.0
          buf = buf.subarray(len);
          continue;
        }
        if (buf.length < 5) return;
        const len = buf.readInt32BE(1);
        if (buf.length < len + 1) return;
        const type = String.fromCharCode(buf[0] ?? 0);
        if (type === 'Q') counts.simple++;
        else if (type === 'E') counts.execute++;
        else if (type === 'P') counts.parse++;
        else if (type === 'S') counts.sync++;
        buf = buf.subarray(len + 1);
      }
    };
  });
  const port = await p.listen();
  return { port, counts, snapshot: () => ({ ...counts }), close: p.close };
}

export async function redisCountingProxy(target: { host: string; port: number }): Promise<Proxy<RedisCounts>> {
  const counts: RedisCounts = { commands: 0, byName: {} };
  const p = proxy(target, () => {
    let buf: Buffer = Buffer.alloc(0);
    // Parses one whole command at the start of buf; answers its byte length, or 0 if incomplete.
    const parseOne = (): number => {
      let at = 0;
      const line = () => {
        const nl = buf.indexOf('\r\n', at);
        if (nl < 0) return null;
        const text = buf.toString('latin1', at, nl);
        at = nl + 2;
        return text;
      };
      const head = line();
      if (head === null) return 0;
      if (!head.startsWith('*')) return at; // inline command: count it as one
      const n = Number(head.slice(1));
      let name = '';
      for (let i = 0; i < n; i++) {
        const size = line();
        if (size === null) return 0;
        const len = Number(size.slice(1));
        if (buf.length < at + len + 2) return 0;
        if (i === 0) name = buf.toString('latin1', at, at + len).toLowerCase();
        at += len + 2;
      }
      counts.byName[name] = (counts.byName[name] ?? 0) + 1;
      return at;
    };
    return (chunk) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      for (;;) {
        const used = parseOne();
        if (!used) return;
        counts.commands++;
        buf = buf.subarray(used);
      }
    };
  });
  const port = await p.listen();
  return {
    port,
    counts,
    snapshot: () => ({ commands: counts.commands, byName: { ...counts.byName } }),
    close: p.close,
  };
}

export const pgStatements = (c: PgCounts) => c.simple + c.execute;
