import { solveChallenge } from 'altcha-lib';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.js';
import type { Secrets } from '../../config/secrets.js';
import { createMemoryStore } from '../kv/memory.js';
import { createAltchaCaptcha } from './altcha.js';
import { createCaptcha } from './index.js';
import { createRecaptcha } from './recaptcha.js';

const secrets = { encryptionKey: Buffer.alloc(32, 7), cookieKeys: ['k'], jwks: { keys: [] } } satisfies Secrets;

async function solve(challenge: Record<string, unknown>) {
  const c = challenge as { challenge: string; salt: string; algorithm: string; maxnumber: number };
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  return Buffer.from(JSON.stringify({ ...c, number: solution?.number })).toString('base64');
}

describe('ALTCHA captcha', () => {
  const make = () =>
    createAltchaCaptcha({ hmacKey: 'test-key', kv: createMemoryStore(), maxNumber: 1000, ttlSeconds: 60 });

  it('accepts a solved challenge once', async () => {
    const captcha = make();
    const payload = await solve(await captcha.challenge!());
    expect(await captcha.verify(payload)).toBe(true);
    expect(await captcha.verify(payload)).toBe(false);
  });

  it('refuses wrong numbers, other keys and garbage', async () => {
    const captcha = make();
    const challenge = (await captcha.challenge!()) as Record<string, unknown>;
    const payload = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString());
    const wrong = Buffer.from(JSON.stringify({ ...payload, number: payload.number + 1 })).toString('base64');
    expect(await captcha.verify(wrong)).toBe(false);
    const other = createAltchaCaptcha({ hmacKey: 'other', kv: createMemoryStore(), maxNumber: 1000, ttlSeconds: 60 });
    expect(await other.verify(await solve(challenge))).toBe(false);
    expect(await captcha.verify('not base64 json')).toBe(false);
  });
});

describe('reCAPTCHA', () => {
  it("asks Google's siteverify with the secret, the token and the client IP", async () => {
    const calls: { url: string; body: string }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: String(init.body) });
      return new Response(JSON.stringify({ success: String(init.body).includes('response=good') }), { status: 200 });
    }) as unknown as typeof fetch;
    const captcha = createRecaptcha({ secret: 's3cret', fetch: fakeFetch });
    expect(await captcha.verify('good', '198.51.100.7')).toBe(true);
    expect(await captcha.verify('bad')).toBe(false);
    expect(calls[0]?.url).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(new URLSearchParams(calls[0]?.body)).toEqual(
      new URLSearchParams({ secret: 's3cret', response: 'good', remoteip: '198.51.100.7' }),
    );
  });

  it('refuses when Google cannot be reached', async () => {
    const failing = (async () => {
      throw new Error('offline');
    }) as unknown as typeof fetch;
    expect(await createRecaptcha({ secret: 's', fetch: failing }).verify('x')).toBe(false);
  });
});

describe('captcha provider choice', () => {
  const kv = createMemoryStore();
  it('follows CAPTCHA_PROVIDER', () => {
    expect(createCaptcha({ config: loadConfig({}), secrets, kv }).kind).toBe('altcha');
    expect(createCaptcha({ config: loadConfig({ CAPTCHA_PROVIDER: 'none' }), secrets, kv }).kind).toBe('none');
    const recaptcha = loadConfig({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SECRET: 'x' });
    expect(createCaptcha({ config: recaptcha, secrets, kv }).kind).toBe('recaptcha');
  });

  it('refuses reCAPTCHA without its secret', () => {
    expect(() => createCaptcha({ config: loadConfig({ CAPTCHA_PROVIDER: 'recaptcha' }), secrets, kv })).toThrow(
      ConfigError,
    );
  });

  it('lets everything through when switched off', async () => {
    expect(await createCaptcha({ config: loadConfig({ CAPTCHA_PROVIDER: 'none' }), secrets, kv }).verify('')).toBe(
      true,
    );
  });
});
