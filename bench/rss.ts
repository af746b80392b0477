// RSS of the server process after 10,000 sessions (BENCH_RSS_SESSIONS; by default 2,000 and the
// growth per session extrapolated to 10,000, since each flow costs ~60 ms of a 2-core machine:
// 10,000 take ~10 minutes per database). Each session is a whole sign-in flow
// (bench/lib/flow.ts), so every row and cache entry a real sign-in leaves is there. The accounts
// used here carry a cheap argon2id hash (same algorithm, 1 MiB, 1 pass): the flow skips ~10 ms of
// hashing that keeps no memory, and 10,000 flows fit in the bench's few minutes.
import { hash } from '@node-rs/argon2';
import { normalizePassword } from '@portico/contracts';
import { signInFlow } from './lib/flow.js';
import { runLoad } from './lib/load.js';
import { type BenchServer, userEmail } from './lib/server.js';
import { BENCH_PASSWORD } from './signin.js';

export const RSS_PREFIX = 'r';
export const RSS_ACCOUNTS = 1000;

export const cheapHash = () =>
  hash(normalizePassword(BENCH_PASSWORD), { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 });

export async function benchRss(
  server: BenchServer,
  opts: { sessions: number; already: number; users: number; log?: (m: string) => void },
) {
  const before = await server.rss();
  let after = before;
  let nextReport = Math.ceil((opts.already + 1) / 1000) * 1000;
  let done = opts.already;
  let errors = 0;
  const t0 = Date.now();
  let next = 0;
  await runLoad({
    users: opts.users,
    seconds: 3600,
    // A server that died (or a run of failures) ends the phase; the table says so.
    until: () => done >= opts.sessions || server.exited() !== null || errors > 500,
    task: async () => {
      const i = next++ % RSS_ACCOUNTS;
      try {
        await signInFlow({ base: server.url, username: userEmail(RSS_PREFIX, i), password: BENCH_PASSWORD });
        done++;
        if (done >= nextReport) {
          nextReport += 1000;
          after = await server.rss();
          opts.log?.(`${done} sessions, RSS ${Math.round(after / 1048576)} MB`);
        }
      } catch {
        errors++;
      }
    },
  });
  return {
    before,
    already: opts.already,
    after: server.exited() ? after : await server.rss(),
    sessions: done,
    errors,
    seconds: (Date.now() - t0) / 1000,
    serverEnded: server.exited(),
  };
}
