import { beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { keyOf } from '../../testing/account.js';
import { useTestApp } from '../../testing/app.js';
import { createUser } from '../../testing/users.js';
import { createCodeFlows } from './code-steps.js';

describe('code steps of flows', () => {
  const t = useTestApp({ OTP_SENDS_PER_IP: '10000', OTP_SENDS_PER_TARGET: '100' });
  let clock = Date.now();
  let steps: ReturnType<typeof createCodeFlows>;
  beforeAll(() => {
    steps = createCodeFlows(t.deps, { now: () => new Date(clock) });
  });

  const codeFor = async (to: string) => (await listOutboxMessages(t.deps.database.db, to, 1))[0]?.code ?? '';
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('sends the code and waits for it; the right code moves the flow on once, with a secret', async () => {
    const key = { target: 'step@example.com', subject: null };
    expect(await steps.waiting('register', key)).toBeUndefined();
    expect(await steps.send('register', key)).toEqual({ times: 60 });
    expect(await steps.waiting('register', key)).toEqual({ times: 60 });
    clock += 20_000;
    expect(await steps.waiting('register', key)).toEqual({ times: 40 });
    const code = await codeFor('step@example.com');
    expect(await keyOf(steps.pass('register', key, wrong(code), 'verified'))).toBe('otp_invalid');
    const passed = await steps.pass('register', key, code, 'verified', { secret: true, ttlSeconds: 600 });
    expect(passed.flow.state).toBe('verified');
    expect((await steps.flows.findBySecret('register', passed.secret!))?.id).toBe(passed.flow.id);
    // Nothing waits any more; the code is used.
    expect(await steps.waiting('register', key)).toBeUndefined();
    expect(await keyOf(steps.pass('register', key, code, 'verified'))).toBe('otp_invalid');
  });

  it('two racing checks of the right code: exactly one passes', async () => {
    const user = await createUser(t.deps.database.db, { email: 'racer@example.com' });
    const key = { target: 'racer@example.com', subject: user.id };
    await steps.send('change_password', key);
    const code = await codeFor('racer@example.com');
    const results = await Promise.all([0, 1, 2].map(() => keyOf(steps.pass('change_password', key, code, 'done'))));
    expect(results.sort()).toEqual(['ok', 'otp_invalid', 'otp_invalid']);
  });

  it('a flow for nobody (no subject, nothing sent) waits and refuses codes exactly like a real one', async () => {
    const user = await createUser(t.deps.database.db, { email: 'someone@example.com' });
    const real = { target: 'someone@example.com', subject: user.id };
    const ghost = { target: 'ghost@example.com', subject: null };
    const answers = async (key: typeof real | typeof ghost, message?: 'nothing') => {
      const out: unknown[] = [await steps.send('forgot_password', key, message ? { message } : {})];
      out.push(await steps.waiting('forgot_password', key));
      for (let i = 0; i < 6; i++) out.push(await keyOf(steps.pass('forgot_password', key, 'x00000', 'verified')));
      out.push(await steps.waiting('forgot_password', key));
      return out;
    };
    const realAnswers = await answers(real);
    expect(realAnswers).toEqual([
      { times: 60 },
      { times: 60 },
      ...Array(4).fill('otp_invalid'),
      'otp_too_many_attempts',
      'otp_too_many_attempts',
      undefined,
    ]);
    expect(await answers(ghost, 'nothing')).toEqual(realAnswers);
    expect(await listOutboxMessages(t.deps.database.db, 'ghost@example.com', 10)).toHaveLength(0);
  });

  it('a new send replaces the flow; its code expiry ends the wait but not the flow (a resend may follow)', async () => {
    const user = await createUser(t.deps.database.db, { email: 'again@example.com' });
    const key = { target: 'again@example.com', subject: user.id };
    await steps.send('change_contact', key);
    const first = await steps.started('change_contact', key);
    clock += 61_000;
    await steps.send('change_contact', key);
    const second = await steps.started('change_contact', key);
    expect(second?.id).not.toBe(first?.id);
    clock += t.deps.config.OTP_TTL_SECONDS * 1000 + 1000;
    expect(await steps.waiting('change_contact', key)).toBeUndefined();
    expect((await steps.started('change_contact', key))?.id).toBe(second?.id);
    expect(await keyOf(steps.pass('change_contact', key, await codeFor('again@example.com'), 'done'))).toBe(
      'otp_expired',
    );
  });
});
