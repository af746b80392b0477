import { messages } from '@portico/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, type RunningServer, screenshotPath, startServer } from './harness.js';

const vi = messages['vi-VN'];
const en = messages['en-US'];

describe('web shell', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves unknown routes with the 404 page in Vietnamese at the root', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/khong-co-trang-nay`);
    await expect.poll(() => page.getByRole('heading', { name: vi.notfound_heading }).isVisible()).toBe(true);
    expect(await page.getAttribute('html', 'lang')).toMatch(/^vi/);
    expect(await page.title()).toBe(`${vi.notfound_title} | Portico`);
    await page.screenshot({ path: screenshotPath('shell-404-vi'), fullPage: true });
    await page.getByRole('link', { name: vi.notfound_home }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/khong-co-trang-nay');
    await page.close();
  });

  it('serves /en-us/... in English', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${server.url}/en-us/no-such-page`);
    await expect.poll(() => page.getByRole('heading', { name: en.notfound_heading }).isVisible()).toBe(true);
    expect(await page.getAttribute('html', 'lang')).toMatch(/^en/);
    expect(await page.title()).toBe(`${en.notfound_title} | Portico`);
    await page.screenshot({ path: screenshotPath('shell-404-en-phone'), fullPage: true });
    await page.close();
  });

  it('switches language and keeps the page and query', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/nowhere?x=1`);
    await page.getByRole('button', { name: vi.lang_switch }).click();
    await page.getByRole('menuitem', { name: vi.lang_en }).click();
    await expect.poll(() => page.url()).toBe(`${server.url}/en-us/nowhere?x=1`);
    await expect.poll(() => page.getByRole('heading', { name: en.notfound_heading }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('languageCode'))).toBe('en-US');

    await page.getByRole('button', { name: en.lang_switch }).click();
    await page.getByRole('menuitem', { name: en.lang_vi }).click();
    await expect.poll(() => page.url()).toBe(`${server.url}/nowhere?x=1`);
    await expect.poll(() => page.getByRole('heading', { name: vi.notfound_heading }).isVisible()).toBe(true);
    await page.close();
  });

  it('serves the app, discovery, health and the outbox from one server', async () => {
    const root = await fetch(`${server.url}/`);
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('<div id="root">');
    const discovery = await (await fetch(`${server.url}/oidc/.well-known/openid-configuration`)).json();
    expect(discovery.issuer).toBe(`${server.url}/oidc`);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/dev/outbox?to=x`)).json()).toEqual({ result: [] });
  });
});
