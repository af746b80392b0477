import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Messages, messages } from '@portico/contracts';
import { TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { DESKTOP, launchBrowser, PHONE, type RunningServer, screenshotPath, startServer } from './harness.js';
import { expectFocused, focusField, signInWithKeys, tabTo } from './keyboard.js';
import { createRelyingParty, type RelyingParty } from './rp.js';
import { outboxCount, pageJson, registerByApi, signInOnLoginPage, waitForCode } from './signin.js';

const vi = messages['vi-VN'];
const en = messages['en-US'];
const ACR_TWO_FACTOR = 'urn:portico:acr:2fa';
const EMAIL = 'twostep@example.com';
const PASSWORD = 'Twostep@2026';

type Callback = { signedIn?: boolean; error?: string; claims?: Record<string, unknown> };

/**
 * The authenticator app of the test: codes computed with otpauth from the shared key the wizard
 * shows. Each time step passes once (server/src/modules/two-factor), so every sign-in takes a
 * step after the last one used, within the one step of drift the server allows.
 */
function authenticator(sharedKey: string) {
  const totp = new TOTP({ secret: sharedKey.replace(/\s/g, '').toUpperCase(), digits: 6, period: 30 });
  let last = 0;
  const now = () => Math.floor(Date.now() / 30_000);
  return {
    /** A code of a step after the last used one (waits when the drift window does not reach it yet). */
    async next(): Promise<string> {
      let step = Math.max(last + 1, now() - 1);
      while (step > now() + 1) await new Promise((r) => setTimeout(r, 1000));
      step = Math.max(step, now() - 1);
      last = step;
      return totp.generate({ timestamp: step * 30_000 + 1000 });
    },
    /** The code accepted last (refused as a replay). */
    used: () => totp.generate({ timestamp: last * 30_000 + 1000 }),
    /** The wizard's code used the current step. */
    markUsed: () => {
      last = now();
    },
    code: (at: number) => totp.generate({ timestamp: at }),
  };
}

const codeField = (page: Page, t: Messages) => page.getByLabel(t.login_two_factor_code_label);

/** Password steps on the login page, then login step 3 must show. */
async function passwordThenStep3(page: Page, t: Messages) {
  await signInOnLoginPage(page, t, EMAIL, PASSWORD);
  await page.getByRole('heading', { name: t.login_two_factor_title }).waitFor();
}

describe('two-step sign-in journey', () => {
  let server: RunningServer;
  let browser: Browser;
  let partner: RelyingParty;
  const contexts: BrowserContext[] = [];
  // The authenticator app and the recovery codes the first journey's wizard gave (later ones use them).
  let app: ReturnType<typeof authenticator>;
  let recoveryCodes: string[] = [];
  const newPage = async (locale: 'vi-VN' | 'en-US' = 'vi-VN', viewport = DESKTOP) => {
    const context = await browser.newContext({ viewport, locale });
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    partner = await createRelyingParty('partner2fa', { firstParty: false });
    const clientsFile = path.join(os.tmpdir(), `portico-e2e-clients-2fa-${process.pid}.json`);
    await writeFile(clientsFile, JSON.stringify([partner.metadata]));
    [server, browser] = await Promise.all([
      startServer({ OIDC_CLIENTS_FILE: clientsFile, CAPTCHA_PROVIDER: 'none', LOGIN_CAPTCHA_AFTER_FAILURES: '50' }),
      launchBrowser(),
    ]);
    await partner.connect(`${server.url}/oidc`);
    await registerByApi(server, EMAIL, PASSWORD);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    await partner?.close();
  });

  it('enables two-step in the wizard, then signs in with a code, a recovery code, an e-mail code, a remembered browser and a step-up', async () => {
    // 1. Signed in, the /security/2fa wizard: get an app, the password, the QR code's key, a code.
    const setupPage = await newPage();
    await setupPage.goto(`${server.url}/security/2fa`);
    await setupPage.waitForURL(/\/login\?ReturnUrl=/);
    await signInOnLoginPage(setupPage, vi, EMAIL, PASSWORD);
    await setupPage.waitForURL(`${server.url}/security/2fa`);
    await setupPage.getByRole('switch', { name: vi.two_factor_toggle }).click({ force: true });
    await setupPage.getByRole('button', { name: vi.common_next }).click();
    await setupPage.getByLabel(vi.two_factor_password_label).fill(PASSWORD);
    await setupPage.getByRole('button', { name: vi.common_next }).click();
    const sharedKey = ((await setupPage.getByTestId('shared-key').textContent()) ?? '').trim();
    expect(sharedKey).toMatch(/^[a-z2-7 ]{16,}$/i);
    await setupPage.getByRole('button', { name: vi.common_next }).click();
    app = authenticator(sharedKey);
    await setupPage.getByLabel(vi.two_factor_code_label).fill(app.code(Date.now()));
    app.markUsed();
    await setupPage.getByRole('button', { name: vi.common_verify }).click();
    const panel = setupPage.getByRole('region', { name: vi.two_factor_recovery_title });
    await panel.waitFor();
    recoveryCodes = (await panel.locator('li').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);

    // 2. Another browser (signed out): password, then step 3 with the authenticator code.
    const page = await newPage();
    await page.goto(`${server.url}/account`);
    await page.waitForURL(/\/login\?ReturnUrl=/);
    await passwordThenStep3(page, vi);
    // The first type is preselected and the code field has the focus; remember-device is on.
    await expect
      .poll(() => page.getByRole('radio', { name: vi.two_factor_method_authenticator }).isChecked())
      .toBe(true);
    await expect.poll(() => codeField(page, vi).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel(vi.login_two_factor_remember).isChecked()).toBe(true);
    await page.screenshot({ path: screenshotPath('two-factor-step3-vi-1280'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    // The empty code: the spec's message.
    await page.getByRole('button', { name: vi.login_two_factor_verify }).click();
    await page.getByText(vi.please_enter_code_2fa_code).waitFor();
    await page.getByLabel(vi.login_two_factor_remember).uncheck();
    await codeField(page, vi).fill(await app.next());
    await page.getByRole('button', { name: vi.login_two_factor_verify }).click();
    await page.waitForURL(`${server.url}/account`);

    // 3. A replayed code is refused; a recovery code passes once.
    const replay = await newPage();
    await replay.goto(`${server.url}/account`);
    await replay.waitForURL(/\/login\?ReturnUrl=/);
    await passwordThenStep3(replay, vi);
    await codeField(replay, vi).fill(app.used());
    await replay.getByRole('button', { name: vi.login_two_factor_verify }).click();
    await replay.getByText(vi.authentication_code_is_incorrect).waitFor();
    await replay.getByLabel(vi.login_two_factor_use_recovery).check();
    await replay.getByRole('textbox', { name: vi.login_two_factor_recovery_label }).fill(recoveryCodes[0]!);
    await replay.screenshot({ path: screenshotPath('two-factor-step3-recovery-vi-1280'), fullPage: true });
    await replay.getByRole('button', { name: vi.login_two_factor_verify }).click();
    await replay.waitForURL(`${server.url}/account`);

    // 4. An e-mail code, remembered (the default): mm:ss countdown, then the code from the outbox.
    const mail = await newPage();
    await mail.goto(`${server.url}/account`);
    await mail.waitForURL(/\/login\?ReturnUrl=/);
    await passwordThenStep3(mail, vi);
    await mail.getByRole('radio', { name: vi.two_factor_method_email }).check();
    const before = await outboxCount(server, EMAIL);
    await mail.getByRole('button', { name: vi.login_two_factor_send }).click();
    await mail.getByRole('timer').waitFor();
    expect(await mail.getByRole('timer').textContent()).toMatch(/\d\d:\d\d/);
    await mail.screenshot({ path: screenshotPath('two-factor-step3-email-vi-1280'), fullPage: true });
    expect(await axeViolations(mail)).toEqual([]);
    const code = await waitForCode(server, EMAIL, before);
    await mail.locator('input[name=otp]').fill(code);
    await mail.getByRole('button', { name: vi.login_two_factor_verify }).click();
    await mail.waitForURL(`${server.url}/account`);

    // The devices page lists the remembered browsers: this one and the recovery code's (remember is on by default).
    await mail.goto(`${server.url}/security/device`);
    await expect.poll(() => mail.getByTestId('remembered-device').count(), { timeout: 15_000 }).toBe(2);
    await mail.screenshot({ path: screenshotPath('two-factor-remembered-devices-vi-1280'), fullPage: true });

    // 5. The remembered browser signs in to an independent relying party without the second step.
    await mail.goto(`${partner.url}/login?prompt=login`);
    await mail.waitForURL(/\/login\?ReturnUrl=/);
    await signInOnLoginPage(mail, vi, EMAIL, PASSWORD);
    await mail.getByRole('button', { name: vi.consent_allow }).click();
    await mail.waitForURL(`${partner.url}/cb?**`);
    const remembered = await pageJson<Callback>(mail);
    expect(remembered.claims).toMatchObject({ amr: ['pwd'], acr: 'urn:portico:acr:1fa' });

    // 6. The relying party asks acr_values for two factors: step 3 only, for the signed-in account.
    await mail.goto(`${partner.url}/login?acr_values=${encodeURIComponent(ACR_TWO_FACTOR)}`);
    await mail.waitForURL(/\/login\?ReturnUrl=/);
    await mail.getByRole('heading', { name: vi.login_two_factor_title }).waitFor();
    await mail.getByText(vi.login_two_factor_step_up_intro).waitFor();
    await codeField(mail, vi).fill(await app.next());
    await mail.getByRole('button', { name: vi.login_two_factor_verify }).click();
    // The relying party asks offline_access, so prompt=consent: the consent screen follows.
    await mail.getByRole('button', { name: vi.consent_allow }).click();
    await mail.waitForURL(`${partner.url}/cb?**`);
    const stepped = await pageJson<Callback>(mail);
    expect(stepped.claims?.acr).toBe(ACR_TWO_FACTOR);
    expect(stepped.claims?.amr).toEqual(expect.arrayContaining(['pwd', 'otp', 'mfa']));

    // 7. Forgotten on the devices page: the next sign-in asks for the second step again.
    await mail.goto(`${server.url}/security/device`);
    for (const left of [1, 0]) {
      await mail.getByRole('button', { name: vi.devices_remembered_forget }).first().click();
      await expect.poll(() => mail.getByTestId('remembered-device').count(), { timeout: 15_000 }).toBe(left);
    }
    await mail.getByText(vi.devices_remembered_forgotten).first().waitFor();
    await mail.goto(`${partner.url}/login?prompt=login`);
    await mail.waitForURL(/\/login\?ReturnUrl=/);
    await passwordThenStep3(mail, vi);
  });

  it('passes step 3 with the signed-in device: its push approval, then its sign-in code (issue 26)', async () => {
    // The wizard's page is still signed in: that account's device.
    const device = contexts[0]!.pages()[0]!;
    for (const [locale, t, prefix] of [
      ['vi-VN', vi, ''],
      ['en-US', en, '/en-us'],
    ] as const) {
      await device.goto(`${server.url}${prefix}/account`);
      const page = await newPage(locale);
      await page.goto(`${server.url}${prefix}/account`);
      await page.waitForURL(/\/login\?ReturnUrl=/);
      await passwordThenStep3(page, t);
      // Push: the number on the login page, picked on the device's account page.
      await page.getByRole('radio', { name: t.two_factor_method_prompt }).check();
      const number = (await page.getByTestId('prompt-number').textContent())?.trim() ?? '';
      await page.screenshot({ path: screenshotPath(`two-factor-step3-prompt-${locale}-1280`), fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      const dialog = device.getByRole('dialog', { name: t.approval_title_prompt });
      await dialog.getByRole('button', { name: number, exact: true }).click();
      await page.waitForURL(`${server.url}${prefix}/account`);

      // The sign-in code: shown on the device's page, typed at step 3 of another browser.
      await device.goto(`${server.url}${prefix}/security/app-code`);
      const shown = device.getByTestId('app-code');
      await shown.waitFor();
      await device.screenshot({ path: screenshotPath(`app-code-${locale}-1280`), fullPage: true });
      expect(await axeViolations(device)).toEqual([]);
      const other = await newPage(locale, PHONE);
      await other.goto(`${server.url}${prefix}/account`);
      await other.waitForURL(/\/login\?ReturnUrl=/);
      await passwordThenStep3(other, t);
      await other.getByRole('radio', { name: t.two_factor_method_app }).check();
      await codeField(other, t).fill(((await shown.textContent()) ?? '').trim());
      await other.screenshot({ path: screenshotPath(`two-factor-step3-app-${locale}-390`), fullPage: true });
      await other.getByRole('button', { name: t.login_two_factor_verify }).click();
      await other.waitForURL(`${server.url}${prefix}/account`);
    }
  });

  it('shows step 3 in English at phone width, with the e-mail method and its message', async () => {
    const page = await newPage('en-US', PHONE);
    await page.goto(`${server.url}/en-us/account`);
    await page.waitForURL(/\/en-us\/login\?ReturnUrl=/);
    await passwordThenStep3(page, en);
    await page.screenshot({ path: screenshotPath('two-factor-step3-en-390'), fullPage: true });
    await page.getByLabel(en.login_two_factor_use_recovery).check();
    await page.screenshot({ path: screenshotPath('two-factor-step3-recovery-en-390'), fullPage: true });
    await page.getByRole('radio', { name: en.two_factor_method_email }).check();
    await page.getByRole('button', { name: en.login_two_factor_send }).click();
    await page.getByRole('timer').waitFor();
    await page.getByRole('button', { name: en.login_two_factor_verify }).click();
    await page.getByText(en.otp_error_blank).waitFor();
    await page.screenshot({ path: screenshotPath('two-factor-step3-email-en-390'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('passes step 3 with the keyboard alone: the focused code, the methods with the arrow keys, the recovery code with Space', async () => {
    const page = await newPage('en-US', PHONE);
    const step3 = async () => {
      await page.goto(`${server.url}/en-us/account`);
      await page.waitForURL(/\/login\?ReturnUrl=/);
      await signInWithKeys(page, en, EMAIL, PASSWORD);
      await page.getByRole('heading', { name: en.login_two_factor_title }).waitFor();
    };
    const signOut = async () => {
      await page.goto(`${server.url}/en-us/account/logout`);
      await tabTo(page, page.getByRole('button', { name: en.logout_this_device }).first());
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByRole('dialog').getByRole('button', { name: en.logout_confirm_button }), 10);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/login\?/);
    };

    // The authenticator: the code field has the focus; the code and Enter.
    await step3();
    await expectFocused(codeField(page, en));
    // Not remembered, so each sign-in below comes back to step 3 (Space on the checkbox).
    await tabTo(page, page.getByLabel(en.login_two_factor_remember), 10);
    await page.keyboard.press('Space');
    expect(await page.getByLabel(en.login_two_factor_remember).isChecked()).toBe(false);
    await focusField(page, codeField(page, en));
    await page.keyboard.type(await app.next());
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/en-us/account`);
    await signOut();

    // A recovery code: Space ticks its checkbox, its field takes the code, Enter.
    await step3();
    await tabTo(page, page.getByLabel(en.login_two_factor_use_recovery), 10);
    await page.keyboard.press('Space');
    await focusField(page, page.getByRole('textbox', { name: en.login_two_factor_recovery_label }));
    await page.keyboard.type(recoveryCodes[1] ?? '');
    await tabTo(page, page.getByLabel(en.login_two_factor_remember), 10);
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: en.login_two_factor_verify }), 10);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/en-us/account`);
    await signOut();

    // The e-mail code: the arrow key moves from the authenticator to it; Enter sends; the code; Enter.
    await step3();
    await tabTo(page, page.getByRole('radio', { name: en.two_factor_method_authenticator }), 30);
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: en.two_factor_method_email }).isChecked()).toBe(true);
    await tabTo(page, page.getByRole('button', { name: en.login_two_factor_send }), 10);
    await page.keyboard.press('Enter');
    // The journey before sent one a moment ago: within the resend cooldown that code still holds.
    await page.getByRole('timer').waitFor();
    const code = (await server.outbox(EMAIL)).find((m) => m.code)?.code ?? '';
    await focusField(page, page.locator('input[name=otp]'));
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/en-us/account`);
  });
});
