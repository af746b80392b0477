import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('configuration', () => {
  it('has working defaults for an embedded start', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.issuer).toBe('http://localhost:3000/oidc');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
  });

  it('names the variable that has a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('derives the issuer from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://id.example.com/' }).issuer).toBe('https://id.example.com/oidc');
  });

  it('is safe by default in production: no demo account, no outbox unless allowed by name', () => {
    const real = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', SMS_URL: 'http://sms.local/send' };
    expect(loadConfig(real).SEED_DEMO).toBe(false);
    expect(loadConfig(real).outboxEnabled).toBe(false);
    expect(loadConfig({ ...real, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: required[\s\S]*SMS_URL: required/);
    const allowed = loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'true' });
    expect(allowed.outboxEnabled).toBe(true);
    expect(allowed.SEED_DEMO).toBe(false);
  });

  it('takes embedding origins as a list of origins and refuses anything else', () => {
    expect(loadConfig({ EMBED_ORIGINS: 'https://app.example.com, http://localhost:5000/' }).EMBED_ORIGINS).toEqual([
      'https://app.example.com',
      'http://localhost:5000',
    ]);
    expect(() => loadConfig({ EMBED_ORIGINS: 'https://app.example.com/path' })).toThrow(/EMBED_ORIGINS/);
    expect(() => loadConfig({ EMBED_ORIGINS: 'javascript:alert(1)' })).toThrow(/EMBED_ORIGINS/);
  });

  it("refuses a child's own agreement asked from an age nobody is a child at", () => {
    expect(() => loadConfig({ CHILD_CONSENT_AGE: '16' })).toThrow(/CHILD_CONSENT_AGE/);
    expect(() => loadConfig({ GUARDIAN_CONSENT_AGE: '13', CHILD_CONSENT_AGE: '14' })).toThrow(/CHILD_CONSENT_AGE/);
    expect(loadConfig({ GUARDIAN_CONSENT_AGE: '0', CHILD_CONSENT_AGE: '14' }).CHILD_CONSENT_AGE).toBe(14);
    expect(loadConfig({ CHILD_CONSENT_AGE: '0' }).CHILD_CONSENT_AGE).toBe(0);
  });

  it('refuses METRICS_PORT equal to PORT', () => {
    expect(() => loadConfig({ PORT: '4000', METRICS_PORT: '4000' })).toThrow(/METRICS_PORT/);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
  });
});

describe('docs/configuration.md', () => {
  it('lists every variable the schema reads', async () => {
    const { readFile } = await import('node:fs/promises');
    const { envSchema } = await import('./env.js');
    const doc = await readFile(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');
    const missing = Object.keys(envSchema.shape).filter((name) => !doc.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
