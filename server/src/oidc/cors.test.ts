import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';

// Which browser origins may call the token endpoint (server/src/oidc/provider.ts clientBasedCORS).
describe('CORS of the provider endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const tokenCall = (origin: string) =>
    t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&refresh_token=unknown&client_id=portal',
    });

  it("lets the portal's own origin call the token endpoint, and no other origin", async () => {
    const own = await tokenCall('http://localhost:3000');
    expect(own.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const stranger = await tokenCall('https://evil.example');
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });
});
