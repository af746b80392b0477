import { createServer } from 'node:net';
import { authEndpoints } from '@portico/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { listenForMetrics } from '../../modules/metrics/index.js';
import { signedInUser } from '../../testing/account.js';
import { useTestApp } from '../../testing/app.js';
import { canSignIn } from '../../testing/sessions.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** One sample's value in Prometheus text: the line `name{labels} value`. */
const sample = (text: string, line: string): number => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
};

describe('/metrics', () => {
  const t = useTestApp({ METRICS_TOKEN: TOKEN, OTP_SENDS_PER_IP: '1000' });
  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toContain('no-store');
    return res.body;
  };

  it('answers only the scraper holding METRICS_TOKEN', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN.slice(1)}x` } });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts sign-ins by method, failures by step, codes by channel, and times the routes', async () => {
    const before = await scrape();
    await signedInUser(t, { email: 'metrics-lan@example.com' });
    expect(await canSignIn(t, 'metrics-lan@example.com', 'not-the-password-1!')).toBe(false);
    const sent = await t.app.inject({
      method: 'POST',
      url: authEndpoints.sendLoginOtp.path,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: { username: 'metrics-lan@example.com', captcha: '' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The code goes out after the answer (the same answer whether or not the account exists).
    await expect
      .poll(async () => sample(await scrape(), 'portico_codes_sent_total{channel="email"}'))
      .toBe(sample(before, 'portico_codes_sent_total{channel="email"}') + 1);
    const after = await scrape();
    const moved = (line: string) => sample(after, line) - sample(before, line);
    expect(moved('portico_sign_ins_total{method="password"}')).toBe(1);
    expect(moved('portico_sign_in_failures_total{step="password"}')).toBe(1);
    expect(moved('portico_codes_sent_total{channel="email"}')).toBe(1);
    expect(after).toMatch(
      /portico_http_request_duration_seconds_count\{method="POST",route="\/api\/account\/login",status="2xx"\} \d+/,
    );
    expect(after).toContain('portico_change_feed_live 1');
    expect(after).toContain('nodejs_eventloop_lag_seconds');
    // Ids never become labels: the route as registered.
    expect(after).not.toMatch(/route="\/api\/account\/device\/\d/);
  });
});

describe('/metrics without a token', () => {
  const t = useTestApp({});
  let close: (() => Promise<void>) | undefined;
  afterAll(() => close?.());

  it('is not on the app; METRICS_PORT serves it on a port of its own', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    const port = await freePort();
    close = await listenForMetrics(t.deps.metrics, port, '127.0.0.1');
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('portico_sign_ins_total');
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(404);
  });
});
