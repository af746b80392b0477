import { badRequest } from '../../lib/errors.js';
import type { Captcha } from './port.js';

/**
 * Refuses a request without a valid, unused captcha answer: captcha_error_empty or captcha_invalid
 * (the keys that make the login and register pages show the widget). CAPTCHA_PROVIDER=none passes.
 */
export async function requireCaptcha(captcha: Captcha, answer: string | undefined, ip: string): Promise<void> {
  if (captcha.kind === 'none') return;
  if (!answer) throw badRequest('captcha_error_empty', { captcha: ['captcha_error_empty'] });
  if (!(await captcha.verify(answer, ip))) throw badRequest('captcha_invalid', { captcha: ['captcha_invalid'] });
}
