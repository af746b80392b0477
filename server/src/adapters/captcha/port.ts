import type { AltchaChallenge } from '@portico/contracts';
// A captcha checks that a person, not a script, is behind a request. The login page shows it
// once failures pile up; the server verifies the answer the page sends in `captcha`.
export interface Captcha {
  readonly kind: 'altcha' | 'recaptcha' | 'none';
  /** A new challenge for the browser (ALTCHA only; the other providers have none). */
  challenge?(): Promise<AltchaChallenge>;
  /** True when `answer` is a valid, unused solution. `ip` helps reCAPTCHA score the request. */
  verify(answer: string, ip?: string): Promise<boolean>;
}
