import { messages } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, serverAndBrowser } from './harness.js';
import { focused, focusField, signInWithKeys, tabTo } from './keyboard.js';
import { outboxCount, registerByApi, signInToPortal, waitForCode } from './signin.js';

const vi = messages['vi-VN'];
const en = messages['en-US'];

// Issue 32 point 5: the journeys done with the keyboard alone — Tab, Shift+Tab, Enter, Space and
// Escape, never the mouse — with the focus always visible, and returned to where it was when a
// dialog closes.
describe('keyboard only', () => {
  const ctx = serverAndBrowser({ CAPTCHA_PROVIDER: 'none' });

  it('signs in, moves through the account menu, asks for a copy of the data through the step-up dialog, and signs out', async () => {
    const email = 'keyboard.person@example.com';
    await registerByApi(ctx.server, email, 'Keys@2026x');
    const context = await ctx.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const url = ctx.server.url;

    // The login page: the username, Enter; the password, Enter.
    await page.goto(`${url}/account`);
    await page.waitForURL(/\/login\?ReturnUrl=/);
    await signInWithKeys(page, vi, email, 'Keys@2026x');
    await page.waitForURL(`${url}/account`);

    // The account menu: Tab to an entry, Enter opens it.
    const menuLink = page.getByRole('navigation').getByRole('link', { name: vi.menu_data });
    await tabTo(page, menuLink);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${url}/security/data`);

    // A protected action: the step-up dialog takes the focus, the password and Enter prove it.
    const prepare = page.getByRole('button', { name: vi.data_export_request });
    await tabTo(page, prepare);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: vi.step_up_title });
    await dialog.waitFor();
    // Escape closes it and gives the focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // (Once the call it made gave up: the button is busy until then, web/src/lib/returnFocus.ts.)
    await expect.poll(() => prepare.getAttribute('data-loading')).toBeNull();
    await expect.poll(() => focused(page)).toContain(vi.data_export_request);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    const field = dialog.getByLabel(vi.step_up_password_label);
    await focusField(page, field);
    await page.keyboard.type('Keys@2026x');
    await page.keyboard.press('Enter');
    const download = page.getByRole('button', { name: vi.data_export_download });
    await download.waitFor({ timeout: 30_000 });
    await tabTo(page, download);

    // Signing out from the account menu, confirmed in its dialog with the keyboard.
    await tabTo(page, page.getByRole('navigation').getByRole('link', { name: vi.menu_logout }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${url}/account/logout`);
    const signOut = page.getByRole('button', { name: vi.logout_this_device }).first();
    await tabTo(page, signOut);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog').getByRole('button', { name: vi.logout_confirm_button });
    await tabTo(page, confirm, 10);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/login\?/);
    await context.close();
  });

  it('registers with the keyboard alone on a phone, in English, and lands signed in on the login page', async () => {
    const context = await ctx.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const url = ctx.server.url;
    const email = 'keyboard.register@example.com';
    await page.goto(`${url}/en-us/register`);
    await tabTo(page, page.getByLabel(en.register_email_label));
    await page.keyboard.type(email);
    await tabTo(page, page.getByRole('button', { name: en.register_send_code }), 10);
    await page.keyboard.press('Enter');
    // The code from the local outbox, typed into the code field.
    await expect.poll(async () => (await ctx.server.outbox(email)).length).toBeGreaterThan(0);
    const [mail] = await ctx.server.outbox(email);
    const otp = page.getByLabel(en.otp_label);
    await otp.waitFor();
    await focusField(page, otp);
    await page.keyboard.type(mail?.code ?? '');
    await tabTo(page, page.getByRole('button', { name: en.common_verify }), 10);
    await page.keyboard.press('Enter');

    // The details: names, password twice, the birth year (typed into its select), a gender (arrows).
    const typeInto = async (label: string, text: string) => {
      await tabTo(page, page.getByLabel(label, { exact: true }), 20);
      await page.keyboard.type(text);
    };
    await page.getByLabel(en.details_first_name, { exact: true }).waitFor({ timeout: 15_000 });
    await typeInto(en.details_last_name, 'Tran');
    await typeInto(en.details_first_name, 'Kim');
    await typeInto(en.details_password, 'Keys@2026x');
    await typeInto(en.details_repassword, 'Keys@2026x');
    await tabTo(page, page.getByLabel(en.date_year, { exact: true }), 20);
    await page.keyboard.type('2001');
    // A radio group takes one Tab stop; the arrow keys move within it.
    await tabTo(page, page.getByRole('radio', { name: en.gender_male, exact: true }), 20);
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: en.gender_female }).isChecked()).toBe(true);
    await tabTo(page, page.getByRole('button', { name: en.register_submit }), 20);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/en-us\/login\?ReturnUrl=%2Foidc%2Finteraction%2F/);
    await expect.poll(() => page.getByLabel(en.login_username_label).inputValue()).toBe(email);
    await context.close();
  });

  it('resets a forgotten password with the keyboard alone and lands signed in', async () => {
    const email = 'keyboard.forgot@example.com';
    await registerByApi(ctx.server, email, 'Keys@2026x');
    const context = await ctx.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const url = ctx.server.url;
    await page.goto(`${url}/forgot-password`);
    await tabTo(page, page.getByLabel(vi.login_username_label));
    await page.keyboard.type(email);
    const before = await outboxCount(ctx.server, email);
    await page.keyboard.press('Enter');
    const otp = page.getByLabel(vi.otp_label);
    await otp.waitFor();
    const code = await waitForCode(ctx.server, email, before);
    await focusField(page, otp);
    await page.keyboard.type(code);
    await tabTo(page, page.getByRole('button', { name: vi.common_verify }), 10);
    await page.keyboard.press('Enter');
    const newPassword = page.getByLabel(vi.forgot_password_label, { exact: true });
    await newPassword.waitFor();
    await tabTo(page, newPassword, 10);
    await page.keyboard.type('Keys@2027x');
    await tabTo(page, page.getByLabel(vi.forgot_repassword_label), 10);
    await page.keyboard.type('Keys@2027x');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${url}/account`);
    await page.getByText(vi.forgot_success).waitFor();
    await context.close();
  });

  it('adds an e-mail through its dialogs, confirms it with the code and deletes the account, with the keyboard alone', async () => {
    const email = 'keyboard.account@example.com';
    const added = 'keyboard.added@example.com';
    await registerByApi(ctx.server, email, 'Keys@2026x');
    const context = await ctx.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const url = ctx.server.url;
    await signInToPortal(page, ctx.server, en, '/en-us', email, 'Keys@2026x');
    await page.goto(`${url}/en-us/account/email`);

    // The add dialog: the address, Enter; the step-up dialog: the password, Enter; the code dialog.
    await tabTo(page, page.getByRole('button', { name: en.contact_add_email }));
    await page.keyboard.press('Enter');
    const address = page.getByRole('dialog').getByLabel(en.contact_email_label);
    await address.waitFor();
    await focusField(page, address, 10);
    await page.keyboard.type(added);
    const before = await outboxCount(ctx.server, added);
    await page.keyboard.press('Enter');
    const stepUp = page.getByRole('dialog', { name: en.step_up_title });
    await stepUp.waitFor();
    const password = stepUp.getByLabel(en.step_up_password_label);
    await focusField(page, password, 10);
    await page.keyboard.type('Keys@2026x');
    await page.keyboard.press('Enter');
    const code = await waitForCode(ctx.server, added, before);
    const otp = page.getByRole('dialog').getByLabel(en.otp_label);
    await otp.waitFor();
    await focusField(page, otp, 10);
    await page.keyboard.type(code);
    await tabTo(page, page.getByRole('dialog').getByRole('button', { name: en.common_confirm }), 10);
    await page.keyboard.press('Enter');
    await page.getByText(en.email_success_verify).waitFor();

    // Delete the account: the password, the checkbox with Space, then the button.
    await page.goto(`${url}/en-us/security/delete`);
    await tabTo(page, page.getByLabel(en.delete_account_password_label));
    await page.keyboard.type('Keys@2026x');
    const understood = page.getByLabel(en.delete_account_confirm_label);
    await tabTo(page, understood, 10);
    await page.keyboard.press('Space');
    expect(await understood.isChecked()).toBe(true);
    await tabTo(page, page.getByRole('button', { name: en.delete_account_submit }), 10);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    await context.close();
  });
});
