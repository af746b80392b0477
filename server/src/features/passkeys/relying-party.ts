import type { Config } from '../../config/env.js';

/**
 * The WebAuthn relying party, from PUBLIC_URL (issue 32 point 1): its host name is the RP id a
 * passkey is bound to, its origin the only page that may use one; the product name is what the
 * browser's dialog shows.
 */
export function relyingParty(config: Pick<Config, 'publicUrl' | 'PRODUCT_NAME'>) {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: config.PRODUCT_NAME };
}

/**
 * The challenge a browser's answer signed, as the page was given it: the ceremony flow's secret
 * (server/src/features/passkeys/service.ts hands it to the library as a string, which sends its
 * UTF-8 bytes base64url-encoded). Undefined for clientDataJSON that is not JSON with a challenge.
 */
export function challengeOf(clientDataJSON: string): { challenge: string; secret: string } | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof data.challenge !== 'string' || data.challenge.length > 512) return undefined;
    return { challenge: data.challenge, secret: Buffer.from(data.challenge, 'base64url').toString('utf8') };
  } catch {
    return undefined;
  }
}
