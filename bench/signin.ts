// Password sign-ins per second over the whole flow (bench/lib/flow.ts), N virtual users, each
// signing in pre-registered users in turn.
import { signInFlow } from './lib/flow.js';
import { type LoadResult, runLoad } from './lib/load.js';
import { userEmail } from './lib/server.js';

export const BENCH_PASSWORD = 'Bench@Pass2026';

export function benchSignIn(opts: {
  base: string;
  users: number;
  seconds: number;
  accounts: { prefix: string; count: number };
  /** The server's pid, for the CPU figures (lib/cpu.ts). */
  cpuOf?: number;
}): Promise<LoadResult> {
  const { prefix, count } = opts.accounts;
  return runLoad({
    users: opts.users,
    seconds: opts.seconds,
    warmupSeconds: 1,
    cpuOf: opts.cpuOf,
    task: async (vu, n) => {
      const i = (vu + n * opts.users) % count;
      await signInFlow({ base: opts.base, username: userEmail(prefix, i), password: BENCH_PASSWORD });
    },
  });
}
