import { messages } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { PHONE, screenshotPath, serverAndBrowser } from './harness.js';

const vi = messages['vi-VN'];

// Issue 8, point 19: the login query options work when /login?... is opened directly, although
// the page first goes through the provider's sign-in redirect (web/src/lib/carriedLoginOptions.ts).
describe('login query options opened directly', () => {
  const env = serverAndBrowser();

  it('/login?hideRegister=true hides the register tab on the sign-in page it leads to', async () => {
    const page = await env.browser.newPage({ viewport: PHONE });
    await page.goto(`${env.server.url}/login?hideRegister=true`);
    await page.waitForURL(/\/login\?ReturnUrl=%2Foidc%2Finteraction%2F/);
    await expect.poll(() => page.getByLabel(vi.login_username_label).isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: vi.register_tab }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('login-hide-register-vi-phone') });
    await page.close();
  });

  it('/login?username=..&password=.. signs in by itself and lands on the account home', async () => {
    const page = await env.browser.newPage({ viewport: PHONE });
    await page.goto(`${env.server.url}/login?username=demo%40example.com&password=Portico%402026`);
    await page.waitForURL(`${env.server.url}/account`);
    await expect.poll(() => page.getByText(vi.account_welcome.replace('{{name}}', 'User Demo')).isVisible()).toBe(true);
    expect(page.url()).not.toContain('password');
    await page.close();
  });
});
