import type { Captcha } from './port.js';

const SITEVERIFY = 'https://www.google.com/recaptcha/api/siteverify';

/** Google reCAPTCHA: the token is checked with Google's siteverify API. */
export function createRecaptcha(opts: { secret: string; fetch?: typeof fetch }): Captcha {
  const doFetch = opts.fetch ?? fetch;
  return {
    kind: 'recaptcha',
    async verify(answer, ip) {
      const body = new URLSearchParams({ secret: opts.secret, response: answer });
      if (ip) body.set('remoteip', ip);
      try {
        const res = await doFetch(SITEVERIFY, { method: 'POST', body, signal: AbortSignal.timeout(10_000) });
        if (!res.ok) return false;
        const data = (await res.json()) as { success?: boolean };
        return data.success === true;
      } catch {
        // Google unreachable: refuse rather than let a flood through unchecked.
        return false;
      }
    },
  };
}
