import { authEndpoints } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { queuedSendsDone } from '../../lib/send-later.js';
import { errorKey, resultOf } from '../../testing/account.js';
import { useTestApp } from '../../testing/app.js';
import { testCaller } from '../../testing/caller.js';
import { type Flow, finishSignIn, postJson, startAuthorization } from '../../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';
import { codeAt, createTwoFactor } from '../two-factor/index.js';

// Issue 24 point 1: whoever knows the password must not get a new run of second-step guesses with
// every correct password. The attack as reported: in a new browser each round, authorize, the
// right password, then wrong codes at login step 3.

let ipSeq = 0;
const newIp = () => `203.0.113.${++ipSeq}`;

describe('the second step counts its failures on its own', () => {
  const t = useTestApp({ CAPTCHA_PROVIDER: 'none', LOGIN_SECOND_STEP_FAILURES: '10' });
  const db = () => t.deps.database.db;

  async function twoStepUser(email: string) {
    const user = await createUser(db(), { email });
    const twoFactor = createTwoFactor(t.deps);
    const secret = (await twoFactor.startSetup(user.id, email)).sharedKey.replace(/\s/g, '').toUpperCase();
    const codes = await twoFactor.finishSetup(user.id, codeAt(secret, new Date()), testCaller());
    if (!Array.isArray(codes)) throw new Error(`setup failed: ${codes}`);
    return { ...user, email, secret, recoveryCodes: codes };
  }

  /** A new browser: authorize, then the right password; answers the browser and the login answer. */
  async function password(email: string) {
    const flow = await startAuthorization(t.app);
    const res = await postJson(
      t.app,
      authEndpoints.login.path,
      { username: email, password: TEST_PASSWORD, returnUrl: flow.returnUrl },
      { 'x-forwarded-for': newIp() },
    );
    flow.jar.store(res);
    return { flow, res };
  }

  const step = async (flow: Flow, path: string, body: Record<string, unknown>) => {
    const res = await postJson(t.app, path, { returnUrl: flow.returnUrl, ...body }, { 'x-forwarded-for': newIp() });
    flow.jar.store(res);
    return res;
  };
  const wrongRecovery = (flow: Flow) =>
    step(flow, authEndpoints.loginRecoveryCode.path, { recoveryCode: 'AAAAA-BBBBB', rememberMachine: false });
  const wrongAuthenticator = (flow: Flow) =>
    step(flow, authEndpoints.loginTwoFactor.path, {
      codeReceiveMethod: 'authenticator',
      twoFactorCode: '000000',
      rememberMachine: false,
    });

  it('a correct password buys no new guesses: the rounds end in account_locked and a mail to the owner', async () => {
    const u = await twoStepUser('guessed@example.com');
    const answers: string[] = [];
    for (let round = 0; round < 19; round++) {
      const { flow, res } = await password(u.email);
      if (res.statusCode !== 200) {
        answers.push(`password ${res.statusCode} ${errorKey(res, res.statusCode)}`);
        break;
      }
      expect(resultOf<{ requiresTwoFactor: boolean }>(res).requiresTwoFactor).toBe(true);
      for (let guess = 0; guess < 6; guess++) {
        const r = guess % 2 ? await wrongAuthenticator(flow) : await wrongRecovery(flow);
        answers.push(`${r.statusCode} ${(r.json() as { exception: { message: string } }).exception.message}`);
      }
    }
    // Round 1: five wrong codes, then the account's streak says 429; round 2: five more close the
    // second step (10 in all); round 3's right password is answered as the lock answers.
    expect(answers.filter((a) => a.startsWith('400'))).toHaveLength(10);
    expect(answers.at(-1)).toBe('password 429 account_locked');
    expect(answers).toContain('429 account_locked');

    await queuedSendsDone();
    const mail = await listOutboxMessages(db(), u.email, 10);
    const alerts = mail.filter((m) => m.subject?.includes('đang thử vượt qua'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain('/forgot-password');
  });

  it('the right code no longer passes while the step is closed; a new password opens it again', async () => {
    const u = await twoStepUser('reopened@example.com');
    const { flow } = await password(u.email);
    for (let i = 0; i < 5; i++) await wrongAuthenticator(flow);
    const second = await password(u.email);
    for (let i = 0; i < 5; i++) await wrongRecovery(second.flow);
    // A recovery code is right, but the step is closed.
    const right = await step(second.flow, authEndpoints.loginRecoveryCode.path, {
      recoveryCode: u.recoveryCodes[0],
      rememberMachine: false,
    });
    expect(errorKey(right, 429)).toBe('account_locked');

    // The owner sets a new password (reset or change publish password.changed): the step reopens.
    await t.deps.events.publish('password.changed', { userId: u.id, ip: '127.0.0.1', how: 'reset' });
    const after = await password(u.email);
    const ok = await step(after.flow, authEndpoints.loginRecoveryCode.path, {
      recoveryCode: u.recoveryCodes[1],
      rememberMachine: false,
    });
    const { redirectUrl } = resultOf<{ redirectUrl: string }>(ok);
    expect((await finishSignIn(t.app, after.flow, redirectUrl)).access_token).toBeTruthy();
  });

  it('a burst of parallel guesses is checked at most LOGIN_SECOND_STEP_FAILURES times', async () => {
    const u = await twoStepUser('burst@example.com');
    const { flow } = await password(u.email);
    const answers = await Promise.all(Array.from({ length: 30 }, () => wrongRecovery(flow)));
    const checked = answers.filter((r) => r.statusCode === 400).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);
    expect(answers.every((r) => r.statusCode === 400 || r.statusCode === 429)).toBe(true);
  });

  it('a completed second step clears the count', async () => {
    const u = await twoStepUser('cleared@example.com');
    for (let round = 0; round < 3; round++) {
      const { flow } = await password(u.email);
      for (let i = 0; i < 4; i++) await wrongRecovery(flow);
      const ok = await step(flow, authEndpoints.loginRecoveryCode.path, {
        recoveryCode: u.recoveryCodes[round],
        rememberMachine: false,
      });
      expect(ok.statusCode, ok.body).toBe(200);
    }
  });
});
