import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});
async function app(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  apps.push(t);
  return t.app;
}

const directive = (csp: string | undefined, name: string) =>
  (csp ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('security headers', () => {
  it('are on API answers, provider answers and errors alike', async () => {
    const a = await app();
    for (const url of [
      '/healthz',
      '/api/app-settings',
      '/oidc/.well-known/openid-configuration',
      '/api/nothing-here',
    ]) {
      const res = await a.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      const csp = res.headers['content-security-policy'] as string;
      expect(directive(csp, 'script-src'), url).toBe("script-src 'self'");
      expect(directive(csp, 'frame-ancestors'), url).toBe("frame-ancestors 'self'");
      expect(directive(csp, 'object-src')).toBe("object-src 'none'");
      // No inline style, images from the portal only (issue 24 point 3).
      expect(directive(csp, 'style-src'), url).toBe("style-src 'self'");
      expect(directive(csp, 'img-src'), url).toBe("img-src 'self' data: blob:");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('let only the configured origins frame the portal', async () => {
    const a = await app({ EMBED_ORIGINS: 'https://app.example.com,https://school.example.vn' });
    const res = await a.inject({ url: '/api/app-settings' });
    expect(directive(res.headers['content-security-policy'] as string, 'frame-ancestors')).toBe(
      "frame-ancestors 'self' https://app.example.com https://school.example.vn",
    );
    // X-Frame-Options cannot name several origins; the CSP rules instead.
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(JSON.parse(res.body).result.configs.embedOrigins).toEqual([
      'https://app.example.com',
      'https://school.example.vn',
    ]);
  });

  it('show images from the configured IMAGE_ORIGINS besides the portal', async () => {
    const a = await app({ IMAGE_ORIGINS: 'https://cdn.example.vn' });
    const csp = (await a.inject({ url: '/healthz' })).headers['content-security-policy'] as string;
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https://cdn.example.vn");
  });

  it('ask for HTTPS only (HSTS) when the public URL is https', async () => {
    const a = await app({ PUBLIC_URL: 'https://id.example.com' });
    const res = await a.inject({ url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('allow Google only when reCAPTCHA is the configured captcha', async () => {
    const a = await app({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'k', RECAPTCHA_SECRET: 's' });
    const csp = (await a.inject({ url: '/healthz' })).headers['content-security-policy'] as string;
    expect(directive(csp, 'script-src')).toContain('https://www.google.com/recaptcha/');
  });
});
