import { type Locale, type Messages, messages } from '@portico/contracts';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbedHost, startEmbedHost } from '../examples/embed-host/host.js';
import { axeViolations } from './axe.js';
import { launchBrowser, PHONE, type RunningServer, screenshotPath, startServer } from './harness.js';
import { focusField, pressWithKeys, tabTo, typeWithKeys } from './keyboard.js';
import { outboxCount, registerByApi, signInOnLoginPage, signInToPortal, storedSub, waitForCode } from './signin.js';

const vi = messages['vi-VN'];
const en = messages['en-US'];

type Message = { type: string } & Record<string, unknown>;

// Issue 29: the embedded pages in a host page on another loopback origin (the runnable example
// host, examples/embed-host/host.ts), in a host outside EMBED_ORIGINS, and in a simulated native
// web view (window.ReactNativeWebView injected before the page loads).
describe('embedded modes', () => {
  let server: RunningServer;
  let browser: Browser;
  let host: EmbedHost;
  let outsider: EmbedHost;

  beforeAll(async () => {
    let portal = '';
    [host, outsider] = await Promise.all([
      startEmbedHost({ portalUrl: () => portal }),
      startEmbedHost({ portalUrl: () => portal }),
    ]);
    [server, browser] = await Promise.all([
      startServer({ EMBED_ORIGINS: host.url, CAPTCHA_PROVIDER: 'none' }),
      launchBrowser(),
    ]);
    portal = server.url;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await host?.close();
    await outsider?.close();
  });

  /** What the host page received from the portal, in order (its listener keeps only the portal's). */
  const received = (page: Page): Promise<{ origin: string; data: Message }[]> =>
    page.evaluate(() => (window as unknown as { received: { origin: string; data: Message }[] }).received);
  const messagesOf = async (page: Page) => (await received(page)).map((m) => m.data).filter((m) => m.type !== 'resize');
  const framed = (page: Page, src: string): Promise<FrameLocator> =>
    page.goto(`${host.url}/?src=${encodeURIComponent(src)}`).then(() => page.frameLocator('#portal'));
  const frameUrl = (page: Page) =>
    new URL(
      page
        .frames()
        .find((f) => f !== page.mainFrame())
        ?.url() ?? 'about:blank',
    );

  /** A fresh account, signed in at the portal's own origin (a frame of the same site shares its session). */
  async function signedIn(email: string, password: string, locale: Locale = 'vi-VN') {
    await registerByApi(server, email, password, 'Lan');
    const context = await browser.newContext({ viewport: PHONE, locale });
    const page = await context.newPage();
    await signInToPortal(page, server, messages[locale], locale === 'en-US' ? '/en-us' : '', email, password);
    const sub = await storedSub(page);
    return { context, page, sub };
  }

  it('an allow-listed host frames every embedded page and receives its results, toasts and sizes; its forms are done with the keyboard', async () => {
    const password = 'Embed@2026x';
    const { context, page, sub } = await signedIn('embed.host@example.com', password);

    // /app: the profile loads with the bearer token; the app is told, the embedded pages listed.
    let frame = await framed(page, '/app');
    await frame.getByRole('navigation', { name: vi.app_menu_label }).waitFor();
    await expect.poll(() => messagesOf(page)).toContainEqual({ type: 'app_signed_in', sub });
    expect(await frame.getByRole('banner').count()).toBe(0);
    // Sizes: posted with the portal's origin, the frame follows them, and nothing more once still.
    const sizes = (await received(page)).filter((m) => m.data.type === 'resize');
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.every((m) => m.origin === server.url && Number(m.data.height) > 0)).toBe(true);
    await page.waitForTimeout(600);
    const settled = (await received(page)).length;
    const last = (await received(page)).filter((m) => m.data.type === 'resize').at(-1)?.data.height;
    expect(await page.locator('#portal').evaluate((el) => (el as HTMLElement).style.height)).toBe(`${last}px`);
    await page.waitForTimeout(1000);
    expect((await received(page)).length).toBe(settled);

    // /address/0 then /address: the form adds under the embedded base; select hands the address over.
    frame = await framed(page, '/address/0');
    const pick = async (label: string, name: string) => {
      const select = frame
        .getByRole('textbox', { name: label })
        .or(frame.getByLabel(label, { exact: true }))
        .first();
      // A searchable select: typed into, the arrow key to the match, Enter picks it.
      await typeWithKeys(page, select, name);
      await frame.getByRole('option', { name, exact: true }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => select.inputValue()).toBe(name);
    };
    await typeWithKeys(page, frame.getByLabel(vi.address_phone_label), '0912345678');
    await pick(vi.address_province_label, 'Thành phố Hà Nội');
    await pick(vi.address_ward_label, 'Phường Ba Đình');
    await typeWithKeys(page, frame.getByLabel(vi.address_details_label), '12 Phan Đình Phùng');
    await pressWithKeys(page, frame.getByRole('button', { name: vi.address_add }));
    await expect.poll(() => frameUrl(page).pathname).toBe('/address');
    await expect.poll(() => messagesOf(page)).toContainEqual({ type: 'message_success', message: vi.address_noti_add });
    const name = 'Tester Lan';
    await page.screenshot({ path: screenshotPath('embedded-address-select-vi-VN-390'), fullPage: true });
    await pressWithKeys(page, frame.getByRole('button', { name: vi.address_select_named.replace('{{name}}', name) }));
    await expect
      .poll(async () => (await messagesOf(page)).find((m) => m.type === 'address_selected'))
      .toMatchObject({
        address: {
          name,
          phoneNumber: '0912345678',
          address: '12 Phan Đình Phùng',
          localityNames: ['Phường Ba Đình', 'Thành phố Hà Nội'],
          isDefaultAddress: true,
        },
      });

    // The edit form stays under the embedded base.
    await pressWithKeys(page, frame.getByRole('link', { name: vi.address_edit_named.replace('{{name}}', name) }));
    await expect.poll(() => frameUrl(page).pathname).toMatch(/^\/address\/\d+$/);
    await frame.getByLabel(vi.address_phone_label).waitFor();
    await page.screenshot({ path: screenshotPath('embedded-address-edit-vi-VN-390'), fullPage: true });

    // /info: edit mode at once, no cancel, no social box; a save tells the host, and so does an error.
    frame = await framed(page, '/info');
    await frame.locator('input[type=file][name=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect.poll(() => messagesOf(page)).toContainEqual({ type: 'message_error', message: vi.invalid_image });
    // A parent window is no native app: the frame shows the toast too.
    await frame.getByText(vi.invalid_image).waitFor();
    await frame.getByRole('button', { name: vi.common_save }).click();
    await expect.poll(() => messagesOf(page)).toContainEqual({ type: 'info_noti_info_success' });
    expect(await messagesOf(page)).toContainEqual({ type: 'message_success', message: vi.info_noti_info_success });
    expect(await frame.getByRole('button', { name: vi.common_cancel }).count()).toBe(0);

    // /change-password: no forgot-password link; the change tells the host.
    frame = await framed(page, '/change-password');
    await frame.getByLabel(vi.password_current_label).waitFor();
    expect(await frame.getByRole('link', { name: vi.login_forgot_password }).count()).toBe(0);
    const next = 'Embed@2027y';
    await typeWithKeys(page, frame.getByLabel(vi.password_current_label), password);
    await typeWithKeys(page, frame.getByLabel(vi.password_new_label, { exact: true }), next);
    await typeWithKeys(page, frame.getByLabel(vi.password_confirm_label), next);
    await pressWithKeys(page, frame.getByRole('button', { name: vi.change_password_submit }));
    await expect.poll(() => messagesOf(page)).toContainEqual({ type: 'change_password_success' });

    // /delete-account: the host is told, then the frame signs out.
    frame = await framed(page, '/delete-account');
    await typeWithKeys(page, frame.getByLabel(vi.delete_account_password_label), next);
    await tabTo(page, frame.getByLabel(vi.delete_account_confirm_label));
    await page.keyboard.press('Space');
    await pressWithKeys(page, frame.getByRole('button', { name: vi.delete_account_submit }));
    await expect.poll(() => messagesOf(page)).toContainEqual({ type: 'delete_account_success' });
    expect((await received(page)).every((m) => m.origin === server.url)).toBe(true);
    await context.close();
  });

  it('a host outside EMBED_ORIGINS can neither frame the pages nor receive their messages', async () => {
    const { context, page } = await signedIn('embed.outsider@example.com', 'Embed@2026x');
    const answer = await fetch(`${server.url}/info`);
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`frame-ancestors 'self' ${host.url}`);
    expect(csp).not.toContain(outsider.url);

    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) blocked.push(m.text());
    });
    const frame = await page
      .goto(`${outsider.url}/?src=${encodeURIComponent('/info')}`)
      .then(() => page.frameLocator('#portal'));
    await expect.poll(() => blocked.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    expect(await frame.getByRole('button', { name: vi.common_save }).count()).toBe(0);
    expect(await received(page)).toEqual([]);

    // The same page framed by the allowed host works (the account and session are fine).
    const allowed = await framed(page, '/info');
    await allowed.getByRole('button', { name: vi.common_save }).waitFor();
    await context.close();
  });

  it('a password reset in the frame, with the keyboard alone, tells the host instead of signing in to the portal', async () => {
    const email = 'embed.reset@example.com';
    await registerByApi(server, email, 'Embed@2026x', 'Lan');
    const context = await browser.newContext({ viewport: PHONE, locale: 'vi-VN' });
    const page = await context.newPage();
    const frame = await framed(page, '/forgot-password?embedded=1');
    const before = await outboxCount(server, email);
    await typeWithKeys(page, frame.getByLabel(vi.login_username_label), email);
    await page.keyboard.press('Enter');
    const code = await waitForCode(server, email, before);
    await focusField(page, frame.getByLabel(vi.otp_label));
    await page.keyboard.type(code);
    await pressWithKeys(page, frame.getByRole('button', { name: vi.common_verify }), 10);
    await focusField(page, frame.getByLabel(vi.forgot_password_label, { exact: true }));
    await page.keyboard.type('Embed@2027y');
    await typeWithKeys(page, frame.getByLabel(vi.forgot_repassword_label), 'Embed@2027y', 10);
    await pressWithKeys(page, frame.getByRole('button', { name: vi.common_update }), 10);
    await expect.poll(() => messagesOf(page)).toContainEqual({ type: 'forgot_password_success', username: email });
    await frame.getByText(vi.app_reset_done).waitFor();
    expect(frameUrl(page).pathname).toBe('/forgot-password');
    await page.screenshot({ path: screenshotPath('embedded-reset-done-vi-VN-390'), fullPage: true });
    await context.close();
  });

  it('/app without a session signs in inside the frame and continues to next; the host can hide register', async () => {
    await registerByApi(server, 'embed.app@example.com', 'Embed@2026x', 'Lan');
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    const frame = await framed(page, '/en-us/app?next=%2Faddress');
    // No stored user: the silent renewal fails, so the sign-in page opens in the frame, embedded.
    await frame.getByLabel(en.login_username_label).waitFor({ timeout: 20_000 });
    expect(await frame.getByRole('banner').count()).toBe(0);
    await frame.getByRole('tab', { name: en.register_tab }).waitFor();
    await page.getByRole('button', { name: 'Send hide-register' }).click();
    await frame.getByRole('tab', { name: en.register_tab }).waitFor({ state: 'detached' });
    await page.screenshot({ path: screenshotPath('embedded-app-sign-in-en-US-390'), fullPage: true });

    await signInOnLoginPage(frame, en, 'embed.app@example.com', 'Embed@2026x');
    await expect.poll(() => frameUrl(page).pathname, { timeout: 20_000 }).toBe('/en-us/address');
    await frame.getByText(en.address_empty).waitFor();
    expect((await messagesOf(page)).some((m) => m.type === 'app_signed_in')).toBe(true);
    await context.close();
  });

  it('in the app web view, /app signs in without the banner (no first paint either) and continues to next', async () => {
    await registerByApi(server, 'embed.webview@example.com', 'Embed@2026x', 'Lan');
    const context = await browser.newContext({ viewport: PHONE, locale: 'vi-VN' });
    await context.addInitScript(() => {
      const sent: string[] = [];
      Object.assign(window, { sent, ReactNativeWebView: { postMessage: (m: string) => sent.push(m) } });
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/app?next=%2Finfo`);
    // The provider's redirect drops the query: the tab's mark keeps the login page embedded.
    await page.waitForURL(/\/login\?ReturnUrl=%2Foidc%2Finteraction%2F/, { timeout: 20_000 });
    expect(await page.locator('#first-paint').count()).toBe(0);
    await page.getByLabel(vi.login_username_label).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('embedded-webview-login-vi-VN-390'), fullPage: true });
    await signInOnLoginPage(page, vi, 'embed.webview@example.com', 'Embed@2026x');
    await page.waitForURL(`${server.url}/info`, { timeout: 20_000 });
    await page.getByRole('button', { name: vi.common_save }).waitFor();
    const sent = await page.evaluate(() => (window as unknown as { sent: string[] }).sent);
    expect(sent.map((m) => JSON.parse(m).type)).toContain('app_signed_in');
    await context.close();
  });

  it('in the native app (React Native web view) toasts, update-info and results reach the bridge', async () => {
    const { context, page } = await signedIn('embed.native@example.com', 'Embed@2026x');
    await context.addInitScript(() => {
      const sent: string[] = [];
      Object.assign(window, { sent, ReactNativeWebView: { postMessage: (m: string) => sent.push(m) } });
    });
    const sent = async () =>
      (await page.evaluate(() => (window as unknown as { sent: string[] }).sent)).map((m) => JSON.parse(m) as Message);

    await page.goto(`${server.url}/info`);
    await page.getByRole('button', { name: vi.common_save }).waitFor();
    // A file that is not an image: the error goes to the app, as message_error.
    await page.locator('input[type=file][name=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect.poll(sent).toContainEqual({ type: 'message_error', message: vi.invalid_image });
    await page.getByRole('button', { name: vi.common_save }).click();
    await expect.poll(sent).toContainEqual({ type: 'message_success', message: vi.info_noti_info_success });
    expect(await sent()).toContainEqual({ type: 'info_noti_info_success' });
    // The app shows the toast: the page does not.
    expect(await page.getByText(vi.info_noti_info_success).count()).toBe(0);

    // Right after a first sign-in the app opens /info?register=1: the update-info form.
    await page.goto(`${server.url}/info?register=1`);
    await page.getByRole('heading', { name: vi.update_info_heading }).waitFor();
    await page.screenshot({ path: screenshotPath('embedded-info-register-vi-VN-390'), fullPage: true });
    await page.getByLabel(vi.date_year, { exact: true }).selectOption('2001');
    await page.getByRole('radio', { name: vi.gender_female }).check();
    await page.getByRole('button', { name: vi.common_update }).click();
    await expect.poll(sent).toContainEqual({ type: 'register_success' });
    await context.close();
  });

  it.each<[Locale, string]>([
    ['vi-VN', ''],
    ['en-US', '/en-us'],
  ])('every embedded page at 390 px without chrome or axe violations (%s)', async (locale, prefix) => {
    const t: Messages = messages[locale];
    const { context, page } = await signedIn(`embed.tour.${locale}@example.com`, 'Embed@2026x', locale);
    const pages: [string, string, (p: Page) => Promise<unknown>][] = [
      ['app', '/app', (p) => p.getByRole('navigation', { name: t.app_menu_label }).waitFor()],
      ['info', '/info', (p) => p.getByRole('button', { name: t.common_save }).waitFor()],
      ['info-register', '/info?register=1', (p) => p.getByRole('heading', { name: t.update_info_heading }).waitFor()],
      ['address', '/address', (p) => p.getByText(t.address_empty).waitFor()],
      ['address-form', '/address/0', (p) => p.getByLabel(t.address_phone_label).waitFor()],
      ['change-password', '/change-password', (p) => p.getByLabel(t.password_current_label).waitFor()],
      ['delete-account', '/delete-account', (p) => p.getByLabel(t.delete_account_confirm_label).waitFor()],
    ];
    for (const [name, path, ready] of pages) {
      await page.goto(`${server.url}${prefix}${path}`);
      await ready(page);
      expect(await page.getByRole('banner').count(), name).toBe(0);
      expect(await page.getByRole('navigation', { name: t.nav_account_menu }).count(), name).toBe(0);
      expect(await axeViolations(page), name).toEqual([]);
      await page.screenshot({ path: screenshotPath(`embedded-${name}-${locale}-390`), fullPage: true });
    }
    await signedOutPages(context, t, prefix, locale);
    await context.close();
  });

  /** The public pages in a web view: the login and forgot-password pages without the banner. */
  async function signedOutPages(context: BrowserContext, t: Messages, prefix: string, locale: Locale) {
    const page = await context.newPage();
    await page.goto(`${server.url}${prefix}/forgot-password?embedded=1`);
    await page.getByRole('heading', { name: t.forgot_title }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath(`embedded-forgot-password-${locale}-390`), fullPage: true });
    await page.close();
  }
});
