import { messages } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshotPath, serverAndBrowser } from './harness.js';
import { menuItemWithKeys } from './keyboard.js';
import { registerByApi, signInToPortal } from './signin.js';

const vi = messages['vi-VN'];
const en = messages['en-US'];

describe('web shell', () => {
  const env = serverAndBrowser();

  it('serves unknown routes with the 404 page in Vietnamese at the root', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${env.server.url}/khong-co-trang-nay`);
    await expect.poll(() => page.getByRole('heading', { name: vi.notfound_heading }).isVisible()).toBe(true);
    expect(await page.getAttribute('html', 'lang')).toMatch(/^vi/);
    expect(await page.title()).toBe(`${vi.notfound_title} | Portico`);
    await page.screenshot({ path: screenshotPath('shell-404-vi'), fullPage: true });
    await page.getByRole('link', { name: vi.notfound_home }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/khong-co-trang-nay');
    await page.close();
  });

  it('serves /en-us/... in English', async () => {
    const page = await env.browser.newPage({ viewport: PHONE });
    await page.goto(`${env.server.url}/en-us/no-such-page`);
    await expect.poll(() => page.getByRole('heading', { name: en.notfound_heading }).isVisible()).toBe(true);
    expect(await page.getAttribute('html', 'lang')).toMatch(/^en/);
    expect(await page.title()).toBe(`${en.notfound_title} | Portico`);
    await page.screenshot({ path: screenshotPath('shell-404-en-phone'), fullPage: true });
    await page.close();
  });

  it('switches language with the keyboard and keeps the page and query', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${env.server.url}/nowhere?x=1`);
    await menuItemWithKeys(
      page,
      page.getByRole('button', { name: vi.lang_switch }),
      page.getByRole('menuitem', { name: vi.lang_en }),
    );
    await expect.poll(() => page.url()).toBe(`${env.server.url}/en-us/nowhere?x=1`);
    await expect.poll(() => page.getByRole('heading', { name: en.notfound_heading }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('languageCode'))).toBe('en-US');

    await menuItemWithKeys(
      page,
      page.getByRole('button', { name: en.lang_switch }),
      page.getByRole('menuitem', { name: en.lang_vi }),
    );
    await expect.poll(() => page.url()).toBe(`${env.server.url}/nowhere?x=1`);
    await expect.poll(() => page.getByRole('heading', { name: vi.notfound_heading }).isVisible()).toBe(true);
    await page.close();
  });

  it('shows focus on a text field as a 2 px ring, not only a border colour (WCAG 2.2 focus appearance)', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${env.server.url}/login`);
    const field = page.locator('input[name="username"]');
    await field.waitFor();
    await field.focus();
    const ring = () =>
      field.evaluate((el) => {
        const s = getComputedStyle(el);
        return `${s.outlineStyle} ${s.outlineWidth}`;
      });
    await expect.poll(ring).toBe('solid 2px');
    await page.close();
  });

  it('serves the app, discovery, health and the outbox from one server', async () => {
    const root = await fetch(`${env.server.url}/`);
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('<div id="root">');
    const discovery = await (await fetch(`${env.server.url}/oidc/.well-known/openid-configuration`)).json();
    expect(discovery.issuer).toBe(`${env.server.url}/oidc`);
    expect((await fetch(`${env.server.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${env.server.url}/dev/outbox?to=x`)).json()).toEqual({ result: [] });
  });
});

describe('content security policy', () => {
  const env = serverAndBrowser({ CAPTCHA_PROVIDER: 'none' });

  it('runs under a policy without inline styles: no violation on the sign-in and account pages (issue 24 point 3)', async () => {
    const context = await env.browser.newContext({ viewport: PHONE });
    // Every violation the browser reports, from the first script on.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(
          `${e.violatedDirective} ${e.blockedURI} ${e.sample} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
        ),
      );
    });
    const page = await context.newPage();
    const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    await registerByApi(env.server, 'csp.person@example.com', 'Style@2026x');
    await signInToPortal(page, env.server, vi, '', 'csp.person@example.com', 'Style@2026x');
    for (const path of ['/account/email', '/security/2fa', '/security/recovery-ways', '/register']) {
      await page.goto(`${env.server.url}${path}`);
      await page.locator('main').waitFor();
      // Mantine's variables (a style element written at run time) apply: it carried the nonce.
      expect(
        await page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--mantine-color-body')),
      ).not.toBe('');
    }
    await page.goto(`${env.server.url}/account/email`);
    await page.getByRole('button', { name: vi.contact_add_email }).click();
    await page.getByRole('dialog').waitFor();
    await page.screenshot({ path: screenshotPath('csp-modal-vi-phone') });
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
