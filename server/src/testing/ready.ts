/**
 * Waits until a server started as a child process answers /readyz (e2e/harness.ts, bench/lib/server.ts):
 * fails at once if it exits meanwhile, and after 60 s without an answer.
 */
export async function waitUntilReady(url: string, opts: { exited: () => boolean; name?: string }): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (opts.exited()) throw new Error(`the ${opts.name ?? 'server'} exited during start`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the ${opts.name ?? 'server'} did not become ready within 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
