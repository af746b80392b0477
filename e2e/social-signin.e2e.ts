import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@portico/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFacebook } from '../server/src/testing/fake-facebook.js';
import { startFakeGoogle } from '../server/src/testing/fake-google.js';
import { startFakeZalo } from '../server/src/testing/fake-zalo.js';
import { axeViolations } from './axe.js';
import { DESKTOP, launchBrowser, PHONE, type RunningServer, screenshotPath, startServer } from './harness.js';
import { pressWithKeys, tabTo } from './keyboard.js';
import { createRelyingParty, type RelyingParty } from './rp.js';
import { confirmStepUp, pageJson, signInOnLoginPage, waitForCode } from './signin.js';

type Callback = { signedIn?: boolean; claims?: Record<string, unknown> };

const vi = messages['vi-VN'];
const en = messages['en-US'];
const GOOGLE_CLIENT = 'portico-e2e.apps.googleusercontent.com';
const FACEBOOK = { appId: '4242', appSecret: 'fb-secret-0123456789', version: 'v21.0' };
const ZALO = { appId: '3131', appSecret: 'zalo-secret-0123456789' };

// Issue 25's journeys in Chromium against local fakes of Google, Facebook and Zalo that the test
// starts (their key set, token endpoints and browser scripts): a new person signs in with each,
// fills update-info (or skips it) and lands signed in at an independent relying party; links a
// second provider from the personal-info page and unlinks it; sets a first password and signs in with it.
describe('sign-in with Google, Facebook and Zalo', () => {
  let server: RunningServer;
  let browser: Browser;
  let learn: RelyingParty;
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  let facebook: Awaited<ReturnType<typeof startFakeFacebook>>;
  let zalo: Awaited<ReturnType<typeof startFakeZalo>>;

  beforeAll(async () => {
    [google, facebook, zalo, learn] = await Promise.all([
      startFakeGoogle(GOOGLE_CLIENT),
      startFakeFacebook(FACEBOOK),
      startFakeZalo(ZALO),
      createRelyingParty('learn', { firstParty: true, scope: 'openid profile email' }),
    ]);
    const clientsFile = path.join(os.tmpdir(), `portico-e2e-social-${process.pid}.json`);
    await writeFile(clientsFile, JSON.stringify([learn.metadata]));
    [server, browser] = await Promise.all([
      startServer({
        OIDC_CLIENTS_FILE: clientsFile,
        GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
        GOOGLE_ISSUER: google.issuer,
        GOOGLE_JWKS_URL: google.jwksUrl,
        GOOGLE_SCRIPT_URL: google.scriptUrl,
        FACEBOOK_APP_ID: FACEBOOK.appId,
        FACEBOOK_APP_SECRET: FACEBOOK.appSecret,
        FACEBOOK_SDK_VERSION: FACEBOOK.version,
        FACEBOOK_SDK_URL: facebook.sdkUrl,
        FACEBOOK_GRAPH_URL: facebook.graphUrl,
        ZALO_APP_ID: ZALO.appId,
        ZALO_APP_SECRET: ZALO.appSecret,
        ZALO_OAUTH_URL: zalo.oauthUrl,
        ZALO_GRAPH_URL: zalo.graphUrl,
      }),
      launchBrowser(),
    ]);
    await learn.connect(`${server.url}/oidc`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await learn?.close();
    await Promise.all([google?.close(), facebook?.close(), zalo?.close()]);
  });

  /** The relying party sends a fresh browser to the login page. */
  async function atLoginPage(viewport = DESKTOP, locale: 'vi-VN' | 'en-US' = 'vi-VN') {
    const context = await browser.newContext({ viewport, locale });
    const page = await context.newPage();
    await page.goto(`${learn.url}/login${locale === 'en-US' ? '?ui_locales=en-US' : ''}`);
    await page.waitForURL(/\/login\?ReturnUrl=%2Foidc%2Finteraction%2F/);
    return { context, page };
  }

  /** Update-info after a first sign-in: names are the provider's; the password, birth year and gender. */
  async function fillUpdateInfo(page: Page, password: string) {
    await page.getByRole('heading', { name: vi.update_info_heading }).waitFor();
    await page.getByLabel(vi.details_password, { exact: true }).fill(password);
    await page.getByLabel(vi.details_repassword, { exact: true }).fill(password);
    await page.getByLabel(vi.date_year, { exact: true }).selectOption('2001');
    await page.getByRole('radio', { name: vi.gender_female }).check();
  }

  async function landedAtRp(page: Page) {
    await page.waitForURL(`${learn.url}/cb?**`);
    const back = await pageJson<Callback>(page);
    expect(back.signedIn).toBe(true);
    return back.claims ?? {};
  }

  it('shows the three buttons in both languages, at 1280 and 390 px', async () => {
    for (const [viewport, size] of [
      [DESKTOP, '1280'],
      [PHONE, '390'],
    ] as const) {
      for (const locale of ['vi-VN', 'en-US'] as const) {
        const t = messages[locale];
        const { context, page } = await atLoginPage(viewport, locale);
        await page.locator('[data-fake-google]').waitFor();
        await page.getByRole('button', { name: t.login_with_facebook }).waitFor();
        await page.getByRole('button', { name: t.login_with_zalo }).waitFor();
        await page.screenshot({ path: screenshotPath(`social-login-${locale}-${size}`), fullPage: true });
        expect(await axeViolations(page)).toEqual([]);
        await context.close();
      }
    }
  });

  it('Google: a new person fills update-info and lands signed in at the relying party; the password works next time', async () => {
    const email = `lan.${Date.now()}@gmail.com`;
    google.signInAs({ sub: `g-${Date.now()}`, email });
    const { context, page } = await atLoginPage();
    await page.locator('[data-fake-google]').click();
    await fillUpdateInfo(page, 'Lan@2026x');
    await page.screenshot({ path: screenshotPath('social-update-info-vi-1280'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: vi.common_update }).click();
    expect(await landedAtRp(page)).toMatchObject({ email, amr: ['fed'] });
    await context.close();

    // The first password set on update-info signs in.
    const again = await atLoginPage();
    await signInOnLoginPage(again.page, vi, email, 'Lan@2026x');
    expect(await landedAtRp(again.page)).toMatchObject({ email, amr: ['pwd'] });
    await again.context.close();
  });

  it('Facebook: a new person fills update-info and lands signed in at the relying party, with the keyboard alone', async () => {
    const email = `minh.${Date.now()}@example.com`;
    facebook.signInAs({ id: `fb-${Date.now()}`, name: 'Minh Trần', first_name: 'Minh', last_name: 'Trần', email });
    const { context, page } = await atLoginPage(PHONE);
    await pressWithKeys(page, page.getByRole('button', { name: vi.login_with_facebook }));
    // Update-info: the passwords typed, the birth year typed into its select, a gender with the arrows.
    await page.getByRole('heading', { name: vi.update_info_heading }).waitFor();
    await tabTo(page, page.getByLabel(vi.details_password, { exact: true }), 30);
    await page.keyboard.type('Minh@2026x');
    await tabTo(page, page.getByLabel(vi.details_repassword, { exact: true }), 10);
    await page.keyboard.type('Minh@2026x');
    await tabTo(page, page.getByLabel(vi.date_year, { exact: true }), 20);
    await page.keyboard.type('2001');
    await tabTo(page, page.getByRole('radio', { name: vi.gender_male, exact: true }), 20);
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: vi.gender_female }).isChecked()).toBe(true);
    await page.screenshot({ path: screenshotPath('social-update-info-vi-390'), fullPage: true });
    await pressWithKeys(page, page.getByRole('button', { name: vi.common_update }), 20);
    // Facebook vouches for no address, so the ID token does not say it is verified.
    expect(await landedAtRp(page)).toMatchObject({ amr: ['fed'] });
    await context.close();
  });

  it('Google: a person who skipped update-info sets a first password later, through a code, and signs in with it', async () => {
    const email = `hai.${Date.now()}@gmail.com`;
    google.signInAs({ sub: `g-skip-${Date.now()}`, email });
    const { context, page } = await atLoginPage(PHONE);
    await page.locator('[data-fake-google]').click();
    await page.getByRole('heading', { name: vi.update_info_heading }).waitFor();
    await page.getByRole('button', { name: vi.common_skip }).click();
    expect(await landedAtRp(page)).toMatchObject({ email, amr: ['fed'] });

    // In the portal (signed in silently through the same session): set a first password, no
    // current one asked, through the code step (a code to the account's e-mail).
    await page.goto(`${server.url}/security/set-password`);
    await page.getByRole('heading', { name: vi.set_password_title }).waitFor();
    await page.getByLabel(vi.password_new_label, { exact: true }).fill('Hai@2026x');
    await page.getByLabel(vi.password_confirm_label, { exact: true }).fill('Hai@2026x');
    await page.getByRole('button', { name: vi.common_next }).click();
    await page.getByLabel(vi.otp_label).fill(await waitForCode(server, email, 0));
    await page.screenshot({ path: screenshotPath('social-set-password-code-vi-390'), fullPage: true });
    await page.getByRole('button', { name: vi.set_password_title }).click();
    await page.getByText(vi.set_password_success).waitFor();
    // The mode is gone: the page asks the current password now.
    await page.getByLabel(vi.password_current_label).waitFor();
    await context.close();

    // The new password signs in at the relying party.
    const again = await atLoginPage();
    await signInOnLoginPage(again.page, vi, email, 'Hai@2026x');
    expect(await landedAtRp(again.page)).toMatchObject({ email, amr: ['pwd'] });
    await again.context.close();
  });

  it('Zalo: a new person goes through Zalo and back, fills update-info, lands at the relying party; links Google and unlinks it', async () => {
    zalo.signInAs({ id: `z-${Date.now()}`, name: 'Trần Minh Khoa' });
    const { context, page } = await atLoginPage();
    await pressWithKeys(page, page.getByRole('button', { name: vi.login_with_zalo }));
    await page.waitForURL(/external=zalo/);
    await fillUpdateInfo(page, 'Khoa@2026x');
    await expect.poll(() => page.getByLabel(vi.details_first_name, { exact: true }).inputValue()).toBe('Khoa');
    await page.getByRole('button', { name: vi.common_update }).click();
    expect(await landedAtRp(page)).toMatchObject({ amr: ['fed'] });

    // The personal-info page in the same browser: link Google (the step-up asks the password).
    google.signInAs({ sub: `g-khoa-${Date.now()}`, email: `khoa.${Date.now()}@gmail.com` });
    await page.goto(`${server.url}/account/info`);
    const box = page.getByRole('region', { name: vi.info_social_title });
    await box.locator('[data-fake-google]').click();
    await confirmStepUp(page, vi, 'Khoa@2026x');
    await box.getByRole('button', { name: `${vi.info_social_unlink} Google` }).waitFor();
    await page.screenshot({ path: screenshotPath('social-box-vi-1280'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    // Unlinked with the keyboard: the button, then the confirmation's.
    await pressWithKeys(page, box.getByRole('button', { name: `${vi.info_social_unlink} Google` }));
    await pressWithKeys(page, page.getByRole('dialog').getByRole('button', { name: vi.info_social_unlink }), 10);
    await page.getByText(vi.link_remove_success).waitFor();
    await box.locator('[data-fake-google]').waitFor();
    await context.close();
  });

  it('the social box in English at 390 px', async () => {
    zalo.signInAs({ id: `z-en-${Date.now()}`, name: 'Lê Hoa' });
    const { context, page } = await atLoginPage(PHONE, 'en-US');
    await page.getByRole('button', { name: en.login_with_zalo }).click();
    await page.getByRole('heading', { name: en.update_info_heading }).waitFor();
    await page.screenshot({ path: screenshotPath('social-update-info-en-390'), fullPage: true });
    await page.getByRole('button', { name: en.common_skip }).click();
    await landedAtRp(page);
    await page.goto(`${server.url}/en-us/account/info`);
    await page.getByRole('region', { name: en.info_social_title }).locator('[data-fake-google]').waitFor();
    await page.screenshot({ path: screenshotPath('social-box-en-390'), fullPage: true });
    await context.close();
  });
});
