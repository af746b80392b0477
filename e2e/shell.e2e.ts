import { messages } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshotPath, serverAndBrowser } from './harness.js';

const vi = messages['vi-VN'];
const en = messages['en-US'];

describe('web shell', () => {
  const env = serverAndBrowser();

  it('serves unknown routes with the 404 page in Vietnamese at the root', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${env.server.url}/khong-co-trang-nay`);
    await expect.poll(() => page.getByRole('heading', { name: vi.notfound_heading }).isVisible()).toBe(true);
    expect(await page.getAttribute('html', 'lang')).toMatch(/^vi/);
    expect(await page.title()).toBe(`${vi.notfound_title} | Portico`);
    await page.screenshot({ path: screenshotPath('shell-404-vi'), fullPage: true });
    await page.getByRole('link', { name: vi.notfound_home }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/khong-co-trang-nay');
    await page.close();
  });

  it('serves /en-us/... in English', async () => {
    const page = await env.browser.newPage({ viewport: PHONE });
    await page.goto(`${env.server.url}/en-us/no-such-page`);
    await expect.poll(() => page.getByRole('heading', { name: en.notfound_heading }).isVisible()).toBe(true);
    expect(await page.getAttribute('html', 'lang')).toMatch(/^en/);
    expect(await page.title()).toBe(`${en.notfound_title} | Portico`);
    await page.screenshot({ path: screenshotPath('shell-404-en-phone'), fullPage: true });
    await page.close();
  });

  it('switches language and keeps the page and query', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${env.server.url}/nowhere?x=1`);
    await page.getByRole('button', { name: vi.lang_switch }).click();
    await page.getByRole('menuitem', { name: vi.lang_en }).click();
    await expect.poll(() => page.url()).toBe(`${env.server.url}/en-us/nowhere?x=1`);
    await expect.poll(() => page.getByRole('heading', { name: en.notfound_heading }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('languageCode'))).toBe('en-US');

    await page.getByRole('button', { name: en.lang_switch }).click();
    await page.getByRole('menuitem', { name: en.lang_vi }).click();
    await expect.poll(() => page.url()).toBe(`${env.server.url}/nowhere?x=1`);
    await expect.poll(() => page.getByRole('heading', { name: vi.notfound_heading }).isVisible()).toBe(true);
    await page.close();
  });

  it('serves the app, discovery, health and the outbox from one server', async () => {
    const root = await fetch(`${env.server.url}/`);
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('<div id="root">');
    const discovery = await (await fetch(`${env.server.url}/oidc/.well-known/openid-configuration`)).json();
    expect(discovery.issuer).toBe(`${env.server.url}/oidc`);
    expect((await fetch(`${env.server.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${env.server.url}/dev/outbox?to=x`)).json()).toEqual({ result: [] });
  });
});
