import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { authEndpoints, fillPath } from '@portico/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { appSettings } from '../features/settings/routes.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { startAuthorization, TEST_ORIGIN } from '../testing/oidc-flow.js';
import { webRoutes } from './static.js';

// Settings whose text tries to end its element early and to be read as String.replace patterns.
const SETTINGS = {
  ...appSettings(loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir() })),
  productName: "P</script><!--$&$'",
};
const START = {
  authority: 'http://localhost/oidc',
  clientId: 'portal',
  authorizationEndpoint: 'http://localhost/oidc/auth',
};

// A built web app in miniature: what web/vite.config.ts writes (hashed assets with .br and .gz).
async function fakeDist() {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'portico-dist-'));
  await mkdir(path.join(dist, 'assets'));
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dist, 'assets/app-Abc123.js'), js);
  await writeFile(path.join(dist, 'assets/app-Abc123.js.br'), brotliCompressSync(js));
  await writeFile(path.join(dist, 'assets/app-Abc123.js.gz'), gzipSync(js));
  await writeFile(path.join(dist, 'assets/app-Abc123.js.map'), '{"version":3}');
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, '.vite/manifest.json'), '{}');
  return dist;
}

describe('web app delivery', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await fakeDist();
    t = await createTestApp({}, { webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends hashed assets pre-compressed and cached for a year', async () => {
    const br = await t.app.inject({
      url: '/assets/app-Abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(200);
    const gz = await t.app.inject({ url: '/assets/app-Abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/assets/app-Abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4000);
  });

  it("writes a provider interaction's details into its login page, kept by no one else (no-store)", async () => {
    const flow = await startAuthorization(t.app, { params: { login_hint: 'ana</script><!--@example.com' } });
    const url = new URL(flow.location, TEST_ORIGIN);
    const page = await t.app.inject({ url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).not.toContain('ana</script>');
    const inline = /<script id="portico-interaction" type="application\/json">(.*?)<\/script>/.exec(page.body)?.[1];
    const api = await t.app.inject(fillPath(authEndpoints.interaction.path, { uid: String(flow.uid) }));
    expect(JSON.parse(inline ?? 'null')).toEqual(api.json().result);
    expect(api.json().result.loginHint).toBe('ana</script><!--@example.com');
    // An unknown (or ended) interaction: the page asks the API itself and shows why.
    const unknown = await t.app.inject({ url: '/login?ReturnUrl=%2Foidc%2Finteraction%2Fnope' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain('portico-interaction');
    expect(unknown.headers['cache-control']).toBe('no-cache');
  });

  it('revalidates pages and unhashed files', async () => {
    for (const url of ['/login', '/en-us/account', '/']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-type']).toMatch(/text\/html/);
      // Its own style nonce, in the page and in its policy; no inline style otherwise (issue 24 point 3).
      const nonce = /<meta name="csp-nonce" content="([^"]+)"/.exec(page.body)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("img-src 'self' data: blob:;");
      // The app settings come with the page (no call before the first render).
      const settings = /<script id="portico-settings" type="application\/json">(.*?)<\/script>/.exec(page.body)?.[1];
      expect(JSON.parse(settings ?? 'null')).toMatchObject({ configs: { oidcClientId: 'portal' } });
    }
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves nothing under a dot name (the build manifest), and no 500 for a malformed escape', async () => {
    for (const url of ['/.vite/manifest.json', '/%2Evite/manifest.json', '/assets/%2e%2e/.vite/manifest.json'])
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    expect([400, 404]).toContain((await t.app.inject({ url: '/%E0%A4%A' })).statusCode);
  });

  it('serves source maps in development only (server/src/app.ts turns them off in production)', async () => {
    expect((await t.app.inject({ url: '/assets/app-Abc123.js.map' })).statusCode).toBe(200);
    const prod = Fastify();
    await prod.register(async (scope) =>
      webRoutes(scope, dist, { sourceMaps: false, config: t.deps.config, signIn: START, settings: SETTINGS }),
    );
    expect((await prod.inject({ url: '/assets/app-Abc123.js.map' })).statusCode).toBe(404);
    expect((await prod.inject({ url: '/assets/app-Abc123.js' })).statusCode).toBe(200);
    await prod.close();
  });
});

describe('the sign-in start page (issue 27 point 1)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'portico-dist-'));
    // index.html as Vite writes it: the entry's module script, a preload and the styles in the head.
    await writeFile(
      path.join(dist, 'index.html'),
      [
        '<!doctype html><html><head><title>t</title>',
        '<script type="module" crossorigin src="/assets/index-A1.js"></script>',
        '<link rel="modulepreload" crossorigin href="/assets/react-B2.js">',
        '<link rel="stylesheet" crossorigin href="/assets/index-C3.css">',
        '</head><body><div id="root"></div></body></html>',
      ].join('\n'),
    );
    await writeFile(path.join(dist, 'start.js'), 'console.log("start</script>$&")');
    app = Fastify();
    const config = { EMBED_ORIGINS: [], IMAGE_ORIGINS: [], CAPTCHA_PROVIDER: 'altcha' as const };
    await app.register(async (scope) =>
      webRoutes(scope, dist, { sourceMaps: false, config, signIn: START, settings: SETTINGS }),
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it("answers the account area, the home and the portal's own /login with the app set aside and the script inline", async () => {
    for (const url of [
      '/account',
      '/en-us/security/device?x=1',
      '/',
      '/en-us',
      '/login',
      '/login?ReturnUrl=%2Faccount',
    ]) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      // The one inline script is allowed by its hash: nothing else inline runs on the page.
      const script = 'console.log("start<\\/script>$&")';
      const hash = createHash('sha256').update(script).digest('base64');
      const csp = String(page.headers['content-security-policy']);
      expect(csp, url).toContain(`script-src 'self' 'sha256-${hash}';`);
      expect(csp, url).not.toMatch(/script-src[^;]*nonce/);
      const head = page.body.slice(0, page.body.indexOf('</head>'));
      expect(head, url).not.toContain('/assets/');
      expect(page.body).toMatch(
        /<template id="portico-app"><script type="module" crossorigin src="\/assets\/index-A1.js"><\/script><link rel="modulepreload"[^>]*><link rel="stylesheet"[^>]*><\/template>/,
      );
      expect(page.body).toContain(
        `<script id="portico-start" type="application/json">${JSON.stringify(START)}</script>`,
      );
      // Nothing in the settings or the build's text can end a script element early, or is a pattern.
      expect(page.body).toContain(`"productName":"P\\u003c/script>\\u003c!--$&$'"`);
      expect(page.body).not.toContain('P</script>');
      expect(page.body).toContain(`<script>${script}</script>`);
    }
  });

  it('leaves every other page (a provider interaction, the public pages) with the app in its head and no inline script', async () => {
    for (const url of [
      '/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc',
      '/register',
      '/callback?code=x',
      '/signin',
      '/info',
    ]) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<script type="module" crossorigin src="/assets/index-A1.js"></script>');
      expect(page.body, url).not.toContain('portico-start');
      expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self';/);
    }
  });
});
