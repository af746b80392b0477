import { beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../adapters/mail/index.js';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { useTestApp } from '../../testing/app.js';
import { postJson } from '../../testing/oidc-flow.js';
import { createUser } from '../../testing/users.js';

const SLOW_MAIL_MS = 1500;

// A slow mail transport must not show in the answer: a code for an account and the pretend send
// for an unknown address (or a taken one at registration) take the same time (lib/send-later.ts).
describe('send-code answers do not wait for the mail transport', () => {
  const t = useTestApp({ OTP_SENDS_PER_IP: '1000', CAPTCHA_PROVIDER: 'none', REGISTER_TAKEN_ANSWERS_PER_IP: '0' });
  beforeAll(async () => {
    const send = t.deps.mailer.send.bind(t.deps.mailer);
    t.deps.mailer.send = async (message: MailMessage) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_MAIL_MS));
      await send(message);
    };
    await createUser(t.deps.database.db, { email: 'timed@example.com' });
  });

  const timed = async (url: string, body: Record<string, unknown>) => {
    const started = performance.now();
    const res = await postJson(t.app, url, body);
    return { ms: performance.now() - started, status: res.statusCode, body: res.json() };
  };

  it.each([
    ['login code', '/api/account/login/send-otp', 'username'],
    ['forgot password', '/api/account/forgot-password', 'username'],
    ['register step 1', '/api/account/register/check-username-and-send-otp', 'username'],
  ])('%s: an existing and an unknown address answer alike and fast; the mail goes out after', async (_, url, field) => {
    const unknown = `nobody-${url.length}@example.com`;
    const known = await timed(url, { [field]: 'timed@example.com' });
    const other = await timed(url, { [field]: unknown });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(other.body);
    expect(known.ms).toBeLessThan(SLOW_MAIL_MS);
    expect(other.ms).toBeLessThan(SLOW_MAIL_MS);
    // The account's message still arrives.
    expect((await listOutboxMessages(t.deps.database.db, 'timed@example.com', 10)).length).toBeGreaterThan(0);
  });
});
