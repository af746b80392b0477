// Refresh grants per second: each virtual user holds one refresh token chain and redeems it in a
// loop; with rotation on, every answer carries the next token of the chain.
import { refreshGrant } from './lib/flow.js';
import { type LoadResult, runLoad } from './lib/load.js';

export async function benchRefresh(opts: {
  base: string;
  tokenPath?: string;
  /** One starting refresh token per virtual user. */
  refreshTokens: string[];
  seconds: number;
  /** The server's pid, for the CPU figures (lib/cpu.ts). */
  cpuOf?: number;
}): Promise<LoadResult> {
  const chains = [...opts.refreshTokens];
  return runLoad({
    users: chains.length,
    seconds: opts.seconds,
    warmupSeconds: 1,
    cpuOf: opts.cpuOf,
    task: async (vu) => {
      const tokens = await refreshGrant(opts.base, chains[vu] ?? '', {}, opts.tokenPath);
      if (tokens.refresh_token) chains[vu] = tokens.refresh_token;
    },
  });
}
