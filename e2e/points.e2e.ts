import { fillPath, type Locale, messages, pointEndpoints as P } from '@portico/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { DESKTOP, launchBrowser, PHONE, type RunningServer, screenshotPath, startServer } from './harness.js';
import { pressWithKeys } from './keyboard.js';
import { productApi, productClientsFile, putBlock } from './products.js';
import { registerByApi, signInToPortal, storedSub } from './signin.js';

// Issue 30 point 3: a product awards and deducts points with its client-credentials token; the
// person reads the balance and the history on /point (in the menu: POINTS_ENABLED).
describe('loyalty points', () => {
  let server: RunningServer;
  let browser: Browser;
  let product: Awaited<ReturnType<typeof productApi>>;
  beforeAll(async () => {
    const clients = await productClientsFile(['points:write', 'notifications:write']);
    [server, browser] = await Promise.all([
      startServer({ CAPTCHA_PROVIDER: 'none', OIDC_CLIENTS_FILE: clients, POINTS_ENABLED: 'true' }),
      launchBrowser(),
    ]);
    product = await productApi(server, 'points:write notifications:write');
    // The block the rows name, in the block registry.
    await putBlock(product, 'lms', { vi: 'Học trực tuyến', en: 'Online learning' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each<[Locale, string]>([
    ['vi-VN', ''],
    ['en-US', '/en-us'],
  ])('the product awards and deducts; the person sees the balance and the history (%s)', async (locale, prefix) => {
    const t = messages[locale];
    const email = `points.${locale}@example.com`;
    await registerByApi(server, email, 'Points@2026x', 'Lan');
    const context = await browser.newContext({ viewport: PHONE, locale });
    const page = await context.newPage();
    await signInToPortal(page, server, t, prefix, email, 'Points@2026x');
    const userId = await storedSub(page);
    const change = (point: number, key: string, actionName: string, blockId: string | null = 'lms') =>
      product(
        'POST',
        fillPath(P.change.path, { userId }),
        { point, actionName, objectTitle: 'Toán 10', blockId },
        {
          'idempotency-key': key,
        },
      );
    for (let i = 1; i <= 11; i++)
      expect((await change(100 * i, `${locale}-lesson-${i}`, `Bài học ${i}`)).status).toBe(200);
    // A retry counts nothing; a deduction beyond the balance is refused; one within it passes.
    expect((await change(1100, `${locale}-lesson-11`, 'Bài học 11')).result).toMatchObject({ created: false });
    expect((await change(-1_000_000, `${locale}-too-much`, 'Đổi quà')).status).toBe(409);
    expect((await change(-1500, `${locale}-gift`, 'Đổi quà', null)).result).toMatchObject({ balance: 5100 });

    // The account home's tile (on a phone the menu is behind its button).
    await pressWithKeys(page, page.getByRole('main').getByRole('link', { name: t.menu_point }));
    await page.waitForURL(`${server.url}${prefix}/point`);
    await expect
      .poll(() => page.getByTestId('point-balance').textContent())
      .toBe(t.point_balance_value.replace('{{value}}', '5,100'));
    const table = page.getByRole('table', { name: t.menu_point });
    await expect.poll(() => table.getByRole('row').count()).toBe(11);
    expect(await table.getByRole('row').nth(1).innerText()).toContain('\u22121,500');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath(`points-${locale}-390`), fullPage: true });
    await pressWithKeys(page, page.getByRole('button', { name: t.point_view_more }));
    await expect.poll(() => table.getByRole('row').count()).toBe(13);
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => window.scrollTo(0, 0));
    await table
      .getByText(locale === 'vi-VN' ? 'Học trực tuyến' : 'Online learning')
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath(`points-${locale}-1280`), fullPage: true });
    await context.close();
  });
});
