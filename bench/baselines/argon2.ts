// Raw argon2id verifies per second with the server's library and parameters
// (server/src/lib/password.ts: @node-rs/argon2 on the libuv pool), 2 verifies in flight at once.
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../../server/src/lib/password.js';
import { runLoad } from '../lib/load.js';

export async function benchArgon2(seconds: number, concurrency = 2) {
  const phc = await hashPassword('Bench@Pass2026');
  return runLoad({
    users: concurrency,
    seconds,
    warmupSeconds: 1,
    // The verifies run in this process (on libuv's pool): its CPU is the "server" here.
    cpuOf: process.pid,
    task: async () => {
      if (!(await verify(phc, 'Bench@Pass2026'))) throw new Error('verify failed');
    },
  });
}
