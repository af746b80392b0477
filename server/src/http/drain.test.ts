import { approvalEndpoints } from '@portico/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../db/testing.js';
import { signedInUser } from '../testing/account.js';
import { startTestApp } from '../testing/app.js';

// A copy told to stop drains first (server/src/http/drain.ts, server/src/main.ts): it stays up and
// serves, but says it is not ready, closes each keep-alive connection after its answer, and ends
// the hub's streams so browsers reconnect to another copy.
describe('drain before a stop', async () => {
  const database = await openTestDatabase();
  const t = await startTestApp(database, { PUBLIC_URL: 'http://localhost:3000', REDIS_URL: process.env.REDIS_URL });
  afterAll(async () => {
    await t.close();
  });

  it('answers /readyz 503 with draining, still serves with Connection: close, and ends open streams', async () => {
    const user = await signedInUser(t, { email: 'drain@example.com' });
    const prompts = await user.call('GET', approvalEndpoints.prompts.path);
    expect(prompts.statusCode, prompts.body).toBe(200);
    const { hubKey } = prompts.json().result as { hubKey: string };

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await fetch(`${address}${approvalEndpoints.hub.path}?userId=${encodeURIComponent(hubKey)}`);
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
    const body = stream.text();

    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    t.app.drain.start();
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().result.draining).toBe(true);
    const alive = await t.app.inject('/healthz');
    expect(alive.statusCode).toBe(200);
    expect(alive.headers.connection).toBe('close');
    // The stream ended on its own (its body completes) and told the browser when to come back.
    expect(await body).toMatch(/^retry: \d+/);
  });
});
