import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Locale, messages, type TokenLoginIssueAnswer, tokenLoginEndpoints } from '@portico/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbedHost, startEmbedHost } from '../examples/embed-host/host.js';
import { axeViolations } from './axe.js';
import { DESKTOP, launchBrowser, PHONE, type RunningServer, screenshotPath, startServer } from './harness.js';
import { createRelyingParty, type RelyingParty } from './rp.js';
import { pageJson, signInOnLoginPage, storedAccessToken } from './signin.js';

const vi = messages['vi-VN'];

// An app (a first-party relying party, openid-client) holds the demo user's access token; it asks
// Portico for a one-time token; the token-login page signs a fresh browser in with it, once.
describe('token login and the captcha page', () => {
  let server: RunningServer;
  let browser: Browser;
  let app: RelyingParty;
  // A page of another origin (allow-listed in EMBED_ORIGINS) that frames Portico and records its messages.
  let host: EmbedHost;
  let portal = '';
  let accessToken = '';

  beforeAll(async () => {
    [app, host] = await Promise.all([
      createRelyingParty('learn', { firstParty: true, scope: 'openid profile email' }),
      startEmbedHost({ portalUrl: () => portal }),
    ]);
    const clientsFile = path.join(os.tmpdir(), `portico-e2e-token-login-${process.pid}.json`);
    await writeFile(clientsFile, JSON.stringify([app.metadata]));
    [server, browser] = await Promise.all([
      startServer({ OIDC_CLIENTS_FILE: clientsFile, EMBED_ORIGINS: host.url }),
      launchBrowser(),
    ]);
    portal = server.url;
    await app.connect(`${server.url}/oidc`);

    // The user signs in to the app the ordinary way; the app keeps the access token.
    const context = await browser.newContext({ viewport: PHONE, locale: 'vi-VN' });
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.waitForURL(/\/login\?ReturnUrl=%2Foidc%2Finteraction%2F/);
    await signInOnLoginPage(page, vi, 'demo@example.com', 'Portico@2026');
    await page.waitForURL(`${app.url}/cb?**`);
    await page.goto(`${app.url}/access-token`);
    accessToken = (await pageJson<{ accessToken: string }>(page)).accessToken;
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await app?.close();
    await host?.close();
  });

  /** The app asks Portico for a one-time token with its access token. */
  const askForToken = async (): Promise<TokenLoginIssueAnswer> => {
    const res = await fetch(`${server.url}${tokenLoginEndpoints.issue.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()).result;
  };

  it('signs a fresh browser in once from the app token, and refuses the token a second time', async () => {
    const { url, expiresIn } = await askForToken();
    expect(expiresIn).toBe(60);

    const context = await browser.newContext({ viewport: PHONE, locale: 'vi-VN' });
    const page = await context.newPage();
    await page.goto(`${url}&cb=app_login`);
    // Not embedded: the page goes to /, which is the account home of the signed-in user.
    await page.waitForURL(`${server.url}/account`);
    await expect.poll(() => page.getByText(vi.account_welcome.replace('{{name}}', 'User Demo')).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('token-login-signed-in-vi-VN-390') });

    // The activity log says how this browser signed in.
    const portalToken = await storedAccessToken(page);
    const log = await fetch(`${server.url}/api/account/activity`, {
      headers: { authorization: `Bearer ${portalToken}` },
    });
    expect((await log.json()).result.data[0].actionText).toContain(vi.sign_in_method_token);
    await context.close();

    // The same link again, in another fresh browser: refused, and nobody is signed in.
    const second = await browser.newContext({ viewport: PHONE, locale: 'vi-VN' });
    const again = await second.newPage();
    await again.goto(url);
    await expect.poll(() => again.getByText(vi.token_login_invalid).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(again.url()).pathname).toBe('/login');
    expect(await storedAccessToken(again)).toBe('');
    await second.close();
  });

  it('embedded in an allow-listed app page: signs in inside the frame and posts cb to the parent', async () => {
    const { url } = await askForToken();
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    const src = `${url.replace('/token-login', '/en-us/token-login')}&cb=app_login&embedded=1`;
    await page.goto(`${host.url}/?src=${encodeURIComponent(src)}`);
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            // The frame also reports its height (web/src/embed/resize.ts); cb is the other message.
            (window as unknown as { received: { data: { type?: string } }[] }).received.filter(
              (m) => m.data?.type !== 'resize',
            ),
          ),
        { timeout: 20_000 },
      )
      .toEqual([{ origin: server.url, data: { type: 'app_login' } }]);
    const frame = page.frameLocator('iframe');
    await expect.poll(() => frame.getByText(messages['en-US'].token_login_done).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('token-login-embedded-en-US-390') });
    await context.close();
  });

  it.each<[Locale, string]>([
    ['vi-VN', ''],
    ['en-US', '/en-us'],
  ])('shows both pages readably at phone and desktop width, without axe violations (%s)', async (locale, prefix) => {
    const t = messages[locale];
    for (const [width, viewport] of [
      [390, PHONE],
      [1280, DESKTOP],
    ] as const) {
      const context = await browser.newContext({ viewport, locale });
      const page = await context.newPage();

      await page.goto(`${server.url}${prefix}/token-login?token=not-a-token`);
      await expect.poll(() => page.getByText(t.token_login_invalid).isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`token-login-refused-${locale}-${width}`), fullPage: true });

      await page.goto(`${server.url}${prefix}/captcha`);
      await page.getByRole('heading', { name: t.captcha_page_title }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`captcha-${locale}-${width}`), fullPage: true });
      // Solved outside an app: the page says where it belongs.
      await page.getByRole('checkbox', { name: t.captcha_not_robot }).check();
      await expect.poll(() => page.getByText(t.captcha_page_no_app).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`captcha-solved-${locale}-${width}`), fullPage: true });
      await context.close();
    }
  });

  it('hands the solved captcha to the native app as { type: captcha, provider, captcha }', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'vi-VN' });
    // A React Native WebView's bridge, as the app injects it before the page loads.
    await context.addInitScript(() => {
      const sent: string[] = [];
      Object.assign(window, { sent, ReactNativeWebView: { postMessage: (m: string) => sent.push(m) } });
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/captcha`);
    await page.getByRole('checkbox', { name: vi.captcha_not_robot }).check();
    await expect.poll(() => page.getByText(vi.captcha_page_sent).isVisible(), { timeout: 15_000 }).toBe(true);
    const sent = await page.evaluate(() => (window as unknown as { sent: string[] }).sent);
    expect(sent).toHaveLength(1);
    const message = JSON.parse(sent[0] ?? '{}') as { type: string; provider: string; captcha: string };
    expect(message).toMatchObject({ type: 'captcha', provider: 'altcha' });
    // The answer is one the server accepts: the register step takes it as its captcha.
    const check = await fetch(`${server.url}/api/account/register/check-username-and-send-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'captcha-e2e@example.com', captcha: message.captcha }),
    });
    expect(check.status, await check.text()).toBe(200);
    await context.close();
  });
});
