import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_LOGIN_TTL_SECONDS } from '@portico/contracts';
import type { KeyValueStore } from '../../adapters/kv/index.js';

// One-time login tokens live in the shared key-value store (Redis when several copies run,
// server/src/adapters/kv/port.ts) for their 60 seconds, keyed by their SHA-256 so a store dump
// holds nothing usable. Single use: the first taker's increment of the `used` counter is 1.

/** Who a token signs in, and for whom it was asked. */
export type LoginTokenGrant = {
  userId: string;
  /** The first-party app that asked for it. */
  clientId: string;
  /** The app's provider session the token came from; it must still be alive when used. */
  sessionUid: string;
  /** Epoch milliseconds after which it is refused, whatever the store's expiry did. */
  expiresAt: number;
};

const idOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const dataKey = (id: string) => `token-login:${id}`;
const usedKey = (id: string) => `token-login:used:${id}`;

export async function storeLoginToken(kv: KeyValueStore, grant: Omit<LoginTokenGrant, 'expiresAt'>): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const value: LoginTokenGrant = { ...grant, expiresAt: Date.now() + TOKEN_LOGIN_TTL_SECONDS * 1000 };
  await kv.set(dataKey(idOf(token)), JSON.stringify(value), TOKEN_LOGIN_TTL_SECONDS);
  return token;
}

/** The token's grant, once: a second taker, even at the same moment, gets null, as does an expired token. */
export async function takeLoginToken(kv: KeyValueStore, token: string): Promise<LoginTokenGrant | null> {
  const id = idOf(token);
  const raw = await kv.get(dataKey(id));
  if (!raw) return null;
  // incr is atomic in both stores: exactly one caller sees 1.
  if ((await kv.incr(usedKey(id), TOKEN_LOGIN_TTL_SECONDS)) !== 1) return null;
  await kv.del(dataKey(id));
  const grant = JSON.parse(raw) as LoginTokenGrant;
  return grant.expiresAt > Date.now() ? grant : null;
}
