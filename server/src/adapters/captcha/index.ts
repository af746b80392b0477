import { type Config, ConfigError } from '../../config/env.js';
import type { Secrets } from '../../config/secrets.js';
import { deriveKey } from '../../lib/keys.js';
import type { KeyValueStore } from '../kv/index.js';
import { createAltchaCaptcha } from './altcha.js';
import type { Captcha } from './port.js';
import { createRecaptcha } from './recaptcha.js';

export type { Captcha } from './port.js';

/** CAPTCHA_PROVIDER=none: every answer passes (for closed networks and load tests). */
export const noCaptcha: Captcha = { kind: 'none', verify: async () => true };

export function createCaptcha(opts: {
  config: Config;
  secrets: Secrets;
  kv: KeyValueStore;
  fetch?: typeof fetch;
}): Captcha {
  const { config } = opts;
  switch (config.CAPTCHA_PROVIDER) {
    case 'none':
      return noCaptcha;
    case 'recaptcha':
      if (!config.RECAPTCHA_SECRET) {
        throw new ConfigError('Invalid configuration:\n  RECAPTCHA_SECRET: required when CAPTCHA_PROVIDER=recaptcha');
      }
      return createRecaptcha({ secret: config.RECAPTCHA_SECRET, fetch: opts.fetch });
    default:
      return createAltchaCaptcha({
        hmacKey: deriveKey(opts.secrets.encryptionKey, 'altcha').toString('base64url'),
        kv: opts.kv,
        maxNumber: config.ALTCHA_MAX_NUMBER,
        ttlSeconds: config.ALTCHA_TTL_SECONDS,
      });
  }
}
