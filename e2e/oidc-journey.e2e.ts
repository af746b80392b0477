import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Locale, messages } from '@portico/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { DESKTOP, launchBrowser, PHONE, type RunningServer, screenshotPath, startServer } from './harness.js';
import { focusField, pressWithKeys, signInWithKeys, stepUpWithKeys, tabTo, typeWithKeys } from './keyboard.js';
import { createRelyingParty, type RelyingParty } from './rp.js';
import { pageJson, registerByApi, signInOnLoginPage } from './signin.js';

const ACR_TWO_FACTOR = 'urn:portico:acr:2fa';
type Callback = { signedIn?: boolean; error?: string; claims?: Record<string, unknown>; hasRefreshToken?: boolean };

// An independent relying party (openid-client) signs the demo user in through the login page,
// refreshes, reads userinfo, signs a second client in silently, logs out and gets login_required.
describe.each<[Locale]>([['vi-VN'], ['en-US']])('OpenID Connect journey (%s)', (locale) => {
  const t = messages[locale];
  const uiLocales = locale === 'en-US' ? '&ui_locales=en-US' : '';
  let server: RunningServer;
  let browser: Browser;
  let partner: RelyingParty;
  let learn: RelyingParty;

  beforeAll(async () => {
    partner = await createRelyingParty('partner', { firstParty: false, frontchannel: true });
    learn = await createRelyingParty('learn', { firstParty: true, scope: 'openid profile email' });
    const clientsFile = path.join(os.tmpdir(), `portico-e2e-clients-${process.pid}-${locale}.json`);
    await writeFile(clientsFile, JSON.stringify([partner.metadata, learn.metadata]));
    [server, browser] = await Promise.all([
      startServer({ OIDC_CLIENTS_FILE: clientsFile, CAPTCHA_PROVIDER: 'none' }),
      launchBrowser(),
    ]);
    await Promise.all([partner.connect(`${server.url}/oidc`), learn.connect(`${server.url}/oidc`)]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await partner?.close();
    await learn?.close();
  });

  it('signs in, refreshes, reads userinfo, signs in silently elsewhere, and logs out everywhere', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale });
    const page = await context.newPage();

    // 1. The relying party sends the browser to Portico's login page, in the asked language.
    await page.goto(`${partner.url}/login?x=1${uiLocales}`);
    await page.waitForURL(/\/login\?ReturnUrl=%2Foidc%2Finteraction%2F/);
    expect(new URL(page.url()).pathname).toBe(locale === 'en-US' ? '/en-us/login' : '/login');
    await signInOnLoginPage(page, t, 'demo@example.com', 'Portico@2026');

    // 2. A third-party client asks for consent.
    await page.getByRole('button', { name: t.consent_allow }).click();
    await page.waitForURL(`${partner.url}/cb?**`);
    const signedIn = await pageJson<Callback>(page);
    expect(signedIn.signedIn).toBe(true);
    expect(signedIn.hasRefreshToken).toBe(true);
    expect(signedIn.claims).toMatchObject({
      email: 'demo@example.com',
      email_verified: true,
      name: 'User Demo', // the demo account's language is Vietnamese: family name first (contracts/src/names.ts)
      amr: ['pwd'],
    });

    // 3. Refresh (rotated) and userinfo.
    await page.goto(`${partner.url}/refresh`);
    expect(await pageJson(page)).toEqual({ refreshed: true, rotated: true });
    await page.goto(`${partner.url}/userinfo`);
    expect(await pageJson(page)).toMatchObject({ email: 'demo@example.com', given_name: 'Demo', family_name: 'User' });

    // 4. A second (first-party) client in the same browser: no login page, no consent.
    await page.goto(`${learn.url}/login?prompt=none`);
    await page.waitForURL(`${learn.url}/cb?**`);
    expect(await pageJson<Callback>(page)).toMatchObject({ signedIn: true, claims: { email: 'demo@example.com' } });

    // 5. RP-initiated logout: front-channel logout reaches the partner, then back to its page.
    await page.goto(`${partner.url}/logout`);
    await page.waitForURL(`${partner.url}/loggedout`);
    await expect.poll(() => partner.frontchannelCalls.length).toBeGreaterThan(0);
    expect(partner.frontchannelCalls.at(-1)?.get('iss')).toBe(`${server.url}/oidc`);
    expect(partner.frontchannelCalls.at(-1)?.get('sid')).toBeTruthy();

    // 6. The session is gone: a silent request answers login_required.
    await page.goto(`${learn.url}/login?prompt=none`);
    await page.waitForURL(`${learn.url}/cb?**`);
    expect(await pageJson<Callback>(page)).toEqual({ error: 'login_required' });
    await context.close();
  });

  it('lists the relying party under connected apps; a revoke (with the keyboard) refuses its refresh and access tokens at once', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale });
    const page = await context.newPage();
    const prefix = locale === 'en-US' ? '/en-us' : '';
    await page.goto(`${partner.url}/login?x=1${uiLocales}`);
    await page.waitForURL(/\/login\?ReturnUrl=%2Foidc%2Finteraction%2F/);
    await signInOnLoginPage(page, t, 'demo@example.com', 'Portico@2026');
    // The consent screen, unless the earlier journey's grant already covers what the partner asks.
    const allow = page.getByRole('button', { name: t.consent_allow });
    // Whichever comes first; only the consent screen gets keys (the other wait just ends).
    const first = await Promise.race([
      allow.waitFor({ timeout: 15_000 }).then(
        () => 'consent',
        () => 'none',
      ),
      page.waitForURL(`${partner.url}/cb?**`, { timeout: 15_000 }).then(
        () => 'back',
        () => 'none',
      ),
    ]);
    if (first === 'consent') await pressWithKeys(page, allow);
    await page.waitForURL(`${partner.url}/cb?**`);
    await page.goto(`${partner.url}/userinfo`);
    expect(await pageJson(page)).toMatchObject({ email: 'demo@example.com' });

    // The portal, in the same browser (signed in by the provider's session): the partner is listed.
    await page.goto(`${server.url}${prefix}/security/apps`);
    const card = page.getByRole('listitem', { name: 'Test RP partner' });
    await card.waitFor();
    await expect.poll(() => card.getByText(t.connected_apps_scope_email).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath(`connected-apps-${locale}-1280`), fullPage: true });
    const phone = await context.newPage();
    await phone.setViewportSize(PHONE);
    await phone.goto(page.url());
    await phone.getByRole('listitem', { name: 'Test RP partner' }).waitFor();
    await phone.screenshot({ path: screenshotPath(`connected-apps-${locale}-390`), fullPage: true });
    expect(await axeViolations(phone)).toEqual([]);
    await phone.close();
    expect(await axeViolations(page)).toEqual([]);
    await pressWithKeys(
      page,
      card.getByRole('button', { name: t.connected_apps_revoke_named.replace('{{name}}', 'Test RP partner') }),
    );
    const dialog = page.getByRole('dialog', { name: t.connected_apps_revoke_title });
    await pressWithKeys(page, dialog.getByRole('button', { name: t.connected_apps_revoke, exact: true }), 10);
    await card.waitFor({ state: 'detached' });

    // At once: the refresh token is refused, and so is the access token the partner still holds.
    await page.goto(`${partner.url}/refresh`);
    expect(await pageJson(page)).toEqual({ error: 'invalid_grant' });
    await page.goto(`${partner.url}/userinfo`);
    expect(await pageJson(page)).toMatchObject({ status: 401 });
    await context.close();
  });

  it('adds a passkey (Chromium virtual authenticator), then signs in with it at a relying party asking for two factors, with the keyboard alone', async () => {
    const prefix = locale === 'en-US' ? '/en-us' : '';
    const email = `passkey.${locale.toLowerCase()}@example.com`;
    await registerByApi(server, email, 'Passkey@2026x');
    const context = await browser.newContext({ viewport: DESKTOP, locale });
    const page = await context.newPage();
    // A platform authenticator with user verification, answering without a person (DevTools protocol).
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto(`${server.url}${prefix}/security/passkeys`);
    await page.waitForURL(/\/login\?ReturnUrl=/);
    await signInWithKeys(page, t, email, 'Passkey@2026x');
    await page.waitForURL(`${server.url}${prefix}/security/passkeys`);
    await page.getByText(t.passkeys_empty).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await pressWithKeys(page, page.getByRole('button', { name: t.passkeys_add }));
    const naming = page.getByRole('dialog', { name: t.passkeys_name_title });
    await focusField(page, naming.getByLabel(t.passkeys_name_label), 10);
    await page.keyboard.type('Laptop');
    await page.screenshot({ path: screenshotPath(`passkeys-name-${locale}-1280`) });
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    // Adding a way to sign in needs a fresh proof (contracts/src/step-up.ts).
    await stepUpWithKeys(page, t, 'Passkey@2026x');
    const card = page.getByRole('listitem', { name: 'Laptop' });
    await card.waitFor();
    await naming.waitFor({ state: 'detached' });
    await page.screenshot({ path: screenshotPath(`passkeys-${locale}-1280`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    // The authenticator holds one discoverable credential for this site.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toEqual([expect.objectContaining({ isResidentCredential: true, rpId: 'localhost' })]);
    const phone = await context.newPage();
    await phone.setViewportSize(PHONE);
    await phone.goto(page.url());
    await phone.getByRole('listitem', { name: 'Laptop' }).waitFor();
    await phone.screenshot({ path: screenshotPath(`passkeys-${locale}-390`), fullPage: true });
    expect(await axeViolations(phone)).toEqual([]);
    await phone.close();

    // From here the authenticator waits for a touch, so the login page's autofill ceremony (the
    // browser offers the passkey among the username suggestions) does not sign in by itself.
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
    const signOut = async () => {
      await page.goto(`${server.url}${prefix}/account/logout`);
      await pressWithKeys(page, page.getByRole('button', { name: t.logout_this_device }).first());
      await pressWithKeys(page, page.getByRole('dialog').getByRole('button', { name: t.logout_confirm_button }), 10);
      await page.waitForURL(/\/login\?/);
    };
    const askTwoFactors = async () => {
      await page.goto(`${learn.url}/login?acr_values=${encodeURIComponent(ACR_TWO_FACTOR)}${uiLocales}`);
      await page.waitForURL(/\/login\?ReturnUrl=%2Foidc%2Finteraction%2F/);
    };
    // Signed out, the relying party asks for two factors: the passkey alone gives them.
    await signOut();
    await askTwoFactors();
    const button = page.getByRole('button', { name: t.login_passkey });
    await button.waitFor();
    await page.screenshot({ path: screenshotPath(`login-passkey-${locale}-1280`) });
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('input[autocomplete="username webauthn"]').waitFor();
    // The person reaches the button with Tab while the authenticator waits for a touch, then it
    // answers and Enter presses the button. (The waiting autofill ceremony may take the answer
    // first once the authenticator answers: either way by the passkey.)
    await tabTo(page, button);
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true });
    await page.keyboard.press('Enter');
    await page.waitForURL(`${learn.url}/cb?**`);
    const signedIn = await pageJson<Callback>(page);
    expect(signedIn.signedIn).toBe(true);
    expect(signedIn.claims).toMatchObject({ email, amr: ['hwk', 'mfa'], acr: ACR_TWO_FACTOR });

    // A password first: the passkey is step 3's second factor, preselected (login step 3).
    await signOut();
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
    await askTwoFactors();
    await signInWithKeys(page, t, email, 'Passkey@2026x');
    const useKey = page.getByRole('button', { name: t.login_two_factor_passkey_use });
    await useKey.waitFor();
    expect(await page.getByRole('radio', { name: t.two_factor_method_passkey }).isChecked()).toBe(true);
    // The account has no two-step: the page says the application asks for it.
    await page.getByText(t.login_two_factor_step_up_intro).waitFor();
    await page.screenshot({ path: screenshotPath(`login-two-factor-passkey-${locale}-1280`) });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: screenshotPath(`login-two-factor-passkey-${locale}-390`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true });
    await pressWithKeys(page, useKey);
    await page.waitForURL(`${learn.url}/cb?**`);
    const stepped = await pageJson<Callback>(page);
    expect(stepped.claims).toMatchObject({ email, amr: ['pwd', 'hwk', 'mfa'], acr: ACR_TWO_FACTOR });
    await context.close();
  });

  it('holds a 12-year-old back from the relying party until the guardian consents with the code; the withdrawal deletes the account (child and guardian with the keyboard alone)', async () => {
    const prefix = locale === 'en-US' ? '/en-us' : '';
    const email = `child.${locale.toLowerCase()}@example.com`;
    const parent = `parent.${locale.toLowerCase()}@example.com`;
    const born = new Date(Date.now() - 3 * 86_400_000);
    born.setUTCFullYear(born.getUTCFullYear() - 12);
    await registerByApi(server, email, 'Child@2026x', 'Minh', born.toISOString().slice(0, 10));
    const context = await browser.newContext({ viewport: PHONE, locale });
    const page = await context.newPage();

    // The relying party: a page that says why, then back to it with interaction_required.
    await page.goto(`${learn.url}/login?x=1${uiLocales}`);
    await page.waitForURL(/\/login\?ReturnUrl=/);
    await signInWithKeys(page, t, email, 'Child@2026x');
    await page.getByRole('link', { name: t.guardian_required_ask }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${prefix}/guardian-required`);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath(`guardian-required-${locale}-phone`), fullPage: true });
    await pressWithKeys(page, page.getByRole('link', { name: t.guardian_required_back }));
    await page.waitForURL(`${learn.url}/cb?**`);
    expect(await pageJson<Callback>(page)).toEqual({ error: 'interaction_required' });

    // The child signs in to the portal, which has only the guardian page, agrees and names a parent.
    await page.goto(`${server.url}${prefix}/account`);
    await page.waitForURL(/\/login\?ReturnUrl=/);
    await signInWithKeys(page, t, email, 'Child@2026x');
    await page.waitForURL(`${server.url}${prefix}/guardian`);
    await typeWithKeys(page, page.getByLabel(t.guardian_label), parent);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath(`guardian-child-${locale}-phone`), fullPage: true });
    await tabTo(page, page.getByLabel(t.guardian_child_agrees));
    await page.keyboard.press('Space');
    await pressWithKeys(page, page.getByRole('button', { name: t.guardian_send }));
    await page.getByRole('button', { name: t.guardian_resend }).waitFor();

    // The parent: the code and the link of the message; what is processed; I agree.
    await expect.poll(async () => (await server.outbox(parent)).length).toBe(1);
    const [request] = await server.outbox(parent);
    const link = /(http\S+\/guardian-consent\?\S+)/.exec(request?.text ?? '')?.[1] ?? '';
    const withdrawLink = /(http\S+\/guardian-consent\/withdraw\?token=\S+)/.exec(request?.text ?? '')?.[1] ?? '';
    const parentContext = await browser.newContext({ viewport: DESKTOP, locale });
    const parentPage = await parentContext.newPage();
    const inLanguage = (url: string) => url.replace(server.url, `${server.url}${prefix}`);
    await parentPage.goto(inLanguage(link));
    await focusField(parentPage, parentPage.getByLabel(t.guardian_consent_code_label));
    await parentPage.keyboard.type(request?.code ?? '');
    await pressWithKeys(parentPage, parentPage.getByRole('button', { name: t.guardian_consent_continue }), 10);
    await parentPage.getByRole('button', { name: t.guardian_consent_agree }).waitFor();
    expect(await axeViolations(parentPage)).toEqual([]);
    await parentPage.screenshot({ path: screenshotPath(`guardian-consent-${locale}-desktop`), fullPage: true });
    await parentPage.setViewportSize(PHONE);
    expect(await axeViolations(parentPage)).toEqual([]);
    await parentPage.screenshot({ path: screenshotPath(`guardian-consent-${locale}-phone`), fullPage: true });
    await parentPage.setViewportSize(DESKTOP);
    // Until this click the relying party still refuses.
    await page.goto(`${learn.url}/login?prompt=none${uiLocales}`);
    await page.waitForURL(`${learn.url}/cb?**`);
    expect(await pageJson<Callback>(page)).toEqual({ error: 'interaction_required' });
    await pressWithKeys(parentPage, parentPage.getByRole('button', { name: t.guardian_consent_agree }));
    await parentPage.getByRole('status').waitFor();

    // Now the relying party lets the child in, with the portal's session.
    await page.goto(`${learn.url}/login?x=2${uiLocales}`);
    await page.waitForURL(`${learn.url}/cb?**`);
    expect((await pageJson<Callback>(page)).signedIn).toBe(true);

    // The parent withdraws through the link of the first message: the account is deleted.
    await parentPage.goto(inLanguage(withdrawLink));
    await parentPage.getByText(/Minh/).first().waitFor();
    expect(await axeViolations(parentPage)).toEqual([]);
    await parentPage.screenshot({ path: screenshotPath(`guardian-withdraw-${locale}-desktop`), fullPage: true });
    await parentPage.setViewportSize(PHONE);
    expect(await axeViolations(parentPage)).toEqual([]);
    await parentPage.screenshot({ path: screenshotPath(`guardian-withdraw-${locale}-phone`), fullPage: true });
    await pressWithKeys(parentPage, parentPage.getByRole('button', { name: t.guardian_withdraw_button }));
    await parentPage.getByText(t.guardian_withdraw_done).waitFor();
    await parentContext.close();
    const fresh = await browser.newContext({ viewport: PHONE, locale });
    const again = await fresh.newPage();
    await again.goto(`${learn.url}/login?x=3${uiLocales}`);
    await again.waitForURL(/\/login\?ReturnUrl=/);
    await signInOnLoginPage(again, t, email, 'Child@2026x');
    await again.getByText(t.login_invalid_info).waitFor();
    await fresh.close();
    await context.close();
  });

  it('signs in to the portal itself and shows the account home', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale });
    const page = await context.newPage();
    const prefix = locale === 'en-US' ? '/en-us' : '';
    // Signed out, /account goes to the provider without booting the app: the app's entry script
    // loads once, on the login page (issue 27 point 1; server/src/web/sign-in-start.ts).
    const entryLoads: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/index-[^/]+\.js$/.test(request.url())) entryLoads.push(new URL(page.url()).pathname);
    });
    const startPage = await (await fetch(`${server.url}${prefix}/account`)).text();
    expect(startPage).toContain('<template id="portico-app">');
    await page.goto(`${server.url}${prefix}/account`);
    await page.waitForURL(/\/login\?ReturnUrl=%2Foidc%2Finteraction%2F/);
    await page.locator('input[name="username"]').waitFor();
    expect(entryLoads).toEqual([`${prefix}/login`]);
    // The login page's own chunk is named in its head, not found after the entry ran (page-preloads.ts).
    const loginPage = await (await fetch(page.url())).text();
    expect(loginPage).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/LoginPage-[^"]+\.js">/);
    // And the page's own language's catalogue, not the other's (web/vite.messages.ts).
    expect(loginPage).toContain(`href="/assets/messages-${locale}-`);
    expect(loginPage).not.toContain(`href="/assets/messages-${locale === 'en-US' ? 'vi-VN' : 'en-US'}-`);
    await signInOnLoginPage(page, t, 'demo@example.com', 'Portico@2026');
    await page.waitForURL(`${server.url}${prefix}/account`);
    const written = locale === 'en-US' ? 'Demo User' : 'User Demo'; // in the page's language
    await expect.poll(() => page.getByText(t.account_welcome.replace('{{name}}', written)).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath(`journey-account-${locale}`) });

    // The token page shows a token the API accepts.
    await page.goto(`${server.url}${prefix}/account/token`);
    const token = ((await page.getByTestId('access-token').textContent()) ?? '').trim();
    const me = await fetch(`${server.url}/api/account/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect((await me.json()).result).toMatchObject({ email: 'demo@example.com', name: 'User Demo' });
    await context.close();
  });
});
