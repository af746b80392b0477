import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Messages, messages } from '@portico/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { DESKTOP, launchBrowser, PHONE, type RunningServer, screenshotPath, startServer } from './harness.js';
import { chooseTabWithKeys, pressWithKeys, tabTo } from './keyboard.js';
import { createRelyingParty, type RelyingParty } from './rp.js';
import { pageJson, registerByApi, signInToPortal } from './signin.js';

type Callback = { signedIn?: boolean; claims?: { sub?: string; amr?: string[] } };
type Locale = 'vi-VN' | 'en-US';

const PASSWORD = 'Approve@2026';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const prefixOf = (locale: Locale) => (locale === 'en-US' ? '/en-us' : '');
const tOf = (locale: Locale): Messages => messages[locale];
const short = (locale: Locale) => (locale === 'en-US' ? 'en' : 'vi');

// Issue 26's journeys in Chromium with two browser contexts: a desktop on the login page of an
// independent relying party, and a signed-in phone (phone user agent, 390 px). The phone approves
// the desktop's QR code after seeing its browser and IP; a used code is refused; the desktop asks
// for a push approval, a wrong number on the phone voids it, a new request with the right number
// signs the desktop in. With DATABASE_URL and REDIS_URL, the QR journey runs again with the
// desktop on one server process and the phone on another.

/** A Portico (or two copies of it) and a relying party that trusts the first. */
async function setUp(copies: 1 | 2) {
  const learn = await createRelyingParty('learn', { firstParty: true, scope: 'openid profile email' });
  const clientsFile = path.join(os.tmpdir(), `portico-e2e-approval-${process.pid}-${copies}.json`);
  await writeFile(clientsFile, JSON.stringify([learn.metadata]));
  const env = { OIDC_CLIENTS_FILE: clientsFile, CAPTCHA_PROVIDER: 'none' };
  const desktopServer = await startServer(env);
  const phoneServer = copies === 2 ? await startServer(env, { copyOf: desktopServer }) : desktopServer;
  await learn.connect(`${desktopServer.url}/oidc`);
  return { learn, desktopServer, phoneServer };
}

/** A signed-in phone: its own context (touch, phone user agent, 390 px), on the account home. */
async function signedInPhone(browser: Browser, server: RunningServer, locale: Locale, email: string) {
  const context = await browser.newContext({
    viewport: PHONE,
    userAgent: PHONE_UA,
    isMobile: true,
    hasTouch: true,
    locale,
  });
  const page = await context.newPage();
  await signInToPortal(page, server, tOf(locale), prefixOf(locale), email, PASSWORD);
  return { context, page };
}

/** A desktop browser sent by the relying party to the login page. */
async function desktopAtLogin(browser: Browser, learn: RelyingParty, locale: Locale, clock = false) {
  const context = await browser.newContext({ viewport: DESKTOP, userAgent: DESKTOP_UA, locale });
  const page = await context.newPage();
  // A clock the test can move (the QR code's countdown), running at its own pace until then.
  if (clock) await page.clock.install();
  await page.goto(`${learn.url}/login${locale === 'en-US' ? '?ui_locales=en-US' : ''}`);
  await page.waitForURL(/\/login\?ReturnUrl=%2Foidc%2Finteraction%2F/);
  return { context, page };
}

/** Switches the desktop's login page to QR mode; answers the code it shows (what the QR holds). */
async function showQr(page: Page, t: Messages): Promise<string> {
  const answer = page.waitForResponse((r) => r.url().includes('/api/account/qr-code?'));
  await pressWithKeys(page, page.getByRole('button', { name: t.login_mode_qr }));
  const code = ((await (await answer).json()) as { result: { code: string } }).result.code;
  await page.getByRole('img', { name: t.qr_image_alt }).waitFor();
  return code;
}

/** The QR journey, desktop on one server and phone on `phoneServer` (the same one, or a copy). */
async function qrJourney(
  browser: Browser,
  learn: RelyingParty,
  phoneServer: RunningServer,
  locale: Locale,
  label: string,
) {
  const t = tOf(locale);
  const email = `qr-${short(locale)}-${label}-${Date.now()}@example.com`;
  await registerByApi(phoneServer, email, PASSWORD);
  const phone = await signedInPhone(browser, phoneServer, locale, email);
  const desk = await desktopAtLogin(browser, learn, locale);
  const contexts: BrowserContext[] = [phone.context, desk.context];
  try {
    const code = await showQr(desk.page, t);
    await desk.page.getByTestId('qr-countdown').waitFor();
    await desk.page.screenshot({ path: screenshotPath(`qr-code-${short(locale)}-1280${label}`), fullPage: true });
    expect(await axeViolations(desk.page)).toEqual([]);

    // The phone opens what the QR holds and sees what is asking before it answers.
    await phone.page.goto(`${phoneServer.url}${prefixOf(locale)}/account/qr?code=${code}`);
    const details = phone.page.getByTestId('approval-details');
    await details.waitFor();
    const shown = (await details.textContent()) ?? '';
    expect(shown).toContain('Chrome');
    expect(shown).toContain('Windows');
    expect(shown).toContain('127.0.0.1');
    await phone.page.screenshot({ path: screenshotPath(`qr-approve-${short(locale)}-390${label}`), fullPage: true });
    expect(await axeViolations(phone.page)).toEqual([]);
    // The desktop hears that it was scanned.
    await desk.page.getByText(t.qr_scanned).waitFor();
    await desk.page.screenshot({ path: screenshotPath(`qr-scanned-${short(locale)}-1280${label}`), fullPage: true });

    await pressWithKeys(phone.page, phone.page.getByRole('button', { name: t.approval_approve }));
    await phone.page.getByText(t.approval_approved).waitFor();
    await desk.page.waitForURL(`${learn.url}/cb?**`);
    const back = await pageJson<Callback>(desk.page);
    expect(back.signedIn).toBe(true);
    expect(back.claims?.amr).toEqual(['qr']);

    // Used: the same code opened again is refused.
    await phone.page.reload();
    await phone.page.getByText(t.qr_code_expired).first().waitFor();
    return back.claims?.sub;
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
}

describe('QR-code sign-in and push approval', () => {
  let browser: Browser;
  let portico: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    [portico, browser] = await Promise.all([setUp(1), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.desktopServer.stop();
    await portico?.learn.close();
  });

  for (const locale of ['vi-VN', 'en-US'] as const) {
    it(`a signed-in phone approves the desktop's QR code (${locale})`, async () => {
      const sub = await qrJourney(browser, portico.learn, portico.phoneServer, locale, '');
      expect(sub).toBeTruthy();
    });

    it(`the QR code expires on screen and is made again (${locale})`, async () => {
      const t = tOf(locale);
      const desk = await desktopAtLogin(browser, portico.learn, locale, true);
      try {
        const first = await showQr(desk.page, t);
        // Past 60 × time seconds: the expired message and Regenerate (spec §4).
        await desk.page.clock.fastForward(2 * 60 * 1000 + 1000);
        await desk.page.getByText(t.qr_expired).waitFor();
        await desk.page.screenshot({ path: screenshotPath(`qr-expired-${short(locale)}-1280`), fullPage: true });
        await desk.page.setViewportSize(PHONE);
        await desk.page.screenshot({ path: screenshotPath(`qr-expired-${short(locale)}-390`), fullPage: true });
        expect(await axeViolations(desk.page)).toEqual([]);
        const again = desk.page.waitForResponse((r) => r.url().includes('/api/account/qr-code?'));
        await pressWithKeys(desk.page, desk.page.getByRole('button', { name: t.qr_regenerate }));
        const second = ((await (await again).json()) as { result: { code: string } }).result.code;
        expect(second).not.toBe(first);
        await desk.page.getByTestId('qr-countdown').waitFor();
      } finally {
        await desk.context.close();
      }
    });

    it(`"It wasn't me" on the phone: the desktop is told and signs nobody in (${locale})`, async () => {
      const t = tOf(locale);
      const email = `qr-deny-${short(locale)}-${Date.now()}@example.com`;
      await registerByApi(portico.phoneServer, email, PASSWORD);
      const phone = await signedInPhone(browser, portico.phoneServer, locale, email);
      const desk = await desktopAtLogin(browser, portico.learn, locale);
      try {
        await desk.page.setViewportSize(PHONE);
        const code = await showQr(desk.page, t);
        await desk.page.screenshot({ path: screenshotPath(`qr-code-${short(locale)}-390`), fullPage: true });
        await phone.page.setViewportSize(DESKTOP);
        await phone.page.goto(`${portico.phoneServer.url}${prefixOf(locale)}/account/qr?code=${code}`);
        await phone.page.getByTestId('approval-details').waitFor();
        await phone.page.screenshot({ path: screenshotPath(`qr-approve-${short(locale)}-1280`), fullPage: true });
        await pressWithKeys(phone.page, phone.page.getByRole('button', { name: t.approval_deny }));
        await phone.page.getByText(t.approval_denied).waitFor();
        await desk.page.getByText(t.qr_denied).waitFor();
        await desk.page.getByRole('button', { name: t.qr_regenerate }).waitFor();
        await desk.page.screenshot({ path: screenshotPath(`qr-denied-${short(locale)}-390`), fullPage: true });
        expect(await axeViolations(desk.page)).toEqual([]);
        expect(desk.page.url()).toContain('/login?');
      } finally {
        await Promise.all([phone.context.close(), desk.context.close()]);
      }
    });

    it(`push approval: a wrong number voids the request, the right one signs in, with the keyboard alone (${locale})`, async () => {
      const t = tOf(locale);
      const email = `push-${short(locale)}-${Date.now()}@example.com`;
      await registerByApi(portico.phoneServer, email, PASSWORD);
      const phone = await signedInPhone(browser, portico.phoneServer, locale, email);
      const desk = await desktopAtLogin(browser, portico.learn, locale);
      try {
        await tabTo(desk.page, desk.page.getByLabel(t.login_username_label));
        await desk.page.keyboard.type(email);
        await desk.page.keyboard.press('Enter');
        // The ways of step 2 are tabs: one Tab stop, the arrow keys choose.
        const promptTab = desk.page.getByRole('tab', { name: t.login_with_prompt });
        await promptTab.waitFor();
        await chooseTabWithKeys(desk.page, promptTab);
        await pressWithKeys(desk.page, desk.page.getByRole('button', { name: t.login_prompt_send }));
        const number = Number(await desk.page.getByTestId('prompt-number').textContent());
        expect(number).toBeGreaterThanOrEqual(10);
        await desk.page.screenshot({ path: screenshotPath(`prompt-number-${short(locale)}-1280`), fullPage: true });
        expect(await axeViolations(desk.page)).toEqual([]);

        // The phone's account page shows the request with three numbers.
        const dialog = phone.page.getByRole('dialog', { name: t.approval_title_prompt });
        await dialog.waitFor();
        await phone.page.screenshot({ path: screenshotPath(`prompt-dialog-${short(locale)}-390`), fullPage: true });
        expect(await axeViolations(phone.page, 'page')).toEqual([]);
        const choices = await dialog.getByRole('button', { name: /^\d{2}$/ }).allTextContents();
        expect(choices).toHaveLength(3);
        expect(choices.map(Number)).toContain(number);
        const wrong = choices.map(Number).find((n) => n !== number)!;
        await pressWithKeys(phone.page, dialog.getByRole('button', { name: String(wrong), exact: true }), 10);
        await phone.page.getByText(t.prompt_wrong_number).waitFor();
        await dialog.waitFor({ state: 'detached' });

        // The desktop is told, and asks again.
        await desk.page.getByText(t.prompt_wrong_number).waitFor();
        await desk.page.screenshot({ path: screenshotPath(`prompt-denied-${short(locale)}-1280`), fullPage: true });
        await pressWithKeys(desk.page, desk.page.getByRole('button', { name: t.login_prompt_resend }));
        const next = desk.page.getByTestId('prompt-number');
        await next.waitFor();
        const right = Number(await next.textContent());
        await dialog.waitFor();
        await pressWithKeys(phone.page, dialog.getByRole('button', { name: String(right), exact: true }), 10);
        await desk.page.waitForURL(`${portico.learn.url}/cb?**`);
        const back = await pageJson<Callback>(desk.page);
        expect(back.signedIn).toBe(true);
        expect(back.claims?.amr).toEqual(['prompt']);
      } finally {
        await Promise.all([phone.context.close(), desk.context.close()]);
      }
    });
  }
});

const twoCopies = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.runIf(twoCopies)('QR-code sign-in across two server processes (PostgreSQL + Redis)', () => {
  let browser: Browser;
  let portico: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    [portico, browser] = await Promise.all([setUp(2), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.phoneServer.stop();
    await portico?.desktopServer.stop();
    await portico?.learn.close();
  });

  it('the desktop on one copy, the phone on the other: the approval wakes the desktop through Redis', async () => {
    expect(portico.phoneServer.url).not.toBe(portico.desktopServer.url);
    const sub = await qrJourney(browser, portico.learn, portico.phoneServer, 'vi-VN', '-two-copies');
    expect(sub).toBeTruthy();
  });
});
