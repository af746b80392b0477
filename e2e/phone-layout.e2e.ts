import { type Messages, messages } from '@portico/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, screenshotPath, serverAndBrowser } from './harness.js';
import { signInToPortal, waitForCode } from './signin.js';

// At 390 px nothing may be cut off: no sideways scroll, no button, tab or label whose text is
// clipped, no placeholder wider than its field, the header avatar inside the window
// (issue 8, point 22). Checked in both languages.

/** Texts of the controls whose content is wider than their box, and how wide the page is. */
const clipped = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    for (const el of Array.from(document.querySelectorAll('button, [role=tab], label, a'))) {
      if (!visible(el)) continue;
      // Mantine puts the text of a button or tab in an inner label that clips it.
      for (const inner of [el, ...Array.from(el.querySelectorAll('span'))]) {
        const h = inner as HTMLElement;
        if (h.scrollWidth > h.clientWidth + 1 && getComputedStyle(h).overflow !== 'visible' && h.textContent?.trim())
          out.push(`clipped: ${h.textContent.trim()}`);
      }
      const r = el.getBoundingClientRect();
      if (r.right > window.innerWidth + 1) out.push(`outside: ${el.textContent?.trim()}`);
    }
    const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    for (const input of Array.from(document.querySelectorAll('input[placeholder]'))) {
      const i = input as HTMLInputElement;
      if (!visible(i) || !i.placeholder) continue;
      const s = getComputedStyle(i);
      canvas.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const room = i.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight);
      if (canvas.measureText(i.placeholder).width > room + 1) out.push(`placeholder: ${i.placeholder}`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth)
      out.push(`page width ${document.documentElement.scrollWidth}`);
    return [...new Set(out)];
  });

describe.each([
  ['vi', '', messages['vi-VN']],
  ['en', '/en-us', messages['en-US']],
] as [string, string, Messages][])('at 390 px (%s)', (lang, prefix, t) => {
  const env = serverAndBrowser({ CAPTCHA_PROVIDER: 'none' });

  it('the login page and both of its tabs fit', async () => {
    const page = await env.browser.newPage({ viewport: PHONE });
    await page.goto(`${env.server.url}${prefix}/login`);
    await page.getByLabel(t.login_username_label).waitFor();
    expect(await clipped(page)).toEqual([]);
    await page.getByLabel(t.login_username_label).fill('demo@example.com');
    await page.getByRole('button', { name: t.common_next }).click();
    await page.locator('input[name=password]').waitFor();
    await page.screenshot({ path: screenshotPath(`layout-login-step2-${lang}`) });
    expect(await clipped(page)).toEqual([]);
    await page.close();
  });

  it('register step 3 with its Create account button fits', async () => {
    const page = await env.browser.newPage({ viewport: PHONE });
    const email = `layout-${lang}-${Date.now()}@example.com`;
    await page.goto(`${env.server.url}${prefix}/register`);
    await page.getByLabel(t.register_email_label).fill(email);
    expect(await clipped(page)).toEqual([]);
    await page.getByRole('button', { name: t.register_send_code }).click();
    await page.getByLabel(t.otp_label).fill(await waitForCode(env.server, email, 0));
    await page.getByRole('button', { name: t.common_verify }).click();
    await page.getByRole('button', { name: t.register_submit }).waitFor();
    await page.screenshot({ path: screenshotPath(`layout-register-step3-${lang}`), fullPage: true });
    expect(await clipped(page)).toEqual([]);
    await page.close();
  });

  it('the account pages keep the header avatar in view', async () => {
    const page = await env.browser.newPage({ viewport: PHONE });
    await signInToPortal(page, env.server, t, prefix, 'demo@example.com', 'Portico@2026');
    for (const path of ['/account', '/account/info', '/security/device']) {
      await page.goto(`${env.server.url}${prefix}${path}`);
      // Not 'networkidle': an account page keeps its hub stream open (push requests, issue 26).
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('load');
      await page.waitForTimeout(500);
      expect(await clipped(page), path).toEqual([]);
    }
    await page.close();
  });
});
