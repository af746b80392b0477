// Database statements and Redis commands per sign-in, per refresh and per API read, counted on a
// server of its own while one virtual user does each thing K times:
// - PostgreSQL: on the wire, by a counting proxy between the server and PostgreSQL (Q + E messages,
//   bench/lib/count-proxy.ts), so BEGIN / COMMIT and every execution count;
// - both databases: the statements Drizzle sends (PORTICO_SQL_TRACE=1, server/src/db/client.ts),
//   which leaves out BEGIN / COMMIT;
// - Redis: commands on the wire, by a counting RESP proxy.
import {
  type PgCounts,
  pgCountingProxy,
  pgStatements,
  type RedisCounts,
  redisCountingProxy,
} from './lib/count-proxy.js';
import { refreshGrant, signInFlow } from './lib/flow.js';
import { postgresBase, redisBase, startBenchServer, type Target, userEmail } from './lib/server.js';
import { BENCH_PASSWORD } from './signin.js';

export type PerOp = {
  pgWire: number | null;
  drizzle: number;
  redis: number | null;
  redisByName: Record<string, number>;
};
export type CountFigures = { signIn: PerOp; refresh: PerOp; apiRead: PerOp; signInStatements: string[] };

const hostPort = (url: string, defaultPort: number) => {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || defaultPort) };
};

export async function benchCounts(target: Target, passwordHash: string, k = 20): Promise<CountFigures> {
  const pgProxy = target === 'postgres' ? await pgCountingProxy(hostPort(postgresBase(), 5432)) : undefined;
  const redisProxy = target === 'postgres' ? await redisCountingProxy(hostPort(redisBase(), 6379)) : undefined;
  const server = await startBenchServer({
    target,
    seed: [{ count: k * 2, prefix: 'c', passwordHash }],
    env: { PORTICO_SQL_TRACE: '1' },
    databaseUrlFor: async (scratch) => {
      const u = new URL(scratch);
      u.hostname = '127.0.0.1';
      u.port = String(pgProxy?.port);
      return u.toString();
    },
    ...(redisProxy ? { redisUrl: `redis://127.0.0.1:${redisProxy.port}` } : {}),
  });
  let statements: string[] = [];
  const stopListening = server.onStderrLine((line) => {
    if (line.startsWith('[sql] ')) statements.push(line.slice(6));
  });
  const measure = async (run: (i: number) => Promise<void>): Promise<PerOp> => {
    await run(-1); // once untimed: caches and pools as in steady state
    await new Promise((r) => setTimeout(r, 200));
    const pg0: PgCounts | undefined = pgProxy?.snapshot();
    const redis0: RedisCounts | undefined = redisProxy?.snapshot();
    statements = [];
    for (let i = 0; i < k; i++) await run(i);
    await new Promise((r) => setTimeout(r, 300)); // work done after the answer
    const pg1 = pgProxy?.snapshot();
    const redis1 = redisProxy?.snapshot();
    const byName: Record<string, number> = {};
    for (const [name, n] of Object.entries(redis1?.byName ?? {})) {
      const d = n - (redis0?.byName[name] ?? 0);
      if (d) byName[name] = d / k;
    }
    return {
      pgWire: pg0 && pg1 ? (pgStatements(pg1) - pgStatements(pg0)) / k : null,
      drizzle: statements.length / k,
      redis: redis0 && redis1 ? (redis1.commands - redis0.commands) / k : null,
      redisByName: byName,
    };
  };
  try {
    const tokens: { refresh: string; access: string } = { refresh: '', access: '' };
    const signIn = await measure(async (i) => {
      const t = await signInFlow({ base: server.url, username: userEmail('c', i + 1), password: BENCH_PASSWORD });
      tokens.refresh = t.refresh_token ?? '';
      tokens.access = t.access_token;
    });
    // The statements of one sign-in, in order (the last one measured).
    statements = [];
    await signInFlow({ base: server.url, username: userEmail('c', k + 2), password: BENCH_PASSWORD });
    await new Promise((r) => setTimeout(r, 300));
    const signInStatements = [...statements];
    const refresh = await measure(async () => {
      const t = await refreshGrant(server.url, tokens.refresh);
      tokens.refresh = t.refresh_token ?? tokens.refresh;
      tokens.access = t.access_token;
    });
    const apiRead = await measure(async () => {
      const res = await fetch(`${server.url}/api/account/me`, {
        headers: { authorization: `Bearer ${tokens.access}` },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`/api/account/me answered ${res.status}`);
    });
    return { signIn, refresh, apiRead, signInStatements };
  } finally {
    stopListening();
    await server.stop();
    await pgProxy?.close();
    await redisProxy?.close();
  }
}
