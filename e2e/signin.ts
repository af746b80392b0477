import type { Messages } from '@portico/contracts';
import type { FrameLocator, Page } from 'playwright-core';
import type { RunningServer } from './harness.js';

/** Signs in on Portico's login page the way a person does: username, continue, password, submit (in a page or a frame). */
export async function signInOnLoginPage(page: Page | FrameLocator, t: Messages, username: string, password: string) {
  await page.getByLabel(t.login_username_label).fill(username);
  await page.getByRole('button', { name: t.common_next }).click();
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: t.login_submit, exact: true }).click();
}

/** The JSON a test relying party page shows. */
export async function pageJson<T = Record<string, unknown>>(page: Page): Promise<T> {
  return JSON.parse((await page.locator('body').textContent()) || '{}') as T;
}

/**
 * The newest code sent to an address after `after` messages, read from the local outbox (a
 * security alert without a code, such as a new sign-in's, may have come in between).
 */
export async function waitForCode(server: RunningServer, to: string, after: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const list = await server.outbox(to);
    const code = list.slice(0, Math.max(0, list.length - after)).find((m) => m.code)?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code arrived for ${to}`);
}

export const outboxCount = async (server: RunningServer, to: string) => (await server.outbox(to)).length;

/** The portal's stored access token in a signed-in page (oidc-client-ts keeps it in localStorage). */
export const storedAccessToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? '{}').access_token as string) : '';
  });

/** The signed-in person's id (the ID token's `sub`) in a portal page. */
export const storedSub = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? '{}').profile?.sub as string) : '';
  });

/** Signs in to the portal from a fresh page and waits for the account home. */
export async function signInToPortal(
  page: Page,
  server: RunningServer,
  t: Messages,
  prefix: string,
  username: string,
  password: string,
) {
  await page.goto(`${server.url}${prefix}/account`);
  await page.waitForURL(/\/login\?ReturnUrl=%2Foidc%2Finteraction%2F/);
  await signInOnLoginPage(page, t, username, password);
  await page.waitForURL(`${server.url}${prefix}/account`);
}

const postJson = async (server: RunningServer, path: string, body: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.result;
};

/** Registers an account through the public register API (server started with CAPTCHA_PROVIDER=none). */
export async function registerByApi(
  server: RunningServer,
  email: string,
  password: string,
  firstName = 'Test',
  birthdate = '2000-01-01',
) {
  const before = await outboxCount(server, email);
  await postJson(server, '/api/account/register/check-username-and-send-otp', { username: email, captcha: '' });
  const otp = await waitForCode(server, email, before);
  const { token } = await postJson(server, '/api/account/register/check-registration-otp-and-add-user', {
    username: email,
    otp,
  });
  await postJson(server, '/api/account/register', {
    username: email,
    token,
    firstName,
    lastName: 'Tester',
    password,
    rePassword: password,
    birthdate,
    gender: 1,
    timezone: 'Asia/Saigon',
  });
}

/**
 * The step-up dialog (web/src/components/StepUpDialog.tsx) a protected account change opens:
 * the password, then Continue; the change goes on by itself once the proof holds.
 */
export async function confirmStepUp(page: Page, t: Messages, password: string) {
  const dialog = page.getByRole('dialog', { name: t.step_up_title });
  await dialog.getByLabel(t.step_up_password_label).fill(password);
  await dialog.getByRole('button', { name: t.step_up_continue }).click();
  await dialog.waitFor({ state: 'detached' });
}
