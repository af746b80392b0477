import type { Messages } from '@portico/contracts';
import type { Page } from 'playwright-core';

/** Signs in on Portico's login page the way a person does: username, continue, password, submit. */
export async function signInOnLoginPage(page: Page, t: Messages, username: string, password: string) {
  await page.getByLabel(t.login_username_label).fill(username);
  await page.getByRole('button', { name: t.common_next }).click();
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: t.login_submit, exact: true }).click();
}

/** The JSON a test relying party page shows. */
export async function pageJson<T = Record<string, unknown>>(page: Page): Promise<T> {
  return JSON.parse((await page.locator('body').innerText()) || '{}') as T;
}
