import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  CHECKOUT_ORDER_PLACEHOLDER,
  GUARDIAN_CONSENT_PAGE,
  GUARDIAN_PAGE,
  GUARDIAN_REQUIRED_PAGE,
  GUARDIAN_WITHDRAW_PAGE,
  type Locale,
  localePrefix,
  messages,
  NOT_ME_PAGE,
  OWN_CHECKOUT_PATH,
  PAYMENT_RESULT_PATH,
  QR_APPROVE_PAGE,
  UNDO_CHANGE_PAGE,
} from '@portico/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { DESKTOP, launchBrowser, PHONE, type RunningServer, startServer } from './harness.js';
import { signInOnLoginPage } from './signin.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OPERATOR = { email: 'a11y.ops@example.com', password: 'Operator@2026x' };

/**
 * Every route of web/src/routes.tsx, as a path to open (a route with parameters gets an example:
 * an unknown id shows that page's own "not found" state, which is a state too). `signedIn: false`
 * opens it in a browser that has not signed in.
 */
const ROUTES: { route: string; open: string; signedIn: boolean }[] = [
  { route: '/', open: '/', signedIn: false },
  { route: '/login', open: '/login', signedIn: false },
  { route: '/register', open: '/register', signedIn: false },
  { route: '/forgot-password', open: '/forgot-password', signedIn: false },
  { route: '/callback', open: '/callback', signedIn: false },
  { route: '/logout', open: '/logout', signedIn: false },
  { route: '/error', open: '/error?errorId=x', signedIn: false },
  { route: '/error/external-login', open: '/error/external-login', signedIn: false },
  { route: '/signin', open: '/signin', signedIn: false },
  { route: '/captcha', open: '/captcha', signedIn: false },
  { route: '/token-login', open: '/token-login', signedIn: false },
  { route: UNDO_CHANGE_PAGE, open: `${UNDO_CHANGE_PAGE}?token=x`, signedIn: false },
  { route: NOT_ME_PAGE, open: `${NOT_ME_PAGE}?token=x`, signedIn: false },
  { route: GUARDIAN_CONSENT_PAGE, open: `${GUARDIAN_CONSENT_PAGE}?for=x&to=parent%40example.com`, signedIn: false },
  { route: GUARDIAN_WITHDRAW_PAGE, open: `${GUARDIAN_WITHDRAW_PAGE}?token=x.y`, signedIn: false },
  { route: GUARDIAN_REQUIRED_PAGE, open: `${GUARDIAN_REQUIRED_PAGE}?continue=%2Foidc%2Fauth%2Fx`, signedIn: false },
  { route: GUARDIAN_PAGE, open: GUARDIAN_PAGE, signedIn: true },
  { route: '/app', open: '/app', signedIn: false },
  { route: '*', open: '/no-such-page', signedIn: false },
  { route: '/security/change-password', open: '/security/change-password', signedIn: true },
  { route: '/account', open: '/account', signedIn: true },
  { route: '/account/logout', open: '/account/logout', signedIn: true },
  { route: '/account/email', open: '/account/email', signedIn: true },
  { route: '/account/phone', open: '/account/phone', signedIn: true },
  { route: '/account/address', open: '/account/address', signedIn: true },
  { route: '/account/address/:id', open: '/account/address/new', signedIn: true },
  { route: '/account/info', open: '/account/info', signedIn: true },
  { route: '/account/language', open: '/account/language', signedIn: true },
  { route: '/account/change-email', open: '/account/change-email', signedIn: true },
  { route: '/account/change-phone', open: '/account/change-phone', signedIn: true },
  { route: '/account/active-email', open: '/account/active-email', signedIn: true },
  { route: '/account/active-phone', open: '/account/active-phone', signedIn: true },
  { route: '/account/token', open: '/account/token', signedIn: true },
  { route: '/account/profile', open: '/account/profile', signedIn: true },
  { route: '/account/profile/:id', open: '/account/profile/new', signedIn: true },
  { route: '/security/password', open: '/security/password', signedIn: true },
  { route: '/security/device', open: '/security/device', signedIn: true },
  { route: '/security/device/:id', open: '/security/device/unknown', signedIn: true },
  { route: '/security/passkeys', open: '/security/passkeys', signedIn: true },
  { route: '/security/apps', open: '/security/apps', signedIn: true },
  { route: '/security/data', open: '/security/data', signedIn: true },
  { route: '/security/recovery-ways', open: '/security/recovery-ways', signedIn: true },
  { route: '/security/delete', open: '/security/delete', signedIn: true },
  { route: '/security/set-password', open: '/security/set-password', signedIn: true },
  { route: '/security/activity', open: '/security/activity', signedIn: true },
  { route: '/security/kyc', open: '/security/kyc', signedIn: true },
  { route: QR_APPROVE_PAGE, open: QR_APPROVE_PAGE, signedIn: true },
  { route: '/security/app-code', open: '/security/app-code', signedIn: true },
  { route: '/security/2fa', open: '/security/2fa', signedIn: true },
  { route: '/notification', open: '/notification', signedIn: true },
  { route: '/order', open: '/order', signedIn: true },
  {
    route: OWN_CHECKOUT_PATH.replace(CHECKOUT_ORDER_PLACEHOLDER, ':id'),
    open: OWN_CHECKOUT_PATH.replace(CHECKOUT_ORDER_PLACEHOLDER, 'unknown'),
    signedIn: true,
  },
  { route: PAYMENT_RESULT_PATH, open: PAYMENT_RESULT_PATH.replace(':reference', 'unknown'), signedIn: true },
  { route: '/admin', open: '/admin', signedIn: true },
  { route: '/admin/clients', open: '/admin/clients', signedIn: true },
  { route: '/admin/kyc', open: '/admin/kyc', signedIn: true },
  { route: '/admin/lookups', open: '/admin/lookups', signedIn: true },
  { route: '/admin/groups', open: '/admin/groups', signedIn: true },
  { route: '/admin/campaigns', open: '/admin/campaigns', signedIn: true },
  { route: '/admin/branding', open: '/admin/branding', signedIn: true },
  { route: '/admin/audit', open: '/admin/audit', signedIn: true },
  { route: '/admin/users/:id', open: '/admin/users/unknown', signedIn: true },
  { route: '/point', open: '/point', signedIn: true },
  { route: '/info', open: '/info', signedIn: true },
  { route: '/change-password', open: '/change-password', signedIn: true },
  { route: '/address', open: '/address', signedIn: true },
  { route: '/address/:id', open: '/address/new', signedIn: true },
  { route: '/delete-account', open: '/delete-account', signedIn: true },
];
/** Routes no person opens as a page: the hidden frame of the token renewal. */
const NOT_PAGES = ['/silent-renew'];

/** The route paths web/src/routes.tsx declares (literals, the constants above, the admin tabs). */
function declaredRoutes(): string[] {
  const source = readFileSync(path.join(root, 'web/src/routes.tsx'), 'utf8');
  const literal = [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1] ?? '');
  const admin = [...(/\.\.\.\[([^\]]+)\]\.map/.exec(source)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1] ?? '');
  const constants: Record<string, string> = {
    UNDO_CHANGE_PAGE,
    NOT_ME_PAGE,
    GUARDIAN_PAGE,
    GUARDIAN_CONSENT_PAGE,
    GUARDIAN_WITHDRAW_PAGE,
    GUARDIAN_REQUIRED_PAGE,
    QR_APPROVE_PAGE,
    PAYMENT_RESULT_PATH,
    "OWN_CHECKOUT_PATH.replace(CHECKOUT_ORDER_PLACEHOLDER, ':id')": OWN_CHECKOUT_PATH.replace(
      CHECKOUT_ORDER_PLACEHOLDER,
      ':id',
    ),
  };
  const named = [...source.matchAll(/path: ([A-Z_][^\n]*),\n/g)].map((m) => constants[m[1] ?? ''] ?? `?${m[1]}`);
  return [...new Set([...literal, ...admin, ...named])];
}

/**
 * What a page shows once it settled: its loaders gone. (Not `networkidle`: the account pages keep
 * the hub's event stream open.)
 */
async function settled(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForTimeout(400);
  await page
    .locator('.mantine-Loader-root')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
}

// Issue 32 point 5: axe-core (WCAG 2.2 A and AA) on every route, signed in and not, in both
// languages, at 1280 and 390 px, and with the shell's menus and a dialog open.
describe('accessibility of every route', () => {
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-e2e-a11y-'));
    // An operator: the same person opens the account pages and the admin console.
    await promisify(execFile)(
      process.execPath,
      ['scripts/cli.mjs', 'admin', 'create', '--email', OPERATOR.email, '--password', OPERATOR.password],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: '' } },
    );
    [server, browser] = await Promise.all([
      startServer({ CAPTCHA_PROVIDER: 'none', POINTS_ENABLED: 'true', ORDERS_ENABLED: 'true' }, { dataDir }),
      launchBrowser(),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists every route of web/src/routes.tsx', () => {
    const swept = new Set([...ROUTES.map((r) => r.route), ...NOT_PAGES]);
    expect(declaredRoutes().filter((r) => !swept.has(r))).toEqual([]);
  });

  const cases: [Locale, typeof DESKTOP][] = [
    ['vi-VN', DESKTOP],
    ['en-US', DESKTOP],
    ['vi-VN', PHONE],
    ['en-US', PHONE],
  ];
  it.each(cases)(
    'finds no violation in %s at %o',
    async (locale, viewport) => {
      const t = messages[locale];
      const prefix = localePrefix(locale);
      const found: string[] = [];
      const check = async (page: Page, state: string) => {
        for (const v of await axeViolations(page, 'all')) found.push(`${state}: ${v}`);
      };

      // Reduced motion (web/src/theme.ts respectReducedMotion): dialogs and menus open without a
      // fade, so no state is read half transparent on a busy machine.
      const visitor = await browser.newContext({ viewport, locale, reducedMotion: 'reduce' });
      const member = await browser.newContext({ viewport, locale, reducedMotion: 'reduce' });
      try {
        let out = await visitor.newPage();
        for (const r of ROUTES.filter((x) => !x.signedIn)) {
          await out.goto(`${server.url}${prefix}${r.open}`);
          await settled(out);
          await check(out, r.open);
        }
        // Login step 2 (the ways to sign in) and the language menu of the public pages, in a new tab:
        // the embedded routes marked this one embedded (web/src/embed).
        await out.close();
        out = await visitor.newPage();
        await out.goto(`${server.url}${prefix}/login`);
        await out.locator('input[name="username"]').fill(OPERATOR.email);
        await out.getByRole('button', { name: t.common_next }).click();
        await out.locator('input[type="password"]').first().waitFor();
        await check(out, 'login step 2');
        await out.locator('button[aria-haspopup="menu"]').first().click();
        await out.getByRole('menu').waitFor();
        await check(out, 'login, language menu open');

        let page = await member.newPage();
        await page.goto(`${server.url}${prefix}/account`);
        await page.waitForURL(/\/login\?ReturnUrl=/);
        await signInOnLoginPage(page, t, OPERATOR.email, OPERATOR.password);
        await page.waitForURL(`${server.url}${prefix}/account`);
        for (const r of ROUTES.filter((x) => x.signedIn)) {
          await page.goto(`${server.url}${prefix}${r.open}`);
          await settled(page);
          await check(page, r.open);
        }
        // The shell's menus and a confirmation dialog, open (a new tab: not embedded).
        await page.close();
        page = await member.newPage();
        await page.goto(`${server.url}${prefix}/account/logout`);
        await settled(page);
        if (viewport === PHONE) {
          await page.getByRole('button', { name: t.nav_toggle }).click();
          await page.getByRole('navigation', { name: t.nav_account_menu }).waitFor();
          await check(page, 'navigation drawer open');
          await page.getByRole('button', { name: t.nav_toggle }).click();
        }
        await page.locator('header button[aria-haspopup="menu"]').first().click();
        await page.getByRole('menu').waitFor();
        await check(page, 'account, language menu open');
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: t.logout_this_device }).first().click();
        await page.getByRole('dialog').waitFor();
        await check(page, 'sign-out confirmation open');
        await page.keyboard.press('Escape');
        await page.goto(`${server.url}${prefix}/security/passkeys`);
        await page.getByRole('button', { name: t.passkeys_add }).click();
        await page.getByRole('dialog').waitFor();
        await check(page, 'passkey name dialog open');
        await page.keyboard.press('Escape');
        await page.goto(`${server.url}${prefix}/security/data`);
        await page.getByRole('button', { name: t.data_export_request }).click();
        await page.getByRole('dialog', { name: t.step_up_title }).waitFor();
        await check(page, 'data export, step-up dialog open');
      } finally {
        await visitor.close();
        await member.close();
      }
      expect(found).toEqual([]);
    },
    300_000,
  );
});
