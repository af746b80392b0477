import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { messages } from '@portico/contracts';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { DESKTOP, launchBrowser, PHONE, type RunningServer, screenshotPath, startServer } from './harness.js';
import {
  chooseFileWithKeys,
  chooseTabWithKeys,
  focusField,
  pickWithKeys,
  pressWithKeys,
  signInWithKeys,
  stepUpWithKeys,
  tabTo,
  typeWithKeys,
} from './keyboard.js';
import { createRelyingParty, type RelyingParty } from './rp.js';
import { pageJson, signInOnLoginPage, storedAccessToken } from './signin.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vi = messages['vi-VN'];
const en = messages['en-US'];
const ADMIN = { email: 'ops@example.com', password: 'Operator@2026x' };
/** A product's logo: an amber wordmark-sized tile (made anew by the server at upload). */
const LOGO_PNG = await sharp({ create: { width: 240, height: 80, channels: 4, background: '#f59e0b' } })
  .png()
  .toBuffer();

/** `npm run cli -- …` on the server's database, as an operator types it. */
const cli = async (env: Record<string, string>, ...args: string[]) =>
  (
    await promisify(execFile)(process.execPath, ['scripts/cli.mjs', ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    })
  ).stdout;

/** The first administrator, as the operator makes them. */
const makeAdmin = (env: Record<string, string>) =>
  cli(env, 'admin', 'create', '--email', ADMIN.email, '--password', ADMIN.password);

// Issue 31: the first admin comes from the command line, signs in, finds the demo user, suspends
// and restores the account, makes a client an independent relying party then signs in through
// (on a second copy too, with PostgreSQL), and the audit log shows each step.
describe('the admin console', () => {
  let server: RunningServer;
  let copy: RunningServer;
  let browser: Browser;
  let rp: RelyingParty;
  let dataDir: string | undefined;

  beforeAll(async () => {
    rp = await createRelyingParty('console-rp', { firstParty: true, scope: 'openid profile email' });
    browser = await launchBrowser();
    if (process.env.DATABASE_URL) {
      server = await startServer();
      copy = await startServer({}, { copyOf: server });
      expect(await makeAdmin({ DATABASE_URL: server.shared.databaseUrl, DATA_DIR: server.dataDir })).toMatch(
        /^administrator: ops@example\.com/,
      );
    } else {
      // The embedded database belongs to one process: the command line runs before the server.
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-e2e-admin-'));
      expect(await makeAdmin({ DATA_DIR: dataDir, DATABASE_URL: '' })).toMatch(/^administrator: ops@example\.com/);
      server = await startServer({}, { dataDir });
      copy = server;
    }
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    if (copy !== server) await copy?.stop();
    await server?.stop();
    await rp?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A fresh browser at the console in English on a phone, signed in as `who`. */
  const consoleInEnglish = async (who: { email: string; password: string }) => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/en-us/admin`);
    await page.waitForURL(/\/login\?/);
    await signInOnLoginPage(page, en, who.email, who.password);
    return { context, page };
  };

  const confirmIn = async (page: Page, button: string, t = vi) => {
    await pressWithKeys(page, page.getByRole('button', { name: button }));
    await pressWithKeys(page, page.getByRole('dialog').getByRole('button', { name: t.admin_confirm }), 10);
  };

  it('suspends and restores the demo user, makes a client a relying party signs in through, and audits it all, with the keyboard alone', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'vi-VN' });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin`);
    await page.waitForURL(/\/login\?/);
    await signInWithKeys(page, vi, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${server.url}/admin`);
    await typeWithKeys(page, page.getByLabel(vi.admin_search_label), 'demo@example.com');
    await page.keyboard.press('Enter');
    await pressWithKeys(page, page.getByRole('link', { name: 'User Demo' }));
    await page.getByRole('heading', { name: vi.admin_user_contacts }).waitFor();
    await page.screenshot({ path: screenshotPath('admin-user-vi-1280'), fullPage: true });

    // The first change asks the operator's own proof (the step-up dialog); it then holds a while.
    await confirmIn(page, vi.admin_action_suspend);
    await stepUpWithKeys(page, vi, ADMIN.password);
    await page.getByText(vi.admin_state_suspended).waitFor();

    // The demo user's right password now gets the suspension message.
    const demo = await (await browser.newContext({ viewport: PHONE, locale: 'vi-VN' })).newPage();
    await demo.goto(`${server.url}/account`);
    await demo.waitForURL(/\/login\?/);
    await signInOnLoginPage(demo, vi, 'demo@example.com', 'Portico@2026');
    await demo.getByText(vi.account_suspended).waitFor();
    await demo.screenshot({ path: screenshotPath('admin-suspended-login-vi-390') });

    await confirmIn(page, vi.admin_action_unsuspend);
    await page.getByText(vi.admin_state_active).waitFor();

    // A client made in the console: the relying party signs the demo user in through it.
    await chooseTabWithKeys(page, page.getByRole('tab', { name: vi.admin_nav_clients }));
    await pressWithKeys(page, page.getByRole('button', { name: vi.admin_clients_add }));
    const form = page.getByRole('dialog');
    await typeWithKeys(page, form.getByLabel(vi.admin_client_id), 'console-rp');
    await typeWithKeys(page, form.getByLabel(vi.admin_client_name), 'Lớp học thử');
    await typeWithKeys(page, form.getByLabel(vi.admin_client_redirects), `${rp.url}/cb`);
    await typeWithKeys(page, form.getByLabel(vi.admin_client_logout_redirects), `${rp.url}/loggedout`);
    await tabTo(page, form.getByLabel('offline_access'));
    await page.keyboard.press('Space');
    expect(await form.getByLabel('offline_access').isChecked()).toBe(false);
    await tabTo(page, form.getByLabel(vi.admin_client_first_party));
    await page.keyboard.press('Space');
    expect(await form.getByLabel(vi.admin_client_first_party).isChecked()).toBe(true);
    await page.screenshot({ path: screenshotPath('admin-client-form-vi-1280'), fullPage: true });
    await pressWithKeys(page, form.getByRole('button', { name: vi.admin_client_save }));
    const secret = (await page.getByRole('dialog').locator('pre, code').first().textContent())?.trim() ?? '';
    expect(secret.length).toBeGreaterThan(30);
    await page.screenshot({ path: screenshotPath('admin-client-secret-vi-1280') });
    await page.keyboard.press('Escape');

    // Through the other copy, which never restarted (the same one on the embedded database).
    await rp.connect(`${copy.url}/oidc`, secret);
    await demo.goto(`${rp.url}/login`);
    await demo.waitForURL(/\/login\?ReturnUrl=/);
    await signInOnLoginPage(demo, vi, 'demo@example.com', 'Portico@2026');
    await demo.waitForURL(`${rp.url}/cb?**`);
    expect(await pageJson(demo)).toMatchObject({ signedIn: true, claims: { email: 'demo@example.com' } });

    await chooseTabWithKeys(page, page.getByRole('tab', { name: vi.admin_nav_audit }));
    const audit = page.getByRole('table', { name: vi.admin_nav_audit });
    await audit.waitFor();
    for (const action of [vi.audit_client_create, vi.audit_unsuspend, vi.audit_suspend, vi.audit_admin_create])
      await audit.getByRole('cell', { name: action, exact: true }).first().waitFor();
    await page.screenshot({ path: screenshotPath('admin-audit-vi-1280'), fullPage: true });
    // The other width: the console on a phone in Vietnamese.
    await page.setViewportSize(PHONE);
    await page.getByRole('tab', { name: vi.admin_nav_clients }).click();
    await page.getByText('console-rp').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('admin-clients-vi-390'), fullPage: true });
    await context.close();
  });

  // Read only, so it may run again: it failed once in 4 local runs beside a CI run (not seen again).
  it('refuses a signed-in person without the permission on every admin endpoint, and shows them the console closed', {
    retry: 1,
  }, async () => {
    const { context, page } = await consoleInEnglish({ email: 'demo@example.com', password: 'Portico@2026' });
    await page.getByText(en.admin_closed).waitFor();
    await page.screenshot({ path: screenshotPath('admin-closed-en-390') });
    const token = await storedAccessToken(page);
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { 'x-permission'?: string }>>;
    };
    const calls = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-permission'])
        .map(([method]) => ({ method: method.toUpperCase(), url: p.replace(/\{[^}]+\}/g, 'x-1') })),
    );
    expect(calls.length).toBeGreaterThanOrEqual(9);
    for (const { method, url } of calls) {
      const body = method === 'GET' || method === 'DELETE' ? {} : { body: '{}' };
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...('body' in body ? { 'content-type': 'application/json' } : {}),
        },
        ...body,
      });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    await context.close();
  });

  it('brands a product: its name and logo, set in the console, head the sign-in page its client sends people to', async () => {
    const { context, page } = await consoleInEnglish(ADMIN);
    await page.waitForURL(`${server.url}/en-us/admin`);
    // The block as a product registers it (the administrators group holds the back office's
    // permissions too): a change with the operator's own sign-in, so their step-up proof first.
    const headers = { authorization: `Bearer ${await storedAccessToken(page)}`, 'content-type': 'application/json' };
    const proof = await fetch(`${server.url}/api/account/step-up`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ method: 'password', value: ADMIN.password }),
    });
    expect(proof.status).toBe(200);
    const block = await fetch(`${server.url}/api/product/notification/blocks/lms`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ name: 'LMS', title: { vi: 'Học trực tuyến', en: 'Online learning' } }),
    });
    expect(block.status).toBe(200);

    await chooseTabWithKeys(page, page.getByRole('tab', { name: en.admin_nav_branding }));
    const card = page.getByRole('region', { name: 'Online learning' });
    await typeWithKeys(page, card.getByLabel(en.admin_branding_name_vi), 'Học Vui');
    await typeWithKeys(page, card.getByLabel(en.admin_branding_name_en), 'Fun Learning');
    await pressWithKeys(page, card.getByRole('button', { name: en.admin_branding_save }));
    await card.getByText(en.admin_branding_portal).waitFor({ state: 'detached' });
    await chooseFileWithKeys(
      page,
      card.getByRole('button', { name: new RegExp(`^${en.admin_branding_upload}`) }).first(),
      {
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: LOGO_PNG,
      },
    );
    await card.getByRole('img', { name: en.admin_branding_logo_vi }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('admin-branding-en-390'), fullPage: true });

    // The client made in the first journey is the LMS's: its sign-in page carries the brand.
    await chooseTabWithKeys(page, page.getByRole('tab', { name: en.admin_nav_clients }));
    await pressWithKeys(
      page,
      page.getByRole('row', { name: /console-rp/ }).getByRole('button', { name: en.admin_client_edit }),
    );
    await typeWithKeys(page, page.getByRole('dialog').getByLabel(en.admin_client_block), 'lms');
    await pressWithKeys(page, page.getByRole('dialog').getByRole('button', { name: en.admin_client_save }));
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const person = await (await browser.newContext({ viewport: DESKTOP, locale: 'vi-VN' })).newPage();
    await person.goto(`${rp.url}/login`);
    await person.waitForURL(/\/login\?ReturnUrl=/);
    const home = person.getByRole('banner').getByRole('link', { name: 'Học Vui' });
    await home.waitFor();
    expect(await home.locator('img').getAttribute('src')).toMatch(/\/uploads\/[\w-]+\.png$/);
    await person.screenshot({ path: screenshotPath('admin-branded-login-vi-1280') });
    await person.context().close();
    await context.close();
  });

  it('makes a campaign in the console that a sign-in link then shows once the person is signed in', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'vi-VN' });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/campaigns`);
    await page.waitForURL(/\/login\?/);
    await signInWithKeys(page, vi, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${server.url}/admin/campaigns`);
    await pressWithKeys(page, page.getByRole('button', { name: vi.admin_campaigns_add }));
    const form = page.getByRole('dialog');
    await typeWithKeys(page, form.getByLabel(vi.admin_campaign_name), 'Khai giảng');
    await pickWithKeys(page, form.getByRole('textbox', { name: vi.admin_campaign_action }), vi.admin_campaign_action_2);
    await typeWithKeys(
      page,
      form.getByLabel(vi.admin_campaign_html),
      '<p>Chào mừng năm học mới!</p><script>alert(1)</script>',
    );
    await page.screenshot({ path: screenshotPath('admin-campaign-form-vi-1280') });
    await pressWithKeys(page, form.getByRole('button', { name: vi.admin_campaign_save }));
    await stepUpWithKeys(page, vi, ADMIN.password);
    const table = page.getByRole('table', { name: vi.admin_nav_campaigns });
    await table.getByText(vi.admin_campaign_state_running).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('admin-campaigns-vi-1280'), fullPage: true });
    const link = (await table.locator('td').filter({ hasText: '/login?campaignId=' }).first().textContent()) ?? '';
    const campaignId = /campaignId=(\d+)/.exec(link)?.[1];
    expect(campaignId).toBeTruthy();

    // The demo user signs in through the campaign's link: the message shows, sanitized.
    const demo = await (await browser.newContext({ viewport: PHONE, locale: 'vi-VN' })).newPage();
    await demo.goto(`${server.url}/login?campaignId=${campaignId}`);
    await signInOnLoginPage(demo, vi, 'demo@example.com', 'Portico@2026');
    await demo.getByText('Chào mừng năm học mới!').waitFor();
    await demo.screenshot({ path: screenshotPath('admin-campaign-shown-vi-390') });
    await demo.context().close();
    await context.close();
  });

  it('reads well in English on a phone, and is done there with the keyboard', async () => {
    const { context, page } = await consoleInEnglish(ADMIN);
    await page.waitForURL(`${server.url}/en-us/admin`);
    await typeWithKeys(page, page.getByLabel(en.admin_search_label), 'demo');
    await pressWithKeys(page, page.getByRole('button', { name: en.admin_search_button }), 10);
    await page.getByRole('link', { name: 'User Demo' }).waitFor();
    await page.screenshot({ path: screenshotPath('admin-users-en-390'), fullPage: true });
    await pressWithKeys(page, page.getByRole('link', { name: 'User Demo' }));
    await page.getByRole('heading', { name: en.admin_user_contacts }).waitFor();
    await page.screenshot({ path: screenshotPath('admin-user-en-390'), fullPage: true });
    await chooseTabWithKeys(page, page.getByRole('tab', { name: en.admin_nav_clients }));
    await page.getByText('console-rp').waitFor();
    await page.screenshot({ path: screenshotPath('admin-clients-en-390'), fullPage: true });
    // Lookups and groups: the back office's own endpoints, with the operator's sign-in (and its step-up).
    await chooseTabWithKeys(page, page.getByRole('tab', { name: en.admin_nav_lookups }));
    await typeWithKeys(page, page.getByRole('textbox', { name: en.admin_lookup_name }), 'Trường Thử Nghiệm Portico');
    await page.keyboard.press('Enter');
    // A change through the back office's endpoints with the operator's sign-in asks their proof too.
    await stepUpWithKeys(page, en, ADMIN.password);
    const entry = page
      .getByRole('table', { name: en.admin_nav_lookups })
      .getByRole('row', { name: /Trường Thử Nghiệm Portico/ });
    await pressWithKeys(page, entry.getByRole('button', { name: en.admin_lookup_retire }));
    await entry.getByText(en.admin_lookup_retired).waitFor();
    // The same name again: refused, said in the form (back up from the row's button to the field).
    await typeWithKeys(
      page,
      page.getByRole('textbox', { name: en.admin_lookup_name }),
      'Trường Thử Nghiệm Portico',
      60,
      true,
    );
    await page.keyboard.press('Enter');
    await page.getByText(en.lookup_exists).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('admin-lookups-en-390'), fullPage: true });

    await chooseTabWithKeys(page, page.getByRole('tab', { name: en.admin_nav_groups }));
    await pressWithKeys(page, page.getByRole('button', { name: en.admin_group_add }));
    const form = page.getByRole('dialog');
    await typeWithKeys(page, form.getByLabel(en.admin_group_code), 'reviewers');
    await typeWithKeys(page, form.getByLabel(en.admin_group_name), 'Reviewers');
    await tabTo(page, form.getByLabel(en.permission_kyc_review));
    await page.keyboard.press('Space');
    await pressWithKeys(page, form.getByRole('button', { name: en.admin_group_save }));
    const group = page.getByRole('region', { name: 'Reviewers' });
    // A client member must be a back-office (client-credentials) one: the relying party's is refused.
    await pickWithKeys(
      page,
      group.getByRole('textbox', { name: en.admin_group_member_kind }),
      en.admin_group_member_client,
    );
    await typeWithKeys(page, group.getByLabel(en.admin_group_member_id), 'console-rp');
    await pressWithKeys(page, group.getByRole('button', { name: en.admin_group_member_add }));
    await group.getByText(en.not_found).first().waitFor();
    // A person by their account id (the users' search answers it).
    const found = (await (
      await fetch(`${server.url}/api/admin/users?q=demo%40example.com`, {
        headers: { authorization: `Bearer ${await storedAccessToken(page)}` },
      })
    ).json()) as { result: { id: string }[] };
    const demoId = found.result[0]?.id ?? '';
    await pickWithKeys(
      page,
      group.getByRole('textbox', { name: en.admin_group_member_kind }),
      en.admin_group_member_user,
    );
    await focusField(page, group.getByLabel(en.admin_group_member_id), 60);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(demoId);
    await pressWithKeys(page, group.getByRole('button', { name: en.admin_group_member_add }));
    await group.getByText(demoId).waitFor();
    // The administrators group is the command line's: shown, never editable here.
    await page
      .getByRole('region', { name: 'Administrators' })
      .getByText(en.admin_group_protected_note, { exact: false })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('admin-groups-en-390'), fullPage: true });

    await page.getByRole('tab', { name: en.admin_nav_audit }).click();
    await page.getByRole('table', { name: en.admin_nav_audit }).waitFor();
    await page.screenshot({ path: screenshotPath('admin-audit-en-390'), fullPage: true });
    // The other width: the console on a desktop in English.
    await page.setViewportSize(DESKTOP);
    await page.getByRole('tab', { name: en.admin_nav_groups }).click();
    await page.getByRole('region', { name: 'Reviewers' }).waitFor();
    await page.screenshot({ path: screenshotPath('admin-groups-en-1280'), fullPage: true });
    await context.close();
  });
});
