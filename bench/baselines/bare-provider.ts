import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { root } from '../lib/server.js';

/** Starts bench/baselines/bare-provider-main.ts in its own process. */
export async function startBareProvider(tokens: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/baselines/bare-provider-main.ts', String(tokens)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare provider exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const { url, refreshTokens } = JSON.parse(line) as { url: string; refreshTokens: string[] };
  return {
    url,
    refreshTokens,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((r) => {
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}
