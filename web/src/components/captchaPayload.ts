import type { AltchaChallenge } from '@portico/contracts';

/**
 * The ALTCHA payload the server verifies: base64 of JSON {algorithm, challenge, number, salt,
 * signature}. UTF-8 safe (salts carry query parameters such as `?expires=`).
 */
export const altchaPayload = (challenge: AltchaChallenge, number: number): string => {
  const json = JSON.stringify({
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  });
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

export const isAltchaChallenge = (value: unknown): value is AltchaChallenge => {
  const c = value as Partial<AltchaChallenge> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.algorithm === 'string' &&
    typeof c.challenge === 'string' &&
    typeof c.salt === 'string' &&
    typeof c.signature === 'string'
  );
};
