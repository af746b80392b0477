import { forgotPasswordEndpoints as forgot, registerEndpoints as register } from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.js';
import { solvedCaptcha } from '../../testing/captcha.js';
import { createUser } from '../../testing/users.js';

// Past OTP_SENDS_PER_IP the anonymous sends that have no captcha of their own (forgot password,
// the register resend) ask for one and go on with it, instead of refusing a whole office behind
// one address (issue 8, point 25).
describe('a captcha on demand for code sends', () => {
  const t = useTestApp({
    OTP_SENDS_PER_IP: '2',
    OTP_SENDS_PER_TARGET: '100',
    OTP_RESEND_SECONDS: '0',
    ALTCHA_MAX_NUMBER: '1000',
  });
  beforeAll(() => createUser(t.deps.database.db, { email: 'office@example.com' }));

  const post = (url: string, payload: Record<string, unknown>, ip: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });
  const keyOf = (res: { statusCode: number; json(): { exception?: { message: string } } }) =>
    res.statusCode === 200 ? 'ok' : res.json().exception?.message;

  it('forgot password: asks for the captcha past the threshold, the same for known and unknown accounts, and goes on with one', async () => {
    const ip = '198.51.100.40';
    for (const name of ['office@example.com', 'nobody@example.com'])
      expect(keyOf(await post(forgot.send.path, { username: name }, ip))).toBe('ok');
    for (const name of ['office@example.com', 'nobody@example.com']) {
      expect(keyOf(await post(forgot.send.path, { username: name }, ip))).toBe('captcha_error_empty');
      expect(keyOf(await post(forgot.resendOtp.path, { username: name }, ip))).toBe('captcha_error_empty');
    }
    const captcha = await solvedCaptcha(t);
    expect(keyOf(await post(forgot.send.path, { username: 'office@example.com', captcha }, ip))).toBe('ok');
    expect(
      keyOf(await post(forgot.resendOtp.path, { username: 'office@example.com', captcha: await solvedCaptcha(t) }, ip)),
    ).toBe('ok');
  });

  it('register: the resend asks for a fresh captcha past the threshold and goes on with one', async () => {
    const ip = '198.51.100.41';
    const email = 'newcomer@example.com';
    expect(keyOf(await post(register.sendOtp.path, { username: email, captcha: await solvedCaptcha(t) }, ip))).toBe(
      'ok',
    );
    expect(keyOf(await post(register.resendOtp.path, { username: email }, ip))).toBe('ok');
    expect(keyOf(await post(register.resendOtp.path, { username: email }, ip))).toBe('captcha_error_empty');
    expect(keyOf(await post(register.resendOtp.path, { username: email, captcha: await solvedCaptcha(t) }, ip))).toBe(
      'ok',
    );
  });
});
