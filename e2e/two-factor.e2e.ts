import { type Messages, messages } from '@portico/contracts';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { DESKTOP, PHONE, screenshotPath, serverAndBrowser } from './harness.js';
import { focusField, pressWithKeys, tabTo } from './keyboard.js';
import { registerByApi, signInToPortal } from './signin.js';

// /security/2fa in Chromium: every wizard step at phone and desktop width in both languages,
// looked at (.tmp/screenshots/2fa-*), checked with axe-core; the code is computed from the key
// shown on the page, as an authenticator app would.

describe('two-step verification page', () => {
  const env = serverAndBrowser({ CAPTCHA_PROVIDER: 'none' });

  const cases: [string, Messages, string, typeof PHONE][] = [
    ['vi-390', messages['vi-VN'], '', PHONE],
    ['vi-1280', messages['vi-VN'], '', DESKTOP],
    ['en-390', messages['en-US'], '/en-us', PHONE],
    ['en-1280', messages['en-US'], '/en-us', DESKTOP],
  ];

  for (const [name, t, prefix, viewport] of cases) {
    it(`walks the wizard and turns two-step on, with the keyboard alone (${name})`, { timeout: 120_000 }, async () => {
      const { server, browser } = env;
      const email = `tf-${name}@example.com`;
      await registerByApi(server, email, 'TwoStep@2026');
      // bypassCSP: axe-core is injected as an inline script, which the portal's CSP refuses.
      const context = await browser.newContext({ viewport, locale: prefix ? 'en-US' : 'vi-VN', bypassCSP: true });
      const page = await context.newPage();
      await signInToPortal(page, server, t, prefix, email, 'TwoStep@2026');
      // The account menu links to the page (the desktop navbar; on phones it sits behind the burger).
      if (viewport === DESKTOP) await pressWithKeys(page, page.locator('nav').getByRole('link', { name: t.menu_2fa }));
      else await page.goto(`${server.url}${prefix}/security/2fa`);
      await page.waitForURL(`${server.url}${prefix}/security/2fa`);
      const toggle = page.getByRole('switch', { name: t.two_factor_toggle });
      await toggle.waitFor();
      const shot = async (label: string) => {
        await page.screenshot({ path: screenshotPath(`2fa-${name}-${label}`), fullPage: true });
        expect(await axeViolations(page, 'page'), label).toEqual([]);
      };
      await shot('0-off');

      await tabTo(page, toggle);
      await page.keyboard.press('Space');
      await page.getByText(t.two_factor_download_text).waitFor();
      await shot('1-download');
      await pressWithKeys(page, page.getByRole('button', { name: t.common_next }));
      await page.getByText(t.two_factor_password_text).waitFor();
      // Enter in the empty password field: the message, at the field.
      await focusField(page, page.getByLabel(t.two_factor_password_label));
      await page.keyboard.press('Enter');
      await page.getByText(t.error_password_empty).waitFor();
      await shot('2-password-empty');
      await focusField(page, page.getByLabel(t.two_factor_password_label));
      await page.keyboard.type('TwoStep@2026');
      await page.keyboard.press('Enter');
      if (viewport === PHONE) {
        // On a phone the app is on this device: its otpauth link first, the QR code behind a button
        // (issue 34 point 1).
        const open = page.getByRole('link', { name: t.two_factor_open_app });
        expect(await open.getAttribute('href')).toMatch(/^otpauth:\/\/totp\//);
        await page.getByRole('button', { name: t.common_copy }).waitFor();
        await shot('3-open-app');
        await pressWithKeys(page, page.getByRole('button', { name: t.two_factor_show_qr }));
      }
      const qr = page.getByRole('img', { name: t.two_factor_qr_alt });
      await qr.waitFor();
      expect(await qr.evaluate((img: HTMLImageElement) => [img.naturalWidth > 0, img.width])).toEqual([true, 170]);
      await shot('3-scan');
      const sharedKey = (await page.getByTestId('shared-key').textContent()) ?? '';
      expect(sharedKey).toMatch(/^([a-z2-7]{4} )+[a-z2-7]{4}$/);
      await pressWithKeys(page, page.getByRole('button', { name: t.common_next }));
      const codeField = page.getByLabel(t.two_factor_code_label);
      await focusField(page, codeField);
      await page.keyboard.type('000000');
      await page.keyboard.press('Enter');
      await page.getByText(t.authentication_code_is_incorrect).first().waitFor();
      await shot('4-code-wrong');
      const secret = sharedKey.replace(/\s/g, '').toUpperCase();
      // An app's defaults (SHA1, 6 digits, 30 s) give the code.
      await focusField(page, codeField);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
      await page.keyboard.press('Enter');
      const panel = page.getByRole('region', { name: t.two_factor_recovery_title });
      await panel.waitFor();
      expect(await panel.getByRole('listitem').count()).toBe(10);
      await shot('5-recovery-codes');
      await pressWithKeys(page, panel.getByRole('button', { name: t.two_factor_recovery_done }));
      await panel.waitFor({ state: 'detached' });
      expect(await toggle.isChecked()).toBe(true);
      await shot('6-on');

      await pressWithKeys(page, page.getByRole('button', { name: t.two_factor_reset_button }));
      await page.getByRole('dialog', { name: t.two_factor_password_modal_title }).waitFor();
      await page.waitForTimeout(300); // the modal's transition
      await shot('7-reset-modal');
      await context.close();
    });
  }
});
