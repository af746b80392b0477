import { messages } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { PHONE, serverAndBrowser } from './harness.js';

const vi = messages['vi-VN'];
const en = messages['en-US'];

// Issue 27 point 1: the login page of a provider interaction arrives drawn by the server
// (server/src/web/first-paint.ts); the app replaces it when its form mounts and keeps what was
// typed meanwhile (web/src/features/login/firstPaint.ts).
describe("the login page's first paint", () => {
  const env = serverAndBrowser();

  it('shows the form before the app runs; what is typed there is kept, and the app signs in with it', async () => {
    const page = await env.browser.newPage({ viewport: PHONE });
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    // The app's entry script arrives late, as on a slow network.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${env.server.url}/login`, { waitUntil: 'commit' });
    await page.waitForURL(/\/login\?ReturnUrl=%2Foidc%2Finteraction%2F/, { waitUntil: 'commit' });
    const painted = page.locator('#first-paint input[name="username"]');
    await painted.waitFor({ state: 'visible' });
    expect(await page.locator('#first-paint').getByRole('heading', { name: vi.login_heading }).isVisible()).toBe(true);
    // The card as the server drew it passes axe-core as the app's does (the hidden #root aside).
    expect(await axeViolations(page)).toEqual([]);
    // Enter before the app runs reloads nothing (no name in the address) and is not lost: the
    // app, once in place, goes on with the name typed.
    await painted.fill('demo@example.com');
    await painted.press('Enter');
    expect(page.url()).not.toContain('demo');

    release();
    await page.locator('#first-paint').waitFor({ state: 'detached' });
    await page.locator('input[name=password]').waitFor({ state: 'visible' });
    expect(await page.getByTestId('login-account').textContent()).toBe('demo@example.com');
    await page.locator('input[name=password]').fill('Portico@2026');
    await page.locator('input[name=password]').press('Enter');
    await page.waitForURL(`${env.server.url}/account`);
    expect(violations).toEqual([]);
    await page.close();
  });

  it('is drawn in the language of the page, and not when the login options were carried across the redirect', async () => {
    const page = await env.browser.newPage({ viewport: PHONE });
    await page.goto(`${env.server.url}/en-us/login`);
    await page.waitForURL(/\/en-us\/login\?ReturnUrl=/);
    const html = await (await page.request.get(page.url())).text();
    expect(html).toContain('<div id="first-paint">');
    expect(html).toContain(en.login_heading);
    expect(html).toContain('<html lang="en-US"');

    // /login?hideRegister=true: the option waits in the tab for the app, so the server draws nothing.
    await page.goto(`${env.server.url}/login?hideRegister=true`);
    await page.waitForURL(/\/login\?ReturnUrl=%2Foidc%2Finteraction%2F/);
    await expect.poll(() => page.getByLabel(vi.login_username_label).isVisible()).toBe(true);
    expect(await page.locator('#first-paint').count()).toBe(0);
    expect(await page.getByRole('tab', { name: vi.register_tab }).count()).toBe(0);
    await page.close();
  });
});
